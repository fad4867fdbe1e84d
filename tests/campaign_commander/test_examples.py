"""The rulebook's Operation Example, with the Battle of Rossosh inside it, step by step.

Fixed cups (FixedCups) and scripted dice reproduce the printed example: the Axis spends
one RP (6 SP), moves an infantry corps (1 SP), moves XLVIII Panzer and XXIX Corps into
Rossosh (2 SP, armour) where the battle goes as printed, moves LVII Panzer (2 SP) so that
the 47th Army is isolated at once and then destroyed, and reorganizes XXX Corps with the
last SP, which ends the operation.
"""

from __future__ import annotations

from warroom.games.campaign_commander.model import DEAD

from .helpers import FixedCups, clean_board, place, start_operation

# dice of the example: Air Strike on 65th (7), Human Wave check of 48th Pz (7),
# Assault: 46th (2) then XXIX (8), Poor Coordination on 46th (6), then Air Strike on 47th (9)
DICE = [7, 7, 2, 8, 6, 9]


def example_match():
    g = FixedCups()
    m = clean_board(g)
    place(
        m,
        s_65="Rossosh",
        s_46="Rossosh",
        g_48pz="Liski",
        g_29="Liski",
        g_8="Kupyansk",
        g_30="Izium",
        g_57pz="Tatsinskaya",
        s_47="Millerovo",
    )
    s = m.state
    s.units["g-30"] = s.units["g-30"]._replace(dg=True)
    s.rps["axis"] = {"Starobelsk": 2, "Kantemirovka": 1, "Morozovsk": 1, "Taganrog": 1}
    s.rps["axis"]["Voroshilovgrad"] = 1
    s.rps["soviet"] = {"Buturlinovka": 1}
    s.hands = {r: [] for r in s.hands}  # nobody plays a card in the printed example
    start_operation(m, "axis", DICE)
    return g, m


def test_operation_example_and_battle_of_rossosh() -> None:
    _g, m = example_match()
    s = m.state
    # 1: spend one RP: 6 SP, the Active Operation marker at Starobelsk
    m.act("axis", ("rp", "Starobelsk"))
    assert m.state.op is not None and m.state.op.sp == 6 and m.state.op.area == "Starobelsk"
    # 2: one infantry corps moves (1 SP)
    m.act("axis", ("move", "g-8"))
    m.act("axis", ("go", "Valuyki"))
    m.act("axis", ("halt",))
    assert m.state.op.sp == 5
    # 3: infantry and panzer together cost 2 SP; entering Rossosh starts the battle
    m.act("axis", ("move", "g-48pz"))
    m.act("axis", ("add", "g-29"))
    m.act("axis", ("go", "Rossosh"))
    s = m.state
    assert s.op.sp == 3
    b = s.battle
    assert b is not None and b.attacker == "axis"
    # each side drew its best tactical value: 4 for XLVIII Panzer, 1 for the Soviets
    assert sorted(b.drawn["axis"]) == sorted(
        ["axis:Air Strike", "axis:Flank Attack", "axis:Assault", "axis:Assault"]
    )
    assert b.drawn["soviet"] == ["soviet:Human Wave"]
    assert m.active == ("axis",)  # the attacker reveals first
    # B1: Air Strike; the Soviet player picks the 65th; 7 + 2 = 9 > 6: disorganized
    m.act("axis", ("chit", "axis:Air Strike"))
    assert m.active == ("soviet",)
    m.act("soviet", ("target", "s-65"))
    s = m.state
    assert s.units["s-65"].dg
    # it retreats two areas towards the nearest Soviet RP (Buturlinovka)
    assert m.legal("soviet") == [("retreat", "Anna"), ("retreat", "Uryupinsk")]
    m.act("soviet", ("retreat", "Anna"))
    assert m.state.units["s-65"].loc == "Buturlinovka"
    # B2: Human Wave: the 46th is depleted, the Axis picks XLVIII Pz: 7 vs 7 passes
    assert m.legal("soviet") == [("chit", "soviet:Human Wave")]
    m.act("soviet", ("chit", "soviet:Human Wave"))
    assert m.state.units["s-46"].dep
    m.act("axis", ("target", "g-48pz"))
    s = m.state
    assert not s.units["g-48pz"].dg and not s.units["g-48pz"].dep
    # the Soviet side is out of chits and drew one more: Poor Coordination
    assert s.battle.drawn["soviet"] == ["soviet:Poor Coordination"]
    # C1: Assault: the 46th rolls 2 (passes), XXIX rolls 8 (depleted)
    m.act("axis", ("chit", "axis:Assault"))
    m.act("axis", ("target", "g-29"))
    s = m.state
    assert not s.units["s-46"].dg and s.units["g-29"].dep
    # C2: Poor Coordination: 6 > 5 (the 46th depleted): disorganized, retreats like the 65th
    m.act("soviet", ("chit", "soviet:Poor Coordination"))
    if m.state.tasks[-1][0] == "retreat":
        m.act("soviet", ("retreat", "Anna"))
    s = m.state
    assert s.battle is None
    assert s.units["s-46"].loc == "Buturlinovka" and s.units["s-46"].dg
    assert s.units["g-48pz"].loc == "Rossosh" and s.control["Rossosh"] == "axis"
    # the units that fought have acted
    assert {"g-48pz", "g-29"} <= s.op.acted
    # 4: LVII Panzer (2 SP); after its first area the 47th Army is isolated
    m.act("axis", ("move", "g-57pz"))
    m.act("axis", ("go", "Kamensk"))
    s = m.state
    assert s.op.sp == 1
    assert s.units["s-47"].iso
    m.act("axis", ("go", "Millerovo"))
    m.act("axis", ("chit", "axis:Air Strike"))
    s = m.state
    assert s.units["s-47"].loc == DEAD  # isolated and disorganized: destroyed
    assert "s-47" in s.destroyed
    # 5: the last SP reorganizes XXX Corps; at 0 SP the operation ends
    m.act("axis", ("reorg", "g-30"))
    s = m.state
    assert not s.units["g-30"].dg
    assert s.op is None
    assert s.tasks[-1] == ("choose",)
    assert not s.rng.rolls  # every scripted die was used


def test_battle_log_shows_dice_and_chits() -> None:
    g, m = example_match()
    m.act("axis", ("rp", "Starobelsk"))
    m.act("axis", ("move", "g-48pz"))
    m.act("axis", ("add", "g-29"))
    m.act("axis", ("go", "Rossosh"))
    m.act("axis", ("chit", "axis:Air Strike"))
    m.act("soviet", ("target", "s-65"))
    lines = [g.describe_event(e) for e in m.log]
    assert (
        "65th Army checks cohesion against Air Strike: rolled 7, +2 for Air Strike: 9,"
        " needs 6 or less: fails: disorganized"
    ) in lines
    assert "Axis reveals Air Strike" in lines
