"""Coral Sea's limited intelligence (optional rule 12) holds for the watch link too (issue 17).

The Invite dialog gives both players the watch link, so a watcher must see at most what both
seats see: no unit the fog hides from either side, in the view, the text board, the log or
the replay, nor any side's arrangement of its stacks (coral_sea/NOTES.md). On 0c67e28 the
observer's view listed every unit.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.secrets.serve import make_client
from warroom.ai.base import RulesAgent
from warroom.engine import Match, Rng, visible
from warroom.games.campaign_commander.coral_sea import GAME
from warroom.games.campaign_commander.state import CCState

JAPAN, ALLIES = GAME.roles
LIMITED = {"limited-intelligence": True}


def ids(view: dict[str, object]) -> set[str]:
    return {u["id"] for u in view["units"]}  # type: ignore[attr-defined, index]


def named(blob: str, units: set[str]) -> set[str]:
    return {u for u in units if f'"{u}"' in blob}


def unnamed(s: CCState) -> set[str]:
    """The units the fog hides from either side now and that nothing public names: a unit
    once destroyed stays in the list of destroyed units (its victory points; the log told
    everyone) after a card returns it to the map, where it may be hidden."""
    return (GAME.hidden_units(s, JAPAN) | GAME.hidden_units(s, ALLIES)) - set(s.destroyed)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_watch_link_sees_no_unit_the_fog_hides_from_either_seat(seed: int) -> None:
    m = Match.new(GAME, options=LIMITED, seed=seed)
    agents = {r: RulesAgent(GAME.id, seed + i) for i, r in enumerate(GAME.roles)}
    pick = Rng(seed)
    fogged = 0
    while not m.over and len(m.steps) < 1500:
        s = m.state
        hidden_before = GAME.hidden_units(s, JAPAN) | GAME.hidden_units(s, ALLIES)
        n = len(m.log)
        role = m.active[pick.below(len(m.active))]
        m.act(role, agents[role].choose(m, role))
        s = m.state
        hidden = unnamed(s)
        if not hidden:
            continue
        fogged += 1
        watch = GAME.view(s, None)
        both = ids(GAME.view(s, JAPAN)) & ids(GAME.view(s, ALLIES))
        assert ids(watch) <= both, f"step {len(m.steps)}: the watch link sees {ids(watch) - both}"
        blob = json.dumps(watch)
        assert not named(blob, hidden), named(blob, hidden)
        assert not named(GAME.render_text(s, None), hidden)
        assert not [k for k in watch["flags"] if k.startswith(("top:", "topsig:", "topn:"))]
        for e in m.log[n:]:
            if visible(e, None):
                assert not named(json.dumps(e), hidden | hidden_before), e
        if len(m.steps) % 9 == 0:  # the watcher's view is the same whatever the fog hides
            for r in GAME.roles:
                twin = GAME.determinize(s, r, Rng(len(m.steps)))
                assert json.dumps(GAME.view(twin, None)) == json.dumps(watch)
    assert fogged > 50


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db: Path = tmp_path_factory.mktemp("fog") / "warroom.sqlite"
    yield from make_client(db)


def test_the_watch_link_of_the_server_and_its_replay_keep_the_fog(client: TestClient) -> None:
    r = client.post(
        "/api/matches", json={"game": GAME.id, "options": LIMITED, "mode": "hotseat", "seed": 3}
    )
    assert r.status_code == 201, r.text
    mid, tokens = r.json()["id"], r.json()["tokens"]
    room = client.app.state.rooms.get(mid)  # type: ignore[attr-defined]
    agents = {r: RulesAgent(GAME.id, i) for i, r in enumerate(GAME.roles)}
    frames = 0
    for _ in range(250):
        m = room.match
        role = m.active[0]
        action = list(agents[role].choose(m, role))
        r = client.post(
            f"/api/matches/{mid}/actions",
            headers={"X-Seat-Token": tokens[role]},
            json={"action": action},
        )
        assert r.status_code == 200, r.text
        s = room.match.state
        hidden = unnamed(s)
        if not hidden or len(room.match.steps) % 5:
            continue
        watch = client.get(f"/api/matches/{mid}").json()
        assert not named(json.dumps(watch["board"]), hidden)
        frame = client.get(f"/api/matches/{mid}/replay?upto={watch['step']}").json()
        assert not named(json.dumps(frame["board"]), hidden)
        frames += 1
    assert frames > 5, "no fog arose"
