"""Dice on the server: secret seeds nobody who plays can choose, committed from the start.

Issue 17, item 1, tried as a hostile player would: the creator of a match with another
player or a computer seat cannot pick its seed; a hosted match's seed is a secret of at
least 128 bits and its dice come from the keyed generator; every view shows the same
commitment from the first step, the seed and salt appear only once the match is over, and
the record then verifies (the page's button and ``warroom verify``), a tampered one not.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tests.engine.toy import DUEL
from tests.server.conftest import new_match, seat
from warroom.cli import _load_commands, app
from warroom.engine import Match, SecretRng, registry
from warroom.engine.verify import commitment
from warroom.server.app import create_app
from warroom.server.players import Players


@pytest.fixture
def hosted(db: Path) -> Iterator[TestClient]:
    """A server as ``warroom serve`` runs it: no fixed seeds."""
    with TestClient(create_app(db, players=Players("thread"), extra_games=[DUEL])) as c:
        yield c


def _match(client: TestClient, mid: str) -> Match:
    room = client.app.state.rooms.get(mid)  # type: ignore[attr-defined]
    m: Match = room.match
    return m


@pytest.mark.parametrize(
    "body",
    [
        {"game": "duel", "seed": 7},  # an invite match
        {"game": "duel", "seed": 7, "mode": "hotseat"},  # two people at one screen
        {"game": "duel", "seed": 7, "mode": "computer", "seats": {"south": "random"}},
        {"game": "commanders", "seed": 0, "mode": "invite"},
    ],
)
def test_no_player_can_choose_the_seed_of_a_match_with_someone_else(
    hosted: TestClient, body: dict[str, Any]
) -> None:
    r = hosted.post("/api/matches", json=body)
    assert r.status_code == 400, r.text
    detail = r.json()["detail"]
    assert "seed is not allowed" in detail and "knows every die" in detail
    assert hosted.get("/api/matches").json() == []  # nothing was made


def test_a_solitaire_game_may_be_given_a_seed(hosted: TestClient) -> None:
    m = new_match(hosted, game="fall-blau", seed=12, mode="hotseat")
    match = _match(hosted, m["id"])
    assert match.seed == 12 and type(match.state.rng) is not SecretRng
    view = hosted.get(f"/api/matches/{m['id']}", headers=seat(m["tokens"]["german"])).json()
    assert view["dice"]["secret"] is False and len(view["dice"]["commitment"]) == 64
    r = hosted.post(
        "/api/matches", json={"game": "fall-blau", "seed": 12, "seats": {"german": "random"}}
    )
    assert r.status_code == 400 and "seed is not allowed" in r.json()["detail"]


@pytest.mark.parametrize("mode", ["invite", "hotseat", "computer"])
def test_a_hosted_match_gets_a_secret_seed_of_at_least_128_bits(
    hosted: TestClient, mode: str
) -> None:
    seats = {"south": "random"} if mode == "computer" else {}
    seeds = set()
    for _ in range(3):
        m = new_match(hosted, mode=mode, seats=seats)
        match = _match(hosted, m["id"])
        assert isinstance(match.seed, str) and len(match.seed) * 4 >= 128
        assert int(match.seed, 16) >= 0  # hex
        assert type(match.state.rng) is SecretRng
        seeds.add(match.seed)
    assert len(seeds) == 3
    # the seed is never in what a seat or a watcher is sent while the match goes on
    m = new_match(hosted)
    seed = _match(hosted, m["id"]).seed
    assert isinstance(seed, str)
    for token in (None, *m["tokens"].values()):
        text = hosted.get(f"/api/matches/{m['id']}", headers=seat(token) if token else {}).text
        assert seed not in text
    assert seed not in hosted.get("/api/matches").text
    r = hosted.get(f"/api/matches/{m['id']}/record")
    assert r.status_code == 409 and seed not in r.text


def _play_out(client: TestClient, mid: str, tokens: dict[str, str]) -> list[dict[str, Any]]:
    """Bid 2 for both until the end (every round a tie: a die each round); returns every view
    seen along the way, by each seat and the watcher."""
    views: list[dict[str, Any]] = []
    for _ in range(200):
        for token in (None, *tokens.values()):
            views.append(
                client.get(f"/api/matches/{mid}", headers=seat(token) if token else {}).json()
            )
        if views[-1]["outcome"]:
            return views
        for role in views[-1]["active"]:
            r = client.post(
                f"/api/matches/{mid}/actions",
                headers=seat(tokens[role]),
                json={"action": ["bid", 2]},
            )
            assert r.status_code == 200, r.text
    raise AssertionError("the match did not end")


def test_every_view_carries_the_commitment_from_the_start_and_it_verifies_at_the_end(
    hosted: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    m = new_match(hosted)
    mid, tokens = m["id"], m["tokens"]
    views = _play_out(hosted, mid, tokens)
    first = views[0]["dice"]["commitment"]
    assert views[0]["step"] == 0 and len(first) == 64
    for v in views:
        assert v["dice"]["commitment"] == first and v["dice"]["secret"] is True
        if not v["outcome"]:
            assert "seed" not in v["dice"] and "salt" not in v["dice"]
    frame = hosted.get(f"/api/matches/{mid}/replay?upto=0").json()  # a replay frame too
    assert frame["dice"]["commitment"] == first
    final = views[-1]["dice"]
    assert commitment(final["seed"], final["salt"]) == first  # revealed at the end
    record = hosted.get(f"/api/matches/{mid}/record").json()
    assert record["seed"] == final["seed"] and record["commitment"] == first
    assert any(e["kind"] == "tie" for e in record["log"])  # the dice rolled are in it
    out = hosted.get(f"/api/matches/{mid}/verify").json()
    assert out["ok"] is True and out["commitment"] == first
    assert {c["name"] for c in out["checks"]} >= {"commitment", "seed", "replay", "log"}
    # the same check on this machine, from the downloaded record, and a tampered one (the
    # command finds games in the registry: the test game joins it for this test)
    monkeypatch.setitem(registry._all(), "duel", DUEL)
    _load_commands()
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    r = CliRunner().invoke(app, ["verify", str(path), "--commitment", first])
    assert r.exit_code == 0, r.output
    for e in record["log"]:
        if e["kind"] == "tie":
            e["roll"] = 7 - e["roll"]  # the other side wins that round, says the forger
            break
    path.write_text(json.dumps(record))
    r = CliRunner().invoke(app, ["verify", str(path)])
    assert r.exit_code == 1 and "log entry" in r.output


def test_the_commitment_survives_a_restart(db: Path) -> None:
    app1 = create_app(db, players=Players("thread"), extra_games=[DUEL])
    with TestClient(app1) as c:
        m = new_match(c)
        before = c.get(f"/api/matches/{m['id']}").json()["dice"]["commitment"]
        r = c.post(
            f"/api/matches/{m['id']}/actions",
            headers=seat(m["tokens"]["north"]),
            json={"action": ["bid", 1]},
        )
        assert r.status_code == 200
    with TestClient(create_app(db, players=Players("thread"), extra_games=[DUEL])) as c:
        again = c.get(f"/api/matches/{m['id']}").json()
        assert again["step"] == 1 and again["dice"]["commitment"] == before
        views = _play_out(c, m["id"], m["tokens"])
        assert c.get(f"/api/matches/{m['id']}/verify").json()["ok"] is True
        assert commitment(views[-1]["dice"]["seed"], views[-1]["dice"]["salt"]) == before


def test_a_computer_seats_own_seed_is_not_the_match_seed_and_step(db: Path) -> None:
    """On 0c67e28 the agent's seed was (match seed, step) mixed: two matches on one seed
    had the same computer player, move for move. Now it comes from the room's own secret."""
    seen: list[int] = []

    class Spy(Players):
        def choose(
            self, key: str, match: Any, role: str, spec: str, seed: int, done: Any, memory: Any
        ) -> Any:
            seen.append(seed)
            return super().choose(key, match, role, spec, seed, done, memory)

    app2 = create_app(db, players=Spy("thread"), extra_games=[DUEL], fixed_seeds=True)
    with TestClient(app2) as c:
        for _ in range(2):
            new_match(c, seed=5, seats={"south": "random"})
    assert len(seen) == 2 and seen[0] != seen[1]
    assert all(s != (5 * 1_000_003 + len("south")) & 0x7FFFFFFF for s in seen)
