"""The rule-based player: always a listed action, and a fair player (it wins some, loses some)."""

from __future__ import annotations

from warroom.ai.base import RulesAgent
from warroom.ai.rules.fall_blau import odds, policy
from warroom.engine import Match, Rng
from warroom.games.fall_blau import GAME as G


def test_policy_plays_whole_games_through_the_agent_interface() -> None:
    agent = RulesAgent("fall-blau", seed=3)
    levels = []
    for seed in range(6):
        m = Match.new(G, None, {"hard": seed % 2 == 1, "missions": seed % 3 == 0}, seed)
        while not m.over:
            m.act("german", agent.choose(m, "german"))  # RulesAgent refuses unlisted actions
        assert m.outcome is not None
        levels.append(m.outcome.level)
    assert set(levels) <= {"defeat", "victory", "brilliant"}


def test_policy_wins_standard_mode_sometimes_well_below_good_play() -> None:
    """The data is balanced for a strong player (the search wins about half: NOTES.md); the
    rule-based player wins some standard games, far fewer."""
    wins = 0
    for seed in range(120):
        s = G.setup("standard", {}, seed)
        rng = Rng(seed)
        while not s.over:
            s_actions = G.legal_actions(s, "german")
            G.apply(s, "german", policy(G, s, "german", s_actions, rng))
        out = G.outcome(s)
        assert out is not None
        wins += out.level != "defeat"
    assert 2 <= wins <= 0.25 * 120


def test_attack_odds_are_exact_for_small_cases() -> None:
    capture, removed, loss = odds(1, 0, 0, False, 1)
    assert abs(capture - 4 / 6) < 1e-9 and abs(removed - 4 / 6) < 1e-9 and abs(loss - 1 / 6) < 1e-9
    capture, _, _ = odds(1, 0, 0, True, 2)  # only a 6 removes two
    assert abs(capture - 1 / 6) < 1e-9
    capture, _, loss = odds(2, 0, -1, True, 2)  # -1: 4+ hits, no Panzertruppen, 1-2 lose
    assert abs(capture - 0.25) < 1e-9 and abs(loss - 2 / 3) < 1e-9
