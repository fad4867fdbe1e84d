"""Series rules 6.4 and 7: naval movement, ports and naval transport.

A naval group moves through naval areas and ports; each one entered costs one point of
range. It may not enter an enemy-occupied port, and starts and ends in a port or a naval
area next to one (campaigns may lift this). Entering a naval area with enemy naval units
starts a naval battle.

Ships carry. Every ground unit at sea is aboard one named ship (``s.aboard``: unit ->
ship) and every RP at sea is aboard one (``s.rp_aboard``: ship -> RPs it carries; an RP
counts in ``s.rps`` at its ship's area too). How much one ship and one moving stack may
carry is the campaign's (``ship_capacity``, ``transport_capacity``; the series: three
ground units a stack, 7.2). Cargo goes only where its ship goes: a group takes along what
its own ships carry, never what other ships of the area carry, and no ship is ever cargo.

Transport (7.1): ground units in the group's port at the start may be embarked (7.1.5), on
a ship the player names; at sea the group may once per operation embark from, or land
into, ONE adjacent land area (7.1.1, 7.1.3). Embarking costs 2 range (7.1.6); carrying
ground units at sea costs 2 range more (7.1.7). Landing is part of the ship's move: a ship
that lands troops before taking a step has begun its move and paid for it (and cannot be
called back), and the troops pay for stacking (8.2) where they come ashore among friends;
a landing into enemy units is a battle, after which the ships may sail on (the book's
Operation Example). Cargo may be landed in any port passed (7.1.8) and lands by itself
when the move ends in a port (7.1.9); landed units may not act again this operation
(7.1.4). RPs that start with the group may be loaded, one ship at a time, and land in a
port (7.3). After an operation, more than three ground units in a naval area: the owner
eliminates the excess (7.2). Combat results on a ship fall on what it carries (7.4).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from warroom.engine import Action
from warroom.games.campaign_commander import combat, isolation, supply
from warroom.games.campaign_commander.model import DEAD, GONE, OFF_MAP
from warroom.games.campaign_commander.state import CCState, Op, Unit

if TYPE_CHECKING:
    from warroom.games.campaign_commander.series import SeriesGame

EMBARK_RANGE = 2
LADEN_RANGE = 2
SEA_LIMIT = 3


def is_sea(g: SeriesGame, area: str) -> bool:
    return g.data.map.areas[area].kind == "sea"


def is_port(g: SeriesGame, area: str) -> bool:
    return g.data.areas[area].port


def near_port(g: SeriesGame, s: CCState, role: str, area: str) -> bool:
    if is_port(g, area):
        return True
    return any(is_port(g, b) for b in g.data.map.neighbors[area])


# ----- what ships carry ------------------------------------------------------------------------
def cargo(s: CCState, ships: Iterable[str]) -> list[str]:
    """The ground units aboard these ships (in the order they went aboard)."""
    fleet = set(ships)
    return [u for u, ship in s.aboard.items() if ship in fleet]


def rps_on(s: CCState, ships: Iterable[str]) -> int:
    """The RPs these ships carry."""
    return sum(s.rp_aboard.get(x, 0) for x in ships)


def room(g: SeriesGame, s: CCState, ship: str) -> int:
    """More ground units this ship may take aboard."""
    return g.ship_capacity(s, ship)[0] - len(cargo(s, [ship]))


def rp_room(g: SeriesGame, s: CCState, ship: str) -> int:
    return g.ship_capacity(s, ship)[1] - s.rp_aboard.get(ship, 0)


def group_room(g: SeriesGame, s: CCState, group: Sequence[str]) -> int:
    """More ground units the stack ``group`` may take aboard (7.b, 7.2: three a stack)."""
    return g.transport_capacity(s, group)[0] - len(cargo(s, group))


def ships_at(g: SeriesGame, s: CCState, area: str, side: str) -> list[str]:
    defs = g.data.units
    return [u for u in g.units_at(s, area, side) if defs[u].naval]


def board(s: CCState, uid: str, ship: str) -> None:
    s.aboard[uid] = ship


def ashore(s: CCState, uid: str) -> None:
    """``uid`` is no longer aboard a ship (landed, destroyed, gone)."""
    s.aboard.pop(uid, None)


def _move_rps(s: CCState, side: str, frm: str, dest: str, n: int) -> None:
    if n <= 0:
        return
    rps = s.rps[side]
    rps[frm] -= n
    if rps[frm] <= 0:
        del rps[frm]
    rps[dest] = rps.get(dest, 0) + n


def drop_rps(s: CCState, side: str, area: str, n: int) -> None:
    """``n`` RPs of ``side`` at ``area`` are lost."""
    rps = s.rps[side]
    rps[area] = rps.get(area, 0) - n
    if rps[area] <= 0:
        del rps[area]


def move_ship(g: SeriesGame, s: CCState, ship: str, dest: str) -> None:
    """``ship`` sails to ``dest`` with everything aboard it."""
    here = s.units[ship].loc
    s.units[ship] = s.units[ship]._replace(loc=dest)
    for uid in cargo(s, [ship]):
        s.units[uid] = s.units[uid]._replace(loc=dest, iso=False)
    _move_rps(s, g.data.units[ship].side, here, dest, s.rp_aboard.get(ship, 0))


def unload_in_port(g: SeriesGame, s: CCState, ships: Sequence[str]) -> tuple[list[str], int]:
    """What these ships carry comes ashore in the port they are in (7.1.9, 7.3.3): the
    ground units and RPs landed."""
    units = cargo(s, ships)
    for uid in units:
        ashore(s, uid)
    n = 0
    for x in ships:
        n += s.rp_aboard.pop(x, 0)
    return units, n


def embark_setup(g: SeriesGame, s: CCState) -> None:
    """At the set-up, the ground units and RPs placed in a naval area go aboard the ships of
    their side there, in counter order (a set-up that cannot be carried is a data error).
    Those already aboard stay where they are."""
    from warroom.engine.errors import GameDataError

    for side in g.roles:
        for area, n in sorted(s.rps[side].items()):
            if not is_sea(g, area):
                continue
            n -= rps_on(s, ships_at(g, s, area, side))
            for ship in ships_at(g, s, area, side):
                while n and rp_room(g, s, ship) > 0:
                    s.rp_aboard[ship] = s.rp_aboard.get(ship, 0) + 1
                    n -= 1
            if n:
                raise GameDataError("setup", f"rp.{side}.{area}", "no ship there to carry it")
    for uid, u in s.units.items():
        d = g.data.units[uid]
        if d.naval or d.leader or u.loc in OFF_MAP or not is_sea(g, u.loc) or uid in s.aboard:
            continue
        carrier = next((x for x in ships_at(g, s, u.loc, d.side) if room(g, s, x) > 0), None)
        if carrier is None:
            raise GameDataError("units", uid, f"starts at sea in {u.loc} with no ship to carry it")
        board(s, uid, carrier)


# ----- a naval group's move --------------------------------------------------------------------
def group_range(g: SeriesGame, s: CCState, op: Op) -> int:
    base = min(g.values(s, u)[2] for u in op.group)
    here = s.units[op.group[0]].loc
    if cargo(s, op.group) and is_sea(g, here):
        base -= LADEN_RANGE
    return base


def laden(g: SeriesGame, s: CCState, op: Op) -> None:
    """7.1.7: carrying ground units in a naval area costs 2 range once per operation."""
    here = s.units[op.group[0]].loc
    if not op.laden and is_sea(g, here) and cargo(s, op.group):
        op.laden = True
        if op.moved:
            op.mp -= LADEN_RANGE


def naval_steps(g: SeriesGame, s: CCState, op: Op) -> list[str]:
    here = s.units[op.group[0]].loc
    mp = op.mp if op.moved else group_range(g, s, op)
    if mp < 1:
        return []
    out = []
    for n in g.data.map.neighbors[here]:
        if g.naval_step_cost(s, here, n) > mp or not g.naval_may_enter(s, op, n):
            continue
        if is_sea(g, n):
            out.append(n)
        elif is_port(g, n) and is_sea(g, here) and not g.has_units(s, n, g.other(op.role)):
            out.append(n)  # 6.4.4: never into an enemy-occupied port
    return out


def _first_cost(g: SeriesGame, s: CCState, op: Op) -> int:
    return 0 if op.moved else g.move_cost(s, op.role, op.group)


def stack_cost(g: SeriesGame, s: CCState, op: Op, area: str, coming: Sequence[str]) -> int:
    """8.2: what it costs for ``coming`` (ground units landing, or the group ending its move
    with its cargo) to end in land area ``area`` among other friendly units (once per
    group and area: the group and its cargo are one stack arriving)."""
    if is_sea(g, area) or op.stacked == area:
        return 0
    mine = set(coming) | set(op.group) | set(cargo(s, op.group))
    if not any(u not in mine for u in g.units_at(s, area, op.role)):
        return 0
    return g.action_cost(s, op.role, 2)


def _may_land(g: SeriesGame, s: CCState, op: Op, area: str, units: Sequence[str]) -> bool:
    if not units or not all(g.passable_for(s, u, area) for u in units):
        return False
    if g.foes_at(s, area, op.role):
        return _first_cost(g, s, op) <= op.sp  # an amphibious attack
    return _first_cost(g, s, op) + stack_cost(g, s, op, area, units) <= op.sp


def _embarks(g: SeriesGame, s: CCState, op: Op, units: Iterable[str]) -> list[Action]:
    """("embark", unit, ship) for each of ``units`` and each ship of the group with room."""
    if group_room(g, s, op.group) <= 0:
        return []
    ships = [x for x in op.group if room(g, s, x) > 0]
    return [("embark", u, x) for u in units for x in ships]


def group_actions(g: SeriesGame, s: CCState, op: Op) -> list[Action]:
    out: list[Action] = []
    here = s.units[op.group[0]].loc
    sea = is_sea(g, here)
    defs = g.data.units
    aboard = cargo(s, op.group)
    mp = op.mp if op.moved else group_range(g, s, op)
    if not op.moved:
        for uid in g.units_at(s, here, op.role):
            if uid in op.group or uid in op.acted or not defs[uid].naval:
                continue
            if not g.may_join(s, op.group, uid) or not g.may_move(s, uid):
                continue
            if len(aboard) + len(cargo(s, [uid])) <= g.transport_capacity(s, [*op.group, uid])[0]:
                out.append(("add", uid))
        if not sea:  # in its port: embark the units there (7.1.5), load RPs (7.3.1)
            if mp >= EMBARK_RANGE:
                waiting = [
                    u
                    for u in g.units_at(s, here, op.role)
                    if not defs[u].naval and u not in op.acted and u not in s.aboard
                ]
                out.extend(_embarks(g, s, op, waiting))
            if s.rps[op.role].get(here, 0) > rps_on(s, op.group):
                out.extend(("load-rp", x) for x in op.group if rp_room(g, s, x) > 0)
    out.extend(("go", d) for d in naval_steps(g, s, op))
    if sea:
        for land in g.land_neighbors[here]:
            if aboard and not op.transfer and _may_land(g, s, op, land, aboard):
                out.append(("land", land))
            if op.transfer not in ("", f"embark:{land}"):
                continue
            if not op.embarked and (mp < EMBARK_RANGE or _first_cost(g, s, op) > op.sp):
                continue
            waiting = [
                u
                for u in g.units_at(s, land, op.role)
                if not defs[u].naval and u not in op.acted and not s.units[u].inside
            ]
            out.extend(_embarks(g, s, op, waiting))
    elif (
        op.moved
        and (aboard or rps_on(s, op.group))
        and (not aboard or _may_land(g, s, op, here, aboard))
    ):
        out.append(("unload",))
    if op.moved:
        ends = g.naval_may_end(s, op.role, here)
        if (ends and stack_cost(g, s, op, here, aboard) <= op.sp) or not out:
            out.append(("halt",))
    else:
        out.append(("cancel",))
    return out


def _first_move(g: SeriesGame, s: CCState, op: Op) -> None:
    """The group's move begins: it pays the move (5.5.2, campaign 7.a) and its range is set;
    the units embarked in its port cost 2 range (7.1.6). From now on it cannot be called
    back."""
    if op.moved:
        return
    cost = g.move_cost(s, op.role, op.group)
    op.sp -= cost
    here = s.units[op.group[0]].loc
    op.mp = group_range(g, s, op)
    aboard = cargo(s, op.group)
    op.laden = bool(aboard) and is_sea(g, here)
    if aboard and not is_sea(g, here):
        op.mp -= EMBARK_RANGE  # 7.1.6, for the units embarked in port
        op.embarked = True
    op.moved = True
    s.log("sp", role=op.role, spent=cost, left=op.sp, why="naval move")


def apply_group(g: SeriesGame, s: CCState, op: Op, action: Action) -> None:
    kind = action[0]
    here = s.units[op.group[0]].loc
    if kind == "add":
        op.group.append(action[1])
    elif kind == "cancel":
        if not is_sea(g, here):  # the units and RPs taken aboard in port stay ashore
            unload_in_port(g, s, op.group)
        op.group = []
    elif kind == "load-rp":
        ship = action[1]
        s.rp_aboard[ship] = s.rp_aboard.get(ship, 0) + 1
        s.log("rp-loaded", role=op.role, area=here, ship=ship)
    elif kind == "embark":
        _embark(g, s, op, action[1], action[2])
    elif kind == "land":
        land(g, s, op, action[1], transfer=True)
    elif kind == "unload":
        land(g, s, op, here, transfer=False)
    elif kind == "go":
        _first_move(g, s, op)
        dest = action[1]
        op.mp -= g.naval_step_cost(s, here, dest)
        for ship in op.group:
            move_ship(g, s, ship, dest)
        laden(g, s, op)
        s.log(
            "naval-move", role=op.role, units=list(op.group), frm=here, dest=dest, range_left=op.mp
        )
        isolation.update(g, s)  # ships close (or open) the sea around islands (9.6.6)
        foes = g.foes_at(s, dest, op.role) if is_sea(g, dest) else []
        if foes:
            combat.start(g, s, dest, op.role, list(op.group), here, "", naval=True)
    elif kind == "halt":
        halt(g, s, op)


def _embark(g: SeriesGame, s: CCState, op: Op, uid: str, ship: str) -> None:
    here = s.units[ship].loc
    src = s.units[uid].loc
    if src == here:  # 7.1.5: in the port the group starts in (the range is paid on leaving)
        board(s, uid, ship)
        s.log("embark", role=op.role, unit=uid, ship=ship, frm=src, dest=here)
        return
    _first_move(g, s, op)
    op.transfer = f"embark:{src}"
    if not op.embarked:
        op.mp -= EMBARK_RANGE  # 7.1.6
        op.embarked = True
    board(s, uid, ship)
    s.units[uid] = s.units[uid]._replace(loc=here, iso=False)
    s.log("embark", role=op.role, unit=uid, ship=ship, frm=src, dest=here)
    laden(g, s, op)
    isolation.update(g, s)


def land(g: SeriesGame, s: CCState, op: Op, area: str, transfer: bool) -> None:
    """Put the group's cargo ashore in ``area``: an adjacent land area (the operation's one
    transfer, 7.1.1) or the port the group is in (7.1.8, 7.1.9 with its RPs, 7.3)."""
    _first_move(g, s, op)  # a landing is part of the ship's move (7.1.1)
    here = s.units[op.group[0]].loc
    units = cargo(s, op.group)
    paid = stack_cost(g, s, op, area, units) if not g.foes_at(s, area, op.role) else 0
    if transfer:
        op.transfer = f"land:{area}"
        for uid in units:
            ashore(s, uid)
            s.units[uid] = s.units[uid]._replace(loc=area)
        rps = 0
    else:  # in a port: the ground units are there already, they come off the ships
        units, rps = unload_in_port(g, s, op.group)
    op.acted.update(units)  # 7.1.4
    if units:
        s.log("disembark", role=op.role, units=units, frm=here, dest=area)
    if rps:
        s.log("rp-landed", role=op.role, area=area, n=rps)
    if not units:
        return
    if g.foes_at(s, area, op.role):  # an amphibious attack; the ships wait for its end
        op.hold, op.group = op.group, []
        combat.start(g, s, area, op.role, units, here, "", naval=False)
        return
    if paid:
        op.sp -= min(paid, op.sp)
        s.log("sp", role=op.role, spent=paid, left=op.sp, why="stacking")
    op.stacked = area
    for ship in ships_at(g, s, area, g.other(op.role)):
        g.naval_retreat(s, ship)  # 6.3.2: enemy ships leave a port that ground units enter
    g.take_control(s, op.role, area)
    supply.capture(g, s, op.role, area)
    isolation.update(g, s)


def halt(g: SeriesGame, s: CCState, op: Op) -> None:
    here = s.units[op.group[0]].loc
    if not is_sea(g, here):
        aboard = cargo(s, op.group)
        cost = stack_cost(g, s, op, here, aboard)
        if aboard or rps_on(s, op.group):
            land(g, s, op, here, transfer=False)  # 7.1.9, 7.3.3 (stacking paid there)
        elif cost:
            paid = min(cost, op.sp)
            op.sp -= paid
            op.stacked = here
            s.log("sp", role=op.role, spent=paid, left=op.sp, why="stacking")
    op.acted.update(op.group)
    op.acted.update(cargo(s, op.group))
    s.log("halt", role=op.role, units=list(op.group), area=here)
    op.group = []


def end_of_operation(g: SeriesGame, s: CCState, op: Op) -> None:
    """7.2: more than three ground units of a side in one naval area: its owner eliminates
    the excess, one unit at a time (an ("excess", side, area) prompt)."""
    for side, area in sorted(excess_areas(g, s), reverse=True):
        s.tasks.append(("excess", side, area))


def at_sea(g: SeriesGame, s: CCState, side: str, area: str) -> list[str]:
    """Ground units of ``side`` in naval area ``area`` (aboard the ships there)."""
    defs = g.data.units
    return [u for u in g.units_at(s, area, side) if not defs[u].naval]


def excess_areas(g: SeriesGame, s: CCState) -> list[tuple[str, str]]:
    out = []
    for area in s.units.where():
        if area in OFF_MAP or not is_sea(g, area):
            continue
        for side in g.roles:
            if len(at_sea(g, s, side, area)) > SEA_LIMIT:
                out.append((side, area))
    return out


def excess_actions(g: SeriesGame, s: CCState, t: tuple) -> list[Action]:
    _, side, area = t
    units = at_sea(g, s, side, area)
    return [("lose", u) for u in units] if len(units) > SEA_LIMIT else []


def apply_excess(g: SeriesGame, s: CCState, action: Action) -> None:
    _, side, area = s.tasks.pop()
    combat.destroy(g, s, action[1], "too many ground units at sea")
    if len(at_sea(g, s, side, area)) > SEA_LIMIT:
        s.tasks.append(("excess", side, area))


# ----- combat results on what a ship carries (7.4) --------------------------------------------
def cargo_of(g: SeriesGame, s: CCState, uid: str) -> list[str]:
    """Ground units aboard ship ``uid``."""
    return cargo(s, [uid])


def cargo_effect(g: SeriesGame, s: CCState, uid: str, what: str) -> None:
    """7.4: a result on a ship falls on one ground unit aboard it too, chosen by its owner
    (a ("cargo", side, what, candidates, ship) prompt when there is a choice). A ship lost
    takes one unit aboard down with it (7.4.3); the others go aboard the other ships of its
    stack, and when none is left everything aboard is lost (7.4.4)."""
    d = g.data.units[uid]
    if not d.naval:
        return
    if what == "destroyed":
        leave(g, s, uid, "destroyed")
        return
    aboard = cargo(s, [uid])
    if len(aboard) == 1:
        cargo_hit(g, s, aboard[0], what)
    elif aboard:
        s.tasks.append(("cargo", d.side, what, tuple(aboard), uid))


def leave(g: SeriesGame, s: CCState, ship: str, fate: str) -> None:
    """``ship`` leaves its area without what it carries ("destroyed", or "gone" off the
    map): its RP and ground units go aboard the other ships of its side there that have
    room; with none left, they are lost (7.4.4). A ship destroyed takes one ground unit
    down with it (7.4.3, its owner's choice: until he makes it, the candidates stay on the
    wreck's list)."""
    side = g.data.units[ship].side
    area = s.units[ship].loc
    if area in OFF_MAP:
        return
    others = [x for x in ships_at(g, s, area, side) if x != ship]
    n = s.rp_aboard.pop(ship, 0)
    for x in others:
        while n and rp_room(g, s, x) > 0:
            s.rp_aboard[x] = s.rp_aboard.get(x, 0) + 1
            n -= 1
    if n:
        drop_rps(s, side, area, n)
        s.log("rp-lost", role=side, area=area, n=n)
    aboard = cargo(s, [ship])
    if not aboard:
        return
    if not others:
        for uid in aboard:  # 7.4.4: nothing left to carry them
            ashore(s, uid)
            if fate == "destroyed":
                combat.destroy(g, s, uid, "lost with its transport")
            else:
                s.units[uid] = Unit(GONE)
                s.log("left-map", unit=uid, area=area)
        return
    if fate == "destroyed":
        if len(aboard) > 1:
            s.tasks.append(("cargo", side, "destroyed", tuple(aboard), ship))
            return
        ashore(s, aboard[0])
        combat.destroy(g, s, aboard[0], "lost with its transport")
        return
    rehome(g, s, aboard, others)


def rehome(g: SeriesGame, s: CCState, units: Sequence[str], ships: Sequence[str]) -> None:
    """Put ``units`` aboard ``ships`` (those with room, in order); a unit no ship can take
    is lost with the ship it was on."""
    for uid in units:
        ashore(s, uid)
        ship = next((x for x in ships if room(g, s, x) > 0), None)
        if ship is None:
            combat.destroy(g, s, uid, "no room aboard the other ships")
        else:
            board(s, uid, ship)
            s.log("transfer", unit=uid, ship=ship, area=s.units[uid].loc)


def cargo_actions(g: SeriesGame, s: CCState, t: tuple) -> list[Action]:
    return [("cargo", u) for u in t[3] if s.units[u].loc != DEAD]


def apply_cargo(g: SeriesGame, s: CCState, action: Action) -> None:
    t = s.tasks.pop()
    victim, what, ship = action[1], t[2], t[4]
    if what != "destroyed":
        cargo_hit(g, s, victim, what)
        return
    ashore(s, victim)
    combat.destroy(g, s, victim, "lost with its transport")
    rest = [u for u in t[3] if u != victim and s.units[u].loc not in OFF_MAP]
    if rest:  # the others go aboard the ships left in their area
        side = g.data.units[ship].side
        rehome(g, s, rest, ships_at(g, s, s.units[rest[0]].loc, side))


def cargo_hit(g: SeriesGame, s: CCState, victim: str, what: str) -> None:
    if what == "dep":
        combat.deplete(g, s, victim)
    elif what == "dg":
        s.units[victim] = s.units[victim]._replace(dg=True)
        s.log("disorganized", unit=victim)
    elif what == "destroyed":
        ashore(s, victim)
        combat.destroy(g, s, victim, "lost with its transport")


# ----- naval retreats (9.6.3.e) ---------------------------------------------------------------
def retreat_ports(g: SeriesGame, s: CCState, uid: str) -> list[str]:
    """9.6.3.e: where a naval unit may retreat: every friendly port within its range (its
    owner chooses, nearest first); with none in range, as far as its range reaches on the
    way to the nearest friendly port; [] when it cannot retreat (destroyed, 9.6.5).

    Distances count range as movement does (``naval_step_cost``), and the campaign may close
    areas to the retreating ship (``naval_retreat_may_enter``).
    """
    d = g.data.units[uid]
    here = s.units[uid].loc
    rng = g.values(s, uid)[2]

    def friendly_port(a: str) -> bool:
        return (
            is_port(g, a)
            and not g.has_units(s, a, g.other(d.side))
            and (s.control.get(a) == d.side)
        )

    def passable(a: str) -> bool:
        return (is_sea(g, a) or friendly_port(a)) and g.naval_retreat_may_enter(s, uid, a)

    dist, prev = _costs(g, s, here, passable)
    ports = sorted((dd, a) for a, dd in dist.items() if friendly_port(a) and a != here)
    if not ports:
        return []
    near = [a for dd, a in ports if dd <= rng]
    if near:
        return near
    port = ports[0][1]
    path = [port]
    while path[-1] != here:
        path.append(prev[path[-1]])
    path.reverse()
    dest = here
    for a in path[1:]:
        if dist[a] > rng:
            break
        dest = a
    return [] if dest == here else [dest]


def retreat(g: SeriesGame, s: CCState, uid: str) -> None:
    """9.6.3.e: into a friendly port within range (its owner picks which), else towards the
    nearest friendly port; destroyed when it cannot retreat at all (9.6.5)."""
    dests = retreat_ports(g, s, uid)
    if not dests:
        combat.destroy(g, s, uid, "no friendly port to retreat to")
    elif len(dests) == 1:
        retreat_to(g, s, uid, dests[0])
    else:
        s.tasks.append(("port", g.data.units[uid].side, uid))


def port_actions(g: SeriesGame, s: CCState, t: tuple) -> list[Action]:
    if s.units[t[2]].loc in OFF_MAP:
        return []
    return [("port", a) for a in retreat_ports(g, s, t[2])]


def apply_port(g: SeriesGame, s: CCState, action: Action) -> None:
    t = s.tasks.pop()
    retreat_to(g, s, t[2], action[1])


def retreat_to(g: SeriesGame, s: CCState, uid: str, dest: str) -> None:
    """The ship retreats with what it carries; in a port that comes ashore (7.1.9, 7.3.3)."""
    here = s.units[uid].loc
    side = g.data.units[uid].side
    move_ship(g, s, uid, dest)
    s.log("naval-retreat", unit=uid, frm=here, dest=dest)
    if not is_sea(g, dest):
        units, n = unload_in_port(g, s, [uid])
        if units:
            s.log("disembark", role=side, units=units, frm=here, dest=dest)
        if n:
            s.log("rp-landed", role=side, area=dest, n=n)
    if not is_sea(g, here) and g.has_units(s, here, g.other(side)):
        # 6.3.2: the ships left a port that enemy ground units entered: the area is theirs
        g.take_control(s, g.other(side), here)
        supply.capture(g, s, g.other(side), here)
    isolation.update(g, s)


def reembark(g: SeriesGame, s: CCState, uid: str, sea: str, prefer: Sequence[str] = ()) -> bool:
    """Put ground unit ``uid`` back aboard a friendly ship in naval area ``sea`` (those of
    ``prefer`` first); False when no ship there has room."""
    side = g.data.units[uid].side
    ships = [x for x in prefer if s.units[x].loc == sea] + ships_at(g, s, sea, side)
    ship = next((x for x in ships if room(g, s, x) > 0), None)
    if ship is None:
        return False
    s.units[uid] = s.units[uid]._replace(loc=sea, iso=False)
    board(s, uid, ship)
    return True


def _costs(
    g: SeriesGame, s: CCState, start: str, passable: Callable[[str], bool]
) -> tuple[dict[str, int], dict[str, str]]:
    """Range needed to reach each area from ``start`` through passable ones, and the area each
    is best reached from (ports are ends: a ship does not sail on through a port)."""
    dist = {start: 0}
    prev: dict[str, str] = {}
    heap = [(0, start)]
    while heap:
        dd, a = heapq.heappop(heap)
        if dd > dist[a] or (a != start and not is_sea(g, a)):
            continue
        for b in g.data.map.neighbors[a]:
            if not passable(b):
                continue
            nd = dd + g.naval_step_cost(s, a, b)
            if nd < dist.get(b, 10**6):
                dist[b] = nd
                prev[b] = a
                heapq.heappush(heap, (nd, b))
    return dist, prev
