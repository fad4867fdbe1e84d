"""Coral Sea special rules 1-13, one or more tests each (see NOTES.md's table)."""

from __future__ import annotations

from warroom.engine import ScriptedRng
from warroom.games.campaign_commander.coral_sea import GAME
from warroom.games.campaign_commander.model import DEAD, GONE
from warroom.games.campaign_commander.state import Battle, Unit

from .helpers import card_turn, clean_board, new_match, operation, place

JAPAN, ALLIES = "japan", "allies"


# ----- 1: terrain ------------------------------------------------------------------------------
def test_initial_control_and_islands() -> None:
    s = new_match().state
    for a in ("Rabaul", "Gasmata", "Cape Gloucester", "Kavieng", "New Hanover"):
        assert s.control[a] == JAPAN
    for a in ("Port Moresby", "Lae", "Lunga", "Noumea", "Australia", "Buin"):
        assert s.control[a] == ALLIES
    assert GAME.islands["Guadalcanal"] == ("Cape Esperance", "Lunga")
    # only urban areas have VP; mountains are land areas
    assert all(not ad.vp or ad.city for ad in GAME.data.areas.values())
    assert GAME.data.areas["Owen Stanley"].terrain == "mountain"


def test_rabaul_is_worth_more_to_japan() -> None:
    # our designed values (balance, NOTES "Balance"): the bases of the Bismarck barrier are
    # worth more to Japan (Rabaul 5 and Kavieng 2) than to the Allies (3 and 1); at the start
    # Japan holds New Britain and New Ireland: Rabaul + Kavieng
    assert dict(GAME.data.areas["Rabaul"].vp) == {JAPAN: 5, ALLIES: 3}
    s = new_match().state
    assert dict(GAME.data.areas["Kavieng"].vp) == {JAPAN: 2, ALLIES: 1}
    assert GAME.victory_points(s)[JAPAN] == 5 + 2
    s.control["Gasmata"] = ALLIES  # New Britain split: Rabaul scores for nobody
    assert GAME.victory_points(s)[JAPAN] == 2


def test_whole_islands_score() -> None:
    s = new_match().state
    vp0 = GAME.victory_points(s)[ALLIES]
    s.control["Cape Esperance"] = JAPAN  # Guadalcanal split: Lunga's 2 VP go to nobody
    assert GAME.victory_points(s)[ALLIES] == vp0 - 2
    assert GAME.victory_points(s)[JAPAN] == GAME.victory_points(new_match().state)[JAPAN]
    s.control["Lunga"] = JAPAN
    assert GAME.victory_points(s)[JAPAN] == GAME.victory_points(new_match().state)[JAPAN] + 2


def test_australia_closed_to_japan_and_two_zones_away() -> None:
    m = clean_board()
    place(m, jp_8f="Gulf of Papua", jp_nankai="Buna")
    assert not GAME.passable_for(m.state, "jp-nankai", "Australia")
    operation(m, JAPAN, "Gulf of Papua")
    m.act(JAPAN, ("move", "jp-8f"))
    assert ("go", "Australia") not in m.legal(JAPAN)
    assert GAME.dist["Gulf of Papua"]["Australia"] == 2
    assert GAME.dist["Australia"]["Port Moresby"] == 3


def test_ports_work_for_their_controller_only() -> None:
    m = clean_board()
    place(m, us_tf17="Solomon Sea")
    operation(m, ALLIES, "Solomon Sea")
    m.act(ALLIES, ("move", "us-tf17"))
    acts = m.legal(ALLIES)
    assert ("go", "Buna") in acts  # an Allied port
    assert ("go", "Rabaul") not in acts  # a Japanese one


def test_one_movement_factor_per_area_and_ground_stays_on_land() -> None:
    m = clean_board()
    place(m, au_30="Port Moresby")
    operation(m, ALLIES, "Port Moresby")
    m.act(ALLIES, ("move", "au-30"))
    assert m.legal(ALLIES) == [("go", "Owen Stanley"), ("cancel",)]
    m.act(ALLIES, ("go", "Owen Stanley"))
    assert m.state.op.mp == 1
    assert ("go", "Buna") in m.legal(ALLIES)


# ----- 3: initiative ------------------------------------------------------------------------------
def test_japan_starts_with_the_initiative() -> None:
    s = new_match().state
    assert s.initiative == JAPAN
    assert GAME.sequence_modifier(s, JAPAN) == 2 and GAME.sequence_modifier(s, ALLIES) == 0


def test_allies_win_the_initiative_by_retaking_three_places() -> None:
    m = clean_board()
    s = m.state
    for a in ("Lae", "Buna", "Port Moresby"):
        s.control[a] = JAPAN
    GAME.check_end(s)
    assert s.initiative == JAPAN
    for a in ("Lae", "Buna"):
        s.control[a] = ALLIES
    GAME.check_end(s)
    assert s.initiative == JAPAN  # two only
    s.control["Port Moresby"] = ALLIES
    GAME.check_end(s)
    assert s.initiative == ALLIES and s.flags["allied_init"]
    s.control["Port Moresby"] = JAPAN
    GAME.check_end(s)
    assert s.initiative == ALLIES  # for the rest of the game


def test_allies_win_the_initiative_by_eight_kills() -> None:
    s = new_match().state
    japanese = [u for u, d in GAME.data.units.items() if d.side == JAPAN]
    s.destroyed = japanese[:7]
    GAME.check_end(s)
    assert s.initiative == JAPAN
    s.destroyed = japanese[:8]
    GAME.check_end(s)
    assert s.initiative == ALLIES


def test_tracking_stations_lends_the_initiative_for_one_operation() -> None:
    m = clean_board()
    place(m, au_30="Port Moresby")
    card_turn(m, ALLIES, "al-tracking-1")
    m.act(ALLIES, ("play", "al-tracking-1"))
    assert m.state.initiative == ALLIES
    operation(m, ALLIES, "Port Moresby")
    m.act(ALLIES, ("done",))
    assert m.state.initiative == JAPAN


# ----- 4, 5: resource points and reinforcements --------------------------------------------
def test_rp_and_reinforcement_places() -> None:
    m = new_match()
    s = m.state
    assert GAME.rp_places(s, JAPAN) == ["Rabaul"]
    assert GAME.rp_places(s, ALLIES) == ["Australia", "Noumea"]
    card_turn(m, JAPAN, "jp-kawa")
    assert ("play", "jp-kawa") in m.legal(JAPAN)
    m.state.control["Rabaul"] = ALLIES
    m.state.cache = None
    m.forget()
    assert ("play", "jp-kawa") not in m.legal(JAPAN)  # 5: it could only go to enemy ground


def test_rps_move_only_by_sea_between_urban_areas() -> None:
    m = clean_board()
    place(m, jp_8f="Rabaul")
    m.state.rps[JAPAN]["Rabaul"] = 2
    operation(m, JAPAN, "Rabaul")
    m.act(JAPAN, ("move", "jp-8f"))
    m.act(JAPAN, ("load-rp", "jp-8f"))
    assert ("load-rp", "jp-8f") not in m.legal(JAPAN)  # one RP per ship (7.b)
    m.act(JAPAN, ("go", "Solomon Sea"))
    m.act(JAPAN, ("halt",))
    assert m.state.rps[JAPAN] == {"Rabaul": 1, "Solomon Sea": 1}
    assert m.state.rp_aboard == {"jp-8f": 1}  # the RP at sea is the one aboard the ship


# ----- 6: war in the jungle ---------------------------------------------------------------------
def test_war_in_the_jungle() -> None:
    m = clean_board()
    place(m, au_30="Port Moresby", au_kanga="Wau")
    m.state.rps[ALLIES]["Port Moresby"] = 2
    operation(m, ALLIES, "Port Moresby")
    m.act(ALLIES, ("move", "au-30"))
    m.act(ALLIES, ("go", "Owen Stanley"))
    assert m.state.units["au-30"].dep and not m.state.units["au-30"].dg
    m.act(ALLIES, ("go", "Buna"))  # one move, one depletion
    assert not m.state.units["au-30"].dg
    m.act(ALLIES, ("done",)) if m.state.op else None
    operation(m, ALLIES, "Port Moresby")
    m.act(ALLIES, ("move", "au-30"))
    m.act(ALLIES, ("go", "Milne Bay"))
    assert m.state.units["au-30"].dep and m.state.units["au-30"].dg


# ----- 7: naval units -------------------------------------------------------------------------
def test_naval_moves_cost_two_and_need_their_own_rp() -> None:
    m = clean_board()
    place(m, jp_8f="Rabaul", jp_desron2="Kavieng", jp_nankai="Rabaul")
    m.state.rps[JAPAN]["Kavieng"] = 1
    operation(m, JAPAN, "Rabaul")
    acts = m.legal(JAPAN)
    assert ("move", "jp-8f") in acts and ("move", "jp-desron2") not in acts  # 7.c
    m.act(JAPAN, ("move", "jp-8f"))
    m.act(JAPAN, ("go", "Solomon Sea"))
    assert m.state.op.sp == 4  # 7.a
    m.act(JAPAN, ("go", "The Slot"))
    assert ("halt",) in m.legal(JAPAN)  # 7.c: may end anywhere at sea


def test_transport_three_ground_units() -> None:
    m = clean_board()
    place(m, jp_8f="Rabaul", jp_nankai="Rabaul", jp_snlf_kure="Rabaul", jp_41="Rabaul",
          jp_ichiki="Rabaul")  # fmt: skip
    operation(m, JAPAN, "Rabaul")
    m.act(JAPAN, ("move", "jp-8f"))
    for u in ("jp-nankai", "jp-snlf-kure", "jp-41"):
        m.act(JAPAN, ("embark", u, "jp-8f"))
    assert ("embark", "jp-ichiki", "jp-8f") not in m.legal(JAPAN)
    m.act(JAPAN, ("go", "Solomon Sea"))
    assert m.state.aboard == {u: "jp-8f" for u in ("jp-nankai", "jp-snlf-kure", "jp-41")}


def test_repair_only_in_a_friendly_port() -> None:
    m = clean_board()
    place(m, jp_8f="Rabaul", jp_desron2="Solomon Sea")
    m.state.units["jp-8f"] = Unit("Rabaul", dep=True, dg=True)
    m.state.units["jp-desron2"] = Unit("Solomon Sea", dg=True)
    operation(m, JAPAN, "Rabaul")
    acts = m.legal(JAPAN)
    assert ("reorg", "jp-8f") in acts and ("rebuild", "jp-8f") in acts
    m.act(JAPAN, ("done",))
    operation(m, JAPAN, "Solomon Sea")
    assert ("reorg", "jp-desron2") not in m.legal(JAPAN)


def test_truk_fleet_entries_and_limits() -> None:
    m = clean_board()
    place(m, jp_8f="Rabaul")
    card_turn(m, JAPAN, "jp-truk-1")
    m.act(JAPAN, ("play", "jp-truk-1"))
    s = m.state
    assert all(s.units[u].loc == "Pacific Ocean" for u in GAME.truk)
    assert s.rps[JAPAN]["Pacific Ocean"] == 3
    card_turn(m, JAPAN, "jp-truk-2")
    assert ("play", "jp-truk-2") not in m.legal(JAPAN)  # the fleet is on the map
    # other Japanese ships may not join it; it never enters a port
    operation(m, JAPAN, "Rabaul")
    m.act(JAPAN, ("move", "jp-8f"))
    assert ("go", "Pacific Ocean") not in m.legal(JAPAN)
    m.act(JAPAN, ("cancel",))
    m.act(JAPAN, ("done",))
    s = m.state
    assert s.rp_aboard == {u: 1 for u in GAME.truk}  # one RP aboard each Truk ship (7.b)
    s.tasks = [("op-rp", JAPAN)]
    s.cache = None
    m.forget()
    m.act(JAPAN, ("rp", "Pacific Ocean", "truk-ls"))
    m.act(JAPAN, ("move", "truk-cv"))
    assert ("add", "truk-bb") in m.legal(JAPAN)
    m.act(JAPAN, ("go", "Bismarck Sea"))
    assert ("go", "Rabaul") not in m.legal(JAPAN) and ("go", "Kavieng") not in m.legal(JAPAN)
    m.act(JAPAN, ("halt",))
    m.act(JAPAN, ("done",))
    s = m.state
    # truk-cv took only its own RP along; truk-bb keeps its own in the Pacific Ocean, so the
    # destroyer screen (whose RP was spent) stays there with it
    assert s.units["truk-cv"].loc == "Bismarck Sea" and s.rps[JAPAN]["Bismarck Sea"] == 1
    assert s.units["truk-bb"].loc == "Pacific Ocean" and s.units["truk-ls"].loc == "Pacific Ocean"
    assert s.rps[JAPAN]["Pacific Ocean"] == 1 and s.rp_aboard == {"truk-cv": 1, "truk-bb": 1}
    # spend truk-cv's RP: no RP is left with it, it leaves the board (7.d)
    s.tasks = [("op-rp", JAPAN)]
    s.cache = None
    m.forget()
    m.act(JAPAN, ("rp", "Bismarck Sea", "truk-cv"))
    m.act(JAPAN, ("done",))
    assert m.state.units["truk-cv"].loc == GONE
    assert m.state.units["truk-bb"].loc == "Pacific Ocean"
    # the second card brings every Truk unit back, the destroyed ones too (here the
    # battleships leave with their last RP spent and the screen was sunk)
    m.state.tasks = [("op-rp", JAPAN)]
    m.state.cache = None
    m.forget()
    m.act(JAPAN, ("rp", "Pacific Ocean", "truk-bb"))
    m.act(JAPAN, ("done",))
    assert m.state.units["truk-bb"].loc == GONE == m.state.units["truk-ls"].loc
    m.state.units["truk-ls"] = Unit(DEAD)
    m.state.destroyed.append("truk-ls")
    card_turn(m, JAPAN, "jp-truk-2")
    m.act(JAPAN, ("play", "jp-truk-2"))
    assert all(m.state.units[u].loc == "Pacific Ocean" for u in GAME.truk)
    assert GAME.victory_points(m.state)[ALLIES] >= 1  # the first loss still counts
    card_turn(m, JAPAN, "jp-truk-1")
    m.state.units["truk-cv"] = Unit(GONE)
    m.state.units["truk-bb"] = Unit(GONE)
    m.state.units["truk-ls"] = Unit(GONE)
    m.state.cache = None
    m.forget()
    assert ("play", "jp-truk-1") not in m.legal(JAPAN)  # two entries at most


def test_truk_ship_disorganized_leaves_the_board() -> None:
    m = clean_board()
    place(m, truk_bb="Solomon Sea", us_tf64="Solomon Sea")
    s = m.state
    s.battle = Battle("Solomon Sea", ALLIES, JAPAN, "Coral Sea", "", True)
    s.battle.units = {ALLIES: ["us-tf64"], JAPAN: ["truk-bb"]}
    from warroom.games.campaign_commander import combat

    combat.disorganize(GAME, s, "truk-bb")
    assert s.units["truk-bb"].loc == GONE and "truk-bb" not in s.destroyed


def _naval_rout(m, ship: str, sea: str) -> None:
    """``ship`` loses a naval battle in ``sea`` against TF 17 and is disorganized."""
    from warroom.games.campaign_commander import combat

    s = m.state
    s.units["us-tf17"] = Unit(sea)
    s.battle = Battle(sea, ALLIES, JAPAN, "Coral Sea", "", True)
    s.battle.units = {ALLIES: ["us-tf17"], JAPAN: [ship]}
    s.cache = None
    m.forget()
    combat.disorganize(GAME, s, ship)


def _only_japanese_port(m, port: str) -> None:
    for a, ad in GAME.data.areas.items():
        if ad.port:
            m.state.control[a] = JAPAN if a == port else ALLIES


def test_japanese_ship_never_retreats_into_the_truk_fleets_area() -> None:
    # without the Truk Fleet, 8th Fleet falls back from the Gulf of Papua to Madang (five
    # seas, its whole disorganized range) through the Solomon Sea
    m = clean_board()
    _only_japanese_port(m, "Madang")
    place(m, jp_8f="Gulf of Papua")
    _naval_rout(m, "jp-8f", "Gulf of Papua")
    assert m.state.units["jp-8f"].loc == "Madang"
    # 7.d: with the Truk Fleet in the Solomon Sea that way is shut; the detour east of the
    # Solomons is seven seas long, so the ship ends its retreat at sea, five seas along it
    m = clean_board()
    _only_japanese_port(m, "Madang")
    place(m, jp_8f="Gulf of Papua", truk_bb="Solomon Sea")
    _naval_rout(m, "jp-8f", "Gulf of Papua")
    s = m.state
    assert s.units["jp-8f"].loc == "Pacific Ocean"
    assert s.units["truk-bb"].loc == "Solomon Sea"
    assert [e["dest"] for e in s.events if e["kind"] == "naval-retreat"] == ["Pacific Ocean"]
    assert "jp-8f" not in s.destroyed


def test_japanese_ship_with_no_open_way_home_is_destroyed() -> None:
    # Truk ships in the Huon Gulf and the Pacific Ocean close every way to the Bismarck Sea:
    # Madang cannot be reached, so the ship cannot retreat and is eliminated (series 9.6.5)
    m = clean_board()
    _only_japanese_port(m, "Madang")
    place(m, jp_8f="Loyalty Sea", truk_bb="Huon Gulf", truk_ls="Pacific Ocean")
    _naval_rout(m, "jp-8f", "Loyalty Sea")
    s = m.state
    assert s.units["jp-8f"].loc == DEAD and "jp-8f" in s.destroyed
    assert GAME.victory_points(s)[ALLIES] >= 2  # an HS counts two VP to the Allies


# ----- 8: retreats -------------------------------------------------------------------------------
def _ground_battle(m, area: str, attacker: str, att: list[str], dfn: list[str], origin: str):
    s = m.state
    s.battle = Battle(area, attacker, GAME.other(attacker), origin, "", False)
    s.battle.units = {attacker: att, GAME.other(attacker): dfn}
    s.tasks = [("battle",)]
    return s


def test_retreat_one_area_or_onto_ships() -> None:
    from warroom.games.campaign_commander import combat

    m = clean_board()
    place(m, jp_nankai="Buna", au_30="Buna", jp_8f="Solomon Sea")
    s = _ground_battle(m, "Buna", ALLIES, ["au-30"], ["jp-nankai"], "Owen Stanley")
    combat.disorganize(GAME, s, "jp-nankai")
    t = s.tasks[-1]
    assert t[0] == "retreat" and t[2] == 1  # 8.a: one area
    opts = GAME.legal_actions(s, JAPAN)
    assert ("retreat", "Solomon Sea", "jp-8f") in opts  # 8.b: aboard the ship next door
    assert ("retreat", "Owen Stanley") not in opts  # where the attackers came from
    GAME.apply(s, JAPAN, ("retreat", "Solomon Sea", "jp-8f"))
    assert s.units["jp-nankai"].loc == "Solomon Sea" and s.aboard == {"jp-nankai": "jp-8f"}


def test_isolated_unit_escapes_onto_ships() -> None:
    from warroom.games.campaign_commander import combat

    m = clean_board()
    place(m, jp_nankai="Lunga", us_1mar="Lunga", au_30="Cape Esperance", jp_8f="Iron Bottom Sound")
    s = m.state
    s.units["jp-nankai"] = Unit("Lunga", iso=True)
    s = _ground_battle(m, "Lunga", ALLIES, ["us-1mar"], ["jp-nankai"], "Rennell Sea")
    combat.disorganize(GAME, s, "jp-nankai")
    assert s.units["jp-nankai"].loc == "Lunga" and s.tasks[-1][0] == "retreat"
    assert GAME.legal_actions(s, JAPAN) == [("retreat", "Iron Bottom Sound", "jp-8f")]


# ----- 9: airfields ------------------------------------------------------------------------------
def test_build_remove_and_capture_airfields() -> None:
    m = clean_board()
    place(m, jp_nankai="Lunga", jp_oka="Lunga", jp_41="Cape Esperance", jp_ichiki="Owen Stanley")
    m.state.control["Lunga"] = JAPAN
    operation(m, JAPAN, "Lunga")
    acts = m.legal(JAPAN)
    # the player picks which of the two units at Lunga does the work (and stays put)
    assert ("airfield", "Lunga", "jp-nankai") in acts and ("airfield", "Lunga", "jp-oka") in acts
    m.act(JAPAN, ("airfield", "Lunga", "jp-oka"))
    s = m.state
    assert s.flags["af:Lunga"] == JAPAN and s.op.sp == 3
    assert ("move", "jp-oka") not in m.legal(JAPAN)  # the builder may not move
    assert ("move", "jp-nankai") in m.legal(JAPAN)
    assert ("move", "jp-41") in m.legal(JAPAN)
    assert GAME.counters_left(s, JAPAN) == 2
    assert GAME.in_air_range(s, JAPAN, "Rennell Sea")
    assert GAME.dist["Lunga"]["Port Moresby"] == 4
    assert not GAME.in_air_range(s, JAPAN, "Port Moresby")  # Japanese range 3
    s.flags["af:Lunga"] = ALLIES
    assert GAME.in_air_range(s, ALLIES, "Port Moresby")  # Allied range 4
    s.flags["af:Lunga"] = JAPAN
    m.act(JAPAN, ("done",))
    # mountains: never
    operation(m, JAPAN, "Owen Stanley")
    assert not [a for a in m.legal(JAPAN) if a[:2] == ("airfield", "Owen Stanley")]
    m.act(JAPAN, ("done",))
    # capture: an Allied unit alone there takes it (Japan loses the counter for good)
    m.state.units["jp-nankai"] = Unit(DEAD)
    m.state.units["jp-oka"] = Unit(DEAD)
    m.state.units["us-1mar"] = Unit("Lunga")
    GAME.check_end(m.state)
    assert m.state.flags["af:Lunga"] == ALLIES
    assert GAME.counters_left(m.state, JAPAN) == 2 and GAME.counters_left(m.state, ALLIES) == 2


def test_three_airfield_counters_and_ranges() -> None:
    s = clean_board().state
    for a in ("Lunga", "Buna", "Milne Bay"):
        s.flags[f"af:{a}"] = ALLIES
    assert GAME.counters_left(s, ALLIES) == 0
    assert GAME.af_range == {"japan": 3, "allies": 4}


# ----- 10: permanent cards -------------------------------------------------------------------------
def test_townsville_bombed() -> None:
    m = clean_board()
    assert "Australia" in GAME.airfields(m.state, ALLIES)
    card_turn(m, JAPAN, "jp-townsville")
    m.act(JAPAN, ("play", "jp-townsville"))
    assert "Australia" not in GAME.airfields(m.state, ALLIES)
    assert m.state.permanent["Townsville Bombed"] == JAPAN


def test_midway_losses_do_not_count() -> None:
    m = new_match()
    card_turn(m, JAPAN, "jp-midway")
    before = GAME.victory_points(m.state)[ALLIES]
    m.act(JAPAN, ("play", "jp-midway"))
    assert m.state.units["jp-cv5"].loc == GONE
    assert GAME.victory_points(m.state)[ALLIES] == before


def test_kenney_opens_air_superiority_air_transport_and_skip_bombing() -> None:
    m = new_match()
    card_turn(m, ALLIES, "al-airsup")
    assert ("play", "al-airsup") not in m.legal(ALLIES)
    m.state.permanent["George C. Kenney"] = ALLIES
    m.state.cache = None
    m.forget()
    assert ("play", "al-airsup") in m.legal(ALLIES)
    assert GAME.condition(m.state, ALLIES, "kenney")


def test_air_superiority_lets_air_attacks_interrupt_japanese_operations() -> None:
    m = clean_board()
    place(m, jp_nankai="Buna", jp_41="Rabaul", jp_2="Rabaul", au_30="Port Moresby")
    s = m.state
    s.hands[ALLIES] = ["al-air-1"]
    operation(m, JAPAN, "Rabaul")
    assert m.state.tasks[-1][0] == "op"  # no Air Superiority yet
    m.act(JAPAN, ("done",))
    m.state.permanent["Air Superiority"] = ALLIES
    operation(m, JAPAN, "Rabaul", dice=[10])
    # the series window of 2.3.4 at the start of the Japanese operation
    assert m.state.tasks[-1] == ("react", ALLIES, "op")
    assert m.legal(ALLIES) == [("react", "al-air-1"), ("pass",)]
    m.act(ALLIES, ("pass",))
    assert m.state.tasks[-1] == ("op", JAPAN)
    # after each Japanese action the window opens again
    m.act(JAPAN, ("move", "jp-41"))
    m.act(JAPAN, ("go", "Gasmata"))
    if m.state.op is not None and m.state.op.group:
        m.act(JAPAN, ("halt",))
    assert m.state.tasks[-1] == ("react", ALLIES, "op")
    m.act(ALLIES, ("react", "al-air-1"))
    m.act(ALLIES, ("strike", "Buna"))
    assert m.state.units["jp-nankai"].dep  # 10 + 1 > 7
    assert m.state.tasks[-1] == ("op", JAPAN)  # no Air Attack left: no more windows


# ----- 11: air attacks on airfields (optional) -----------------------------------------------------
def test_air_attack_puts_an_airfield_out_of_action() -> None:
    m = clean_board(**{"air-attacks": True})
    place(m, au_30="Port Moresby")
    s = m.state
    card_turn(m, ALLIES, "al-air-1")
    m.state.rng = ScriptedRng([7])
    m.act(ALLIES, ("play", "al-air-1"))
    assert ("strike", "Lae") not in m.legal(ALLIES)  # no Japanese unit or airfield there
    assert all(
        any(GAME.dist[f][a[1]] <= 4 for f in GAME.airfields(s, ALLIES)) for a in m.legal(ALLIES)
    )
    m.state.control["Lae"] = JAPAN
    m.state.cache = None
    m.forget()
    m.act(ALLIES, ("strike", "Lae"))
    assert m.state.flags["afdg:Lae"] == 1
    assert "Lae" not in GAME.airfields(m.state, JAPAN)


def test_owner_picks_which_unit_an_air_attack_falls_on() -> None:
    # series 9.5.4: the owner chooses which of his units suffers an effect; the Air Attack
    # card does not say otherwise, so the Japanese player picks the unit that checks
    m = clean_board()
    place(m, au_30="Port Moresby", jp_nankai="Buna", jp_snlf_maizuru="Buna")
    s = m.state
    s.control["Buna"] = JAPAN
    card_turn(m, ALLIES, "al-air-1")
    m.act(ALLIES, ("play", "al-air-1"))
    s = m.state
    s.rng = ScriptedRng([9])  # d10 9 +1 = 10 > 7: fails
    m.act(ALLIES, ("strike", "Buna"))
    assert m.legal(JAPAN) == [("target", "jp-nankai"), ("target", "jp-snlf-maizuru")]
    assert "Buna" in GAME.prompt_text(m.state, JAPAN)
    assert m.legal(ALLIES) == []
    m.act(JAPAN, ("target", "jp-snlf-maizuru"))
    assert m.state.units["jp-snlf-maizuru"].dep and not m.state.units["jp-nankai"].dep
    # alone in the area, a unit takes the check without a question
    m = clean_board()
    place(m, au_30="Port Moresby", jp_nankai="Buna")
    m.state.control["Buna"] = JAPAN
    card_turn(m, ALLIES, "al-air-1")
    m.act(ALLIES, ("play", "al-air-1"))
    m.state.rng = ScriptedRng([1])
    m.act(ALLIES, ("strike", "Buna"))
    assert not m.state.units["jp-nankai"].dep
    assert [e["passed"] for e in m.log if e["kind"] == "air-check"] == [True]


# ----- 13: victory ---------------------------------------------------------------------------------
def test_destroyed_units_by_type() -> None:
    s = clean_board().state
    base = GAME.victory_points(s)[ALLIES]
    s.destroyed = ["jp-nankai", "jp-desron2", "jp-8f", "jp-cv5"]
    assert GAME.victory_points(s)[ALLIES] == base + 1 + 1 + 2 + 3


def test_sudden_death_wins() -> None:
    m = new_match()
    for a in ("Port Moresby", "Lae", "Buna"):
        m.state.control[a] = JAPAN
    card_turn(m, JAPAN, "jp-mo")
    m.act(JAPAN, ("play", "jp-mo"))
    assert m.outcome is not None and m.outcome.winner == JAPAN
