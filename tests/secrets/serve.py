"""The leak fuzzer through the server: a match hosted in a room, and what a seat's token (or
no token: the watch link) gets back from every endpoint.

``host`` makes a room the way the server makes one (``Rooms.create``, then every action of
the match's record through ``Rooms.act``, each written to the store), so the match list, the
replay viewer and the log paging see an ordinary match; a twin built from another state
(``determinize``, other dice) then takes that room's place in memory only.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.engine.toy import DUEL
from tests.secrets.fuzz import Viewer, dump
from tests.secrets.toys import SHEETS
from warroom.engine import Match, action_json
from warroom.engine.contract import Action
from warroom.server.app import create_app
from warroom.server.players import Players

HINT_ITERATIONS = 6
"""Hints are searched for this many iterations (not seconds), so twins get the same answer."""


def make_client(db: Path) -> Iterator[TestClient]:
    app = create_app(
        db,
        players=Players("thread"),
        extra_games=[DUEL, SHEETS],
        resume=False,
        fixed_seeds=True,  # the fuzzer hosts twins of matches it played with a seed
    )
    with TestClient(app) as c:
        yield c


def fixed_hints(monkeypatch: Any) -> None:
    """Hints by a fixed number of iterations, whatever the clock says (the server's hints
    go through ``search.advise``; a hint by the clock differs from run to run by the
    machine's speed, not by any secret)."""
    from warroom.ai import search

    monkeypatch.setattr(search, "advise", functools.partial(_fixed_hint, search.advise))


def _fixed_hint(real: Any, match: Match, role: str, **kw: Any) -> Any:
    kw["iterations"] = HINT_ITERATIONS
    kw["seconds"] = 60.0
    return real(match, role, **kw)


class Hosted:
    """A match in a room of the test server, with a token for each seat."""

    def __init__(self, client: TestClient, match: Match) -> None:
        rooms = client.app.state.rooms  # type: ignore[attr-defined]
        g = match.game
        room, tokens, _, done = rooms.create(
            g.id, match.scenario, dict(match.options), match.seed, dict.fromkeys(g.roles, "human"),
            "hotseat",
        )  # fmt: skip
        done.result(timeout=30)
        for role, action in match.record()["actions"]:
            _, done = rooms.act(room, role, action)
        done.result(timeout=30)
        room.house = 1234  # the room's own secret seed (computer seats, hints): the same
        with room.lock:  # the dice commitment's random salt: the same (the seed is the same)
            room.salt = "0" * 32
            room.sealed = ""
        self.client = client
        self.room = room
        self.id: str = room.id
        self.tokens: dict[str, str] = tokens

    def swap(self, match: Match) -> None:
        """Hold another match (a twin from another state) in memory, as if it were this one."""
        with self.room.lock:
            self.room.match = match
            self.room.texts.clear()
            self.room.seen.clear()
            self.room.looked.clear()
            self.room.replays.clear()
            self.room.touch()

    def headers(self, viewer: Viewer) -> dict[str, str]:
        return {"X-Seat-Token": self.tokens[viewer]} if viewer is not None else {}


def _text(r: Any, hosted: Hosted) -> str:
    """Status and body, the room's name left out, and the time taken by a computation
    (``seconds`` of odds and hints: the machine's load, not the match's)."""
    body = _SECONDS.sub('"seconds":0', r.text.replace(hosted.id, "MATCH"))
    return f"{r.status_code} {body}"


_SECONDS = re.compile(r'"seconds":\s*[0-9.e-]+')


def server_channels(
    hosted: Hosted,
    viewer: Viewer,
    tries: list[Action],
    list_too: bool = True,
    hint: bool = False,
    replay: bool = True,
) -> dict[str, str]:
    """Everything ``viewer`` gets from the server about the hosted match, as text."""
    c = hosted.client
    h = hosted.headers(viewer)
    base = f"/api/matches/{hosted.id}"
    out: dict[str, str] = {}
    r = c.get(base, headers=h)
    out["GET state"] = _text(r, hosted)
    state = r.json()
    half = len(state["log"]) // 2
    r = c.get(f"{base}?since={half}&epoch={state.get('log_epoch', 0)}", headers=h)
    out["GET state since"] = _text(r, hosted)
    with c.websocket_connect(f"{base}/live") as ws:
        ws.send_json({"token": h.get("X-Seat-Token")})
        out["WebSocket news"] = dump(ws.receive_json())
    if list_too:
        listed = [dict(e) for e in c.get("/api/matches").json() if e["id"] == hosted.id]
        for e in listed:
            for k in ("id", "created", "updated"):
                e.pop(k, None)  # the room's name and the clock: not the match's
        out["match list"] = dump(listed)
    if replay:
        step = int(state["step"])
        frames = {"0": 0, "half": step // 2, "step-1": max(step - 1, 0), "step": step}
        frames["step+1"] = step + 1  # past the end: refused, naming the last frame
        for name, k in frames.items():
            r = c.get(f"{base}/replay?upto={k}", headers=h)
            out[f"replay upto={name}"] = _text(r, hosted)
    if viewer is None:
        r = c.post(f"{base}/actions", json={"action": ["no-such-action"]})
        out["errors"] = _text(r, hosted)
        return out
    answers = []
    bodies: list[Any] = [
        {"action": action_json(tries[0]) if tries else ["x"], "step": -1},  # a stale step
        {"action": ["no-such-action"]},
        {"action": "not a list"},
    ]
    for body in bodies:
        r = c.post(f"{base}/actions", headers=h, json=body)
        answers.append(_text(r, hosted))
    r = c.post(f"{base}/undo", headers=h, json={"step": -1})
    answers.append(_text(r, hosted))
    out["errors"] = dump(answers)
    if hasattr(hosted.room.game, "build_cup"):
        out["odds"] = dump(_odds(hosted, viewer, state))
    if hint and viewer in state["active"]:
        r = c.post(f"{base}/hint", headers=h, json={"seconds": 3.0, "k": 3})
        out["hint"] = _text(r, hosted)
    return out


def _odds(hosted: Hosted, viewer: str, state: dict[str, Any]) -> list[str]:
    """Battle odds asked for a few areas next to the seat's own units (Campaign Commander)."""
    g: Any = hosted.room.game
    board = state["board"]
    mine = [u for u in board["units"] if u["side"] == viewer and u["loc"] in g.data.areas]
    out = []
    for u in mine[:1]:
        for area in sorted(g.data.map.neighbors[u["loc"]])[:2]:
            r = hosted.client.post(
                f"/api/matches/{hosted.id}/odds",
                headers=hosted.headers(viewer),
                json={"area": area, "attackers": [u["id"]], "battles": 100},
            )
            out.append(_text(r, hosted))
    return out
