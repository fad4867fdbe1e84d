"""What the server sends a seat never holds what the rules hide from it, for every game
(the first leak test, from before the fuzzer; tests/secrets/test_server_twins.py goes further).

Random matches of every registered game (and the engine's test games) are
played through the API. At every step, for every seat and an observer:
- no log entry private to another role reaches it;
- for games with hidden information, the board it receives is the same as the
  game's view of a state that differs only in what that seat cannot see
  (``Game.determinize``), so nothing hidden can have shaped it;
- the generator's state (the future dice) appears nowhere;
- only an active seat gets a prompt, and live news carries no view at all, only the
  seat's own step counter;
- the replay viewer holds to the same rules at every step it shows.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import warroom
from tests.engine.toy import DUEL
from tests.secrets.serve import make_client
from tests.secrets.toys import SHEETS
from tests.server.conftest import seat
from warroom.engine import Rng

GAMES = ["duel", "sheets", *warroom.games()]
STEPS = 60


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    yield from make_client(tmp_path_factory.mktemp("walk") / "warroom.sqlite")


def news_of(client: TestClient, mid: str, token: str | None) -> dict[str, Any]:
    """The news a page of this seat gets when it connects."""
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        ws.send_json({"token": token})
        out: dict[str, Any] = ws.receive_json()
        return out


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_seat_receives_nothing_the_rules_hide(client: TestClient, gid: str, seed: int) -> None:
    m = client.post("/api/matches", json={"game": gid, "seed": seed, "mode": "hotseat"}).json()
    mid, tokens = m["id"], m["tokens"]
    room = client.app.state.rooms.get(mid)  # type: ignore[attr-defined]
    g = room.game
    rng = Rng(seed * 77)
    for step in range(STEPS):
        state = room.match.state
        secret_dice = str(state.rng.s)
        for role in (*g.roles, None):
            r = client.get(f"/api/matches/{mid}", headers=seat(tokens[role]) if role else {})
            assert r.status_code == 200
            sent = r.json()
            text = r.text
            assert secret_dice not in text, f"{gid}: the dice generator reached {role}"
            for entry in sent["log"]:
                to = entry["event"].get("to")
                assert to is None or (role is not None and role in to), (
                    f"{gid}: {role} received an event private to {to}: {entry}"
                )
            if role is None or role not in sent["active"]:
                assert sent["prompt"] is None
            if g.hidden_information and role is not None:
                other = g.determinize(state, role, rng.fork(step))
                assert json.loads(json.dumps(g.view(other, role))) == sent["board"], (
                    f"{gid} step {step}: {role}'s board depends on what {role} cannot see"
                )
            if step % 10 == 0:
                news = news_of(client, mid, tokens[role] if role else None)
                assert set(news) == {"type", "step", "active", "over", "thinking", "open"}
                assert news["step"] == sent["step"] and news["active"] == sent["active"]
        if room.match.over:
            break
        role = sent["active"][rng.below(len(sent["active"]))]
        p = client.get(f"/api/matches/{mid}", headers=seat(tokens[role])).json()["prompt"]
        action = p["actions"][rng.below(len(p["actions"]))]
        r = client.post(
            f"/api/matches/{mid}/actions", headers=seat(tokens[role]), json={"action": action}
        )
        assert r.status_code == 200, r.text
    # the replay viewer shows each seat only what it saw then
    for role in (*g.roles, None):
        frames = room.match.frames(role)  # its k-th frame: the match after frames[k] steps
        total = len(frames) - 1
        for k in sorted({0, total // 2, total}):
            r = client.get(
                f"/api/matches/{mid}/replay?upto={k}", headers=seat(tokens[role]) if role else {}
            )
            assert r.status_code == 200
            then = room.replays[frames[k]].state  # the match as it stood then
            assert str(then.rng.s) not in r.text, f"{gid}: the dice of step {k} reached {role}"
            for entry in r.json()["log"]:
                to = entry["event"].get("to")
                assert to is None or (role is not None and role in to), (gid, k, role, entry)


def test_the_test_games_are_in_the_catalog(client: TestClient) -> None:
    ids = [g["id"] for g in client.get("/api/games").json()]
    assert DUEL.id in ids and SHEETS.id in ids
