"""Winning a scenario, the initiative bonus and the loser's penalty (before any bonus)."""

from __future__ import annotations

import pytest

from tests.toi_stalingrad.helpers import act, command, enter, legal, new, task


def result(m):  # type: ignore[no-untyped-def]
    return m.view(None)["board"]["results"][0]


def test_most_cvp_wins_and_the_initiative_holder_who_wins_gains_one() -> None:
    m = new()
    enter(m, german=(4, 4, 4, 6), soviet=(4, 4, 4, 3), initiative="german")
    r = result(m)
    assert r["winner"] == "german" and not r["tie_break"]
    assert r["bonus"]["german"]["initiative"] == 1 and r["total"] == {"german": 7, "soviet": 3}


def test_a_cvp_tie_goes_to_the_initiative_holder_who_gains_the_bonus() -> None:
    m = new()
    enter(m, german=(4, 4, 4, 5), soviet=(4, 4, 4, 5), initiative="soviet")
    r = result(m)
    assert r["winner"] == "soviet" and r["tie_break"]
    assert r["total"] == {"german": 5, "soviet": 6}
    assert task(m) == ["penalty-choice", "german"]  # the German lost without the initiative


def test_the_initiative_holder_who_loses_has_no_bonus_and_no_penalty() -> None:
    m = new()
    enter(m, german=(4, 4, 4, 2), soviet=(4, 4, 4, 5), initiative="german")
    r = result(m)
    assert r["winner"] == "soviet" and r["total"] == {"german": 2, "soviet": 5}
    assert r["penalty"]["choice"] == "waived"
    assert task(m)[0] != "penalty-choice"
    assert command(m, "german") == {"ammunition": 2, "morale": 2, "supply": 2}  # 3-5 rows only


def test_loser_takes_one_of_each_type() -> None:
    m = new(next_initiative="soviet")
    enter(m, german=(4, 4, 4, 6), soviet=(4, 5, 6, 3), initiative="german")
    assert task(m) == ["penalty-choice", "soviet"] and m.active == ("soviet",)
    assert legal(m) == [("penalty", "one-each"), ("penalty", "two-of-one")]
    act(m, "penalty", "one-each")
    # 3, 4, 5 after the penalty, then the table: 3-5, 3-5 and 3-5 rows (no 6-9 choice left)
    assert command(m, "soviet") == {"ammunition": 1, "morale": 2, "supply": 3}
    assert result(m)["penalty"]["lost"] == {"ammunition": 1, "morale": 1, "supply": 1}


@pytest.mark.parametrize("kind", ["ammunition", "morale", "supply"])
def test_loser_may_lose_two_of_one_type_that_the_winner_picks(kind: str) -> None:
    m = new(next_initiative="soviet")
    enter(m, german=(4, 4, 4, 6), soviet=(5, 5, 5, 3), initiative="german")
    act(m, "penalty", "two-of-one")
    assert task(m) == ["penalty-type", "german"] and m.active == ("german",)
    assert legal(m) == [
        ("penalty-type", "ammunition"),
        ("penalty-type", "morale"),
        ("penalty-type", "supply"),
    ]
    act(m, "penalty-type", kind)
    expected = {t: (1 if t == kind else 3) for t in ("ammunition", "morale", "supply")}
    # kind: 5 - 2 = 3 (3-5 row) -> 1; others 5 (3-5 row) -> 3
    assert command(m, "soviet") == expected


def test_the_penalty_comes_before_the_table_and_its_cvp() -> None:
    """Ten ammunition would offer a CVP; losing one first makes it nine: the 6-9 row."""
    m = new(next_initiative="soviet")
    enter(m, german=(4, 4, 4, 6), soviet=(10, 4, 4, 3), initiative="german")
    act(m, "penalty", "one-each")
    assert task(m) == ["effect", "soviet", "ammunition", "6-9"]


def test_the_penalty_cannot_take_command_below_zero() -> None:
    m = new(next_initiative="soviet")
    enter(m, german=(4, 4, 4, 6), soviet=(1, 0, 4, 3), initiative="german")
    act(m, "penalty", "two-of-one")
    act(m, "penalty-type", "ammunition")
    assert result(m)["penalty"]["lost"] == {"ammunition": 1}
    assert command(m, "soviet")["ammunition"] == 0
