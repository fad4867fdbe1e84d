"""Terrain: the building (board side B has one at mid-centre)."""

from __future__ import annotations

from tests.commanders.util import answer_done, clear, control, events, order, put, where
from warroom.engine import Match, ScriptedRng


def _side_b() -> Match:
    m = Match.new("commanders", "marengo", {"terrain": True, "objectives": True}, 1)
    m.act("black", ("orient", 1))  # side B as printed
    while m.state.stage == "place":
        for role in m.active:
            m.act(role, m.legal(role)[0])  # markers on the west of each home row
    clear(m, "white")
    clear(m, "black")
    return m


def test_garrison_fights_from_the_building_and_denies_the_sector() -> None:
    """A company already inside the farm strikes in a fight over its sector (unopposed
    bonus, its owner's choice of target); the attackers may strike it at -1; routed inside,
    it stays, and nobody holds the sector."""
    m = _side_b()
    put(m, "w-i1", "mid-centre")
    put(m, "w-i2", "mid-centre")
    m.state.garrison = {m.state.data.index["mid-centre"]: 1}  # w-i2 inside
    put(m, "b-i1", "b-centre")
    put(m, "b-i2", "b-centre")
    order(m, "white")
    # ranged: white [1], black [1, 1]; melee: white [1], black [6, 6], the building [6]
    m.state.rng = ScriptedRng([1, 1, 1, 1, 6, 6, 6])
    order(
        m,
        "black",
        ("order", "b-i1", "advance", "mid-centre"),
        ("order", "b-i2", "advance", "mid-centre"),
    )
    assert m.state.stage == "ranged-target"
    m.act("black", ("target", "b-i2", "w-i1"))
    answer_done(m, "withdraw")
    # b-i2 faces nobody: it may attack the unit in the building
    assert ("target", "b-i2", "w-i2") in m.legal("black")
    m.act("black", ("target", "b-i2", "w-i2"))
    # the company in the building picks its own target among the attackers of its sector
    assert m.legal("white") == [("target", "w-i2", "b-i1"), ("target", "w-i2", "b-i2")]
    m.act("white", ("target", "w-i2", "b-i1"))
    melee = {e["unit"]: e for e in events(m, "result") if e["step"] == "melee"}
    # the building's defender: passive infantry vs attacking infantry (0) + unopposed (+1)
    assert melee["w-i2"]["modified"] == [6] and melee["w-i2"]["hits"] == 1
    assert melee["w-i2"]["target"] == "b-i1"
    # attacking the building: +1 (passive infantry) +1 (unopposed) -1 (building) +1 (downhill)
    assert melee["b-i2"]["hits"] == 1
    # the routed unit inside stays; black takes the sector but cannot hold it
    assert where(m, "w-i2") == ("mid-centre", "routed")
    assert where(m, "b-i2")[0] == "mid-centre"
    assert where(m, "w-i1") == ("w-reserve", "routed")
    assert control(m, "mid-centre") is None
    assert m.view(None)["board"]["garrison"] == [{"sector": "mid-centre", "unit": "w-i2"}]


def test_a_defender_withdraws_into_the_building() -> None:
    """At the second placement a defending company may go into the building: it leaves the
    zone and the sector is still denied to the attackers while it is there."""
    m = _side_b()
    put(m, "w-i1", "mid-centre")
    put(m, "w-i2", "mid-centre")
    put(m, "b-i1", "b-centre")
    put(m, "b-i2", "b-centre")
    order(m, "white")
    # ranged: white [1, 1], black [1, 1]; melee: white [1], black [6, 6]
    m.state.rng = ScriptedRng([1, 1, 1, 1, 1, 6, 6])
    order(
        m,
        "black",
        ("order", "b-i1", "advance", "mid-centre"),
        ("order", "b-i2", "advance", "mid-centre"),
    )
    assert m.state.stage == "withdraw"
    assert ("garrison", "w-i1") in m.legal("white")
    m.act("white", ("garrison", "w-i2"))
    answer_done(m, "withdraw")
    while m.state.stage == "melee-target":
        m.act("black", ("target", m.legal("black")[0][1], "w-i1"))
    assert where(m, "w-i1")[0] != "mid-centre"  # both attackers struck the one outside
    assert where(m, "w-i2") == ("mid-centre", "fresh")
    assert where(m, "b-i1")[0] == "mid-centre"  # the building does not hold the sector
    assert control(m, "mid-centre") is None  # but nobody controls it while w-i2 is inside


def test_artillery_can_bring_the_building_down() -> None:
    m = _side_b()
    put(m, "w-i1", "mid-centre")
    m.state.garrison = {m.state.data.index["mid-centre"]: 0}  # w-i1 inside
    put(m, "b-a1", "b-centre")
    order(m, "white")
    m.state.rng = ScriptedRng([6, 6])
    order(m, "black", ("order", "b-a1", "bombard", "mid-centre"))
    shot = events(m, "bombard")[0]
    assert [r["modifier"] for r in shot["rolls"]] == [-2, -2]  # +2 -3 (range 1) -1 (building)
    assert events(m, "building-destroyed")
    assert m.view(None)["board"]["ruined"] == ["mid-centre"]
    assert where(m, "w-i1")[0] is None
