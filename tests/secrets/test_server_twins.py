"""The leak fuzzer through the server: for every registered game (and the engine's test game),
twins hosted in rooms of a test server must answer a seat's token, or the watch link (no
token), byte for byte the same: the state JSON (whole and paged), the first WebSocket news,
the match list, replay frames (and the refusal past the last one), hint answers, battle odds,
and the answers to a stale step, an unlisted action, a malformed one and an undo.

Twins that differ in their record (the other side's pending choice played two ways, or not
yet played) are played into the store action by action as any match is; twins of another
state (determinize, other dice) replace a room's match in memory.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.secrets.fuzz import Findings, Position, Twin, first_difference, play, probes, twins
from tests.secrets.serve import Hosted, fixed_hints, make_client, server_channels
from tests.secrets.test_engine_twins import GAMES, TEST_GAMES, game_of
from warroom.engine import Match, Rng, action_json

XFAIL: dict[str, str] = {}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db: Path = tmp_path_factory.mktemp("secrets") / "warroom.sqlite"
    yield from make_client(db)


@functools.cache
def chosen(gid: str) -> tuple[Position, ...]:
    """A few positions of each game, within its first few hundred steps (each twin is played
    into a room step by step): where two roles choose at once if there are any, and another
    (the game's default set-up by random play, its every-option set-up by its rule player)."""
    g = game_of(gid)
    flags = {o.key: True for o in g.options if isinstance(o.default, bool)}
    out: list[Position] = []
    for seed, opts in ((3, {}), (4, flags)):
        try:
            g.check_setup(None, opts)
        except Exception:
            opts = {}
        agent = "rules" if seed == 4 and gid not in TEST_GAMES else "random"
        ps = [p for p in play(g, g.default_scenario, opts, seed, 8, agent, 400) if p.step]
        both = [p for p in ps if len(p.match.active) > 1]
        rest = [p for p in ps if len(p.match.active) <= 1]
        out.extend(both[:1] + rest[:1])
    return tuple(out)


def host_twin(client: TestClient, twin: Twin) -> tuple[Hosted, Hosted]:
    if twin.kind in ("choice", "count"):
        return Hosted(client, twin.a), Hosted(client, twin.b)
    ha = Hosted(client, Match.new(twin.a.game, twin.a.scenario, twin.a.options, twin.a.seed))
    hb = Hosted(client, Match.new(twin.b.game, twin.b.scenario, twin.b.options, twin.b.seed))
    ha.swap(twin.a)
    hb.swap(twin.b)
    return ha, hb


def run_server(client: TestClient, gid: str) -> Findings:
    """Every twin of ``chosen(gid)`` hosted in two rooms, compared for each of its viewers."""
    found = Findings()
    hinted = 0
    for i, pos in enumerate(chosen(gid)):
        rng = Rng(77 + i)
        for twin in twins(pos, rng):
            if twin.kind == "determinize" and twin.viewers[0] != twin.a.game.roles[-1]:
                continue  # one side's determinize a position is enough here
            ha, hb = host_twin(client, twin)
            record_twins = twin.kind in ("choice", "count")
            for viewer in twin.viewers:
                tries = probes(twin.a, viewer, pos.words, rng.fork(5))
                hint = (
                    viewer is not None
                    and hinted < 3
                    and viewer in twin.a.active
                    and twin.kind in ("count", "choice")
                )
                hinted += hint
                kw: dict[str, Any] = {"list_too": record_twins, "hint": hint}
                ca = server_channels(ha, viewer, tries, **kw)
                cb = server_channels(hb, viewer, tries, **kw)
                found.checked += 1
                found.compared += len(ca)
                found.channels.update(ca.keys())
                for name in ca:
                    if ca[name] != cb.get(name):
                        where = (
                            f"{gid} step {pos.step}, {twin.kind} twin ({twin.note}),"
                            f" {viewer or 'the watch link'}"
                        )
                        found.add(
                            f"{twin.kind}/{name}",
                            f"{where}: {first_difference(ca[name], cb[name])}",
                        )
    return found


@pytest.mark.parametrize(
    "gid",
    [
        pytest.param(gid, marks=[pytest.mark.xfail(strict=True, reason=XFAIL[gid])] if gid in XFAIL else [])
        for gid in GAMES
    ],
)  # fmt: skip
def test_twins_get_the_same_answers_from_the_server(
    client: TestClient, gid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixed_hints(monkeypatch)
    found = run_server(client, gid)
    assert found.checked, f"{gid}: no twins to check"
    assert not found.by_channel, f"{found.checked} viewer-twins checked:\n{found.summary()}"


def test_the_hosted_twins_are_the_matches_played(client: TestClient) -> None:
    """The harness itself: a hosted match answers with the view of the match it was given."""
    pos = next(p for p in chosen("duel") if p.match.steps)
    h = Hosted(client, pos.match)
    got = client.get(f"/api/matches/{h.id}").json()
    assert got["board"] == pos.match.view(None)["board"]
    assert [e["event"] for e in got["log"]] == pos.match.events_for(None)
    assert len(h.room.match.steps) == len(pos.match.steps)
    assert action_json(h.room.match.steps[-1].action) == action_json(pos.match.steps[-1].action)
