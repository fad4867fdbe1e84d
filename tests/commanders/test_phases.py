"""Movement limits, the rally, scoring, victory and the optional rules."""

from __future__ import annotations

from tests.commanders.util import (
    answer_done,
    clear,
    control,
    events,
    fresh,
    new,
    order,
    put,
    unit,
    where,
)
from warroom.engine import Match, ScriptedRng
from warroom.games.commanders.data import UINDEX, Objective, load
from warroom.games.commanders.state import ROUTED

D = load()


def _fresh(options: dict[str, bool] | None = None, seed: int = 1) -> Match:
    m = new("marengo", options or {}, seed)
    if m.state.stage == "orient":
        m.act("black", ("orient", 1))  # board side B as printed
    clear(m, "white")
    clear(m, "black")
    return m


def test_border_limit_five_orders_per_border_and_phase() -> None:
    """Six companies may be ordered over one border (the sheet has no phases); five at most
    cross it in one phase: the sixth is offered only in another phase."""
    m = fresh(driven=False)
    for k in range(1, 7):
        put(m, f"b-i{k}", "b-left")
    for _k in range(6):
        m.act("black", ("order", "infantry", "b-left", "mid-east"))
    m.act("black", ("done",))
    m.act("white", ("done",))
    assert m.state.phase == "combined"
    for _k in range(5):
        m.act("black", ("go", "infantry", "b-left", "mid-east"))
    assert m.state.phase == "noncombat"  # the prompt closed itself: the border is full
    assert m.legal("black")[0] == ("go", "infantry", "b-left", "mid-east")


def test_capacity_six_per_sector() -> None:
    m = _fresh()
    for k in range(1, 6):
        put(m, f"w-i{k}", "w-centre")
    order(m, "white", *[("order", f"w-i{k}", "advance", "w-centre") for k in range(6, 9)])
    order(m, "black")
    # three want in, one fits: the owner chooses which (the rulebook's choice)
    assert m.state.stage == "capacity" and m.active == ("white",)
    assert m.legal("white") == [
        ("admit", "w-i6"),
        ("admit", "w-i7"),
        ("admit", "w-i8"),
        ("done",),
    ]
    assert m.view("white")["board"]["capacity"] == [
        {"sector": "w-centre", "room": 1, "units": ["w-i6", "w-i7", "w-i8"], "admitted": []}
    ]
    assert m.view("black")["board"]["capacity"] == []
    m.act("white", ("admit", "w-i8"))
    occupants = [u["id"] for u in m.view(None)["board"]["units"] if u["sector"] == "w-centre"]
    assert len(occupants) == 6 and "w-i8" in occupants
    assert sorted(e["unit"] for e in events(m, "blocked")) == ["w-i6", "w-i7"]


def test_capacity_choice_decides_which_unit_type_arrives() -> None:
    for pick, arrives in ((("admit", "w-c1"),), "w-c1"), ((("done",),), "w-i6"):
        m = _fresh()
        for k in range(1, 6):
            put(m, f"w-i{k}", "w-centre")
        put(m, "w-c1", "w-left")
        put(m, "w-i6", "w-right")
        order(
            m,
            "white",
            ("order", "w-i6", "advance", "w-centre"),
            ("order", "w-c1", "advance", "w-centre"),
        )
        order(m, "black")
        for a in pick:
            m.act("white", a)
        occupants = [u["id"] for u in m.view(None)["board"]["units"] if u["sector"] == "w-centre"]
        assert len(occupants) == 6 and arrives in occupants


def test_no_attack_out_of_the_reserve() -> None:
    m = _fresh()
    put(m, "b-i1", "w-left")
    order(m, "white", ("order", "w-i1", "advance", "w-left"))
    order(m, "black")
    assert not events(m, "attack")
    assert where(m, "w-i1")[0] == "w-reserve"


def test_cavalry_moves_twice_fast_then_combined() -> None:
    m = _fresh()
    order(m, "white", ("order", "w-c1", "fast", "w-right", "advance", "mid-east"))
    order(m, "black")
    moves = [e["sector"] for e in events(m, "moved") if e["unit"] == "w-c1"]
    assert moves == ["w-right", "mid-east"]


def test_scoring_command_sector_and_the_pool() -> None:
    m = _fresh()
    put(m, "w-i1", "b-centre")
    order(m, "white")
    order(m, "black")
    vp = [(e["side"], e["why"], e["points"]) for e in events(m, "vp")]
    assert ("white", "general", 5) in vp
    assert ("white", "sectors", 1) in vp
    assert m.view(None)["board"]["vp"] == {"white": 6, "black": 0}
    assert m.view(None)["board"]["pool"] == 9


def test_flag_and_tie_in_sectors() -> None:
    m = new("marengo", {}, 1)
    m.act("white", ("done",))
    m.act("black", ("done",))
    assert events(m, "pool-tie")  # 3 sectors each: a VP leaves the pool for the box
    assert m.view(None)["board"]["vp"] == {"white": 0, "black": 0}
    assert m.view(None)["board"]["pool"] == 9
    m = _fresh()
    put(m, "w-i1", "b-left")
    put(m, "b-i1", "mid-centre")
    order(m, "white")
    order(m, "black")
    vp = [(e["side"], e["why"], e["points"]) for e in events(m, "vp")]
    assert ("white", "flag", 1) in vp


def test_first_to_ten_wins() -> None:
    m = _fresh()
    put(m, "w-i1", "b-centre")
    m.state.vp = [4, 0]
    order(m, "white")
    order(m, "black")
    assert m.over and m.outcome is not None and m.outcome.winner == "white"
    assert m.outcome.points["white"] == 9 or m.outcome.points["white"] >= 9


def test_most_vp_after_round_ten() -> None:
    m = new("marengo", {}, 1)
    m.state.round = 10
    m.state.vp = [2, 3]
    m.act("white", ("done",))
    m.act("black", ("done",))
    assert m.over and m.outcome is not None and m.outcome.winner == "black"


def test_rally_merges_two_routed_infantry_and_rallies_guns_in_place() -> None:
    m = _fresh()
    put(m, "w-i1", "w-reserve", ROUTED)
    put(m, "w-i2", "w-reserve", ROUTED)
    put(m, "w-a1", "w-centre", ROUTED)
    put(m, "w-i3", "w-centre")
    order(m, "white")
    order(m, "black")
    assert m.state.stage == "rally"
    acts = m.legal("white")
    assert ("rally", "infantry") in acts and ("rally", "w-a1") in acts
    m.act("white", ("rally", "infantry"))
    m.act("white", ("rally", "w-a1"))
    answer_done(m, "rally")
    assert where(m, "w-i1") == ("w-reserve", "fresh")
    assert unit(m, "w-i2")["where"] == "destroyed"
    assert where(m, "w-a1") == ("w-centre", "fresh")


def test_advanced_orders_random_count() -> None:
    m = new("marengo", {"advanced-orders-random": True}, 9)
    rolls = {e["side"]: e for e in events(m, "orders-roll")}
    info = m.view("white")["board"]["orders_info"]["white"]
    assert info["allowed"] == rolls["white"]["dice"][0] + 6


def test_advanced_orders_distance_delivery() -> None:
    m = _fresh({"advanced-orders-distance": True})
    put(m, "w-i1", "w-centre")
    put(m, "w-i2", "mid-west")
    for k in range(3, 12):
        put(m, f"w-i{k}", "w-left" if k < 8 else "w-right")
    for _k in range(5):
        m.act("white", ("order", "infantry", "w-left", "w-centre"))
    for _k in range(4):
        m.act("white", ("order", "infantry", "w-right", "w-centre"))
    m.act("white", ("order", "infantry", "mid-west", "mid-centre"))  # distance 2 from w-centre
    # the eleventh order may only go to the command sector
    acts = m.legal("white")
    assert ("order", "infantry", "w-centre", "mid-centre") in acts
    assert all(a[2] == "w-centre" for a in acts if a[0] == "order")
    m.act("white", ("order", "infantry", "w-centre", "mid-centre"))
    m.act("white", ("done",))
    # delivery: white's orders by sector (w-left, w-centre, w-right, mid-west), one die
    # each; then black has none
    m.state.rng = ScriptedRng([6] * 5 + [6] + [6] * 4 + [1])
    m.act("black", ("done",))
    said = [e for e in m.events_for("white") if e["kind"] == "delivery"]
    assert [e["delivered"] for e in said] == [1, 1, 4, 0] or sum(e["delivered"] for e in said) == 10
    lost = [e for e in said if e["delivered"] == 0]
    assert lost and lost[0]["order"] == ["infantry", "mid-west", "mid-centre"]
    assert not [e for e in m.events_for("black") if e["kind"] == "delivery"]  # its own secret
    assert where(m, "w-i2")[0] == "mid-west"


def test_army_morale_losses() -> None:
    m = _fresh({"army-morale": True})
    assert m.view(None)["board"]["vp"] == {"white": 15, "black": 15}
    put(m, "w-i1", "b-centre")
    order(m, "white")
    order(m, "black")
    # black's general held: black loses 5; more sectors: black hands white 1
    assert m.view(None)["board"]["vp"] == {"white": 16, "black": 9}
    assert m.view("black")["board"]["orders_info"]["black"]["allowed"] == 9


def test_objective_markers_on_side_b() -> None:
    m = new("marengo", {"objectives": True}, 1)
    assert m.view("white")["board"]["board"] == "B"
    assert m.state.stage == "place"
    m.act("white", ("objective", "general", 5, "w-left"))
    assert ("objective", "flag", 3, "w-left") not in m.legal("white")
    assert "general" not in str(m.view("black")["board"]["sectors"])
    while "white" in m.active:
        m.act("white", m.legal("white")[0])
    while "black" in m.active:
        m.act("black", m.legal("black")[-1])
    assert m.state.phase == "planning"
    kinds = [o["kind"] for s in m.view("black")["board"]["sectors"] for o in s["objectives"]]
    assert kinds.count("general") == 2 and kinds.count("rose") == 4


def test_wind_rose_pays_once() -> None:
    m = _fresh()
    m.state.objectives = (Objective(1, "rose", D.index["b-right"], 3),)
    put(m, "w-i1", "b-right")
    order(m, "white")
    order(m, "black")
    rose = [e for e in events(m, "vp") if e["why"] == "rose"]
    assert [(e["side"], e["points"]) for e in rose] == [("white", 3)]
    order(m, "white")
    order(m, "black")
    assert len([e for e in events(m, "vp") if e["why"] == "rose"]) == 1


def test_terrain_forest_border_limit_and_spent_on_entry() -> None:
    m = fresh({"terrain": True}, driven=False)  # side A: forest at mid-east, hill at mid-west
    for k in range(1, 6):
        put(m, f"w-i{k}", "w-right")
    for _k in range(5):
        m.act("white", ("order", "infantry", "w-right", "mid-east"))
    m.act("white", ("done",))
    m.act("black", ("done",))
    for _k in range(3):
        m.act("white", ("go", "infantry", "w-right", "mid-east"))
    # three at a time into a forest: the prompt closed itself
    assert m.state.phase == "noncombat"
    assert ("go", "infantry", "w-right", "mid-east") in m.legal("white")
    # units that entered the forest are spent
    assert [where(m, f"w-i{k}") for k in (1, 2, 3)] == [("mid-east", "spent")] * 3


def test_terrain_uphill_melee_penalty() -> None:
    m = _fresh({"terrain": True})
    put(m, "w-i1", "w-left")
    put(m, "b-i1", "mid-west")  # on the hill
    order(m, "white", ("order", "w-i1", "advance", "mid-west"))
    # ranged: w-i1 [1], b-i1 [1]; melee: w-i1 [5], b-i1 [1]
    m.state.rng = ScriptedRng([1, 1, 5, 1])
    m.act("black", ("done",))
    answer_done(m, "withdraw")
    melee = {e["unit"]: e for e in events(m, "result") if e["step"] == "melee"}
    assert melee["w-i1"]["modified"] == [5]  # +1 vs passive infantry, -1 uphill


def test_terrain_river_needs_a_bridge_for_guns() -> None:
    m = fresh({"terrain": True, "objectives": True}, driven=False)  # side B: a river
    put(m, "w-a1", "w-left")
    put(m, "w-a2", "w-centre")
    m.act("white", ("order", "artillery", "w-left", "mid-west"))
    m.act("white", ("order", "artillery", "w-centre", "mid-centre"))
    m.act("white", ("done",))
    m.act("black", ("done",))
    while m.state.phase != "noncombat":
        m.act(m.active[0], ("done",))
    acts = m.legal("white")
    assert ("go", "artillery", "w-left", "mid-west") not in acts
    assert ("go", "artillery", "w-centre", "mid-centre") in acts  # the bridge
    assert control(m, "w-left") == "white"


def test_spent_units_fight_at_minus_one() -> None:
    m = _fresh()
    put(m, "w-i1", "mid-centre")
    put(m, "b-i1", "b-centre")
    m.state.status[UINDEX["w-i1"]] = 1
    order(m, "white")
    m.state.rng = ScriptedRng([4, 1, 4, 1])
    order(m, "black", ("order", "b-i1", "advance", "mid-centre"))
    answer_done(m, "withdraw")
    ranged = {e["unit"]: e for e in events(m, "result") if e["step"] == "ranged"}
    assert ranged["w-i1"]["modified"] == [3]  # 4 + 0 - 1 (spent)


def test_terrain_road_gives_infantry_an_extra_move() -> None:
    m = fresh({"terrain": True}, driven=False)  # side A: a road w-centre - mid-centre - b-centre
    put(m, "w-i1", "w-left")
    m.act("white", ("order", "infantry", "w-left", "w-centre"))
    m.act("white", ("done",))
    m.act("black", ("done",))
    m.act("white", ("all",))  # combined arms: w-i1 to w-centre
    assert m.state.stage == "road"
    m.act("white", ("road", "infantry", "w-centre", "mid-centre"))
    assert [e["sector"] for e in events(m, "moved") if e["unit"] == "w-i1"] == [
        "w-centre",
        "mid-centre",
    ]


def test_terrain_attacking_over_the_river() -> None:
    m = _fresh({"terrain": True, "objectives": True})  # side B: river along white's front
    while m.state.stage == "place":
        for role in m.active:
            m.act(role, m.legal(role)[0])
    clear(m, "white")
    clear(m, "black")
    put(m, "w-i1", "w-left")
    put(m, "b-i1", "mid-west")
    order(m, "white", ("order", "w-i1", "advance", "mid-west"))
    # ranged: w-i1 [1], b-i1 [1]; melee: w-i1 [5], b-i1 [1]
    m.state.rng = ScriptedRng([1, 1, 5, 1])
    m.act("black", ("done",))
    answer_done(m, "withdraw")
    melee = {e["unit"]: e for e in events(m, "result") if e["step"] == "melee"}
    assert melee["w-i1"]["modified"] == [5]  # +1 vs passive infantry, -1 over the river
