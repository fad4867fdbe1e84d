"""What the server sends a seat never holds what the rules hide from it, for every game.

Random matches of every registered game (and the engine's test game) are
played through the API. At every step, for every seat and an observer:
- no log entry private to another role reaches it;
- for games with hidden information, the board it receives is the same as the
  game's view of a state that differs only in what that seat cannot see
  (``Game.determinize``), so nothing hidden can have shaped it;
- the generator's state (the future dice) appears nowhere;
- only an active seat gets a prompt, and live news carries no view at all;
- the replay viewer holds to the same rules at every step it shows.
"""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

import warroom
from tests.engine.toy import DUEL
from tests.server.conftest import seat
from warroom.engine import Rng

GAMES = ["duel", *warroom.games()]
STEPS = 60


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_seat_receives_nothing_the_rules_hide(client: TestClient, gid: str, seed: int) -> None:
    m = client.post("/api/matches", json={"game": gid, "seed": seed, "mode": "hotseat"}).json()
    mid, tokens = m["id"], m["tokens"]
    room = client.app.state.rooms.get(mid)  # type: ignore[attr-defined]
    g = room.game
    rng = Rng(seed * 77)
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        ws.send_json({"token": None})
        for step in range(STEPS):
            news = ws.receive_json()
            assert set(news) == {"type", "step", "active", "over", "thinking"}
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
            if room.match.over:
                break
            role = sent["active"][rng.below(len(sent["active"]))]
            p = client.get(f"/api/matches/{mid}", headers=seat(tokens[role])).json()["prompt"]
            action = p["actions"][rng.below(len(p["actions"]))]
            r = client.post(
                f"/api/matches/{mid}/actions", headers=seat(tokens[role]), json={"action": action}
            )
            assert r.status_code == 200, r.text
    # the replay viewer shows each seat only what it saw then (its frames: the steps it saw)
    for role in (*g.roles, None):
        frames, _ = client.app.state.rooms.frames_for(room, role)
        for i in sorted({0, len(frames) // 2, len(frames) - 1}):
            r = client.get(
                f"/api/matches/{mid}/replay?frame={i}", headers=seat(tokens[role]) if role else {}
            )
            assert r.status_code == 200
            k = frames[i]
            then = room.replays[k].state  # the match as it stood after step k
            assert str(then.rng.s) not in r.text, f"{gid}: the dice of step {k} reached {role}"
            for entry in r.json()["log"]:
                to = entry["event"].get("to")
                assert to is None or (role is not None and role in to), (gid, k, role, entry)


def test_duel_is_in_the_catalog(client: TestClient) -> None:
    assert DUEL.id in [g["id"] for g in client.get("/api/games").json()]
