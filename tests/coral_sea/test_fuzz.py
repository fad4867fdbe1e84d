"""Random games with and without the optional rules: no exception, no dead end, no endless
game; every unit accounted for; replay identity."""

from __future__ import annotations

import json

import pytest

from warroom.engine import Match, Rng
from warroom.games.campaign_commander.coral_sea import GAME
from warroom.games.campaign_commander.invariants import violations

from .helpers import conserved, random_game

OPTIONS = {"air-attacks": True, "limited-intelligence": True}


@pytest.mark.slow
def test_three_hundred_random_games_without_options() -> None:
    ends: dict[str, int] = {}
    for seed in range(300):
        s, _ = random_game(seed, {}, check=seed < 20)
        assert conserved(s) and GAME.outcome(s) is not None
        ends[s.ended] = ends.get(s.ended, 0) + 1
    assert ends.get("deck", 0) > 0


@pytest.mark.slow
def test_three_hundred_random_games_with_the_optional_rules() -> None:
    for seed in range(1000, 1300):
        s, _ = random_game(seed, OPTIONS, check=seed < 1020)
        assert conserved(s) and GAME.outcome(s) is not None


def test_a_few_random_games() -> None:
    for seed in range(6):
        s, _ = random_game(seed, OPTIONS if seed % 2 else {}, check=True)
        assert conserved(s)


def test_replay_is_identical() -> None:
    for seed, opts in ((3, {}), (4, OPTIONS)):
        m = Match.new(GAME, seed=seed, options=opts)
        rng = Rng(seed)
        while not m.over:
            role = m.active[rng.below(len(m.active))]
            acts = m.legal(role)
            m.act(role, acts[rng.below(len(acts))])
        again = Match.replay(json.loads(json.dumps(m.record())), game=GAME)
        assert GAME.snapshot(again.state) == GAME.snapshot(m.state)
        assert again.outcome == m.outcome


def test_rule_based_policy_plays_whole_games() -> None:
    """The rule-based players carry troops and RPs in most operations: every state of their
    games keeps the invariants (invariants.py) too."""
    from warroom.ai.rules.coral_sea import policy

    for seed, opts in ((1, {}), (2, OPTIONS), (3, {})):
        s = GAME.setup("campaign", opts, seed)
        rng = Rng(seed)
        steps = 0
        while GAME.outcome(s) is None:
            role = GAME.active(s)[0]
            acts = GAME.legal_actions(s, role)
            a = policy(GAME, s, role, acts, rng)
            assert a in acts
            GAME.apply(s, role, a)
            s.events.clear()
            steps += 1
            broken = violations(GAME, s)
            assert not broken, f"seed {seed}, step {steps}, after {role} {a}: {broken}"
        assert conserved(s)


def test_terminal_words() -> None:
    m = Match.new(GAME, seed=2)
    rng = Rng(2)
    for _ in range(300):
        if m.over:
            break
        role = m.active[0]
        acts = m.legal(role)
        for a in acts:
            assert GAME.label(m.state, role, a)
        m.act(role, acts[rng.below(len(acts))])
    assert all(GAME.describe_event(e) for e in m.log)
    text = GAME.render_text(m.state, "allies")
    assert "Hand:" in text
    for role, name in (("allies", "Allies"), ("japan", "Japan")):  # a line for a side with RPs
        assert (f"{name} resource points:" in text) == bool(m.state.rps[role])
