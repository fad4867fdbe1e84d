"""The rulebook's worked examples, played through the real engine with fixed dice."""

from __future__ import annotations

from typing import Any

from tests.commanders.util import new, order
from warroom.engine import Match, ScriptedRng
from warroom.games.commanders.data import UINDEX, load
from warroom.games.commanders.state import ROUTED

D = load()


def put(m: Match, unit: str, sector: str, status: int | None = None) -> None:
    """Stand a unit somewhere before the round is played (building a position by hand)."""
    m.state.loc[UINDEX[unit]] = D.index[sector]
    if status is not None:
        m.state.status[UINDEX[unit]] = status
    m.state.cache = [None, None]
    m.state.plan_base = [None, None]


def events(m: Match, kind: str) -> list[dict[str, Any]]:
    return [e for e in m.log if e["kind"] == kind]


def status(m: Match, unit: str) -> tuple[str | None, str]:
    u = next(x for x in m.view(None)["board"]["units"] if x["id"] == unit)
    return u["sector"], u["status"]


def test_bombardment_example_total_modifier_minus_one() -> None:
    """Two white guns fire at range 2 into a sector holding black infantry, routed infantry,
    cavalry and artillery, where both white artillery tokens already lie; a white cavalry
    unit stands in between, so each gun rolls one die only. Against infantry: +2 (table),
    -4 (range 2), +1 (tokens) = -1. One barrage hits; both tokens stay."""
    m = new("marengo", {}, 5)
    for u in ("b-i4", "b-i5", "b-a2"):
        put(m, u, "b-reserve")
    put(m, "b-i6", "b-centre", ROUTED)
    put(m, "b-c1", "b-centre")
    put(m, "w-c1", "mid-centre")
    m.state.tokens = {UINDEX["w-a1"]: D.index["b-centre"], UINDEX["w-a2"]: D.index["b-centre"]}
    order(
        m,
        "white",
        ("order", "w-a1", "bombard", "b-centre"),
        ("order", "w-a2", "bombard", "b-centre"),
    )
    m.state.rng = ScriptedRng([5, 4])
    order(m, "black")
    shots = events(m, "bombard")
    assert [s["range"] for s in shots] == [2, 2]
    rolls = [r for s in shots for r in s["rolls"]]
    assert len(rolls) == 2  # the friendly cavalry in between costs each gun its second die
    assert [r["target"] for r in rolls] == ["b-i3", "b-i3"]  # infantry first
    assert [r["modifier"] for r in rolls] == [-1, -1]
    assert [r["hit"] for r in rolls] == [True, False]
    assert status(m, rolls[0]["target"])[1] == "routed"
    tokens = m.view(None)["board"]["tokens"]
    assert sorted(t["artillery"] for t in tokens if t["sector"] == "b-centre") == ["w-a1", "w-a2"]


def test_bombardment_enemy_obstacle_takes_the_second_die() -> None:
    """An enemy unit between the gun and its target takes the second die: infantry first
    by the priority (a fresh company before a spent one), the cavalry in harm's way."""
    m = new("marengo", {}, 5)
    put(m, "b-c1", "mid-centre")
    m.state.status[UINDEX["b-i3"]] = 1  # spent: the die goes at a fresh company
    order(m, "white", ("order", "w-a1", "bombard", "b-centre"))
    m.state.rng = ScriptedRng([6, 6])
    order(m, "black")
    rolls = events(m, "bombard")[0]["rolls"]
    # one die at the target (range 2: +2 -4), one at the cavalry in harm's way (range 1: +2 -3)
    assert [r["target"] for r in rolls] == ["b-i4", "b-c1"]
    assert [r["modifier"] for r in rolls] == [-2, -1]
    assert status(m, "b-i4")[1] == "routed" and status(m, "b-i3")[1] != "routed"


def test_example_battle_flank_attack_by_cavalry() -> None:
    """The rulebook's example battle, first round on the right: both sides' infantry march
    into the same open sector while black cavalry comes in from the flank. The volleys rout
    one black company and cost white nothing; then the black horse takes the white infantry
    in the flank and scores two easy hits, the black infantry pinning them is lost, and black
    holds the sector."""
    m = Match.new("commanders", "marengo", {}, 2)
    put(m, "b-c1", "mid-centre")
    put(m, "b-c2", "mid-centre")
    # white: two companies of its right wing forward; black: two companies of its left wing
    # and the two squadrons in the centre, all with an arrow into mid-east
    m.act("white", ("order", "infantry", "w-right", "mid-east"))
    m.act("white", ("order", "infantry", "w-right", "mid-east"))
    m.act("white", ("done",))
    m.act("black", ("order", "infantry", "b-left", "mid-east"))
    m.act("black", ("order", "infantry", "b-left", "mid-east"))
    m.act("black", ("order", "cavalry", "mid-centre", "mid-east"))
    m.act("black", ("order", "cavalry", "mid-centre", "mid-east"))
    m.act("black", ("done",))
    # the fast movement phase: black postpones its cavalry (the book's black general)
    assert m.state.stage == "choose" and m.active == ("black",)
    assert m.legal("black") == [
        ("go", "cavalry", "mid-centre", "mid-east"),
        ("all",),
        ("done",),
    ]
    m.act("black", ("done",))
    # combined arms: both sides' orders go at once
    m.act("white", ("all",))
    # ranged: white [6, 3] (-1: 5, 2), black [4, 2] (-1: 3, 1);
    # melee: white [6, 2], black infantry [5], black cavalry [4, 3]
    m.state.rng = ScriptedRng([6, 3, 4, 2, 6, 2, 5, 4, 3])
    m.act("black", ("all",))
    zones = events(m, "positions")
    assert {"white": ["w-i1", "w-i2"], "black": ["b-i7", "b-i8"]} in [
        {"white": z["white"], "black": z["black"]} for z in zones
    ]
    # black attacks from two directions: one re-roll, which it declines
    assert "black" in m.active
    assert ("reroll", "w-i1", 0) in m.legal("black")
    m.act("black", ("done",))
    ranged = [e for e in events(m, "result") if e["step"] == "ranged"]
    assert [(e["unit"], e["hits"]) for e in ranged] == [
        ("w-i1", 1),
        ("w-i2", 0),
        ("b-i7", 0),
        ("b-i8", 0),
    ]
    assert status(m, "b-i7")[1] == "routed"
    # the cavalry may pull back before melee (nobody attacks it); it stays
    if "black" in m.active and m.state.stage == "withdraw":
        m.act("black", ("done",))
    # melee targets: white's second company faces a routed unit and may pick its target;
    # each black squadron, unopposed, picks any white unit in the sector's zones
    while m.state.stage == "melee-target":
        role = m.active[0]
        acts = m.legal(role)
        if role == "white":
            m.act(role, ("target", acts[0][1], "b-i7"))
        else:
            unit = acts[0][1]
            m.act(role, ("target", unit, "w-i1" if unit == "b-c1" else "w-i2"))
    if m.state.stage == "melee-reroll":
        m.act("black", ("done",))
    melee = {e["unit"]: e for e in events(m, "result") if e["step"] == "melee"}
    assert melee["w-i1"]["hits"] == 1  # 6 beats 5
    assert melee["b-i8"]["hits"] == 0
    assert melee["b-c1"]["modified"] == [6] and melee["b-c1"]["hits"] == 1  # 4 +1 +2
    assert melee["b-c2"]["modified"] == [6] and melee["b-c2"]["hits"] == 1  # 3 +1 +2
    # the black cavalry enter; the routed fled to their reserves
    assert status(m, "b-c1") == ("mid-east", "fresh") or status(m, "b-c1")[0] == "mid-east"
    assert status(m, "b-c2")[0] == "mid-east"
    assert status(m, "w-i1") == ("w-reserve", "routed")
    assert status(m, "w-i2") == ("w-reserve", "routed")
    assert status(m, "b-i8") == ("b-reserve", "routed")
    sectors = {s["id"]: s for s in m.view(None)["board"]["sectors"]}
    assert sectors["mid-east"]["control"] == "black"


def test_placement_order_in_a_battle_zone() -> None:
    """Attackers: infantry, cavalry, artillery; defenders: square, infantry, cavalry,
    artillery, then routed units; never more defenders than attackers."""
    m = new("marengo", {}, 4)
    # black: 2 infantry, 2 cavalry in mid-centre, a gun there too, attack white's centre
    for u in ("b-i3", "b-i4", "b-c1", "b-c2", "b-a1"):
        put(m, u, "mid-centre")
    # white centre: w-i3 (square), w-i4, w-c1, w-a1 and a routed w-i5; the rest elsewhere
    put(m, "w-i6", "w-reserve")
    put(m, "w-a2", "w-reserve")
    put(m, "w-c1", "w-centre")
    put(m, "w-i5", "w-centre", ROUTED)
    m.state.square[UINDEX["w-i3"]] = True
    order(m, "white")
    order(
        m,
        "black",
        *(("order", u, "advance", "w-centre") for u in ("b-i3", "b-i4", "b-c1", "b-c2")),
        ("order", "b-a1", "fire", "w-centre"),
    )
    assert m.state.stage == "react"
    m.act("white", ("done",))
    zone = events(m, "positions")[0]
    assert zone["black"] == ["b-i3", "b-i4", "b-c1", "b-c2", "b-a1"]
    assert zone["white"] == ["w-i3", "w-i4", "w-c1", "w-a1", "w-i5"]


def test_defenders_never_outnumber_attackers() -> None:
    m = new("marengo", {}, 4)
    put(m, "b-i3", "mid-centre")
    order(m, "white")
    order(m, "black", ("order", "b-i3", "advance", "w-centre"))
    zone = events(m, "positions")[0]
    assert len(zone["white"]) == 1 and zone["black"] == ["b-i3"]
