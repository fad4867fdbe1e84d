"""Roads to Stalingrad special rules 1-19, one or more tests each."""

from __future__ import annotations

import warroom
from warroom.engine import Match
from warroom.games.campaign_commander.model import GONE

from .helpers import FixedCups, card_turn, clean_board, operation, place

GAME = warroom.game("roads-to-stalingrad")


def goes(m: Match, role: str) -> set[str]:
    return {a[1] for a in m.legal(role) if a[0] == "go"}


# ----- 1. terrain ----------------------------------------------------------------------------
def test_1c_mountains_stop_movement_and_help_defenders() -> None:
    m = clean_board(GAME)
    place(m, g_3pz="Budennovsk")
    operation(m, "axis", "Kharkov")
    s = m.state
    s.rps["axis"]["Budennovsk"] = 1
    operation(m, "axis", "Budennovsk")
    m.act("axis", ("move", "g-3pz"))
    m.act("axis", ("go", "Pyatigorsk"))
    assert m.state.op is None or m.state.op.group == []  # stopped at once (and halted)
    assert m.state.units["g-3pz"].loc == "Pyatigorsk"
    g = FixedCups()
    m2 = clean_board(g)
    place(m2, g_3pz="Budennovsk", s_44="Pyatigorsk")
    operation(m2, "axis", "Budennovsk")
    m2.act("axis", ("move", "g-3pz"))
    m2.act("axis", ("go", "Pyatigorsk"))
    b = m2.state.battle
    assert g.tactical(m2.state, b, "s-44") == 1 + 2
    assert g.cohesion(m2.state, b, "s-44") == 6 + 1


def test_1b_major_river_costs_one_more_into_enemy_and_cuts_cohesion() -> None:
    g = FixedCups()
    m = clean_board(g)
    place(m, g_14pz="Kharkov", s_28="Kupyansk")
    operation(m, "axis", "Kharkov")
    m.act("axis", ("move", "g-14pz"))
    step = g.enter(m.state, m.state.op, "Kharkov", "Kupyansk", 3, 0)
    assert step == (2, False)  # +1 into an enemy-held area across the Donets
    m.act("axis", ("go", "Kupyansk"))
    b = m.state.battle
    assert b.crossing == "major"
    assert g.cohesion(m.state, b, "g-14pz") == 7 - 2


def test_1b_winter_softens_rivers() -> None:
    g = FixedCups()
    m = clean_board(g)
    place(m, g_14pz="Kharkov", s_28="Kupyansk")
    m.state.permanent["Winter Arrives"] = "soviet"
    m.state.flags["winter_at"] = 0
    operation(m, "axis", "Kharkov")
    m.act("axis", ("move", "g-14pz"))
    assert g.enter(m.state, m.state.op, "Kharkov", "Kupyansk", 3, 0) == (1, False)
    m.act("axis", ("go", "Kupyansk"))
    assert g.cohesion(m.state, m.state.battle, "g-14pz") == 7 - 1


def test_1b_minor_river_cohesion() -> None:
    g = FixedCups()
    m = clean_board(g)
    place(m, g_13="Valuyki", s_21="Liski")
    operation(m, "axis", "Kharkov")
    m.act("axis", ("move", "g-13"))
    m.act("axis", ("go", "Liski"))
    assert m.state.battle.crossing == "minor"
    assert g.cohesion(m.state, m.state.battle, "g-13") == 7 - 1


def test_1b_volga_takes_all_movement_forbids_attack_and_closes_in_winter() -> None:
    m = clean_board(GAME)
    place(m, s_62="Leninsk")
    operation(m, "soviet", "Saratov")
    s = m.state
    s.rps["soviet"]["Leninsk"] = 1
    operation(m, "soviet", "Leninsk")
    m.act("soviet", ("move", "s-62"))
    assert "Stalingrad" in goes(m, "soviet")
    m.act("soviet", ("go", "Stalingrad"))
    assert m.state.op is None or m.state.op.group == []  # all its movement spent
    assert m.state.units["s-62"].loc == "Stalingrad"
    m2 = clean_board(GAME)
    place(m2, s_62="Leninsk", g_8="Stalingrad")
    operation(m2, "soviet", "Leninsk")
    m2.act("soviet", ("move", "s-62"))
    assert "Stalingrad" not in goes(m2, "soviet")  # no attack across the Volga
    m3 = clean_board(GAME)
    place(m3, s_62="Leninsk")
    s3 = m3.state
    s3.permanent["Winter Arrives"] = "axis"
    s3.flags["winter_at"] = s3.cards_count
    operation(m3, "soviet", "Leninsk")
    m3.act("soviet", ("move", "s-62"))
    assert "Stalingrad" not in goes(m3, "soviet")  # closed for five cards
    m3.state.cards_count += 5
    m3.state.cache = None
    m3.forget()
    assert "Stalingrad" in goes(m3, "soviet")  # then a major river


def test_1d_kerch_straits_and_the_west_edge() -> None:
    m = clean_board(GAME)
    place(m, s_47="Novorossiysk")
    operation(m, "soviet", "Krasnodar")
    m.act("soviet", ("move", "s-47"))
    assert "Kerch" not in goes(m, "soviet")  # not before winter
    m.state.permanent["Winter Arrives"] = "axis"
    m.state.cache = None
    m.forget()
    assert "Kerch" in goes(m, "soviet")
    m2 = clean_board(GAME)
    place(m2, g_42="Kerch")
    operation(m2, "axis", "Kerch")
    m2.act("axis", ("move", "g-42"))
    assert ("exit",) in m2.legal("axis")
    m2.act("axis", ("exit",))
    assert m2.state.units["g-42"].loc == GONE


def test_1f_control_goes_to_the_last_side_through() -> None:
    m = clean_board(GAME)
    place(m, g_8="Kupyansk")
    operation(m, "axis", "Kharkov")
    assert m.state.control["Liski"] == "soviet"
    m.act("axis", ("move", "g-8"))
    m.act("axis", ("go", "Liski"))
    assert m.state.control["Liski"] == "axis"


# ----- 3. Axis nationalities ----------------------------------------------------------------
def test_3_nationalities_impassable_and_three_areas_apart() -> None:
    m = clean_board(GAME)
    place(m, it_35="Kharkov", ro_1="Lozovaya", hu_3="Kursk")
    s = m.state
    assert not GAME.passable_for(s, "it-35", "Lozovaya")  # a Rumanian area
    assert GAME.passable_for(s, "it-35", "Izium")
    assert not GAME.passable_for(s, "hu-3", "Kharkov")  # two areas from the Rumanians
    place(m, g_8="Lozovaya")
    assert GAME.passable_for(m.state, "g-8", "Kharkov")  # Germans stack with anyone


# ----- 4, 14. initiative and the STAVKA -----------------------------------------------------
def test_4_14_stavka_ends_initiative_and_adds_chits() -> None:
    m = clean_board(GAME)
    s = m.state
    assert s.initiative == "axis"
    card_turn(m, "soviet", "so-stavka")
    assert ("play", "so-stavka") not in m.legal("soviet")  # summer, far from Stalingrad
    place(m, g_8="Kalach")
    assert ("play", "so-stavka") in m.legal("soviet")
    m.act("soviet", ("play", "so-stavka"))
    assert m.state.initiative is None
    from warroom.games.campaign_commander.state import Battle

    b = Battle("Rossosh", "soviet", "axis", "Liski", "", False)
    b.units = {"soviet": ["s-4tc"], "axis": ["g-8"]}
    cup = GAME.build_cup(m.state, b, "soviet")
    assert cup.count("soviet:Air Strike") == 2 and cup.count("soviet:Bombardment") == 4
    assert cup.count("soviet:Armored Assault") == 2
    assert "soviet:Field Fortifications" not in cup  # the Soviets attack here


# ----- 5, 6. resource placement, Railhead Advance, Directive 45 -----------------------------
def test_5a_axis_rps_stay_west_until_the_railhead_advances() -> None:
    m = clean_board(GAME)
    s = m.state
    s.control["Rostov"] = s.control["Millerovo"] = s.control["Voroshilovgrad"] = "axis"
    places = GAME.rp_places(s, "axis")
    assert "Kharkov" in places and "Rostov" not in places
    card_turn(m, "axis", "ax-railhead-1")
    m.act("axis", ("play", "ax-railhead-1"))
    places = GAME.rp_places(m.state, "axis")
    assert "Rostov" in places and "Voroshilovgrad" in places
    assert m.state.tasks[-1][:3] == ("place", "axis", "rp")


def test_6_later_railheads_need_maikop_or_grozny() -> None:
    m = clean_board(GAME)
    s = m.state
    s.flags["railheads"] = 1
    assert not GAME.condition(s, "axis", "railhead")
    s.control["Maikop"] = "axis"
    assert GAME.condition(s, "axis", "railhead")
    s.flags["railheads"] = 2
    assert not GAME.condition(s, "axis", "railhead")
    s.control["Grozny"] = "axis"
    assert GAME.condition(s, "axis", "railhead")


def test_5b_soviet_rps_need_a_chain_to_the_supply_sources() -> None:
    m = clean_board(GAME)
    s = m.state
    places = GAME.rp_places(s, "soviet")
    assert "Voronezh" in places and "Stalingrad" in places
    for a in GAME.data.map.neighbors["Krasnodar"]:
        place(m, **{"g_8": a})
        break
    # cut Krasnodar off completely with Axis units in every neighbour
    for uid, a in zip(
        ("g-8", "g-13", "g-29", "g-17", "g-51"), GAME.data.map.neighbors["Krasnodar"], strict=False
    ):
        place(m, **{uid.replace("-", "_"): a})
    assert "Krasnodar" not in GAME.rp_places(m.state, "soviet")


def test_15e_directive_45_alternates_army_groups() -> None:
    m = clean_board(GAME)
    s = m.state
    s.permanent["Directive 45"] = "axis"
    s.flags["railheads"] = 1
    for c in ("Rostov", "Millerovo", "Taganrog"):
        s.control[c] = "axis"
    s.tasks = [("place", "axis", "rp", 2, "test")]
    s.cache = None
    m.forget()
    first = m.legal("axis")[0][1]
    m.act("axis", ("place", first))
    sector = GAME.data.areas[first].sector
    nxt = {GAME.data.areas[a[1]].sector for a in m.legal("axis")}
    assert nxt == {"A" if sector == "B" else "B"}


# ----- 7. reinforcements --------------------------------------------------------------------
def test_7c_soviet_reinforcement_card_limits() -> None:
    m = clean_board(GAME)
    s = m.state
    assert not GAME.condition(s, "soviet", "soviet-reinforcement")
    s.cards_count = 15
    assert GAME.condition(s, "soviet", "soviet-reinforcement")
    s.flags["soviet_reinf"] = 1
    assert not GAME.condition(s, "soviet", "soviet-reinforcement")
    s.cards_count = 20
    assert GAME.condition(s, "soviet", "soviet-reinforcement")
    s.cards_count = 3
    s.control["Stalingrad"] = "axis"
    assert GAME.condition(s, "soviet", "soviet-reinforcement")  # suspended


def test_7_reinforcements_enter_where_rps_may_go() -> None:
    m = clean_board(GAME)
    card_turn(m, "axis", "ax-italians")
    m.act("axis", ("play", "ax-italians"))
    acts = m.legal("axis")
    assert acts and {a[1] for a in acts} <= set(GAME.rp_places(m.state, "axis"))
    m.act("axis", acts[0])
    assert m.state.units["it-2"].loc == acts[0][1]


# ----- 8, 9, 10, 13. movement costs ---------------------------------------------------------
def test_8_armour_moves_for_two_sp_and_13_winter_doubles_axis_costs() -> None:
    m = clean_board(GAME)
    place(m, g_14pz="Kharkov", g_17="Kharkov")
    operation(m, "axis", "Kharkov")
    s = m.state
    assert GAME.move_cost(s, "axis", ["g-14pz"]) == 2
    assert GAME.move_cost(s, "axis", ["g-17"]) == 1
    s.permanent["Winter Arrives"] = "soviet"
    assert GAME.move_cost(s, "axis", ["g-14pz"]) == 4
    assert GAME.move_cost(s, "axis", ["g-17"]) == 1  # infantry alone: not doubled
    assert GAME.action_cost(s, "axis", 1) == 2  # reorganizing, stacking...


def test_9_german_infantry_move_two_but_attack_with_one() -> None:
    m = clean_board(GAME)
    place(m, g_17="Kharkov", s_28="Liski")
    operation(m, "axis", "Kharkov")
    m.act("axis", ("move", "g-17"))
    m.act("axis", ("go", "Izium"))
    assert "Voroshilovgrad" in goes(m, "axis")  # a second area
    m2 = clean_board(GAME)
    place(m2, g_17="Kharkov", s_28="Voroshilovgrad")
    operation(m2, "axis", "Kharkov")
    m2.act("axis", ("move", "g-17"))
    m2.act("axis", ("go", "Izium"))
    assert "Voroshilovgrad" not in goes(m2, "axis")  # no attack after moving


def test_10_manstein_adds_movement_and_tactical_value() -> None:
    g = FixedCups()
    m = clean_board(g)
    place(m, g_17="Kharkov", manstein="Kharkov", s_28="Voroshilovgrad")
    operation(m, "axis", "Kharkov")
    m.act("axis", ("move", "g-17"))
    m.act("axis", ("add", "manstein"))
    m.act("axis", ("go", "Izium"))
    assert "Voroshilovgrad" in goes(m, "axis")  # 2 to attack with him
    m.act("axis", ("go", "Voroshilovgrad"))
    assert g.tactical(m.state, m.state.battle, "g-17") == 2 + 1


def test_10a_backhand_blow_brings_manstein_and_two_operations() -> None:
    m = clean_board(GAME)
    place(m, g_17="Kharkov")
    s = m.state
    s.rps["axis"] = {"Kharkov": 2, "Poltava": 1}
    s.permanent["Winter Arrives"] = "soviet"
    card_turn(m, "axis", "ax-backhand")
    m.act("axis", ("play", "ax-backhand"))
    m.act("axis", ("place", "Kharkov"))
    assert m.state.units["manstein"].loc == "Kharkov"
    assert [t for t in m.state.tasks if t[0] == "op-rp"] == [("op-rp", "axis")] * 2


# ----- 11. Axis replacements ------------------------------------------------------------------
def test_11_axis_rebuilds_one_unit_every_two_operations() -> None:
    m = clean_board(GAME)
    place(m, g_17="Kharkov", g_51="Kharkov")
    s = m.state
    for u in ("g-17", "g-51"):
        s.units[u] = s.units[u]._replace(dep=True)
    operation(m, "axis", "Kharkov")
    m.act("axis", ("rebuild", "g-17"))
    m.act("axis", ("done",))
    operation(m, "axis", "Kharkov")
    assert ("rebuild", "g-51") not in m.legal("axis")
    m.act("axis", ("done",))
    operation(m, "axis", "Kharkov")
    assert ("rebuild", "g-51") in m.legal("axis")


# ----- 12, 17. Fall Blau and the set-up -----------------------------------------------------
def test_12_17_the_game_opens_with_an_axis_operation_from_the_setup() -> None:
    m = Match.new(GAME, seed=3)
    s = m.state
    assert m.active == ("axis",)
    assert s.tasks[-1] == ("op-rp", "axis")
    assert all(len(s.hands[r]) == 5 for r in GAME.roles)
    assert s.units["g-48pz"].loc == "Kursk" and s.units["it-2"].loc == "pool"
    assert s.units["manstein"].loc == "absent"


# ----- 15. permanent cards ---------------------------------------------------------------------
def test_15_permanent_cards_work_once_for_the_first_to_play() -> None:
    m = clean_board(GAME)
    card_turn(m, "soviet", "so-winter")
    m.act("soviet", ("play", "so-winter"))
    assert m.state.permanent["Winter Arrives"] == "soviet"
    card_turn(m, "axis", "ax-winter")
    acts = m.legal("axis")
    assert ("play", "ax-winter") not in acts and ("discard", "ax-winter") in acts


# ----- 16. victory points ------------------------------------------------------------------------
def test_16_victory_points() -> None:
    m = clean_board(GAME)
    s = m.state
    base = GAME.victory_points(s)
    s.destroyed += ["g-48pz", "g-17", "s-6", "s-21", "s-28"]
    vp = GAME.victory_points(s)
    assert vp["soviet"] - base["soviet"] == 2 + 1
    assert vp["axis"] - base["axis"] == 1  # one per two Soviet units
    s.control["Stalingrad"] = "axis"
    s.flags["railheads"] = 1
    s.control["Rostov"] = s.control["Millerovo"] = "axis"
    with_city = GAME.victory_points(s)
    s.permanent["Directive 45"] = "axis"
    assert GAME.victory_points(s)["axis"] >= with_city["axis"]


def test_16_the_axis_rear_cities_score_for_the_axis() -> None:
    # our designed VP circles: the cities the Axis holds behind the 28 June line carry Axis
    # circles too (1.a.II: a city with both pays its holder); the rear always satisfies
    # rule 5 for the Axis, so they count without the railhead
    m = clean_board(GAME)
    s = m.state
    rear = {"Kharkov": 3, "Dnepropetrovsk": 2, "Stalino": 2, "Kerch": 2, "Poltava": 2}
    rear |= {"Kursk": 1, "Belgorod": 1}
    for city, n in rear.items():
        assert dict(GAME.data.areas[city].vp)["axis"] == n and s.control[city] == "axis"
    assert GAME.victory_points(s)["axis"] == sum(rear.values())
    s.control["Kharkov"] = "soviet"  # lost: the Axis no longer scores it
    assert GAME.victory_points(s)["axis"] == sum(rear.values()) - 3


# ----- 19. battle chits ----------------------------------------------------------------------------
def test_19_chit_counts_and_conditions() -> None:
    from warroom.games.campaign_commander.state import Battle

    s = clean_board(GAME).state
    b = Battle("Rossosh", "axis", "soviet", "Liski", "", False)
    b.units = {"axis": ["g-8"], "soviet": ["s-6"]}
    axis = GAME.build_cup(s, b, "axis")
    soviet = GAME.build_cup(s, b, "soviet")
    assert len(axis) == 14  # no panzer: no Panzer Attack
    assert len(soviet) == 11 + 2  # Field Fortifications: the Soviets defend
    b.units["axis"] = ["g-8", "g-48pz"]
    assert len(GAME.build_cup(s, b, "axis")) == 14 + 3
    b.units["axis"] = ["g-48pz", "it-35"]
    c = GAME.data.chits["axis:Air Strike"]
    assert GAME.chit_redraw(s, b, "axis", c, [])  # non-German allies present


def test_1d_kerch_units_may_retreat_off_the_west_edge() -> None:
    g = FixedCups({"axis": ["axis:Ambush"] * 4, "soviet": ["soviet:Assault"] * 2})
    m = clean_board(g)
    place(m, g_42="Kerch", s_47="Novorossiysk")
    s = m.state
    s.hands = {r: [] for r in s.hands}  # no battle card to answer with
    s.permanent["Winter Arrives"] = "axis"
    s.rps["axis"] = {"Feodosia": 1}
    operation(m, "soviet", "Krasnodar", dice=[10, 1])
    m.act("soviet", ("move", "s-47"))
    m.act("soviet", ("go", "Kerch"))
    m.act("soviet", ("chit", "soviet:Assault"))  # the XLII checks first: 10 fails
    assert ("exit",) in m.legal("axis")
    m.act("axis", ("exit",))
    assert m.state.units["g-42"].loc == GONE and "g-42" not in m.state.destroyed
