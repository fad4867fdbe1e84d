"""Series rules 2-10 and 12 on Roads to Stalingrad's map, one test per rule."""

from __future__ import annotations

import warroom
from warroom.engine import Match, Rng, ScriptedRng
from warroom.games.campaign_commander.model import DEAD

from .helpers import FixedCups, clean_board, place

GAME = warroom.game("roads-to-stalingrad")


def opening_done(seed: int = 0) -> Match:
    """A fresh game past the Fall Blau operation, at the first Card/Map choice."""
    m = Match.new(GAME, seed=seed)
    while m.state.tasks[-1][0] != "choose":
        role = m.active[0]
        acts = m.legal(role)
        m.act(role, ("done",) if ("done",) in acts else acts[0])
    return m


def operation(m: Match, role: str, area: str, dice: list[int] | None = None) -> None:
    s = m.state
    s.rps[role][area] = 1
    s.tasks = [("op-rp", role)]
    s.cache = None
    m.forget()
    if dice is not None:
        s.rng = ScriptedRng(dice)
    m.act(role, ("rp", area))


# ----- 2.3 / 4.2.3: cards and the hand of five -------------------------------------------------
def test_hand_of_five_and_card_options() -> None:
    m = opening_done()
    s = m.state
    assert len(s.hands["axis"]) == 5
    s.tasks = [("card", "axis")]
    s.cache = None
    m.forget()
    acts = m.legal("axis")
    assert ("draw",) not in acts  # five in hand: no draw
    assert sum(1 for a in acts if a[0] == "discard") == 5
    for a in acts:
        if a[0] == "play":
            assert GAME.data.cards[a[1]].type == "operational"
    s.hands["axis"].pop()
    s.cache = None
    m.forget()
    assert ("draw",) in m.legal("axis")


def test_discard_gives_one_rp_placed_by_the_campaign_rules() -> None:
    m = opening_done()
    s = m.state
    s.tasks = [("card", "soviet")]
    s.cache = None
    m.forget()
    cid = s.hands["soviet"][0]
    before = sum(s.rps["soviet"].values())
    m.act("soviet", ("discard", cid))
    acts = m.legal("soviet")
    assert acts and all(a[0] == "place" for a in acts)
    m.act("soviet", acts[0])
    s = m.state
    assert sum(s.rps["soviet"].values()) == before + 1
    assert cid in s.discards["soviet"] and s.cards_count == 1
    # the discarded card stays secret from the Axis
    assert all(e.get("card") != cid for e in m.events_for("axis"))


def test_drawing_the_last_card_ends_the_game() -> None:
    m = opening_done()
    s = m.state
    s.decks["axis"] = s.decks["axis"][:1]
    s.hands["axis"] = s.hands["axis"][:4]
    s.tasks = [("card", "axis")]
    s.cache = None
    m.forget()
    m.act("axis", ("draw",))
    assert m.over and m.state.ended == "deck"


def test_sudden_death_card_ends_the_game_when_its_conditions_hold() -> None:
    m = opening_done()
    s = m.state
    s.hands["axis"][0] = "ax-oil"
    s.tasks = [("card", "axis")]
    s.cache = None
    m.forget()
    assert ("play", "ax-oil") not in m.legal("axis")
    for city in ("Maikop", "Grozny", "Stalingrad"):
        s.control[city] = "axis"
    s.cache = None
    m.forget()
    m.act("axis", ("play", "ax-oil"))
    assert m.over and m.state.ended == "sudden-death"


# ----- 4.2.2: the secret simultaneous Card/Map choice and its three outcomes --------------------
def test_choice_is_secret_until_both_have_chosen() -> None:
    m = opening_done()
    assert set(m.active) == {"axis", "soviet"}
    m.act("soviet", ("map",))
    assert m.active == ("axis",)
    assert m.view("axis")["board"]["choice"] == {"made": ["soviet"], "mine": None}
    assert m.view("soviet")["board"]["choice"]["mine"] == "map"
    assert all(e.get("choice") is None for e in m.events_for("axis"))
    # determinize hides the pending choice: the axis sample does not depend on it
    other = m.clone()
    other.state.choice["soviet"] = "card"
    a = GAME.determinize(m.state, "axis", warroom.engine.Rng(5))
    b = GAME.determinize(other.state, "axis", warroom.engine.Rng(5))
    assert GAME.snapshot(a) == GAME.snapshot(b)


def test_both_map_initiative_adds_two_and_wins_ties() -> None:
    m = opening_done()
    m.state.rng = ScriptedRng([5, 7])  # axis 5 + 2 = 7 ties soviet 7: axis (initiative)
    m.act("axis", ("map",))
    m.act("soviet", ("map",))
    s = m.state
    assert (s.op is not None and s.op.role == "axis") or s.tasks[-1] == ("op-rp", "axis")
    m2 = opening_done()
    m2.state.rng = ScriptedRng([5, 8])  # 7 against 8: the soviet operates
    m2.act("axis", ("map",))
    m2.act("soviet", ("map",))
    s2 = m2.state
    assert (s2.op is not None and s2.op.role == "soviet") or s2.tasks[-1] == ("op-rp", "soviet")


def test_both_card_initiative_first_then_the_other() -> None:
    m = opening_done()
    m.act("axis", ("card",))
    m.act("soviet", ("card",))
    assert m.active == ("axis",)
    assert m.state.tasks[-2] == ("card", "soviet")


def test_card_and_map_the_map_side_operates_first() -> None:
    m = opening_done()
    m.act("axis", ("card",))
    m.act("soviet", ("map",))
    s = m.state
    assert ("card", "axis") in s.tasks
    assert s.tasks[-1][1] == "soviet"  # the soviet operation (or its RP choice) comes first


# ----- 5: RPs, SP, supply path, one action per unit ----------------------------------------------
def test_operation_spends_one_rp_for_six_sp_and_reach_is_three_free_areas() -> None:
    m = clean_board(GAME)
    place(m, g_8="Kupyansk", g_13="Lozovaya", g_11="Zaporozhye", s_28="Izium")
    operation(m, "axis", "Kharkov")
    s = m.state
    assert s.op.sp == 6 and "Kharkov" not in s.rps["axis"]
    movers = {a[1] for a in m.legal("axis") if a[0] == "move"}
    assert "g-8" in movers  # Kharkov - Kupyansk: one area
    assert "g-13" in movers  # Kharkov - Lozovaya
    # Zaporozhye is 3 areas away only through Izium, held by the enemy, or further round
    dist = GAME.data.map.distances("Kharkov", lambda a: a != "Izium", 3)
    assert ("g-11" in movers) == ("Zaporozhye" in dist)


def test_a_unit_acts_once_per_operation() -> None:
    m = clean_board(GAME)
    place(m, g_8="Kharkov")
    operation(m, "axis", "Kharkov")
    m.act("axis", ("move", "g-8"))
    m.act("axis", ("go", "Lozovaya"))
    m.act("axis", ("halt",))
    assert all(a[1] != "g-8" for a in m.legal("axis") if len(a) > 1)


def test_stacking_costs_two_sp() -> None:
    m = clean_board(GAME)
    place(m, g_8="Kharkov", g_13="Lozovaya")
    operation(m, "axis", "Kharkov")
    m.act("axis", ("move", "g-8"))
    m.act("axis", ("go", "Lozovaya"))
    m.act("axis", ("halt",))
    assert m.state.op.sp == 6 - 1 - 2


def test_rp_capture_takes_half_rounded_down() -> None:
    m = clean_board(GAME)
    place(m, g_8="Kupyansk")
    operation(m, "axis", "Kharkov")
    m.state.rps["soviet"] = {"Liski": 3}
    m.act("axis", ("move", "g-8"))
    m.act("axis", ("go", "Liski"))
    s = m.state
    assert "Liski" not in s.rps["soviet"]
    assert s.rps["axis"].get("Liski") == 1  # half of 3, rounded down; the rest destroyed


def test_reorganize_and_rebuild_only_one_per_operation_not_when_isolated() -> None:
    m = clean_board(GAME)
    place(m, s_21="Liski", s_28="Kupyansk", s_9="Starobelsk")
    s = m.state
    for u in ("s-21", "s-28", "s-9"):
        s.units[u] = s.units[u]._replace(dep=True, dg=True)
    operation(m, "soviet", "Voronezh")
    acts = m.legal("soviet")
    assert ("reorg", "s-21") in acts and ("rebuild", "s-21") in acts
    m.act("soviet", ("rebuild", "s-21"))
    assert not m.state.units["s-21"].dep
    assert not any(a[0] == "rebuild" for a in m.legal("soviet"))  # 10.3: one per operation
    assert ("reorg", "s-28") in m.legal("soviet")
    s = m.state
    s.units["s-28"] = s.units["s-28"]._replace(iso=True)
    s.cache = None
    m.forget()
    assert ("reorg", "s-28") not in m.legal("soviet")  # 9.6.6.g


# ----- 6.5 / 9: battle on entry, cohesion, results ---------------------------------------------
def test_entering_an_enemy_area_starts_a_battle_at_once() -> None:
    m = clean_board(FixedCups())
    place(m, g_48pz="Liski", s_6="Rossosh")
    m.state.rps["soviet"] = {"Buturlinovka": 1}
    operation(m, "axis", "Starobelsk")
    m.act("axis", ("move", "g-48pz"))
    m.act("axis", ("go", "Rossosh"))
    b = m.state.battle
    assert b is not None and b.area == "Rossosh" and b.units["soviet"] == ["s-6"]
    assert len(b.drawn["axis"]) == 4 and len(b.drawn["soviet"]) == 1


def test_cohesion_roll_of_ten_and_depleted_twice_is_disorganized() -> None:
    m = clean_board(FixedCups())
    place(m, g_48pz="Liski", s_6="Rossosh", s_21="Voronezh")
    m.state.rps["soviet"] = {"Voronezh": 1}
    operation(m, "axis", "Starobelsk", dice=[10])
    s = m.state
    s.units["s-6"] = s.units["s-6"]._replace(dep=True)
    m.act("axis", ("move", "g-48pz"))
    m.act("axis", ("go", "Rossosh"))
    m.act("axis", ("chit", "axis:Assault"))  # the soviet checks first: a 0 (10) fails
    s = m.state
    checks = [e for e in m.log if e["kind"] == "check"]
    assert checks[0]["dice"] == [0] and checks[0]["roll"] == 10 and not checks[0]["passed"]
    assert s.units["s-6"].dg  # disorganized; it retreated out of the battle
    assert s.units["s-6"].loc != "Rossosh"


def test_values_never_below_one() -> None:
    m = clean_board(GAME)
    place(m, s_6="Rossosh")
    s = m.state
    s.units["s-6"] = s.units["s-6"]._replace(dep=True, dg=True)
    assert GAME.values(s, "s-6") == (1, 4, 1)


def test_a_unit_that_cannot_retreat_is_destroyed() -> None:
    g = FixedCups({"axis": ["axis:Air Strike"] * 4, "soviet": ["soviet:Ambush"] * 2})
    m = clean_board(g)
    place(m, g_48pz="Liski", s_6="Rossosh")
    m.state.rps["axis"] = {"Anna": 1, "Kantemirovka": 1, "Uryupinsk": 1, "Voronezh": 1}
    m.state.rps["axis"]["Starobelsk"] = 1
    operation(m, "axis", "Kharkov", dice=[9])
    m.act("axis", ("move", "g-48pz"))
    m.act("axis", ("go", "Rossosh"))
    s = m.state
    assert s.units["s-6"].iso  # every neighbour enemy-held: isolated on entry
    m.act("axis", ("chit", "axis:Air Strike"))
    assert m.state.units["s-6"].loc == DEAD


def test_defender_never_retreats_into_the_attackers_area() -> None:
    g = FixedCups({"axis": ["axis:Air Strike"] * 4, "soviet": ["soviet:Ambush"] * 2})
    m = clean_board(g)
    place(m, g_48pz="Liski", s_6="Rossosh")
    m.state.rps["soviet"] = {"Kupyansk": 1}  # the nearest RP lies beyond Liski
    operation(m, "axis", "Starobelsk", dice=[9])
    m.act("axis", ("move", "g-48pz"))
    m.act("axis", ("go", "Rossosh"))
    m.act("axis", ("chit", "axis:Air Strike"))
    s = m.state
    while s.tasks and s.tasks[-1][0] == "retreat":
        acts = m.legal("soviet")
        assert ("retreat", "Liski") not in acts
        assert ("retreat", "Starobelsk") not in acts  # an enemy RP is there
        m.act("soviet", acts[0])
        s = m.state
    assert s.units["s-6"].loc not in ("Liski", "Rossosh", "Starobelsk")


def test_attacker_retreats_first_into_the_area_it_came_from() -> None:
    g = FixedCups({"axis": ["axis:Poor Coordination"] * 4, "soviet": ["soviet:Ambush"] * 2})
    m = clean_board(g)
    place(m, g_8="Liski", s_6="Rossosh")
    m.state.rps["axis"] = {"Kharkov": 1}
    operation(m, "axis", "Kupyansk", dice=[10])
    m.act("axis", ("move", "g-8"))
    m.act("axis", ("go", "Rossosh"))
    m.act("axis", ("chit", "axis:Poor Coordination"))
    while m.state.tasks[-1][0] == "retreat":
        m.act("axis", m.legal("axis")[0])
    moves = [e for e in m.log if e["kind"] == "retreat" and e["unit"] == "g-8"]
    assert moves and moves[0]["frm"] == "Rossosh" and moves[0]["dest"] == "Liski"
    for role in ("axis", "soviet", None):  # a retreat is public: both sides and observers see it
        seen = [e for e in m.view(role)["log"] if e["kind"] == "retreat" and e["unit"] == "g-8"]
        assert seen == moves
    assert m.state.battle is None and m.state.units["s-6"].loc == "Rossosh"


def test_isolation_marker_comes_and_goes() -> None:
    m = clean_board(GAME)
    place(m, s_6="Rossosh")
    s = m.state
    for a in GAME.data.map.neighbors["Rossosh"]:
        s.rps["axis"][a] = 1
    operation(m, "axis", "Kharkov")
    assert m.state.units["s-6"].iso
    m2 = clean_board(GAME)
    place(m2, s_6="Rossosh")
    operation(m2, "axis", "Kharkov")
    assert not m2.state.units["s-6"].iso


# ----- 12: leaders ---------------------------------------------------------------------------------
def test_leader_moves_with_a_stack_and_falls_with_it() -> None:
    m = clean_board(GAME)
    place(m, g_8="Kharkov", manstein="Kharkov")
    operation(m, "axis", "Kharkov")
    assert ("move", "manstein") not in m.legal("axis")  # never alone
    m.act("axis", ("move", "g-8"))
    assert ("add", "manstein") in m.legal("axis")
    m.act("axis", ("add", "manstein"))
    m.act("axis", ("go", "Lozovaya"))
    assert m.state.units["manstein"].loc == "Lozovaya"
    from warroom.games.campaign_commander import combat

    s = m.state
    combat.destroy(GAME, s, "g-8", "test")
    assert s.units["manstein"].loc == DEAD


def test_units_and_hands_hidden_from_the_other_side() -> None:
    m = opening_done()
    v = m.view("axis")["board"]
    assert len(v["hand"]) == 5 and v["hand_sizes"]["soviet"] == 5
    text = str(m.view("axis"))
    for cid in m.state.hands["soviet"]:
        if cid not in m.state.hands["axis"] and not cid.startswith("ax-"):
            assert f"'{cid}'" not in text
    obs = m.view(None)["board"]
    assert obs["hand"] == []
    assert isinstance(obs["units"][0]["values"], list)


def test_hands_cups_and_drawn_chits_are_hidden_and_determinize_ignores_them() -> None:
    g = FixedCups()
    m = clean_board(g)
    place(m, g_48pz="Liski", s_6="Rossosh", s_21="Rossosh")
    m.state.rps["soviet"] = {"Voronezh": 1}
    operation(m, "axis", "Starobelsk")
    m.act("axis", ("move", "g-48pz"))
    m.act("axis", ("go", "Rossosh"))
    s = m.state
    soviet_view = m.view("soviet")["board"]
    assert soviet_view["battle"]["my_chits"] == sorted(s.battle.drawn["soviet"])
    assert soviet_view["battle"]["drawn_counts"]["axis"] == 4
    assert "axis:Flank Attack" not in str(soviet_view)  # the Axis chits stay hidden
    assert all(c["id"] in s.hands["soviet"] for c in soviet_view["hand"])
    for e in m.events_for("soviet"):
        assert e["kind"] != "chits-drawn" or e["role"] == "soviet"
        assert e["kind"] != "card-drawn" or e["role"] == "soviet"
    # two states differing only in what the soviet cannot see determinize the same way
    other = g.clone(s)
    pool = sorted(s.battle.drawn["axis"] + s.battle.cups["axis"])
    other.battle.drawn["axis"], other.battle.cups["axis"] = pool[-4:], pool[:-4]
    other.hands["axis"], other.decks["axis"] = (
        s.decks["axis"][:5],
        s.hands["axis"] + s.decks["axis"][5:],
    )
    other.decks["soviet"] = list(reversed(s.decks["soviet"]))
    a = g.determinize(s, "soviet", Rng(9))
    b = g.determinize(other, "soviet", Rng(9))
    assert g.snapshot(a) == g.snapshot(b)
    assert a.hands["soviet"] == s.hands["soviet"]  # its own hand is kept


def test_side_names_agree_with_their_verbs() -> None:
    """The log's verbs agree with a side's name: "Japan holds", "Allies hold" (the Coral
    Sea look marks "Allies" plural), in the series' lines, a campaign's own lines and the
    outcome's summary."""
    from warroom.games.campaign_commander import present

    cs = warroom.game("coral-sea")
    assert present.says(cs, "allies", "hold") == "Allies hold"
    assert present.says(cs, "japan", "hold") == "Japan holds"
    assert present.says(GAME, "axis", "have") == "Axis has"
    forms = [present._inflect(v, True) for v in ("lay", "carry", "reach", "go", "pass", "have")]
    assert forms == ["lays", "carries", "reaches", "goes", "passes", "has"]
    assert present._inflect("lay", False) == "lay"
    allied = next(c for c, card in cs.data.cards.items() if card.deck == "allies")
    for role, verb in (("allies", "hold"), ("japan", "holds")):
        line = cs.describe_event({"kind": "hand", "role": role, "cards": [allied]})
        assert line.split()[1] == verb, line
    line = cs.describe_event({"kind": "airfield-captured", "role": "allies", "area": "Lae"})
    assert line == "Allies capture the airfield at Lae"
    m = Match.new(cs, seed=3)
    rng = Rng(11)
    while not m.over:
        role = m.active[rng.below(len(m.active))]
        acts = m.legal(role)
        m.act(role, acts[rng.below(len(acts))])
    out = m.outcome
    assert out is not None and out.winner == "allies"  # random Japanese play loses
    assert out.summary.startswith("Allies win "), out.summary
