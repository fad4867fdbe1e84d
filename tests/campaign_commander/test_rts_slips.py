"""Roads to Stalingrad: the slips of issue 18 (campaign 7.b and 5.b placement, Strategic
Redeployment, series 4.2.2 with no RP), each checked through the public API."""

from __future__ import annotations

import warroom
from warroom.engine import Match

from .helpers import card_turn, clean_board, place

GAME = warroom.game("roads-to-stalingrad")
INLAND_SYMBOLS = ("Tambov", "Pallasovka", "Elton", "Baskunchak", "Achikulak")


def test_7b_soviet_reinforcements_enter_cities_or_supply_symbols_on_the_map_edge() -> None:
    m = clean_board(GAME)
    s = m.state
    s.cards_count = 15  # 7.c: reinforcement cards are playable from 15 cards on
    card_turn(m, "soviet", "so-reinf-a")
    m.act("soviet", ("play", "so-reinf-a"))
    places = {a[1] for a in m.legal("soviet")}
    assert places, "the reinforcement must have somewhere to go"
    for a in INLAND_SYMBOLS:
        assert GAME.data.areas[a].supply and not GAME.data.areas[a].edge
        assert a not in places, f"{a} is a supply symbol away from the map edge (7.b)"
    assert {"Ershov", "Novouzensk", "Urda", "Kharabali", "Volga Delta"} <= places  # edge symbols
    assert {"Voronezh", "Saratov", "Stalingrad"} <= places  # cities linked as in 5.b
    assert all(GAME.data.areas[a].city or GAME.data.areas[a].edge for a in places)


def test_5b_soviet_resource_points_may_go_to_linked_supply_symbols() -> None:
    m = clean_board(GAME)
    card_turn(m, "soviet", "so-industry-1")
    m.act("soviet", ("play", "so-industry-1"))
    places = {a[1] for a in m.legal("soviet")}
    assert {"Tambov", "Elton", "Ershov"} <= places  # 5.b: a named city or a supply symbol
    assert "Voronezh" in places


def _redeploy(m: Match) -> None:
    card_turn(m, "axis", "ax-redeploy-1")
    m.act("axis", ("play", "ax-redeploy-1"))


def test_strategic_redeployment_moves_two_different_units_once_each() -> None:
    m = clean_board(GAME)
    place(m, g_55="Kursk", g_17="Kharkov")
    _redeploy(m)
    assert ("pick", "g-55") in m.legal("axis")
    m.act("axis", ("pick", "g-55"))
    dest = next(a for a in m.legal("axis") if a[0] == "place")
    m.act("axis", dest)
    assert m.state.units["g-55"].loc == dest[1]
    second = m.legal("axis")
    assert ("pick", "g-55") not in second  # the card moves two units, not one twice
    assert ("pick", "g-17") in second
    m.act("axis", ("pick", "g-17"))
    m.act("axis", next(a for a in m.legal("axis") if a[0] == "place"))
    assert m.state.tasks[-1][0] != "redeploy"  # two units moved: the card is done


def test_strategic_redeployment_buttons_name_the_units() -> None:
    m = clean_board(GAME)
    place(m, g_55="Kursk", g_42="Kerch")
    _redeploy(m)
    labels = {a: GAME.label(m.state, "axis", a) for a in m.legal("axis")}
    assert labels[("pick", "g-55")] == "Redeploy LV Corps (Kursk)"
    assert labels[("exit", "g-42")] == "XLII Corps leaves the map from Kerch"
    assert labels[("done",)] == "Done (no more units)"
    assert all("g-" not in text for text in labels.values())
    assert GAME.prompt_text(m.state, "axis") == (
        "Strategic Redeployment: pick a German unit to move (2 left) or done"
    )


def test_4_2_2_a_side_without_resource_points_cannot_choose_map() -> None:
    m = clean_board(GAME)
    s = m.state
    s.rps = {"axis": {"Kharkov": 1}, "soviet": {}}
    s.tasks = [("choose",)]
    s.cache = None
    m.forget()
    assert m.legal("soviet") == [("card",)]  # no RP: no operation to conduct (4.2.2, 5.2)
    assert set(m.legal("axis")) == {("card",), ("map",)}
    m.act("axis", ("map",))
    m.act("soviet", ("card",))
    assert m.state.rps["axis"] == {}  # the Axis operated (its RP spent) ...
    assert m.state.tasks[-1] == ("card", "soviet")  # ... then the Soviet Card option


def test_setup_follows_the_front_line_of_28_june_1942() -> None:
    """Taganrog was German from October 1941 (the Mius front ran east of it); Kupyansk fell
    in Fridericus II (22-26 June) while Valuyki stayed Soviet until 3 July."""
    m = Match.new(GAME, seed=1)
    s = m.state
    sides = {area: {GAME.data.units[u].side for u, x in s.units.items() if x.loc == area}
             for area in ("Taganrog", "Kupyansk", "Valuyki", "Rostov")}  # fmt: skip
    assert s.control["Taganrog"] == "axis" and sides["Taganrog"] == {"axis"}
    assert s.control["Kupyansk"] == "axis" and sides["Kupyansk"] == {"axis"}
    assert s.control["Valuyki"] == "soviet" and sides["Valuyki"] == {"soviet"}
    assert s.units["s-18"].loc == s.units["s-56"].loc == "Rostov"  # the Southern Front's left
    # Taganrog's only circle is the Soviets' (a city of the Axis rear they may win back)
    assert dict(GAME.data.areas["Taganrog"].vp) == {"soviet": 1}
    # every area starts held by the side west or east of the line, and no unit stands in
    # an area its side does not control
    for uid, u in s.units.items():
        if u.loc in GAME.data.areas:
            assert s.control[u.loc] == GAME.data.units[uid].side, (uid, u.loc)
