"""The leak fuzzer over the engine: every registered game (and the engine's test game), every
scenario and a covering set of option sets, at random positions of seeded random games and
of games of the rule-based player, for every role and the observer.

At each position, twins (tests/secrets/fuzz.py) that differ only in what a role may not know
must give that role byte-identical views, prompts, labels, logs, text boards, undo flags,
answers to illegal actions, determinized states and rule-based choices. The quick run takes
a few positions of two games per set-up; the slow run (``-m slow``) many more.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

import warroom
from tests.engine.toy import DUEL
from tests.secrets.fuzz import KINDS as TWIN_KINDS
from tests.secrets.fuzz import (
    Findings,
    Position,
    compare,
    engine_channels,
    play,
    setup_id,
    setups,
    twins,
)
from tests.secrets.toys import SHEETS
from warroom.engine import Game, Rng

KINDS = (*TWIN_KINDS, "unseen")
"""The twin kinds of the quick runs; the longer runs leave out ``unseen`` (a determinization
per fork of every position: about 40 s more over every game at a load average of 10, so
the suite's time stays bounded)."""


TEST_GAMES = {g.id: g for g in (DUEL, SHEETS)}
"""Test games with secret choices (a one-action bid; a sheet written an order at a time)."""


def game_of(gid: str) -> Game[Any]:
    return TEST_GAMES[gid] if gid in TEST_GAMES else warroom.game(gid)


GAMES = [*TEST_GAMES, *warroom.games()]
SETUPS = [(gid, scen, opts) for gid in GAMES for scen, opts in setups(game_of(gid))]

XFAIL: dict[bool, dict[str, str]] = {False: {}, True: {}}
"""Cases (quick runs: False, longer runs: True) known to fail because of another issue's
work, each with the reason: strict, so each must fail until that work lands."""


def xfail_marks(case: str, slow: bool) -> list[Any]:
    reason = XFAIL[slow].get(case)
    return [pytest.mark.xfail(strict=True, reason=reason)] if reason else []


@functools.cache
def positions(gid: str, scen: str, opts_key: tuple[tuple[str, Any], ...], games: int, per_game: int) -> tuple[Position, ...]:  # fmt: skip
    """Positions of ``games`` seeded games: random play and, where the game has one, its
    rule-based player (which reaches battles, full stacks and late turns random play misses)."""
    g = game_of(gid)
    opts = dict(opts_key)
    out: list[Position] = []
    for seed in range(1, games + 1):
        agent = "rules" if seed % 2 == 0 and gid not in TEST_GAMES else "random"
        out.extend(play(g, scen, opts, seed, per_game, agent))
    return tuple(out)


def run(
    gid: str, scen: str, opts: dict[str, Any], kind: str, games: int, per_game: int
) -> Findings:
    found = Findings()
    label = f"{gid} {setup_id(scen, opts)}"
    for i, pos in enumerate(positions(gid, scen, tuple(sorted(opts.items())), games, per_game)):
        rng = Rng(1000 + i)
        for twin in twins(pos, rng, (kind,)):
            if twin.kind == kind:
                compare(twin, pos, found, engine_channels, label, rng)
    return found


def cases(slow: bool) -> list[Any]:
    out = []
    for gid, scen, opts in SETUPS:
        sid = setup_id(scen, opts)
        for kind in TWIN_KINDS if slow else KINDS:
            case = f"{gid}-{sid}-{kind}"
            marks = xfail_marks(case, slow)
            if slow:
                marks.append(pytest.mark.slow)
            out.append(pytest.param(gid, scen, opts, kind, marks=marks, id=case))
    return out


@pytest.mark.parametrize(("gid", "scen", "opts", "kind"), cases(slow=False))
def test_twins_look_the_same_to_whoever_may_not_tell_them_apart(
    gid: str, scen: str, opts: dict[str, Any], kind: str
) -> None:
    found = run(gid, scen, opts, kind, games=2, per_game=6)
    assert not found.by_channel, f"{found.checked} viewer-twins checked:\n{found.summary()}"


@pytest.mark.parametrize(("gid", "scen", "opts", "kind"), cases(slow=True))
def test_twins_look_the_same_in_longer_runs(
    gid: str, scen: str, opts: dict[str, Any], kind: str
) -> None:
    found = run(gid, scen, opts, kind, games=5, per_game=10)
    assert not found.by_channel, f"{found.checked} viewer-twins checked:\n{found.summary()}"
