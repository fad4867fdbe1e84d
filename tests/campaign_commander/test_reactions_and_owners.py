"""Cards played while the other side acts (series 2.3.1, 2.3.4) and the owner's choices of
7.2, 7.4, 9.6.3.e and 12, each shown to change what happens. Fixed cups, scripted dice."""

from __future__ import annotations

from warroom.engine import Match

from .helpers import FixedCups, clean_board, operation, place
from .test_naval_fortress import board, op

# ----- 2.3.4: a Tactics card played in the opponent's battle -------------------------------


def rossosh_attack(soviet_hand: list[str], axis_hand: list[str] | None = None) -> Match:
    """XLVIII Panzer attacks the lone 65th Army (cohesion 6) at Rossosh; the Axis draws Air
    Strikes (the Soviet unit checks at +2, disorganized on failure); the check rolls a 5."""
    g = FixedCups({"axis": ["axis:Air Strike"] * 4, "soviet": ["soviet:Poor Coordination"] * 2})
    m = clean_board(g)
    place(m, g_48pz="Liski", s_65="Rossosh")
    s = m.state
    s.hands = {"axis": [], "soviet": list(soviet_hand)}
    s.rps["soviet"] = {"Buturlinovka": 1}
    operation(m, "axis", "Liski", dice=[5, 1, 1, 1])
    m.act("axis", ("move", "g-48pz"))
    m.act("axis", ("go", "Rossosh"))
    assert m.state.battle is not None
    m.state.hands["axis"] = list(axis_hand or [])
    m.state.cache = None
    m.forget()
    m.act("axis", ("chit", "axis:Air Strike"))
    return m


def test_2_3_4_a_tactics_card_answers_the_opponents_chit_before_it_acts() -> None:
    # without an answer: 5 + 2 = 7 > 6, the 65th is disorganized
    m = rossosh_attack(["so-stubborn-1"])
    assert m.active == ("soviet",)
    assert m.legal("soviet") == [("react", "so-stubborn-1"), ("pass",)]
    m.act("soviet", ("pass",))
    assert m.state.units["s-65"].dg
    # Stubborn Defence played at once (-1 to Soviet checks): 5 + 2 - 1 = 6 <= 6, it holds
    m = rossosh_attack(["so-stubborn-1"])
    m.act("soviet", ("react", "so-stubborn-1"))
    s = m.state
    assert not s.units["s-65"].dg and s.units["s-65"].loc == "Rossosh"
    assert ("soviet", "so-stubborn-1") in s.played and s.hands["soviet"] == []
    assert s.battle is not None and s.battle.mods["soviet"] == -1


def test_2_3_4_the_side_answered_may_answer_the_card_in_turn() -> None:
    # Stubborn Defence (-1) answers the Air Strike; the Axis, whose chit was answered, may
    # answer the card in turn (Stuka Support: one more chit) before the check is rolled
    m = rossosh_attack(["so-stubborn-1"], axis_hand=["ax-stuka-1"])
    m.act("soviet", ("react", "so-stubborn-1"))
    assert m.active == ("axis",)
    assert m.legal("axis") == [("react", "ax-stuka-1"), ("pass",)]
    m.act("axis", ("react", "ax-stuka-1"))  # Stuka Support: one more chit for the Axis
    s = m.state
    assert s.battle is not None and len(s.battle.drawn["axis"]) == 4  # 3 left + 1 more
    assert not s.units["s-65"].dg  # the check came after both cards: 5 + 2 - 1 = 6


def test_2_3_4_no_window_without_an_eligible_card() -> None:
    # an SP event (Night March) only feeds one's own operation: never offered in the enemy's
    m = rossosh_attack(["so-night-1"])
    assert m.state.tasks[-1][0] != "react"
    assert m.state.units["s-65"].dg  # the check went ahead: 7 > 6
    g = FixedCups()
    m = clean_board(g)
    place(m, g_48pz="Liski", s_65="Rossosh")
    m.state.hands = {"axis": [], "soviet": ["so-night-1", "so-stubborn-1"]}
    operation(m, "axis", "Liski")
    assert m.state.tasks[-1] == ("op", "axis")  # no window in the Axis operation
    assert m.legal("soviet") == []


# ----- 12: the leader goes with a retreating unit, or stays ---------------------------------


def manstein_battle(choice: str) -> Match:
    g = FixedCups({"axis": ["axis:Ambush"] * 4, "soviet": ["soviet:Assault"] * 2})
    m = clean_board(g)
    place(m, g_48pz="Rossosh", g_29="Rossosh", manstein="Rossosh", s_65="Liski")
    s = m.state
    s.hands = {"axis": [], "soviet": []}
    s.rps["axis"] = {"Starobelsk": 1}
    # Assault: the Axis unit checks first (XXIX rolls 10: disorganized), then the 65th (1)
    operation(m, "soviet", "Liski", dice=[10, 1])
    m.act("soviet", ("move", "s-65"))
    m.act("soviet", ("go", "Rossosh"))
    m.act("soviet", ("chit", "soviet:Assault"))
    m.act("axis", ("target", "g-29"))
    assert m.state.units["g-29"].dg
    while m.state.tasks[-1][0] == "retreat" and m.state.units["g-29"].loc == "Rossosh":
        m.act("axis", m.legal("axis")[0])
    # 12: one of the two units left Manstein's area: the owner says whether he goes along
    assert m.state.tasks[-1][0] == "leader"
    assert m.legal("axis") == [
        ("follow", "manstein", m.state.units["g-29"].loc),
        ("remain", "manstein"),
    ]
    m.act(
        "axis",
        ("follow", "manstein", m.state.units["g-29"].loc)
        if choice == "follow"
        else ("remain", "manstein"),
    )
    while m.state.tasks and m.state.tasks[-1][0] == "retreat":
        m.act("axis", m.legal("axis")[0])
    return m


def test_12_the_owner_chooses_which_unit_the_leader_goes_with() -> None:
    m = manstein_battle("follow")
    s = m.state
    assert s.units["g-29"].loc != "Rossosh"
    assert s.units["manstein"].loc == s.units["g-29"].loc  # along for the whole retreat
    m = manstein_battle("remain")
    assert m.state.units["manstein"].loc == "Rossosh" == m.state.units["g-48pz"].loc


# ----- 7.4: the owner picks the carried unit that shares its ship's result --------------------


def naval_battle(victim: str) -> Match:
    # a red cruiser carrying two red corps is attacked; blue Gunnery: the red ship rolls 10
    m = board(b_ship1="Sea2", r_ship1="Sea3", r_inf1="Sea3", r_inf2="Sea3")
    s = m.state
    s.hands = {"blue": [], "red": []}
    op(m, "blue", "Sea2", dice=[10, 1])
    m.act("blue", ("move", "b-ship1"))
    m.act("blue", ("go", "Sea3"))
    m.act("blue", ("chit", "blue:Gunnery"))
    assert m.state.units["r-ship1"].dep
    assert m.active == ("red",)  # the owner chooses, in the other side's operation
    assert m.legal("red") == [("cargo", "r-inf1"), ("cargo", "r-inf2")]
    m.act("red", ("cargo", victim))
    return m


def test_7_4_the_owner_picks_the_carried_unit_that_is_depleted() -> None:
    for victim, spared in (("r-inf1", "r-inf2"), ("r-inf2", "r-inf1")):
        s = naval_battle(victim).state
        assert s.units[victim].dep and not s.units[spared].dep


# ----- 9.5.5-9.5.6: refills and the end of a battle (no chit-count limit) ---------------------


class Unshakable(FixedCups):
    """A campaign whose modifiers make every cohesion check pass, even on a 10."""

    def check_modifier(self, s, b, uid):  # type: ignore[no-untyped-def]
        return -10


def test_9_5_6_a_battle_no_chit_can_decide_is_broken_off_at_once() -> None:
    g = Unshakable({"axis": ["axis:Ambush"] * 4, "soviet": ["soviet:Ambush"] * 2})
    m = clean_board(g)
    place(m, g_48pz="Liski", s_65="Rossosh")
    m.state.hands = {"axis": [], "soviet": []}
    operation(m, "axis", "Liski")
    m.act("axis", ("move", "g-48pz"))
    m.act("axis", ("go", "Rossosh"))
    s = m.state
    kinds = [e["kind"] for e in m.log]
    assert "battle-deadlocked" in kinds and "battle-broken-off" in kinds
    assert s.battle is None and s.units["g-48pz"].loc == "Liski"  # back where it came from
    assert s.units["s-65"].loc == "Rossosh" and not s.units["s-65"].dg


def test_9_5_6_an_automatic_effect_keeps_the_battle_going_to_its_end() -> None:
    # Human Wave depletes a Soviet unit without a roll: the battle can still be decided
    g = Unshakable({"axis": ["axis:Ambush"] * 4, "soviet": ["soviet:Human Wave"] * 2})
    m = clean_board(g)
    place(m, g_48pz="Liski", s_65="Rossosh")
    m.state.hands = {"axis": [], "soviet": []}
    m.state.rps["soviet"] = {"Buturlinovka": 1}
    operation(m, "axis", "Liski", dice=[1] * 20)
    m.act("axis", ("move", "g-48pz"))
    m.act("axis", ("go", "Rossosh"))
    for _ in range(20):
        if m.state.battle is None:
            break
        role = m.active[0]
        m.act(role, m.legal(role)[0])
    s = m.state
    assert "battle-deadlocked" not in [e["kind"] for e in m.log]
    assert s.units["s-65"].dg and s.units["s-65"].loc != "Rossosh"  # depleted twice: gone
    assert s.units["g-48pz"].loc == "Rossosh"


def test_9_5_5_a_cup_of_set_aside_chits_is_refilled_once_and_the_battle_goes_on() -> None:
    # Air Strikes are set aside when non-German Axis units fight: the Rumanians draw nothing,
    # the Soviets reveal their Assaults until the Rumanian corps is disorganized
    g = FixedCups({"axis": ["axis:Air Strike"] * 3, "soviet": ["soviet:Assault"] * 3})
    m = clean_board(g)
    place(m, ro_1="Rossosh", s_65="Liski")
    m.state.hands = {"axis": [], "soviet": []}
    m.state.rps["axis"] = {"Starobelsk": 1}
    operation(m, "soviet", "Liski", dice=[10, 1])
    m.act("soviet", ("move", "s-65"))
    m.act("soviet", ("go", "Rossosh"))
    s = m.state
    assert s.battle is not None and s.battle.drawn["axis"] == []
    assert m.active == ("soviet",)
    m.act("soviet", ("chit", "soviet:Assault"))  # Rumanian rolls 10: disorganized
    s = m.state
    assert s.units["ro-1"].dg
    while s.tasks and s.tasks[-1][0] == "retreat":
        m.act("axis", m.legal("axis")[0])
        s = m.state
    assert s.battle is None and s.units["s-65"].loc == "Rossosh"
