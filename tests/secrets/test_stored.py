"""A stored match that no longer replays (its game's rules changed after it was stored: a new
version of the game) is refused to everyone who asks for it, a seat or a watcher. The refusal
must not quote the record: the step that no longer replays, its place in the record and the
number of actions listed then may each be a secret of the side that made it.

Failed on e35e856: a watcher of a match of Sheets (the test game of secret order sheets)
whose Red side had written a third order that the new version refuses was told "step 2 of
the record does not replay: ['order', 1] is not a legal action for red ...", Red's secret
order, and where it stood in the record (how many secret steps came before it).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from fastapi.testclient import TestClient

from tests.secrets.toys import SHEETS, Sheets, SheetsState
from warroom.engine import Action
from warroom.server.app import create_app
from warroom.server.players import Players


class TwoOrders(Sheets):
    """A later version of Sheets: a sheet holds at most two orders."""

    version = "2"

    def legal_actions(self, state: SheetsState, role: str) -> Sequence[Action]:
        listed = super().legal_actions(state, role)
        if len(state.sheets[role]) >= 2:
            return [a for a in listed if a[0] != "order"]
        return listed


def stored(db: Path, steps: list[tuple[str, list[int | str]]]) -> tuple[str, dict[str, str]]:
    """A hot-seat match of Sheets played through the server, its tokens."""
    app = create_app(db, players=Players("thread"), extra_games=[SHEETS], resume=False)
    with TestClient(app) as c:
        r = c.post("/api/matches", json={"game": "sheets", "mode": "hotseat"})
        assert r.status_code == 201, r.text
        m = r.json()
        for role, action in steps:
            r = c.post(
                f"/api/matches/{m['id']}/actions",
                headers={"X-Seat-Token": m["tokens"][role]},
                json={"action": action},
            )
            assert r.status_code == 200, r.text
    return m["id"], m["tokens"]


def answers(db: Path, mid: str, token: str | None) -> list[str]:
    """What ``token`` (None: the watch link) is told of the match by the new version: the
    state, a replay frame and the live news (the match's name left out)."""
    app = create_app(db, players=Players("thread"), extra_games=[TwoOrders()], resume=False)
    out = []
    headers = {"X-Seat-Token": token} if token else {}
    with TestClient(app) as c:
        for path in ("", "/replay?frame=0"):
            r = c.get(f"/api/matches/{mid}{path}", headers=headers)
            out.append(f"{r.status_code} {r.text.replace(mid, 'MATCH')}")
        with c.websocket_connect(f"/api/matches/{mid}/live") as ws:
            ws.send_json({"token": token})
            out.append(str(ws.receive_json()).replace(mid, "MATCH"))
    return out


def test_a_match_that_no_longer_replays_is_refused_without_quoting_its_record(
    tmp_path: Path,
) -> None:
    twins = {
        "red 3, 3, 1": [("red", ["order", 3]), ("red", ["order", 3]), ("red", ["order", 1])],
        "red 1, 2, 2": [("red", ["order", 1]), ("red", ["order", 2]), ("red", ["order", 2])],
    }
    told: dict[str | None, set[str]] = {None: set(), "blue": set()}
    for i, steps in enumerate(twins.values()):
        mid, tokens = stored(tmp_path / f"{i}.sqlite", steps)
        for viewer in told:
            said = answers(tmp_path / f"{i}.sqlite", mid, tokens[viewer] if viewer else None)
            assert said[0].startswith("409 ") and said[1].startswith("409 "), said
            assert "'type': 'error'" in said[2], said
            told[viewer].add(repr(said))
    # Blue wrote nothing in either: Red's orders are all that differ
    assert len(told["blue"]) == 1, told["blue"]
    # a watcher: also a twin where Blue wrote an order first, so Red's refused third order
    # stands one step later in the record
    steps = [("blue", ["order", 2]), *twins["red 3, 3, 1"]]
    mid, _ = stored(tmp_path / "blue-first.sqlite", steps)
    told[None].add(repr(answers(tmp_path / "blue-first.sqlite", mid, None)))
    assert len(told[None]) == 1, told[None]
    (said,) = told[None]
    assert "does not replay" in said and "version 2" in said
