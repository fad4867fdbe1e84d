"""Honest hints (issue 23, and issue 20's hints): a hint names the move, its estimated win
chance with the simulations behind it and a 95% interval, lists only moves the search
measured, and says plainly when the search did not run or measured too little.

On 0c67e28 a hint said "most promising; won 51% of 1 sampled continuations" above "won 72%
of 1", labelled whole order sheets as one order, showed moves never looked at as "not
explored: the search found better lines first" when no search ran, and called a shaped
score a win rate."""

from __future__ import annotations

from tests.ai.prompts import walk_to_prompt
from tests.engine.toy import DUEL
from warroom.ai.arena import wilson
from warroom.ai.search import TOO_FEW, advise
from warroom.engine import Match, game


def test_a_hint_gives_win_chances_with_simulations_and_intervals_best_first() -> None:
    m = Match.new(DUEL, seed=1)
    out = advise(m, "north", k=3, seconds=5.0, iterations=300, seed=1)
    assert out["searched"] and out["simulations"] > 0
    cands = out["candidates"]
    assert [c["chosen"] for c in cands].count(True) == 1
    for c in cands:
        n = c["simulations"]
        assert c["measured"] and n > 0 and c["finished"] == n  # the toy always ends
        # a win rate (a win 1, a draw 1/2), not the search's score nudged by the margin
        # (``win`` is rounded to 3 places: k/(2n) within 0.0005 for a whole k)
        assert abs(2 * c["win"] * n - round(2 * c["win"] * n)) <= n * 0.001 + 1e-9
        low, high = wilson(c["win"] * n, n)
        assert (c["low"], c["high"]) == (round(low, 3), round(high, 3))
        assert (
            f"won {c['win']:.0%} (95%: {low:.0%}-{high:.0%}) of {n} simulated games"
            in (c["reason"])
        )
    sized = [c for c in cands if not c["too_few"]]
    assert sized and cands[: len(sized)] == sized  # the well-measured moves come first...
    assert [c["win"] for c in sized] == sorted((c["win"] for c in sized), reverse=True)
    assert all(c["simulations"] >= TOO_FEW for c in sized)  # ...by their win chance


def test_a_small_sample_is_called_too_small_and_unmeasured_moves_are_left_out() -> None:
    m = Match.new(DUEL, seed=1)
    out = advise(m, "north", k=3, seconds=5.0, iterations=2, seed=1)
    cands = out["candidates"]
    assert 1 <= len(cands) <= 2  # two simulations measure at most two of the three bids
    for c in cands:
        assert c["measured"] and 0 < c["simulations"] < TOO_FEW and c["too_few"]
        assert "too few simulations to mean much" in c["reason"]


def test_the_only_legal_move_is_said_to_be_so() -> None:
    # Roads to Stalingrad: a side out of map plays must play a card (Commanders on the
    # book's order model always lists "done" beside a choice, so has no such prompt)
    g = game("roads-to-stalingrad")
    m = Match.new(g, seed=2)
    found = ""
    while not m.over and not found:  # to the first prompt with one listed move
        for role in m.active:
            if len(m.legal(role)) == 1:
                found = role
                break
        else:
            role = m.active[0]
            m.act(role, m.legal(role)[-1])
    assert found, "the game ended without a prompt of one move"
    role = found
    out = advise(m, role, seconds=0.2, iterations=20, seed=1)
    assert not out["searched"] and out["note"] == "the only legal move"
    [c] = out["candidates"]
    assert not c["measured"] and c["win"] is None and c["reason"] == "the only legal move"


def test_a_prompt_the_search_does_not_plan_says_it_was_not_searched() -> None:
    """Roads to Stalingrad: the search plans Card or Map, operations and attacks; a card's
    follow-up choice is the chosen style's answer, and the hint says so with no figure."""
    m, role, _ = walk_to_prompt(3, 4, planned=False, more_than=1)
    out = advise(m, role, seconds=0.3, iterations=8, seed=1)
    assert not out["searched"] and out["note"].startswith("not searched: ")
    [c] = out["candidates"]
    assert not c["measured"] and c["win"] is None and c["simulations"] == 0
    assert c["label"] and c["reason"] == out["note"]


def test_a_whole_order_sheet_is_not_passed_off_as_one_order() -> None:
    """Commanders' search compares whole order sheets: a hint on an order says the figures
    are the sheet's, and carries the sheet."""
    m = Match.new("commanders", seed=1)
    out = advise(m, "white", seconds=5.0, iterations=40, seed=1)
    planned = [c for c in out["candidates"] if c["plan"]]
    assert planned
    for c in planned:
        assert "whole plan" in c["reason"] and "not this step's alone" in c["reason"]
        assert c["plan"][0] == c["action"]


def test_a_result_entered_from_the_table_is_said_to_be_one() -> None:
    """Tide of Iron's campaign tracker asks for what happened on the printed game (who takes
    the initiative, the scenarios' results): facts, not decisions, so there is nothing to
    search; the hint says so instead of "the search did not measure any move here"."""
    m = Match.new("toi-stalingrad", scenario="campaign", seed=1)
    role = m.active[0]
    assert len(m.legal(role)) > 1  # a real choice of buttons, not the only legal move
    out = advise(m, role, seconds=0.3, iterations=20, seed=1)
    assert not out["searched"]
    assert out["note"] == "not searched: a result entered from the table, not a decision"
    [c] = out["candidates"]
    assert not c["measured"] and c["win"] is None and c["reason"] == out["note"]


def test_without_styles_an_unplanned_prompt_names_the_policy_that_answered() -> None:
    """Roads to Stalingrad searched without its styles (``styles=off``): a prompt the game does
    not plan is the policy's, and the search says so rather than nothing."""
    from warroom.ai.search import SearchAgent, SearchConfig, game_hook

    m, role, _ = walk_to_prompt(3, 4, planned=False, more_than=1)
    cfg = SearchConfig.from_params(
        {"styles": "off", "iterations": "8"}, game_hook("roads-to-stalingrad", "SEARCH")
    )
    result = SearchAgent("roads-to-stalingrad", cfg, 1).analyse(m, role)
    assert [c.visits for c in result.candidates] == [0]
    assert result.note == (
        "answered by the game's policy: the search decides only the prompts it plans"
    )
