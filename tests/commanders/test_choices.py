"""The choices the rulebook leaves to the player: the defender's split among battle zones,
which units go into a full sector, where bombardment dice go, the target of the unit in a
building (test_building), the way board side B is turned and the road's extra move."""

from __future__ import annotations

from typing import Any

import warroom
from tests.commanders.util import answer_done, clear, events, fresh, new, order, put, where
from warroom.engine import Match, Rng, ScriptedRng

G: Any = warroom.game("commanders")


def _fresh(options: dict[str, bool] | None = None) -> Match:
    m = new("marengo", options or {}, 1)
    if m.state.stage == "orient":
        m.act("black", ("orient", 1))
    clear(m, "white")
    clear(m, "black")
    return m


# ----- the defender splits his units among the battle zones (flank attack) -------------------


def _flank_attack(split: tuple[tuple[str, str, str], ...]) -> Match:
    """Black attacks mid-centre from mid-west (cavalry) and from b-centre (infantry); white
    holds it with one infantry and one cavalry unit and places them as ``split`` says."""
    m = _fresh()
    put(m, "w-i1", "mid-centre")
    put(m, "w-c1", "mid-centre")
    put(m, "b-c1", "mid-west")
    put(m, "b-i1", "b-centre")
    order(m, "white")
    m.state.rng = ScriptedRng([3] * 40)  # every die a 3: the modifiers show who faces whom
    order(
        m,
        "black",
        ("order", "b-c1", "advance", "mid-centre"),
        ("order", "b-i1", "advance", "mid-centre"),
    )
    answer_done(m, "react")
    assert m.state.stage == "split" and m.active == ("white",)
    for a in split:
        m.act("white", a)
    answer_done(m, "ranged-reroll", "withdraw", "melee-reroll")
    return m


def test_defender_chooses_which_unit_faces_which_attack() -> None:
    m = _fresh()
    put(m, "w-i1", "mid-centre")
    put(m, "w-c1", "mid-centre")
    put(m, "b-c1", "mid-west")
    put(m, "b-i1", "b-centre")
    order(m, "white")
    order(
        m,
        "black",
        ("order", "b-c1", "advance", "mid-centre"),
        ("order", "b-i1", "advance", "mid-centre"),
    )
    answer_done(m, "react")
    assert m.legal("white") == [
        ("defend", "w-i1", "b-centre"),
        ("defend", "w-i1", "mid-west"),
        ("defend", "w-c1", "b-centre"),
        ("defend", "w-c1", "mid-west"),
        ("done",),
    ]
    assert "defends against the attack from" in G.label(m.state, "white", m.legal("white")[0])


def test_the_split_changes_the_fight() -> None:
    # chosen: the infantry against the cavalry from mid-west, the cavalry against the infantry
    chosen = _flank_attack((("defend", "w-i1", "mid-west"),))
    zones = {e["zone"]: e for e in events(chosen, "positions")}
    assert zones["mid-west|mid-centre"]["white"] == ["w-i1"]
    assert zones["mid-centre|b-centre"]["white"] == ["w-c1"]
    melee = {e["unit"]: e for e in events(chosen, "result") if e["step"] == "melee"}
    # attacking infantry against passive cavalry: 0 in melee
    assert melee["b-i1"]["target"] == "w-c1" and melee["b-i1"]["modified"] == [3]
    # left to the placement order (done): the infantry takes the first zone, facing b-i1
    auto = _flank_attack((("done",),))
    zones = {e["zone"]: e for e in events(auto, "positions")}
    assert zones["mid-centre|b-centre"]["white"] == ["w-i1"]
    melee = {e["unit"]: e for e in events(auto, "result") if e["step"] == "melee"}
    # attacking infantry against passive infantry: +1 in melee
    assert melee["b-i1"]["target"] == "w-i1" and melee["b-i1"]["modified"] == [4]


def test_a_split_stays_secret_until_the_units_are_placed() -> None:
    m = _fresh()
    put(m, "w-i1", "mid-centre")
    put(m, "w-i2", "mid-centre")
    put(m, "w-c1", "mid-centre")
    put(m, "b-c1", "mid-west")
    put(m, "b-i1", "b-centre")
    put(m, "b-i2", "b-centre")
    order(m, "white")
    order(
        m,
        "black",
        ("order", "b-c1", "advance", "mid-centre"),
        ("order", "b-i1", "advance", "mid-centre"),
        ("order", "b-i2", "advance", "mid-centre"),
    )
    answer_done(m, "react")
    m.act("white", ("defend", "w-i1", "b-centre"))
    assert m.state.stage == "split"  # two more units, two zones with room: still choosing
    assert m.view("white")["board"]["defend"] == {"w-i1": "mid-centre|b-centre"}
    assert m.view("black")["board"]["defend"] == {}
    assert not [e for e in m.events_for("black") if e["kind"] == "defend"]
    assert [e for e in m.events_for("white") if e["kind"] == "defend"]


def test_determinize_hides_a_split_not_yet_placed() -> None:
    states = []
    for first in (("defend", "w-i1", "mid-west"), ("done",)):
        m = _fresh()
        put(m, "w-i1", "mid-centre")
        put(m, "w-c1", "mid-centre")
        put(m, "b-c1", "mid-west")
        put(m, "b-i1", "b-centre")
        order(m, "white")
        order(
            m,
            "black",
            ("order", "b-c1", "advance", "mid-centre"),
            ("order", "b-i1", "advance", "mid-centre"),
        )
        answer_done(m, "react")
        assert m.state.stage == "split"
        states.append(m.state.clone())
        m.act("white", first)
    # black is not asked here; a determinized copy for black must not depend on white's pick
    da = G.determinize(states[0], "black", Rng(4))
    db = G.determinize(states[1], "black", Rng(4))
    assert G.snapshot(da) == G.snapshot(db)


# ----- bombardment: the gun's target along its arrow -------------------------------------


def test_a_gun_chooses_its_target_along_its_arrow_when_it_fires() -> None:
    """The order is the arrow (w-centre -> mid-centre); at the bombardment phase the gun may
    fire one sector along it (mid-centre) or two (b-centre), where enemy units stand."""
    m = fresh(driven=False)
    put(m, "w-a1", "w-centre")
    put(m, "b-c1", "mid-centre")
    put(m, "b-i3", "b-centre")
    m.act("white", ("order", "artillery", "w-centre", "mid-centre"))
    m.act("white", ("done",))
    m.act("black", ("done",))
    assert m.state.phase == "bombard" and m.active == ("white",)
    assert m.legal("white") == [
        ("bombard", "artillery", "w-centre", "mid-centre"),
        ("bombard", "artillery", "w-centre", "b-centre"),
        ("done",),
    ]
    assert G.label(m.state, "white", m.legal("white")[1]) == (
        "White centre: artillery bombards Black centre (range 2)"
    )
    m.state.rng = ScriptedRng([6, 6])
    m.act("white", ("bombard", "artillery", "w-centre", "b-centre"))
    shot = events(m, "bombard")[0]
    assert shot["sector"] == "b-centre" and shot["range"] == 2
    # the cavalry in between takes the second die (an enemy obstacle)
    assert [r["target"] for r in shot["rolls"]] == ["b-i3", "b-c1"]


# ----- the owner chooses who moves into a full sector: see test_phases (capacity) ----------


# ----- board side B turned round ---------------------------------------------------------


def test_black_turns_board_side_b_and_the_river_changes_fronts() -> None:
    m = new("marengo", {"terrain": True, "objectives": True}, 1)
    assert m.state.stage == "orient" and m.active == ("black",)
    assert m.legal("black") == [("orient", 1), ("orient", 2)]
    assert "river before Black" in G.label(m.state, "black", ("orient", 2))
    m.act("black", ("orient", 2))
    assert m.state.stage == "place" and set(m.active) == {"white", "black"}
    board = m.view(None)["board"]
    assert board["board"] == "B" and board["orientation"] == 2
    rivers = {(b["a"], b["b"]) for b in board["borders"] if "river" in b["terrain"]}
    assert ("mid-west", "b-right") in rivers and ("w-left", "mid-west") not in rivers
    while m.state.stage == "place":
        for role in m.active:
            m.act(role, m.legal(role)[0])
    clear(m, "white")
    clear(m, "black")
    put(m, "w-a1", "w-right")
    put(m, "b-a1", "b-left")
    # as printed a river (and the woods) stop white's guns at w-right; turned round they
    # pass, and black's guns now need the bridge (the arrow is free: the move is not)
    plain = Match.new("commanders", "marengo", {"terrain": True, "objectives": True}, 1)
    for role, a in (m.steps and [(s.role, s.action) for s in m.steps]) or []:
        plain.act(role, a)
    plain.state.loc = list(m.state.loc)
    plain.state.cache = [None, None]
    plain.act("white", ("order", "artillery", "w-right", "mid-east"))
    plain.act("white", ("done",))
    plain.act("black", ("order", "artillery", "b-left", "mid-east"))
    plain.act("black", ("done",))
    while plain.state.phase != "noncombat":
        plain.act(plain.active[0], ("done",))  # no shot, no fire: the guns wait
    assert plain.active == ("white",)
    assert ("go", "artillery", "w-right", "mid-east") in plain.legal("white")


def test_turned_board_moves_the_attacking_over_the_river_penalty() -> None:
    for way, expected in ((1, [4]), (2, [6])):
        m = new("marengo", {"terrain": True, "objectives": True}, 1)
        m.act("black", ("orient", way))
        while m.state.stage == "place":
            for role in m.active:
                m.act(role, m.legal(role)[0])
        clear(m, "white")
        clear(m, "black")
        put(m, "w-i1", "w-right")
        put(m, "b-i1", "mid-east")
        order(m, "white", ("order", "w-i1", "advance", "mid-east"))
        m.state.rng = ScriptedRng([1, 1, 5, 1])
        m.act("black", ("done",))
        answer_done(m, "withdraw")
        melee = {e["unit"]: e for e in events(m, "result") if e["step"] == "melee"}
        # +1 against passive infantry; as printed -1 over the river and -1 in the woods,
        # turned round neither is on this side of the board
        assert melee["w-i1"]["modified"] == expected


# ----- the road's extra move: asked when it happens ----------------------------------------


def test_cavalry_takes_the_road_after_its_two_moves() -> None:
    m = fresh({"terrain": True}, driven=False)  # side A: roads w-centre - mid-centre - b-centre
    put(m, "w-c1", "w-left")
    m.act("white", ("order", "cavalry", "w-left", "w-centre"))
    m.act("white", ("done",))
    m.act("black", ("done",))
    m.act("white", ("go", "cavalry", "w-left", "w-centre"))  # fast movement
    # combined arms: its second move, any way it likes, asked now
    assert ("on", "cavalry", "w-centre", "mid-centre") in m.legal("white")
    m.act("white", ("on", "cavalry", "w-centre", "mid-centre"))
    # the second move ended by a road: the extra move is offered now, in the non-combat phase
    assert m.state.stage == "road" and m.active == ("white",)
    assert ("road", "cavalry", "mid-centre", "mid-east") in m.legal("white")
    m.act("white", ("road", "cavalry", "mid-centre", "mid-east"))
    moves = [e["sector"] for e in events(m, "moved") if e["unit"] == "w-c1"]
    assert moves == ["w-centre", "mid-centre", "mid-east"]
    assert where(m, "w-c1")[0] == "mid-east"


def test_road_moves_count_against_the_border_limit() -> None:
    for movers, offered in ((4, True), (5, False)):
        m = fresh({"terrain": True}, driven=False)
        for k in range(1, movers + 1):
            put(m, f"w-i{k}", "w-centre")
        put(m, "w-c1", "w-left")
        m.act("white", ("order", "cavalry", "w-left", "w-centre"))
        for _k in range(movers):
            m.act("white", ("order", "infantry", "w-centre", "mid-centre"))
        m.act("white", ("done",))
        m.act("black", ("done",))
        m.act("white", ("all",))  # fast: the cavalry rides to w-centre
        m.act("white", ("done",))  # combined arms: the companies wait
        assert m.state.phase == "noncombat"
        m.act("white", ("all",))  # the companies march over w-centre | mid-centre
        # five units a phase over one border: the road move over it counts with the others
        roads = m.legal("white") if m.state.stage == "road" else []
        assert (("road", "cavalry", "w-centre", "mid-centre") in roads) is offered


def test_two_road_moves_a_round() -> None:
    m = fresh({"terrain": True}, driven=False)
    for uid in ("w-c1", "w-i1", "w-i2"):
        put(m, uid, "w-left")
    m.act("white", ("order", "cavalry", "w-left", "w-centre"))
    m.act("white", ("order", "infantry", "w-left", "w-centre"))
    m.act("white", ("order", "infantry", "w-left", "w-centre"))
    m.act("white", ("done",))
    m.act("black", ("done",))
    m.act("white", ("all",))  # fast: the cavalry rides to w-centre
    m.act("white", ("all",))  # combined arms: the two companies march
    m.act("white", ("done",))  # non-combat: the cavalry does not ride on
    assert m.state.stage == "road"
    assert len(m.legal("white")) == 3  # cavalry or infantry to mid-centre, or done
    m.act("white", ("road", "infantry", "w-centre", "mid-centre"))
    m.act("white", ("road", "cavalry", "w-centre", "mid-centre"))
    assert m.state.stage != "road"  # no third road move: the question closed itself
    assert sorted(e["unit"] for e in events(m, "moved") if e["sector"] == "mid-centre") == [
        "w-c1",
        "w-i1",
    ]


def _storm_the_empty_command_sector(choice: tuple[tuple[str, ...], ...]) -> Match:
    """Seven white units attack black's empty command sector (held by its general marker)
    from two sides; the sector takes six: white chooses who goes in."""
    m = _fresh()
    for k in range(1, 5):
        put(m, f"w-i{k}", "b-right")
    for uid in ("w-i5", "w-i6", "w-c1"):
        put(m, uid, "b-left")
    orders = [("order", f"w-i{k}", "advance", "b-centre") for k in range(1, 7)]
    order(m, "white", *orders, ("order", "w-c1", "advance", "b-centre"))
    order(m, "black")
    answer_done(m, "ranged-reroll", "withdraw", "melee-reroll")
    assert m.state.stage == "capacity" and m.active == ("white",)
    for a in choice:
        m.act("white", a)
    return m


def test_victors_entering_a_won_sector_choose_who_goes_in() -> None:
    chosen = _storm_the_empty_command_sector((("admit", "w-c1"), ("done",)))
    inside = {u["id"] for u in chosen.view(None)["board"]["units"] if u["sector"] == "b-centre"}
    assert inside == {"w-c1", "w-i1", "w-i2", "w-i3", "w-i4", "w-i5"}
    by_number = _storm_the_empty_command_sector((("done",),))
    inside = {u["id"] for u in by_number.view(None)["board"]["units"] if u["sector"] == "b-centre"}
    assert inside == {f"w-i{k}" for k in range(1, 7)}
