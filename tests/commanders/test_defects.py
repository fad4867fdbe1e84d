"""Defects found on 0c67e28 (issue 19), one scripted position each: every test here failed
there and shows the rulebook's answer."""

from __future__ import annotations

from tests.commanders.util import answer_done, clear, control, events, order, put, unit, where
from warroom.engine import Match, ScriptedRng
from warroom.games.commanders.state import ROUTED


def _fresh(options: dict[str, bool] | None = None) -> Match:
    m = Match.new("commanders", "marengo", options or {}, 1)
    if m.state.stage == "orient":
        m.act("black", ("orient", 1))
    clear(m, "white")
    clear(m, "black")
    return m


def _results(m: Match, step: str) -> dict[str, dict[str, object]]:
    return {e["unit"]: e for e in events(m, "result") if e["step"] == step}


def test_no_capture_for_a_captor_routed_later_in_the_combat() -> None:
    """w-i2 hits the routed b-i1 in the ranged fire, then is routed itself in the melee of
    the same combat: the book captures only while the attacking units survive the combat,
    so b-i1 is destroyed, not captured, and white scores nothing for it."""
    m = _fresh()
    put(m, "w-i1", "w-centre")
    put(m, "w-i2", "w-centre")
    put(m, "b-i1", "mid-centre", ROUTED)
    put(m, "b-i2", "mid-centre")
    order(m, "black")
    # ranged: white [4, 4] (w-i1 4-1=3 misses; w-i2 at the routed b-i1: 4 hits), black [6]
    # (b-i2 routs w-i1); melee: w-i2 [1] (+1: 2), b-i2 [6] routs w-i2
    m.state.rng = ScriptedRng([4, 4, 6, 1, 6])
    order(
        m,
        "white",
        ("order", "w-i1", "advance", "mid-centre"),
        ("order", "w-i2", "advance", "mid-centre"),
    )
    assert m.state.stage == "ranged-target"
    m.act("white", ("target", "w-i2", "b-i1"))
    answer_done(m, "ranged-reroll", "withdraw", "melee-reroll")
    assert _results(m, "ranged")["w-i2"]["hits"] == 1
    assert _results(m, "melee")["b-i2"]["hits"] == 1
    assert where(m, "w-i2")[1] == "routed"
    assert unit(m, "b-i1")["where"] == "destroyed"
    assert not [e for e in events(m, "vp") if e["why"] == "captures"]
    assert m.view(None)["board"]["captured"]["white"] == []


def test_attackers_take_a_sector_whose_defenders_won_elsewhere_and_left() -> None:
    """White attacks mid-east, held only by b-i1; b-i1 itself attacks out of mid-east into
    mid-centre and wins. Black moves in there, so mid-east is left empty: white's attack
    on it succeeds and w-i1 moves in (on 0c67e28 it stayed home and mid-east was empty)."""
    m = _fresh()
    put(m, "w-i1", "w-right")
    put(m, "w-i2", "mid-centre")
    put(m, "b-i1", "mid-east")
    # ranged: w-i1 [1], w-i2 [1], b-i1 [1]: no hits; melee: w-i1 [1], w-i2 [1], b-i1 [6]
    m.state.rng = ScriptedRng([1, 1, 1, 1, 1, 6])
    order(m, "white", ("order", "w-i1", "advance", "mid-east"))
    order(m, "black", ("order", "b-i1", "advance", "mid-centre"))
    answer_done(m, "withdraw", "ranged-reroll", "melee-reroll")
    assert _results(m, "melee")["b-i1"]["hits"] == 1
    assert where(m, "b-i1")[0] == "mid-centre"
    assert where(m, "w-i1")[0] == "mid-east"
    assert control(m, "mid-east") == "white"


def test_no_forest_penalty_for_a_fight_over_open_ground_out_of_a_forest() -> None:
    """Terrain side A: the forest is mid-east. White attacks out of it into mid-centre (open):
    the fight is over open ground, so neither side takes the forest's -2 ranged."""
    m = _fresh({"terrain": True})
    put(m, "w-i1", "mid-east")
    put(m, "b-i1", "mid-centre")
    # ranged: w-i1 [6] (-1 against passive infantry), b-i1 [1]
    m.state.rng = ScriptedRng([6, 1] + [1] * 10)
    order(m, "black")
    order(m, "white", ("order", "w-i1", "advance", "mid-centre"))
    ranged = _results(m, "ranged")
    assert ranged["w-i1"]["modified"] == [5]
    assert ranged["b-i1"]["modified"] == [1]


def test_a_unit_put_into_the_building_takes_no_part_in_that_melee() -> None:
    """Board side B: a farm at mid-centre. White withdraws w-i2 into the building at the
    second placement: it then takes no part in the combat (no target to choose, no die)."""
    m = Match.new("commanders", "marengo", {"terrain": True, "objectives": True}, 1)
    m.act("black", ("orient", 1))
    while m.state.stage == "place":
        for role in m.active:
            m.act(role, m.legal(role)[0])
    clear(m, "white")
    clear(m, "black")
    put(m, "w-i1", "mid-centre")
    put(m, "w-i2", "mid-centre")
    put(m, "b-i1", "b-centre")
    put(m, "b-i2", "b-centre")
    order(m, "white")
    m.state.rng = ScriptedRng([1] * 12)
    order(
        m,
        "black",
        ("order", "b-i1", "advance", "mid-centre"),
        ("order", "b-i2", "advance", "mid-centre"),
    )
    assert ("garrison", "w-i2") in m.legal("white")
    m.act("white", ("garrison", "w-i2"))
    answer_done(m, "withdraw")
    while m.state.stage == "melee-target":
        assert "white" not in m.active  # the unit in the building does not strike
        m.act("black", m.legal("black")[0])
    answer_done(m, "melee-reroll")
    assert "w-i2" not in _results(m, "melee")
    assert not any("w-i2" in e["units"] for e in events(m, "roll") if e["step"] == "melee")


def test_squares_offered_only_to_units_that_can_take_position() -> None:
    """One cavalry unit charges three infantry companies: only one defender takes position,
    so only one square attempt is useful; once one is chosen no other is offered."""
    m = _fresh()
    for k in (1, 2, 3):
        put(m, f"w-i{k}", "mid-centre")
    put(m, "b-c1", "b-centre")
    order(m, "white")
    order(m, "black", ("order", "b-c1", "fast", "mid-centre"))
    assert m.state.stage == "react"
    squares = [a for a in m.legal("white") if a[0] == "react"]
    assert len(squares) == 3  # any one of them may be the one in the zone
    m.act("white", squares[0])
    assert not [a for a in m.legal("white") if a[0] == "react"]


def test_army_morale_never_goes_below_zero() -> None:
    m = _fresh({"army-morale": True})
    m.state.vp = [15, 3]
    put(m, "w-i1", "b-centre")  # black's general: black loses 5
    order(m, "white")
    order(m, "black")
    assert m.over
    assert m.view(None)["board"]["vp"]["black"] == 0
    assert m.outcome is not None and m.outcome.winner == "white"
    assert min(e["vp"][1] for e in events(m, "vp")) == 0


def test_saved_orders_figure_is_this_rounds_while_planning() -> None:
    m = Match.new("commanders", "marengo", {}, 1)
    for k in (13, 14, 15):
        m.act("white", ("order", f"w-i{k}", "move", "w-left"))
    info = m.view("white")["board"]["orders_info"]["white"]
    assert info["given"] == 3 and info["saved"] == 7


def test_an_attack_out_of_the_reserve_says_why_it_did_not_happen() -> None:
    m = _fresh()
    put(m, "b-i1", "w-left")
    order(m, "white", ("order", "w-i1", "advance", "w-left"))
    order(m, "black")
    said = [e for e in m.events_for("white") if e["kind"] == "lapsed"]
    assert said and said[0]["unit"] == "w-i1" and "reserve" in said[0]["why"]
    assert where(m, "w-i1")[0] == "w-reserve"


def test_no_second_move_or_road_after_entering_a_forest() -> None:
    """Units always become spent upon entering a forest: a cavalry unit riding into the
    forest (side A: mid-east) is offered no second move, an infantry unit no road move."""
    m = _fresh({"terrain": True})
    put(m, "w-c1", "w-right")
    put(m, "w-i1", "mid-centre")
    m.act("white", ("order", "w-c1", "advance", "mid-east"))
    assert not [a for a in m.legal("white") if a[0] == "then"]
    m.act("white", ("order", "w-i1", "advance", "mid-east"))
    assert not [a for a in m.legal("white") if a[0] == "then"]
