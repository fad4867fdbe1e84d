"""Random games: no exception, no dead end, no endless game; conservation; replay identity."""

from __future__ import annotations

import json

import pytest

import warroom
from warroom.engine import Match, Rng

from .helpers import conserved, random_game

GAME = warroom.game("roads-to-stalingrad")


@pytest.mark.slow
def test_three_hundred_random_games() -> None:
    ends: dict[str, int] = {}
    for seed in range(300):
        s, _steps = random_game(GAME, seed, check_every_step=seed < 40)
        assert conserved(GAME, s)
        assert GAME.outcome(s) is not None
        ends[s.ended] = ends.get(s.ended, 0) + 1
    assert ends.get("deck", 0) > 0


def test_replay_is_identical() -> None:
    for seed in (3, 4):
        m = Match.new(GAME, seed=seed)
        rng = Rng(seed)
        while not m.over:
            role = m.active[rng.below(len(m.active))]
            acts = m.legal(role)
            m.act(role, acts[rng.below(len(acts))])
        again = Match.replay(json.loads(json.dumps(m.record())))
        assert GAME.snapshot(again.state) == GAME.snapshot(m.state)
        assert again.outcome == m.outcome
