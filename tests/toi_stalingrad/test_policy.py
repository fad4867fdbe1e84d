"""The rule-based player's Campaign Phase choices."""

from __future__ import annotations

from tests.toi_stalingrad.helpers import act, enter, legal, new, task
from warroom.ai.rules.toi_stalingrad import policy
from warroom.engine import Match, Rng


def choose(m: Match) -> tuple[object, ...]:
    role = m.active[0]
    return policy(m.game, m.state, role, legal(m), Rng(1))


def test_the_loser_avoids_a_penalty_that_drops_two_types_into_the_0_2_row() -> None:
    m = new()
    enter(m, german=(5, 5, 5, 6), soviet=(3, 3, 8, 2), initiative="german")
    assert task(m) == ["penalty-choice", "soviet"]
    assert choose(m) == ("penalty", "two-of-one")


def test_the_winner_takes_the_type_that_hurts_most() -> None:
    m = new()
    enter(m, german=(5, 5, 5, 6), soviet=(3, 6, 10, 2), initiative="german")
    act(m, "penalty", "two-of-one")
    # ammunition 3 -> 1 costs the 3-5 row; morale 6 -> 4 costs the 6-9 effect: the worst
    assert choose(m) == ("penalty-type", "morale")


def test_ten_or_more_is_halved_for_a_cvp() -> None:
    m = new()
    enter(m, german=(12, 4, 4, 6), soviet=(4, 4, 4, 2), initiative="soviet")
    assert task(m) == ["halve", "german", "ammunition"]
    assert choose(m) == ("halve",)


def test_purchases_follow_the_priorities_and_pay_any_costs_from_the_largest_type() -> None:
    m = new()
    enter(m, german=(4, 4, 9, 6), soviet=(4, 4, 4, 2), initiative="soviet")
    while task(m) != ["buy", "german"]:
        act(m, *legal(m)[0])
    while task(m)[:2] in (["buy", "german"], ["pay", "german"]):
        act(m, *choose(m))
    bought = [
        ("buy", e["item"], e["target"], e["pay"])
        for e in m.log
        if e["kind"] == "bought" and e["side"] == "german"
    ]
    # 2 ammunition, 2 morale, 7 supply: Veteran flips (supply first: there is most of it),
    # a Panzer III for division 1 (its wild point from supply), then cards paid with supply;
    # a squad base is out of reach (4 supply cannot fill four holes after it)
    assert bought == [
        ("buy", "veteran", "supply", "s1"),
        ("buy", "veteran", "ammunition", "a1"),
        ("buy", "veteran", "morale", "m1"),
        ("buy", "light-tank", "div1", "a1m1s2"),
        ("buy", "card", "-", "s2"),
        ("buy", "card", "-", "s2"),
    ]
