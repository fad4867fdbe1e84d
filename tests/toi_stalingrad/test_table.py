"""The Campaign Phase Table: every row of every command type, and the rulebook's example."""

from __future__ import annotations

import pytest

from tests.toi_stalingrad.helpers import act, buy, command, enter, legal, new, sheet, task

# Soviet holds the initiative and loses: no loss penalty, so the German command is as entered.
NO_PENALTY = {"initiative": "soviet"}


def german_phase(a: int, m_: int, s: int):  # type: ignore[no-untyped-def]
    m = new()
    enter(m, german=(a, m_, s, 6), soviet=(4, 4, 4, 2), **NO_PENALTY)
    return m


@pytest.mark.parametrize("left", [0, 1, 2])
def test_row_0_2_ammunition_unarmed_and_no_tokens(left: int) -> None:
    m = german_phase(left, 4, 4)
    assert task(m)[0] == "buy"  # nothing to choose: rows 0-2 and 3-5 resolve themselves
    sh = sheet(m, "german")
    assert sh["command_tokens"] == {"ammunition": 0, "morale": 2, "supply": 2}
    assert sh["restrictions"]["unarmed"] == 1
    assert "Place an unarmed restriction on one of your squads (row 0-2)." in sh["lines"]
    # what is left is not taken away (our reading, NOTES.md): it may still be spent
    assert command(m, "german") == {"ammunition": left, "morale": 2, "supply": 2}


@pytest.mark.parametrize("left", [0, 1, 2])
def test_row_0_2_morale_elite_cut(left: int) -> None:
    m = german_phase(4, left, 4)
    sh = sheet(m, "german")
    assert sh["command_tokens"]["morale"] == 0
    assert sh["elite_to_regular"] == 2
    assert any("elite infantry with regular infantry" in line for line in sh["lines"])
    assert command(m, "german")["morale"] == left


@pytest.mark.parametrize("left", [0, 1, 2])
def test_row_0_2_supply_starving(left: int) -> None:
    m = german_phase(4, 4, left)
    sh = sheet(m, "german")
    assert sh["command_tokens"]["supply"] == 0
    assert sh["restrictions"]["starving"] == 1
    assert command(m, "german")["supply"] == left


@pytest.mark.parametrize("left", [3, 4, 5])
def test_row_3_5_removes_two_of_each_type(left: int) -> None:
    m = german_phase(left, left, left)
    assert task(m)[0] == "buy"
    assert command(m, "german") == dict.fromkeys(("ammunition", "morale", "supply"), left - 2)
    sh = sheet(m, "german")
    assert sh["lines"] == [] and sh["command_tokens"] == dict.fromkeys(sh["command_tokens"], 2)


@pytest.mark.parametrize("left", [6, 7, 8, 9])
@pytest.mark.parametrize("choice", ["mg-crew", "mortar-crew", "two-elites"])
def test_row_6_9_ammunition_replaces_two_regulars(left: int, choice: str) -> None:
    m = german_phase(left, 4, 4)
    assert task(m) == ["effect", "german", "ammunition", "6-9"]
    assert legal(m) == [
        ("replace", "mg-crew"),
        ("replace", "mortar-crew"),
        ("replace", "two-elites"),
    ]
    act(m, "replace", choice)
    assert sheet(m, "german")["replacements"] == [choice]
    assert command(m, "german")["ammunition"] == left - 2


@pytest.mark.parametrize("div", ["div1", "div2"])
def test_row_6_9_morale_division_uses_advanced_hexes(div: str) -> None:
    m = german_phase(4, 7, 4)
    assert task(m) == ["effect", "german", "morale", "6-9"]
    act(m, "advanced", div)
    sh = sheet(m, "german")
    assert sh["advanced_divisions"] == [div]
    assert f"Division {div[-1]} may also set up in every advanced deployment hex." in sh["lines"]
    assert command(m, "german")["morale"] == 5


def test_rulebook_example_six_supply_raises_an_objective_and_leaves_four() -> None:
    """James ends the first scenario with six supply: 6-9 row, an objective +1, 4 to spend."""
    m = german_phase(4, 4, 6)
    assert task(m) == ["effect", "german", "supply", "6-9"]
    objectives = [a[1] for a in legal(m)]
    assert objectives == ["hill-height", "village-church", "ferry-road"]  # scenario 2's
    act(m, "objective", "village-church")
    sh = sheet(m, "german")
    assert sh["objectives"] == [
        {"objective": "village-church", "name": "Village church", "increase": 1}
    ]
    assert command(m, "german") == {"ammunition": 2, "morale": 2, "supply": 4}
    assert task(m) == ["buy", "german"]
    # the four supply can be spent: e.g. two extra starting cards paid with supply
    buy(m, "card", "-", "s2")
    buy(m, "card", "-", "s2")
    assert command(m, "german")["supply"] == 0
    assert sheet(m, "german")["starting_cards"] == 2


def test_row_10_plus_halve_gains_a_cvp_and_applies_the_new_row() -> None:
    m = german_phase(10, 4, 4)
    assert task(m) == ["halve", "german", "ammunition"]
    assert legal(m) == [("halve",), ("keep",)]
    act(m, "halve")
    # 10 -> 5: the 3-5 row, remove two
    assert command(m, "german")["ammunition"] == 3
    res = m.view(None)["board"]["results"][0]
    assert res["bonus"]["german"] == {"initiative": 0, "command": 1}
    assert res["total"]["german"] == 7


def test_row_10_plus_halve_into_the_6_9_row_takes_its_effect() -> None:
    m = german_phase(4, 4, 13)
    assert task(m) == ["halve", "german", "supply"]
    act(m, "halve")  # 13 -> 6: the 6-9 row
    assert task(m) == ["effect", "german", "supply", "6-9"]
    act(m, "objective", "ferry-road")
    assert command(m, "german")["supply"] == 4


def test_row_10_plus_halving_twenty_gives_ten_and_the_6_9_effect_not_a_second_halving() -> None:
    m = german_phase(20, 4, 4)
    act(m, "halve")  # 20 -> 10: the 10+ row is not offered again (issue 21)
    assert task(m) == ["effect", "german", "ammunition", "6-9"]
    assert ("halve",) not in legal(m)
    act(m, "replace", "mg-crew")
    assert command(m, "german")["ammunition"] == 8  # 10, the 6-9 effect and its "remove two"
    assert sheet(m, "german")["replacements"] == ["mg-crew"]
    assert m.view(None)["board"]["results"][0]["bonus"]["german"]["command"] == 1


@pytest.mark.parametrize(("kind", "amount"), [("ammunition", 12), ("morale", 10), ("supply", 19)])
def test_row_10_plus_keep_falls_back_to_the_6_9_effect(kind: str, amount: int) -> None:
    values = {"ammunition": 4, "morale": 4, "supply": 4, kind: amount}
    m = german_phase(values["ammunition"], values["morale"], values["supply"])
    assert task(m) == ["halve", "german", kind]
    act(m, "keep")
    assert task(m) == ["effect", "german", kind, "6-9"]
    act(m, *legal(m)[0])
    assert command(m, "german")[kind] == amount - 2
    assert m.view(None)["board"]["results"][0]["bonus"]["german"]["command"] == 0


def test_both_sides_use_the_table_next_initiative_first() -> None:
    m = new(next_initiative="soviet")
    enter(m, german=(7, 4, 4, 6), soviet=(8, 4, 4, 2), initiative="soviet")
    assert task(m) == ["effect", "soviet", "ammunition", "6-9"]
    assert m.active == ("soviet",)
    act(m, "replace", "two-elites")
    assert task(m) == ["effect", "german", "ammunition", "6-9"]
    act(m, "replace", "mg-crew")
    assert task(m) == ["buy", "soviet"]


@pytest.mark.parametrize("left", [1, 2])
def test_option_forfeit_0_2_takes_the_command_left(left: int) -> None:
    m = new(options={"forfeit-0-2": True})
    enter(m, german=(left, 4, 4, 6), soviet=(4, 4, 4, 2), **NO_PENALTY)
    assert command(m, "german") == {"ammunition": 0, "morale": 2, "supply": 2}
    sh = sheet(m, "german")
    # the other reading: the command left is reduced to 0, the card keeps its usual tokens
    assert sh["command_tokens"]["ammunition"] == 2 and sh["restrictions"]["unarmed"] == 1
