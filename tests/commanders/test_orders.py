"""The book's order model (issue 19): an order is a unit and an arrow, used as the round
allows; the sheet is written by sector and type with multipliers; each phase each side
chooses in secret which ordered units act; nothing of a sheet is seen before its units act."""

from __future__ import annotations

import json
from typing import Any

import pytest

import warroom
from tests.commanders.util import events, fresh, new, put, where
from warroom.engine import BadOption, Match, Rng, ScriptedRng, visible
from warroom.games.commanders.state import ROUTED

G: Any = warroom.game("commanders")


def _seen(m: Match, role: str | None) -> str:
    """Everything ``role`` receives now: view, prompt (text, actions, labels), log, board."""
    p = m.prompt(role).to_json() if role else None
    view = m.view(role)
    view.pop("step", None)  # the match's step count: the public step counter's (issue 17)
    return json.dumps(
        [view, p, [G.describe_event(e) for e in m.events_for(role)]], sort_keys=True
    ) + G.render_text(m.state, role)


# ----- the sheet -------------------------------------------------------------------------


def test_the_sheet_is_a_unit_type_in_a_sector_and_an_arrow() -> None:
    m = Match.new("commanders", "marengo", {}, 1)
    acts = m.legal("white")
    # one entry a (type, sector, arrow): no unit one by one, no phase, no second sector
    assert len(acts) == len(set(acts)) <= 30
    assert all(a[0] == "order" and len(a) == 4 for a in acts[:-1]) and acts[-1] == ("done",)
    assert {a[1] for a in acts[:-1]} == {"infantry", "cavalry", "artillery"}
    assert ("order", "cavalry", "w-right", "mid-east") in acts
    assert ("order", "artillery", "w-centre", "mid-centre") in acts
    assert not any(a[3] == "b-reserve" for a in acts[:-1])
    m.act("white", ("order", "cavalry", "w-right", "mid-east"))
    assert G.label(m.state, "white", ("order", "cavalry", "w-right", "mid-east")) == (
        "White right wing: +1 cavalry to East fields (makes 2C)"
    )
    # the book's multiplier ("2C"): the same order for more units of the group, one action
    assert [a for a in m.legal("white") if a[0] == "times"] == [("times", n) for n in (2, 3, 4)]
    assert G.label(m.state, "white", ("times", 2)) == "last order: ×2 (2C to East fields)"
    m.act("white", ("times", 2))
    assert m.view("white")["board"]["orders"]["white"] == [
        {"kind": "cavalry", "from": "w-right", "to": "mid-east", "given": 2, "carried": 0}
    ]
    # four cavalry on the right wing: four orders at most from that group
    m.act("white", ("order", "cavalry", "w-right", "w-centre"))
    m.act("white", ("times", 2))
    assert not [a for a in m.legal("white") if a[1:3] == ("cavalry", "w-right")]
    assert not [a for a in m.legal("white") if a[0] == "times"]
    assert m.view("white")["board"]["orders_info"]["white"]["given"] == 4


def test_one_action_gives_an_order_to_n_like_units() -> None:
    """ "6I: w-reserve -> w-left" is two actions, not six: the multiplier lists every total
    the group and the orders left allow, and the sheet, the count and the log follow it."""
    m = Match.new("commanders", "marengo", {}, 1)  # 8 infantry in white's reserve
    m.act("white", ("order", "infantry", "w-reserve", "w-left"))
    assert [a[1] for a in m.legal("white") if a[0] == "times"] == list(range(2, 9))
    m.act("white", ("times", 6))
    board = m.view("white")["board"]
    assert {"kind": "infantry", "from": "w-reserve", "to": "w-left", "given": 6, "carried": 0} in (
        board["orders"]["white"]
    )
    assert board["orders_info"]["white"]["given"] == 6
    assert board["last_order"] == {
        "kind": "infantry",
        "from": "w-reserve",
        "to": "w-left",
        "given": 6,
    }
    mine = [G.describe_event(e) for e in m.events_for("white") if e["kind"] == "ordered"]
    assert mine[-1].endswith("infantry from White reserve to White left wing (6 on the sheet)")
    # two infantry of the reserve are left, but only four orders: the other group's order
    m.act("white", ("order", "cavalry", "w-reserve", "w-right"))
    assert [a[1] for a in m.legal("white") if a[0] == "times"] == [2, 3, 4]
    m.act("white", ("times", 4))  # the tenth order: the sheet is full
    assert m.legal("white") == [("done",)]
    # a total below or at what is given, or beyond the choices, is not offered
    m2 = Match.new("commanders", "marengo", {}, 1)
    m2.act("white", ("order", "cavalry", "w-right", "mid-east"))
    for bad in (("times", 1), ("times", 5)):
        assert bad not in m2.legal("white")
    # the orders carry out as six like orders would: five over one border in a phase
    m.act("white", ("done",))
    m.act("black", ("done",))
    while m.state.phase != "combined":  # type: ignore[attr-defined]
        m.act(m.active[0], ("done",))
    assert ("go", "infantry", "w-reserve", "w-left") in m.legal("white")
    m.act("white", ("all",))
    carried = m.view("black")["board"]["orders"]["white"]
    assert {
        "kind": "infantry",
        "from": "w-reserve",
        "to": "w-left",
        "given": None,
        "carried": 5,
    } in (carried)


def test_the_multiplier_with_the_command_sectors_extra_order() -> None:
    """Advanced ordering by distance: one order more, for units in the command sector only;
    the multiplier counts it for that group and no other."""
    m = Match.new("commanders", "marengo", {"advanced-orders-distance": True}, 1)
    m.act("white", ("order", "infantry", "w-reserve", "w-left"))
    m.act("white", ("times", 8))
    m.act("white", ("order", "infantry", "w-left", "mid-west"))
    # 9 given of 10: one more for w-left's group, two with the command sector's
    assert [a[1] for a in m.legal("white") if a[0] == "times"] == [2]
    m.act("white", ("order", "infantry", "w-centre", "mid-centre"))
    assert [a[1] for a in m.legal("white") if a[0] == "times"] == [2]  # the extra, there only
    m.act("white", ("times", 2))
    assert m.view("white")["board"]["orders_info"]["white"]["given"] == 11
    assert m.legal("white") == [("done",)]


def test_no_question_at_planning_that_can_be_answered_later() -> None:
    """No second move, no road move, no phase at planning (terrain on: roads)."""
    m = Match.new("commanders", "marengo", {"terrain": True}, 1)
    m.act("white", ("order", "cavalry", "w-right", "w-centre"))
    assert m.state.stage == "plan"
    assert all(a[0] in ("order", "times", "done") for a in m.legal("white"))


# ----- secrecy ---------------------------------------------------------------------------


def _twins(first: list[tuple[Any, ...]], second: list[tuple[Any, ...]]) -> tuple[Match, Match]:
    a = Match.new("commanders", "marengo", {}, 8)
    b = Match.new("commanders", "marengo", {}, 8)
    for act in first:
        a.act("white", act)
    for act in second:
        b.act("white", act)
    return a, b


def test_the_other_side_and_watchers_see_nothing_of_a_sheet_being_written() -> None:
    """White gives no order in one twin and five in the other: black and the observer get the
    same bytes (view, prompt, log, board), so not even the count of orders shows."""
    five = [
        ("order", "infantry", "w-left", "mid-west"),
        ("times", 3),
        ("order", "cavalry", "w-right", "mid-east"),
        ("order", "cavalry", "w-right", "mid-east"),
    ]
    a, b = _twins([], five)
    assert _seen(a, "black") == _seen(b, "black")
    assert _seen(a, None) == _seen(b, None)
    # white's own log keeps its sheet, a line an order
    mine = [G.describe_event(e) for e in b.events_for("white") if e["kind"] == "ordered"]
    assert len(mine) == 4 and mine[-1].endswith(
        "cavalry from White right wing to East fields (2 on the sheet)"
    )
    assert mine[1].endswith("infantry from White left wing to West fields (3 on the sheet)")
    a.act("white", ("done",))
    b.act("white", ("done",))
    assert _seen(a, "black") == _seen(b, "black")
    assert _seen(a, None) == _seen(b, None)
    assert a.view("black")["board"]["orders_info"]["white"] == {
        "allowed": 10,
        "given": None,
        "saved": None,
    }


def test_an_order_is_shown_when_its_unit_acts_and_not_before() -> None:
    m = Match.new("commanders", "marengo", {}, 8)
    m.act("white", ("order", "cavalry", "w-right", "mid-east"))  # rides in the fast phase
    m.act("white", ("order", "infantry", "w-left", "mid-west"))  # marches in combined arms
    m.act("white", ("order", "infantry", "w-left", "mid-west"))
    m.act("white", ("order", "artillery", "w-centre", "w-left"))  # moves in non-combat
    m.act("white", ("done",))
    m.act("black", ("done",))
    assert m.state.phase == "fast" and m.active == ("white",)
    assert m.view("black")["board"]["orders"]["white"] == []
    m.act("white", ("go", "cavalry", "w-right", "mid-east"))
    assert m.state.phase == "combined"
    shown = m.view("black")["board"]["orders"]["white"]
    assert shown == [
        {"kind": "cavalry", "from": "w-right", "to": "mid-east", "given": None, "carried": 1}
    ]
    assert m.view(None)["board"]["orders"]["white"] == shown
    # the companies' and the gun's orders are still unknown to black, in view and log
    assert "w-left" not in json.dumps(m.view("black")["board"]["orders"])
    assert not any("mid-west" in json.dumps(e) for e in m.events_for("black"))
    m.act("white", ("all",))
    shown = m.view("black")["board"]["orders"]["white"]
    assert {
        "kind": "infantry",
        "from": "w-left",
        "to": "mid-west",
        "given": None,
        "carried": 2,
    } in (shown)
    assert not [o for o in shown if o["kind"] == "artillery"]


def test_the_plans_are_shown_at_the_scoring_phase() -> None:
    """The book lets each side ask for the other's plan in the scoring phase: both sheets are
    logged then, orders carried out or not, and the orders saved."""
    m = Match.new("commanders", "marengo", {}, 8)
    m.act("white", ("order", "infantry", "w-reserve", "w-left"))
    m.act("white", ("done",))
    m.act("black", ("done",))
    while m.state.round == 1:
        m.act(m.active[0], ("done",))
    plans = {e["side"]: e for e in events(m, "plan")}
    assert plans["white"]["orders"] == [["infantry", "w-reserve", "w-left", 1, 0]]
    assert plans["white"]["saved"] == 9 and plans["black"]["saved"] == 10
    assert "plan" in [e["kind"] for e in m.events_for("black")]


def test_choices_of_a_phase_are_secret_until_both_sides_have_chosen() -> None:
    """Both sides ride in the fast phase: white chooses first; black's view, prompt and log
    are the same whichever white chose, and so is black's determinized world."""
    seen = []
    worlds = []
    for white in (("go", "cavalry", "w-right", "mid-east"), ("done",)):
        m = Match.new("commanders", "marengo", {}, 8)
        m.act("white", ("order", "cavalry", "w-right", "mid-east"))
        m.act("white", ("done",))
        m.act("black", ("order", "cavalry", "b-right", "mid-west"))
        m.act("black", ("done",))
        assert set(m.active) == {"white", "black"}
        m.act("white", white)
        if m.active == ("white",):
            m.act("white", ("done",))
        assert m.active == ("black",)
        seen.append(_seen(m, "black"))
        worlds.append(G.snapshot(G.determinize(m.state, "black", Rng(3))))
        m.act("black", ("done",))
        acts = [e for e in events(m, "acts") if e["side"] == "white"]
        assert bool(acts) == (white[0] == "go")  # shown once both have chosen
    assert seen[0] == seen[1]
    assert worlds[0] == worlds[1]


def test_no_log_entry_is_private_to_a_sector() -> None:
    """A log entry's "to" names the roles that may see it; never a sector (such entries
    were shown to nobody)."""
    m = Match.new("commanders", "dennewitz", {"terrain": True}, 4)
    rng = Rng(9)
    while not m.over and m.state.round <= 3:
        role = m.active[0]
        acts = m.legal(role)
        m.act(role, ("all",) if ("all",) in acts else acts[rng.below(len(acts))])
    moves = [e for e in m.log if e["kind"] in ("moved", "fled", "entered", "blocked")]
    assert moves and all("to" not in e for e in moves)
    assert all(set(e["to"]) <= {"white", "black"} for e in m.log if "to" in e)
    assert all(visible(e, "white") or visible(e, "black") for e in m.log)


# ----- using an order as the round allows ------------------------------------------------


def test_cavalry_second_move_is_chosen_when_it_happens_any_way() -> None:
    m = fresh(driven=False)
    put(m, "w-c1", "w-reserve")
    m.act("white", ("order", "cavalry", "w-reserve", "w-right"))
    m.act("white", ("done",))
    m.act("black", ("done",))
    m.act("white", ("go", "cavalry", "w-reserve", "w-right"))
    assert where(m, "w-c1") == ("w-right", "fresh")  # one move: not spent
    # combined arms: on to any neighbour of w-right but the enemy reserve
    ons = [a for a in m.legal("white") if a[0] == "on"]
    assert {a[3] for a in ons} == {"w-centre", "mid-east", "w-reserve"}
    m.act("white", ("on", "cavalry", "w-right", "mid-east"))
    assert where(m, "w-c1")[0] == "mid-east"


def test_a_cavalry_charge_that_hits_but_does_not_take_the_sector_keeps_its_second_move() -> None:
    """Our reading (NOTES.md): the book spends cavalry that fails to hit; one that hits but
    finds the sector still held goes back and may act once more this round."""
    m = fresh(driven=False)
    put(m, "w-c1", "w-centre")
    put(m, "b-i1", "mid-centre")
    put(m, "b-i2", "mid-centre")
    m.act("white", ("order", "cavalry", "w-centre", "mid-centre"))
    m.act("white", ("done",))
    m.act("black", ("done",))
    # no square; ranged: b-i1 [1] (-2 in the fast phase); melee: w-c1 [6], b-i1 [1]
    m.state.rng = ScriptedRng([1, 6, 1])
    m.act("white", ("go", "cavalry", "w-centre", "mid-centre"))
    m.act("black", ("done",))  # no square
    while m.state.stage in ("melee-target", "withdraw"):
        role = m.active[0]
        m.act(role, m.legal(role)[0] if m.state.stage == "melee-target" else ("done",))
    hits = {e["unit"]: e["hits"] for e in events(m, "result") if e["step"] == "melee"}
    assert hits["w-c1"] == 1
    assert where(m, "w-c1") == ("w-centre", "fresh")
    # combined arms: it may ride again
    assert m.state.phase == "combined"
    assert any(a[0] == "on" for a in m.legal("white"))


def test_cavalry_in_a_forest_has_no_fast_move() -> None:
    m = fresh({"terrain": True}, driven=False)  # side A: forest at mid-east
    put(m, "w-c1", "mid-east")
    m.act("white", ("order", "cavalry", "mid-east", "mid-centre"))
    m.act("white", ("done",))
    m.act("black", ("done",))
    assert m.state.phase == "combined"  # nothing to ask in the fast phase
    assert ("go", "cavalry", "mid-east", "mid-centre") in m.legal("white")


def test_all_carries_out_every_order_that_can_act_now() -> None:
    m = fresh(driven=False)
    for k in (1, 2, 3):
        put(m, f"w-i{k}", "w-left")
    put(m, "w-c1", "w-left")
    for _k in range(3):
        m.act("white", ("order", "infantry", "w-left", "mid-west"))
    m.act("white", ("order", "cavalry", "w-left", "w-centre"))
    m.act("white", ("done",))
    m.act("black", ("done",))
    m.act("white", ("done",))  # fast: the cavalry waits
    assert G.label(m.state, "white", ("all",)) == "all: every order that can act now does (4 units)"
    m.act("white", ("all",))
    assert sorted(e["unit"] for e in events(m, "moved")) == ["w-c1", "w-i1", "w-i2", "w-i3"]


# ----- bombardment of a building ---------------------------------------------------------


def test_artillery_may_fire_at_the_building_when_other_enemies_are_there() -> None:
    """Board side B: a farm at mid-centre with a white company inside and another outside.
    The gun may fire at the building (two hits at -1 bring it down with its occupant),
    which on 0c67e28 it could only when the occupant was the only enemy there."""
    m = fresh({"terrain": True, "objectives": True}, driven=False)
    put(m, "w-i1", "mid-centre")
    put(m, "w-i2", "mid-centre")
    m.state.garrison = {m.state.data.index["mid-centre"]: 1}  # w-i2 inside
    put(m, "b-a1", "b-centre")
    m.act("white", ("done",))
    m.act("black", ("order", "artillery", "b-centre", "mid-centre"))
    m.act("black", ("done",))
    assert m.state.phase == "bombard"
    acts = m.legal("black")
    assert ("bombard", "artillery", "b-centre", "mid-centre", "building") in acts
    assert ("bombard", "artillery", "b-centre", "mid-centre") in acts
    m.state.rng = ScriptedRng([6, 6])
    m.act("black", ("bombard", "artillery", "b-centre", "mid-centre", "building"))
    shot = events(m, "bombard")[0]
    assert [r["target"] for r in shot["rolls"]] == ["w-i2", "w-i2"]
    assert events(m, "building-destroyed")
    assert m.view(None)["board"]["ruined"] == ["mid-centre"]
    assert where(m, "w-i2")[0] is None and where(m, "w-i1") == ("mid-centre", "fresh")


# ----- set-up ----------------------------------------------------------------------------


def test_custom_set_up_placed_by_sector_counts_and_hidden() -> None:
    m = Match.new("commanders", "custom", {}, 3)
    acts = m.legal("white")
    assert all(a[0] == "place" and a[1] == "w-right" and sum(a[2:]) == 6 for a in acts)
    assert ("place", "w-right", 2, 4, 0) in acts and len(acts) <= 28
    m.act("white", ("place", "w-right", 2, 4, 0))
    assert {a[1] for a in m.legal("white")} == {"w-centre"}
    m.act("white", ("place", "w-centre", 4, 0, 2))
    m.act("white", ("place", "w-left", 6, 0, 0))
    assert not m.state.waiting[0]  # the reserve took the rest: done without asking
    mine = [u for u in m.view("white")["board"]["units"] if u["side"] == "white"]
    assert sum(1 for u in mine if u["sector"] == "w-reserve") == 12
    theirs = [u for u in m.view("black")["board"]["units"] if u["side"] == "white"]
    assert {u["where"] for u in theirs} == {"hidden"}
    assert "w-right" not in json.dumps(m.view("black")["log"])


def _types(m: Match, role: str, side: str) -> list[int]:
    mine = [u for u in m.view(role)["board"]["units"] if u["side"] == side]
    return [sum(1 for u in mine if u["type"] == t) for t in ("infantry", "cavalry", "artillery")]


def test_custom_armies_of_an_agreed_mix_each_side_its_own() -> None:
    """The book: a custom army need not match the other; the players agree each mix (the box
    holds 30 infantry, 12 cavalry and 4 guns a colour; the set-up has 30 places)."""
    opts = {"white-cavalry": 12, "white-artillery": 4, "black-cavalry": 2, "black-artillery": 0}
    m = Match.new("commanders", "custom", opts, 3)
    assert _types(m, "white", "white") == [14, 12, 4]
    assert _types(m, "black", "black") == [28, 2, 0]
    # both mixes are agreed, so public (what each army holds, not where it stands)
    assert m.view("black")["board"]["army"] == {
        "white": {"infantry": 14, "cavalry": 12, "artillery": 4},
        "black": {"infantry": 28, "cavalry": 2, "artillery": 0},
    }
    assert {u["id"] for u in m.view("white")["board"]["units"]} >= {"w-c12", "w-a4", "b-i28"}
    # each side's placement by sector counts follows its own mix
    assert ("place", "w-right", 0, 6, 0) in m.legal("white")
    black = m.legal("black")
    assert {a[4] for a in black} == {0} and max(a[3] for a in black) == 2
    for role, wings in (
        ("white", [("w-right", 0, 6, 0), ("w-centre", 2, 0, 4), ("w-left", 0, 6, 0)]),
        ("black", [("b-right", 4, 2, 0), ("b-centre", 6, 0, 0), ("b-left", 6, 0, 0)]),
    ):
        for wing in wings:
            m.act(role, ("place", *wing))
    assert m.state.phase == "planning"
    board = m.view("white")["board"]
    in_reserve = [u["type"] for u in board["units"] if u["sector"] == "w-reserve"]
    assert sorted(in_reserve) == ["infantry"] * 12  # the reserve takes what is left
    theirs = [u["type"] for u in m.view("black")["board"]["units"] if u["sector"] == "b-reserve"]
    assert sorted(theirs) == ["infantry"] * 12
    # the default is the book's 20/8/2 for both
    assert _types(Match.new("commanders", "custom", {}, 3), "white", "black") == [20, 8, 2]


def test_a_mix_out_of_bounds_or_off_the_custom_set_up_is_refused_by_name() -> None:
    with pytest.raises(BadOption, match=r"black-cavalry and black-artillery.*custom set-up"):
        Match.new("commanders", "marengo", {"black-cavalry": 10}, 3)
    with pytest.raises(BadOption, match="'white-artillery' must be between 0 and 4, got 5"):
        Match.new("commanders", "custom", {"white-artillery": 5}, 3)
    with pytest.raises(BadOption, match="'black-cavalry' must be between 0 and 12, got 13"):
        Match.new("commanders", "custom", {"black-cavalry": 13}, 3)
    with pytest.raises(BadOption, match=r"no option 'cavalry'.*white-cavalry"):
        Match.new("commanders", "custom", {"cavalry": 10}, 3)
    spec = {o.key: o for o in G.options}
    assert (
        spec["black-cavalry"].default,
        spec["black-cavalry"].low,
        spec["black-cavalry"].high,
    ) == (
        8,
        0,
        12,
    )


def test_objective_markers_as_the_players_agree() -> None:
    opts = {"objectives": True, "flags-big": 0, "flags-small": 2, "roses-big": 0, "roses-small": 3}
    m = Match.new("commanders", "marengo", opts, 3)
    kinds = {(a[1], a[2]) for a in m.legal("white")}
    assert kinds == {("general", 5), ("flag", 1), ("rose", 1)}
    while "white" in m.active:
        m.act("white", m.legal("white")[0])
    mine = [o for o in m.state.objectives if o.side == 0]
    assert sorted((o.kind, o.vp) for o in mine) == [
        ("flag", 1),
        ("flag", 1),
        ("general", 5),
        ("rose", 1),
        ("rose", 1),
        ("rose", 1),
    ]
    assert len({o.sector for o in mine if o.kind != "rose"}) == 3  # one to a sector
    with pytest.raises(BadOption, match="marker-sectors home-row there are 3 sectors"):
        Match.new(
            "commanders", "marengo", {"objectives": True, "flags-big": 2, "flags-small": 1}, 3
        )
    with pytest.raises(BadOption, match="need the objectives option"):
        Match.new("commanders", "marengo", {"roses-small": 2}, 3)
    with pytest.raises(BadOption, match="need the objectives option"):
        Match.new("commanders", "marengo", {"marker-sectors": "battlefield"}, 3)
    with pytest.raises(BadOption, match=r"marker-sectors.*home-row, battlefield"):
        Match.new("commanders", "marengo", {"objectives": True, "marker-sectors": "mid"}, 3)
    none = Match.new(
        "commanders",
        "marengo",
        {
            "objectives": True,
            "general": 0,
            "flags-big": 0,
            "flags-small": 0,
            "roses-big": 0,
            "roses-small": 0,
        },
        3,
    )
    assert none.state.phase == "planning"  # nothing to place


def test_objective_markers_anywhere_on_the_battlefield_when_agreed() -> None:
    """The book places a side's markers on "certain sectors" without saying which: with
    marker-sectors battlefield any of the nine battle sectors takes them (never a reserve);
    a general or flag is still one to a sector of a side, and an empty sector holding both
    sides' is nobody's."""
    opts = {
        "objectives": True,
        "marker-sectors": "battlefield",
        "flags-big": 2,
        "flags-small": 2,
        "roses-big": 0,
        "roses-small": 0,
    }
    m = new("marengo", opts, 3)  # five generals and flags a side: too many for a home row
    assert {a[3] for a in m.legal("white")} == {s["id"] for s in _battle(m)}
    assert G.label(m.state, "white", ("objective", "general", 5, "mid-west")) == (
        "the general (5 VP): put it in Fontanone ford"
    )
    for sector in ("mid-west", "mid-centre", "w-left", "w-centre", "w-right"):
        m.act("white", next(a for a in m.legal("white") if a[3] == sector))
        assert sector not in {a[3] for a in m.legal("white")}  # one to a sector
    for sector in ("b-centre", "mid-centre", "mid-east", "b-left", "b-right"):
        m.act("black", next(a for a in m.legal("black") if a[3] == sector))
    assert m.state.phase == "planning"
    white_general = [o for o in m.state.objectives if o.side == 0 and o.kind == "general"]
    assert [G.view(m.state, None)["sectors"][o.sector]["id"] for o in white_general] == ["mid-west"]
    control = {s["id"]: s["control"] for s in _battle(m)}
    assert (control["mid-west"], control["mid-centre"], control["mid-east"]) == (
        "white",
        None,  # both sides' flags, nobody's units: the claims cancel
        "black",
    )
    # a black unit in white's command post: 5 VP to black at scoring; the sectors tie
    put(m, "b-i1", "mid-west")
    m.act("white", ("done",))
    m.act("black", ("done",))
    vp = [(e["side"], e["points"], e["why"]) for e in events(m, "vp")]
    assert ("black", 5, "general") in vp
    assert not any(side == "white" for side, _p, _w in vp)


def _battle(m: Match) -> list[dict[str, Any]]:
    return [s for s in m.view("white")["board"]["sectors"] if not s["reserve"]]


# ----- in-round choices private until both have chosen -----------------------------------


def _flank(white_reroll: bool) -> Match:
    """Both sides attack from two directions (a re-roll each): white takes mid-centre from
    w-centre and mid-west, black mid-east from mid-centre and b-left."""
    m = fresh(driven=False)
    put(m, "w-i1", "w-centre")
    put(m, "w-i2", "mid-west")
    put(m, "w-i3", "mid-east")
    put(m, "b-i1", "mid-centre")
    put(m, "b-i2", "b-left")
    m.act("white", ("order", "infantry", "w-centre", "mid-centre"))
    m.act("white", ("order", "infantry", "mid-west", "mid-centre"))
    m.act("white", ("done",))
    m.act("black", ("order", "infantry", "mid-centre", "mid-east"))
    m.act("black", ("order", "infantry", "b-left", "mid-east"))
    m.act("black", ("done",))
    m.state.rng = ScriptedRng([2] * 5 + [3] * 20)
    m.act("white", ("all",))
    m.act("black", ("all",))
    while m.state.stage != "ranged-reroll":
        m.act(m.active[0], ("done",))  # the defender where the placement order puts it
    assert set(m.active) == {"white", "black"}
    if white_reroll:
        m.act("white", ("reroll", "w-i1", 0))
    else:
        m.act("white", ("done",))
    return m


def test_a_reroll_is_shown_to_the_other_side_when_both_are_done() -> None:
    a, b = _flank(True), _flank(False)
    assert a.active == ("black",)  # white is done (its one re-roll used); black chooses
    assert a.view("white")["board"]["dice"]["w-i1"] == [3]  # its own new die at once
    assert _seen(a, "black") == _seen(b, "black")
    assert _seen(a, None) == _seen(b, None)
    # a label naming that die (black may re-roll any die of its own zones) shows the old one
    old = b.view("black")["board"]["dice"]["w-i1"][0]
    assert (
        G.label(a.state, "black", ("reroll", "w-i1", 0)) == f"re-roll the {old} of White infantry 1"
    )
    assert G.label(a.state, "white", ("reroll", "w-i1", 0)) == "re-roll the 3 of White infantry 1"
    a.act("black", ("done",))
    rolls = [r for e in events(a, "rerolls") for r in e["rolls"]]
    assert len(rolls) == 1 and rolls[0][:2] == ["white", "w-i1"] and rolls[0][3] == 3


def test_a_withdrawal_is_secret_until_both_sides_have_chosen() -> None:
    states = []
    for first in (("withdraw", "w-i2"), ("done",)):
        m = _flank(False)
        m.act("black", ("done",))
        assert m.state.stage == "withdraw" and set(m.active) == {"white", "black"}
        m.act("white", first)
        if "white" in m.active:
            m.act("white", ("done",))
        states.append(m)
    assert _seen(states[0], "black") == _seen(states[1], "black")
    assert G.snapshot(G.determinize(states[0].state, "black", Rng(2))) == G.snapshot(
        G.determinize(states[1].state, "black", Rng(2))
    )
    m = states[0]
    m.act("black", ("done",))
    assert [e["unit"] for e in events(m, "withdrew")] == ["w-i2"]


def test_rallies_are_secret_until_both_sides_have_chosen() -> None:
    views = []
    for pick in (("rally", "infantry"), ("done",)):
        m = fresh(driven=False)
        for k in (1, 2):
            put(m, f"w-i{k}", "w-reserve", ROUTED)
            put(m, f"b-i{k}", "b-reserve", ROUTED)
        while m.state.stage != "rally":
            m.act(m.active[0], ("done",))
        assert set(m.active) == {"white", "black"}
        m.act("white", pick)
        assert m.active == ("black",)
        views.append(_seen(m, "black"))
        assert where(m, "w-i1")[1] == "routed"  # nothing happens before both are done
    assert views[0] == views[1]
