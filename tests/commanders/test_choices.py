"""The choices the rulebook leaves to the player: the defender's split among battle zones,
which units go into a full sector, where bombardment dice go, the target of the unit in a
building (test_building), the way board side B is turned and the road's extra move."""

from __future__ import annotations

from typing import Any

import warroom
from tests.commanders.util import answer_done, clear, events, order, put, where
from warroom.engine import Match, Rng, ScriptedRng

G: Any = warroom.game("commanders")


def _fresh(options: dict[str, bool] | None = None) -> Match:
    m = Match.new("commanders", "marengo", options or {}, 1)
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


# ----- bombardment: which enemy unit each die goes at --------------------------------------


def _bombard(aim: tuple[str, ...] | None) -> Match:
    """White's gun at w-centre fires at b-centre (range 2, nothing in between) holding two
    infantry companies; b-i3 is ordered to advance this round, b-i4 is not."""
    m = _fresh()
    put(m, "w-a1", "w-centre")
    put(m, "b-i3", "b-centre")
    put(m, "b-i4", "b-centre")
    put(m, "b-c1", "b-centre")
    m.act("white", ("order", "w-a1", "bombard", "b-centre"))
    m.act("white", ("done",))
    m.state.rng = ScriptedRng([6, 1] + [3] * 30)
    order(m, "black", ("order", "b-i3", "advance", "mid-centre"))
    assert m.state.stage == "aim" and m.active == ("white",)
    if aim:
        m.act("white", aim)
    return m


def test_bombardment_die_goes_where_the_gunner_says() -> None:
    m = _bombard(None)
    # the priority fixes the kind (infantry before cavalry); the player picks the company
    assert m.legal("white") == [
        ("target", "w-a1", "b-i3"),
        ("target", "w-a1", "b-i4"),
        ("done",),
    ]
    assert G.label(m.state, "white", m.legal("white")[0]) == (
        "w-a1 fires a bombardment die at b-i3"
    )
    m.act("white", ("target", "w-a1", "b-i4"))
    # the first die (6, +2 -4 = 4) routs b-i4; the second must go at the other infantry
    rolls = events(m, "bombard")[0]["rolls"]
    assert [r["target"] for r in rolls] == ["b-i4", "b-i3"]
    assert [r["hit"] for r in rolls] == [True, False]
    assert where(m, "b-i4")[1] == "routed"
    # b-i3 was not hit: its advance goes ahead
    assert any(e["unit"] == "b-i3" for e in events(m, "moved"))


def test_done_aims_by_the_priority_and_the_lowest_number() -> None:
    m = _bombard(("done",))
    rolls = events(m, "bombard")[0]["rolls"]
    assert [r["target"] for r in rolls] == ["b-i3", "b-i4"]
    assert where(m, "b-i3")[1] == "routed"  # the ordered company is stopped
    assert not any(e["unit"] == "b-i3" for e in events(m, "moved"))


def _both_bombard(white_aim: tuple[str, ...]) -> Match:
    m = _fresh()
    put(m, "w-a1", "w-centre")
    put(m, "w-i1", "w-centre")
    put(m, "w-i2", "w-centre")
    put(m, "b-a1", "b-centre")
    put(m, "b-i3", "b-centre")
    put(m, "b-i4", "b-centre")
    order(m, "white", ("order", "w-a1", "bombard", "b-centre"))
    order(m, "black", ("order", "b-a1", "bombard", "w-centre"))
    assert m.state.stage == "aim" and set(m.active) == {"white", "black"}
    m.act("white", white_aim)
    return m


def test_aims_are_secret_while_both_sides_aim() -> None:
    m = _both_bombard(("target", "w-a1", "b-i4"))
    assert m.view("white")["board"]["aims"]["w-a1"][0] == "b-i4"
    assert "w-a1" not in m.view("black")["board"]["aims"]
    assert not [e for e in m.events_for("black") if e["kind"] == "aim"]
    assert "b-i4" not in G.render_text(m.state, "black")
    # a determinized copy for black does not depend on white's aim
    other = _both_bombard(("target", "w-a1", "b-i3"))
    da = G.determinize(m.state, "black", Rng(9))
    db = G.determinize(other.state, "black", Rng(9))
    assert G.snapshot(da) == G.snapshot(db)


# ----- the owner chooses who moves into a full sector: see test_phases (capacity) ----------


# ----- board side B turned round ---------------------------------------------------------


def test_black_turns_board_side_b_and_the_river_changes_fronts() -> None:
    m = Match.new("commanders", "marengo", {"terrain": True, "objectives": True}, 1)
    assert m.state.stage == "orient" and m.active == ("black",)
    assert m.legal("black") == [("orient", 1), ("orient", 2)]
    assert "river before black" in G.label(m.state, "black", ("orient", 2))
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
    # pass, and black's guns now need the bridge
    assert ("order", "w-a1", "move", "mid-east") in m.legal("white")
    assert ("order", "b-a1", "move", "mid-east") not in m.legal("black")


def test_turned_board_moves_the_attacking_over_the_river_penalty() -> None:
    for way, expected in ((1, [4]), (2, [6])):
        m = Match.new("commanders", "marengo", {"terrain": True, "objectives": True}, 1)
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


# ----- the road's extra move: cavalry too, within the border limit --------------------------


def test_cavalry_takes_the_road_after_its_two_moves() -> None:
    m = _fresh({"terrain": True})  # side A: roads w-centre - mid-centre - b-centre, mid-east
    put(m, "w-c1", "w-left")
    m.act("white", ("order", "w-c1", "fast", "w-centre"))
    m.act("white", ("then", "advance", "mid-centre"))
    # the second move ends by a road: the extra move is offered
    assert m.view("white")["board"]["road_move"] is True
    assert ("then", "road", "mid-east") in m.legal("white")
    assert G.label(m.state, "white", ("stop",)) == "no road move"
    m.act("white", ("then", "road", "mid-east"))
    m.act("white", ("done",))
    m.act("black", ("done",))
    moves = [e["to"] for e in events(m, "moved") if e["unit"] == "w-c1"]
    assert moves == ["w-centre", "mid-centre", "mid-east"]
    assert where(m, "w-c1")[0] == "mid-east"


def test_cavalry_move_order_may_add_the_road() -> None:
    m = _fresh({"terrain": True})
    put(m, "w-c1", "w-left")
    m.act("white", ("order", "w-c1", "move", "w-centre"))
    assert m.legal("white") == [("stop",), ("then", "road", "mid-centre")]


def test_road_moves_count_against_the_border_limit() -> None:
    for movers, offered in ((4, True), (5, False)):
        m = _fresh({"terrain": True})
        for k in range(1, movers + 1):
            put(m, f"w-i{k}", "w-centre")
            m.act("white", ("order", f"w-i{k}", "move", "mid-centre"))
            if m.state.composing[0] >= 0:
                m.act("white", ("stop",))
        put(m, "w-c1", "w-left")
        m.act("white", ("order", "w-c1", "move", "w-centre"))
        # five units a phase over one border: the road move over it counts with the others
        assert (("then", "road", "mid-centre") in m.legal("white")) is offered


def test_two_road_moves_a_round() -> None:
    m = _fresh({"terrain": True})
    for uid in ("w-c1", "w-i1", "w-i2"):
        put(m, uid, "w-left")
    m.act("white", ("order", "w-c1", "move", "w-centre"))
    m.act("white", ("then", "road", "mid-centre"))
    m.act("white", ("order", "w-i1", "move", "w-centre"))
    m.act("white", ("then", "road", "mid-centre"))
    m.act("white", ("order", "w-i2", "move", "w-centre"))
    assert m.state.composing[0] < 0  # no third road move
    assert not any(a[0] == "then" for a in m.legal("white"))


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
