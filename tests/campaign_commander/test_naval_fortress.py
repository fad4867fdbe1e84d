"""Series rules Roads to Stalingrad does not use (naval units, transport, fortresses, sieges),
on a tiny test campaign: three sea areas, four land areas, a red fortress port."""

from __future__ import annotations

from pathlib import Path

from warroom.engine import Match, ScriptedRng
from warroom.games.campaign_commander import naval
from warroom.games.campaign_commander.model import DEAD, POOL
from warroom.games.campaign_commander.series import SeriesGame
from warroom.games.campaign_commander.state import CCState, Unit

from .helpers import random_game


class Mini(SeriesGame):
    id = "mini-cc"
    title = "Campaign Commander test campaign"
    roles = ("blue", "red")
    data_folder = Path(__file__).parent / "mini_data"

    def order_cup(self, s: CCState, cup: list[str]) -> None:
        pass


MINI = Mini()


def board(**where: str) -> Match:
    """Units where named; ground units at sea go aboard their side's ships there."""
    m = Match.new(MINI, seed=1)
    s = m.state
    for uid in s.units:
        s.units[uid] = Unit(POOL)
    for uid, area in where.items():
        s.units[uid.replace("_", "-")] = Unit(area)
    s.rps = {"blue": {}, "red": {}}
    s.aboard, s.rp_aboard = {}, {}
    naval.embark_setup(MINI, s)
    s.tasks = []
    return m


def op(m: Match, role: str, area: str, dice: list[int] | None = None) -> None:
    """An operation of ``role`` spending an RP put at ``area`` (at sea: aboard the first ship)."""
    s = m.state
    s.rps[role][area] = s.rps[role].get(area, 0) + 1
    act: tuple[str, ...] = ("rp", area)
    if MINI.data.areas[area].kind == "sea":
        ship = naval.ships_at(MINI, s, area, role)[0]
        s.rp_aboard[ship] = s.rp_aboard.get(ship, 0) + 1
        act = ("rp", area, ship)
    s.tasks = [("op-rp", role)]
    s.cache = None
    m.forget()
    if dice is not None:
        s.rng = ScriptedRng(dice)
    m.act(role, act)


def test_naval_movement_range_and_ports() -> None:
    m = board(b_ship1="Alpha", r_inf1="Gamma")
    op(m, "blue", "Alpha")
    m.act("blue", ("move", "b-ship1"))
    assert {a[1] for a in m.legal("blue") if a[0] == "go"} == {"Sea1"}
    m.act("blue", ("go", "Sea1"))
    m.act("blue", ("go", "Sea2"))
    goes = {a[1] for a in m.legal("blue") if a[0] == "go"}
    assert "Epsilon" in goes and "Gamma" not in goes  # 6.4.4: no enemy-occupied port
    assert m.state.op.mp == 6 - 2  # each area entered costs one range
    assert ("halt",) in m.legal("blue")  # next to a port (6.4.1)


def test_transport_embark_in_port_costs_two_range_and_laden_at_sea_two_more() -> None:
    m = board(b_ship1="Alpha", b_inf1="Alpha")
    op(m, "blue", "Alpha")
    m.act("blue", ("move", "b-ship1"))
    m.act("blue", ("embark", "b-inf1", "b-ship1"))
    m.act("blue", ("go", "Sea1"))
    s = m.state
    assert s.op.mp == 6 - 2 - 1 - 2  # 7.1.6 embark, one area, 7.1.7 laden at sea
    assert s.units["b-inf1"].loc == "Sea1" and s.aboard == {"b-inf1": "b-ship1"}


def test_cargo_lands_by_itself_in_a_port_and_cannot_act_again() -> None:
    m = board(b_ship1="Sea1", b_inf1="Sea1")
    op(m, "blue", "Sea1")
    acts = m.legal("blue")
    assert ("move", "b-ship1") in acts  # 5.2.4: an RP at sea serves the ships there
    m.act("blue", ("move", "b-ship1"))
    assert naval.cargo(m.state, m.state.op.group) == ["b-inf1"]
    m.act("blue", ("go", "Alpha"))
    m.act("blue", ("halt",))
    s = m.state
    assert s.units["b-inf1"].loc == "Alpha" and s.aboard == {}  # 7.1.9
    assert s.op is None or "b-inf1" in s.op.acted  # 7.1.4


def test_landing_into_an_adjacent_enemy_area_is_a_battle() -> None:
    m = board(b_ship1="Sea3", b_inf1="Sea3", r_inf2="Delta")
    op(m, "blue", "Sea3")
    m.act("blue", ("move", "b-ship1"))
    assert ("land", "Delta") in m.legal("blue")
    m.act("blue", ("land", "Delta"))
    b = m.state.battle
    assert b is not None and b.area == "Delta" and b.units["blue"] == ["b-inf1"]


def test_rps_travel_by_sea_to_a_port() -> None:
    m = board(b_ship1="Alpha")
    s = m.state
    s.rps["blue"] = {"Alpha": 1}
    op(m, "blue", "Alpha")
    m.act("blue", ("move", "b-ship1"))
    m.act("blue", ("load-rp", "b-ship1"))
    m.act("blue", ("go", "Sea1"))
    assert m.state.rps["blue"] == {"Sea1": 1} and m.state.rp_aboard == {"b-ship1": 1}
    m.act("blue", ("go", "Sea2"))
    m.act("blue", ("go", "Epsilon"))
    m.act("blue", ("halt",))
    assert m.state.rps["blue"].get("Epsilon") == 1 and m.state.rp_aboard == {}  # 7.3.3


def test_more_than_three_ground_units_at_sea_are_eliminated_after_the_operation() -> None:
    for victim in ("b-inf2", "b-inf4"):
        m = board(
            b_ship1="Sea1",
            b_ship2="Sea1",
            b_inf1="Sea1",
            b_inf2="Sea1",
            b_inf3="Sea1",
            b_inf4="Sea1",
        )
        op(m, "blue", "Alpha")
        if m.state.op is not None:
            m.act("blue", ("done",))
        # 7.2: the owner picks which of the four is the excess
        assert m.active == ("blue",)
        assert m.legal("blue") == [("lose", f"b-inf{i}") for i in (1, 2, 3, 4)]
        m.act("blue", ("lose", victim))
        dead = [u for u in ("b-inf1", "b-inf2", "b-inf3", "b-inf4") if m.state.units[u].loc == DEAD]
        assert dead == [victim]
        assert m.state.tasks == [("choose",)]


def test_naval_battle_results_fall_on_the_cargo_and_ships_retreat_to_port() -> None:
    m = board(b_ship1="Sea2", b_inf1="Sea2", r_ship1="Sea3")
    op(m, "blue", "Sea2", dice=[1, 10])
    m.act("blue", ("move", "b-ship1"))
    m.act("blue", ("go", "Sea3"))
    b = m.state.battle
    assert b is not None and b.naval and b.units["red"] == ["r-ship1"]
    m.act("blue", ("chit", "blue:Gunnery"))  # red ship rolls 1: passes
    m.act("red", ("chit", "red:Gunnery"))  # blue ship rolls 10: disorganized
    s = m.state
    assert s.units["b-ship1"].dg and s.units["b-inf1"].dg  # 7.4.1 (the only one aboard)
    # 9.6.3.e: the owner picks the friendly port within range
    assert m.active == ("blue",)
    # (nearest first); it may pass over the nearest, which the engine used to pick itself
    assert m.legal("blue") == [("port", "Epsilon"), ("port", "Alpha")]
    m.act("blue", ("port", "Alpha"))
    s = m.state
    assert s.units["b-ship1"].loc == "Alpha"
    assert s.units["b-inf1"].loc == "Alpha"


def test_ground_units_entering_a_port_drive_out_enemy_ships() -> None:
    m = board(b_inf3="Delta", r_ship1="Gamma")
    s = m.state
    s.forts = {}
    s.rps["red"] = {}
    s.control["Sea2"] = ""
    op(m, "blue", "Beta")
    m.act("blue", ("move", "b-inf3"))
    m.act("blue", ("go", "Gamma"))
    assert m.state.units["r-ship1"].loc != "Gamma"  # 6.3.2


def test_fortress_refuge_siege_and_fall() -> None:
    m = board(b_inf3="Delta", r_inf1="Gamma")
    op(m, "blue", "Beta")
    m.act("blue", ("move", "b-inf3"))
    m.act("blue", ("go", "Gamma"))
    assert m.active == ("red",)
    m.act("red", ("refuge", "inside"))
    s = m.state
    assert s.units["r-inf1"].inside and s.sieges == {"Gamma": "blue"}
    # the besieged can use only the RPs inside the fortress; they may sortie
    s.rps["red"] = {"Gamma": 1, "Delta": 0}
    s.tasks = [("op-rp", "red")]
    s.op = None
    s.cache = None
    m.forget()
    m.act("red", ("rp", "Gamma"))
    assert ("sortie", "Gamma") in m.legal("red")
    m.act("red", ("done",))
    # the siege: d10 3 + factor 1 + one unit inside - one besieger = 4 <= 5: it falls
    op(m, "blue", "Beta", dice=[3])
    assert ("siege", "Gamma") in m.legal("blue")
    m.act("blue", ("siege", "Gamma"))
    s = m.state
    assert s.units["r-inf1"].loc == DEAD and s.forts["Gamma"] == "blue"
    assert "Gamma" not in s.sieges


def test_siege_holds_on_a_high_roll_and_lifts_when_besiegers_leave() -> None:
    m = board(b_inf3="Delta", r_inf1="Gamma")
    op(m, "blue", "Beta")
    m.act("blue", ("move", "b-inf3"))
    m.act("blue", ("go", "Gamma"))
    m.act("red", ("refuge", "inside"))
    op(m, "blue", "Beta", dice=[9])
    m.act("blue", ("siege", "Gamma"))
    s = m.state
    assert s.units["r-inf1"].inside and s.sieges == {"Gamma": "blue"}
    if s.op is not None:
        m.act("blue", ("done",))
    op(m, "blue", "Beta")
    m.act("blue", ("move", "b-inf3"))
    m.act("blue", ("go", "Delta"))
    assert m.state.sieges == {}  # 11.3.4


def test_random_games_of_the_test_campaign() -> None:
    for seed in range(15):
        s, _ = random_game(MINI, seed, check_every_step=True)
        assert MINI.outcome(s) is not None
