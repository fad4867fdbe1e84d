"""Ships that carry (series 5.2.4, 5.5.2, 6.4, 7.1-7.4, 8.2; campaign 1.i, 7.b-7.d, 10).

Each ground unit at sea is aboard one named ship, each RP at sea aboard one ship (one a
ship in Coral Sea); a ship takes along what it carries and nothing else; landing is part
of the ship's move and pays for it; a ship that retreats, sinks or leaves takes exactly
what is aboard it. Each test fails on 0c67e28, where a sea area was a pool of troops and
RPs.
"""

from __future__ import annotations

from warroom.engine import Match, Rng
from warroom.games.campaign_commander import combat
from warroom.games.campaign_commander.invariants import violations
from warroom.games.campaign_commander.model import DEAD, GONE
from warroom.games.campaign_commander.state import Battle

from .helpers import GAME, aboard, card_turn, clean_board, operation, place, spend

JAPAN, ALLIES = "japan", "allies"


def _kinds(m: Match, role: str, kind: str) -> list[tuple[object, ...]]:
    return [a for a in m.legal(role) if a[0] == kind]


def test_7d_truk_ships_never_take_troops_aboard() -> None:
    m = clean_board()
    place(m, jp_nankai="Buka", jp_41="Rabaul")
    card_turn(m, JAPAN, "jp-truk-1")
    m.act(JAPAN, ("play", "jp-truk-1"))
    m.state.tasks = [("op-rp", JAPAN)]  # the fleet's own RPs: spend the destroyers'
    m.state.cache = None
    m.forget()
    spend(m, JAPAN, "Pacific Ocean", "truk-ls")
    m.act(JAPAN, ("move", "truk-cv"))
    assert _kinds(m, JAPAN, "embark") == []  # Buka and Rabaul are next door: still nothing
    m.act(JAPAN, ("add", "truk-bb"))
    m.act(JAPAN, ("go", "Solomon Sea"))
    assert _kinds(m, JAPAN, "embark") == []
    assert violations(GAME, m.state) == []


def test_7_1_1_a_ship_is_never_cargo() -> None:
    m = clean_board()
    place(m, us_tf17="Gulf of Papua", us_tf11="Port Moresby", us_32="Port Moresby")
    operation(m, ALLIES, "Gulf of Papua")
    m.act(ALLIES, ("move", "us-tf17"))
    embarks = _kinds(m, ALLIES, "embark")
    assert all(not GAME.data.units[a[1]].naval for a in embarks)  # TF 11 (Lexington): never
    assert ("embark", "us-32", "us-tf17") in embarks  # troops in the port next door: yes


def test_5_5_2_landing_begins_the_naval_move_and_pays_for_it() -> None:
    m = clean_board()
    place(m, us_tf17="Coral Sea")
    aboard(m, "us-tf17", "au-30")
    operation(m, ALLIES, "Coral Sea")
    m.act(ALLIES, ("move", "us-tf17"))
    label = GAME.label(m.state, ALLIES, ("land", "Milne Bay"))
    m.act(ALLIES, ("land", "Milne Bay"))
    s = m.state
    assert s.units["au-30"].loc == "Milne Bay" and s.op.sp == 4  # 7.a: 2 SP
    assert label == "Land Australian 30th Brigade at Milne Bay (begins the naval move: 2 SP)"
    assert ("cancel",) not in m.legal(ALLIES)  # the ship has begun its move
    assert s.op.mp == 6 - 2  # its range: laden at sea when it began (7.1.7)
    m.act(ALLIES, ("halt",))
    assert ("move", "us-tf17") not in m.legal(ALLIES)  # it acted: no second move
    assert ("move", "au-30") not in m.legal(ALLIES)  # landed units do not act again (7.1.4)


def test_8_2_troops_landing_among_friends_pay_for_stacking() -> None:
    m = clean_board()
    place(m, us_tf17="Coral Sea", au_7="Milne Bay")
    aboard(m, "us-tf17", "au-30")
    operation(m, ALLIES, "Coral Sea")
    m.act(ALLIES, ("move", "us-tf17"))
    label = GAME.label(m.state, ALLIES, ("land", "Milne Bay"))
    m.act(ALLIES, ("land", "Milne Bay"))
    assert m.state.op.sp == 6 - 2 - 2
    assert label.endswith("(begins the naval move: 2 SP; 2 SP for stacking)")
    assert [e["why"] for e in m.log if e["kind"] == "sp"] == ["naval move", "stacking"]


def test_7_1_an_amphibious_attack_pays_and_the_ships_sail_on_after_the_battle() -> None:
    m = clean_board(seed=3)
    place(m, us_tf17="Coral Sea", us_tf64="Coral Sea", jp_41="Milne Bay")
    aboard(m, "us-tf17", "us-1mar")
    operation(m, ALLIES, "Coral Sea", ship="us-tf64")
    m.act(ALLIES, ("move", "us-tf17"))
    m.act(ALLIES, ("land", "Milne Bay"))
    s = m.state
    assert s.battle is not None and s.battle.units[ALLIES] == ["us-1mar"]
    assert s.op.sp == 4  # the landing paid the naval move
    rng = Rng(5)
    while m.state.battle is not None:  # fight it out, any way
        role = m.active[0]
        acts = m.legal(role)
        m.act(role, acts[rng.below(len(acts))])
    s = m.state
    assert s.op is not None and s.op.group == ["us-tf17"]  # the naval movement resumes
    acts = m.legal(ALLIES)
    assert ("go", "Gulf of Papua") in acts and not _kinds(m, ALLIES, "land")
    assert violations(GAME, s) == []


def test_7_1_6_embarking_at_sea_costs_two_range_even_with_troops_aboard() -> None:
    m = clean_board()
    place(m, us_tf17="Coral Sea", au_7="Milne Bay")
    aboard(m, "us-tf17", "au-30")
    operation(m, ALLIES, "Coral Sea")
    m.act(ALLIES, ("move", "us-tf17"))
    m.act(ALLIES, ("embark", "au-7", "us-tf17"))
    assert m.state.op.mp == 6 - 2 - 2  # laden at sea (7.1.7) and the embarkation (7.1.6)
    assert m.state.aboard == {"au-30": "us-tf17", "au-7": "us-tf17"}


def test_5_2_4_7_3_a_ship_takes_along_only_what_it_carries() -> None:
    m = clean_board()
    place(m, us_tf17="Coral Sea", au_tf44="Coral Sea", us_desron="Coral Sea")
    aboard(m, "us-tf17", "au-30", rp=1)
    aboard(m, "au-tf44", "au-7", rp=1)
    operation(m, ALLIES, "Coral Sea", ship="us-desron")  # the destroyers' RP is spent
    m.act(ALLIES, ("move", "us-tf17"))
    m.act(ALLIES, ("go", "Gulf of Papua"))
    m.act(ALLIES, ("halt",))
    s = m.state
    assert s.units["au-30"].loc == "Gulf of Papua" and s.units["au-7"].loc == "Coral Sea"
    assert s.rps[ALLIES] == {"Gulf of Papua": 1, "Coral Sea": 1}  # one RP a ship (7.b)
    assert s.aboard == {"au-30": "us-tf17", "au-7": "au-tf44"}
    assert s.rp_aboard == {"us-tf17": 1, "au-tf44": 1}
    assert violations(GAME, s) == []


def _naval_battle(m: Match, sea: str, japanese: list[str]) -> None:
    s = m.state
    s.units["us-tf17"] = s.units["us-tf17"]._replace(loc=sea)
    s.battle = Battle(sea, ALLIES, JAPAN, "Coral Sea", "", True)
    s.battle.units = {ALLIES: ["us-tf17"], JAPAN: list(japanese)}
    s.tasks = [("battle",)]
    s.cache = None
    m.forget()


def test_7_4_a_retreating_ship_takes_exactly_what_it_carries() -> None:
    m = clean_board()
    place(m, jp_8f="Solomon Sea", jp_desron2="Solomon Sea")
    aboard(m, "jp-8f", "jp-nankai", rp=1)
    aboard(m, "jp-desron2", "jp-41")
    _naval_battle(m, "Solomon Sea", ["jp-8f", "jp-desron2"])
    s = m.state
    combat.disorganize(GAME, s, "jp-8f")
    while s.tasks[-1][0] == "port":  # the owner picks the port: the nearest
        GAME.apply(s, JAPAN, GAME.legal_actions(s, JAPAN)[0])
    assert s.units["jp-8f"].loc == "Rabaul"
    assert s.units["jp-41"].loc == "Solomon Sea"  # aboard the other ship: it stays
    assert s.rps[JAPAN] == {"Rabaul": 1}  # its RP went home with it, none floats at sea
    assert s.units["jp-nankai"].loc == "Rabaul" and s.units["jp-nankai"].dg  # 7.4.1, ashore
    assert s.aboard == {"jp-41": "jp-desron2"}
    assert violations(GAME, s) == []


def test_7_4_3_a_sunk_ship_takes_one_unit_down_and_the_others_change_ships() -> None:
    m = clean_board()
    place(m, jp_8f="Solomon Sea", jp_desron2="Solomon Sea")
    aboard(m, "jp-8f", "jp-nankai", "jp-snlf-kure", rp=1)
    _naval_battle(m, "Solomon Sea", ["jp-8f", "jp-desron2"])
    s = m.state
    combat.destroy(GAME, s, "jp-8f", "test")
    assert GAME.active(s) == (JAPAN,)  # its owner picks the unit lost with it
    assert GAME.legal_actions(s, JAPAN) == [("cargo", "jp-nankai"), ("cargo", "jp-snlf-kure")]
    GAME.apply(s, JAPAN, ("cargo", "jp-snlf-kure"))
    assert s.units["jp-snlf-kure"].loc == DEAD
    assert s.aboard == {"jp-nankai": "jp-desron2"}  # the other is picked up
    assert s.rp_aboard == {"jp-desron2": 1} and s.rps[JAPAN] == {"Solomon Sea": 1}
    assert violations(GAME, s) == []


def test_7_4_4_the_last_ship_sunk_loses_everything_aboard() -> None:
    m = clean_board()
    place(m, jp_8f="Solomon Sea")
    aboard(m, "jp-8f", "jp-nankai", "jp-41", rp=1)
    _naval_battle(m, "Solomon Sea", ["jp-8f"])
    s = m.state
    combat.destroy(GAME, s, "jp-8f", "test")
    assert all(s.units[u].loc == DEAD for u in ("jp-8f", "jp-nankai", "jp-41"))
    assert s.rps[JAPAN] == {} and s.aboard == {} and s.rp_aboard == {}
    assert violations(GAME, s) == []


def test_1i_japanese_troops_cannot_land_in_the_australia_box() -> None:
    m = clean_board()
    place(m, jp_8f="Gulf of Papua")
    aboard(m, "jp-8f", "jp-nankai")
    operation(m, JAPAN, "Gulf of Papua")
    m.act(JAPAN, ("move", "jp-8f"))
    lands = _kinds(m, JAPAN, "land")
    assert ("land", "Port Moresby") in lands and ("land", "Australia") not in lands


def test_no_empty_disembark_line_when_only_an_rp_comes_ashore() -> None:
    m = clean_board()
    place(m, us_tf17="Gulf of Papua", us_desron="Gulf of Papua")
    aboard(m, "us-tf17", rp=1)
    operation(m, ALLIES, "Gulf of Papua", ship="us-desron")
    m.act(ALLIES, ("move", "us-tf17"))
    m.act(ALLIES, ("go", "Port Moresby"))
    m.act(ALLIES, ("halt",))
    kinds = [e["kind"] for e in m.log]
    assert "disembark" not in kinds
    landed = [e for e in m.log if e["kind"] == "rp-landed"]
    assert [(e["area"], e["n"]) for e in landed] == [("Port Moresby", 1)]
    assert m.state.rps[ALLIES] == {"Port Moresby": 1}
    assert all("units=[]" not in GAME.describe_event(e) for e in m.log)


def test_10_midway_carriers_leave_their_troops_to_the_other_ships() -> None:
    m = clean_board()
    place(m, jp_cv5="Solomon Sea", jp_8f="Solomon Sea")
    aboard(m, "jp-cv5", "jp-nankai", rp=1)
    card_turn(m, JAPAN, "jp-midway")
    m.act(JAPAN, ("play", "jp-midway"))
    s = m.state
    assert s.units["jp-cv5"].loc == GONE
    assert s.aboard == {"jp-nankai": "jp-8f"} and s.rp_aboard == {"jp-8f": 1}
    assert violations(GAME, s) == []


def test_7b_a_ship_leaving_a_sea_area_takes_its_own_rp_and_no_other() -> None:
    """Before, a ship leaving a sea area took every RP of its side there (one destroyer
    squadron carried three in the finding); 7.b allows one a ship, and only its own."""
    m = clean_board()
    place(m, us_desron="Coral Sea", us_tf17="Coral Sea", au_tf44="Coral Sea")
    aboard(m, "us-desron", rp=1)
    aboard(m, "us-tf17", rp=1)
    operation(m, ALLIES, "Coral Sea", ship="au-tf44")  # TF 44's RP is spent: two are left
    m.act(ALLIES, ("move", "us-desron"))
    m.act(ALLIES, ("go", "Gulf of Papua"))
    m.act(ALLIES, ("halt",))
    s = m.state
    assert s.rps[ALLIES] == {"Coral Sea": 1, "Gulf of Papua": 1}
    assert s.rp_aboard == {"us-desron": 1, "us-tf17": 1}
    assert violations(GAME, s) == []
