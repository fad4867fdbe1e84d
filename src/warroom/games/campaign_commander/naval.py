"""Series rules 6.4 and 7: naval movement, ports and naval transport.

A naval group moves through naval areas and ports; each one entered costs one point of
range. It may not enter an enemy-occupied port, and starts and ends in a port or a naval
area next to one (campaigns may lift this). Entering a naval area with enemy naval units
starts a naval battle. Transport: ground units in the group's port at the start may be
embarked (7.1.5); at sea the group may once per operation embark from, or disembark into,
ONE adjacent land area (7.1.1, 7.1.3); embarking costs 2 range (7.1.6); carrying ground
units at sea costs 2 range more (7.1.7); cargo may be landed in any port passed (7.1.8)
and lands by itself when the move ends in a port (7.1.9); landed units may not act again
this operation (7.1.4). RPs that start with the group may be carried and landed in a port
(7.3). After an operation, more than three ground units in a naval area: the excess is
eliminated (7.2). Combat results on a naval unit fall also on its cargo (7.4).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import TYPE_CHECKING

from warroom.engine import Action
from warroom.games.campaign_commander import combat, isolation, supply
from warroom.games.campaign_commander.model import DEAD, OFF_MAP
from warroom.games.campaign_commander.state import CCState, Op

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


def group_range(g: SeriesGame, s: CCState, op: Op) -> int:
    base = min(g.values(s, u)[2] for u in op.group)
    here = s.units[op.group[0]].loc
    if op.cargo and is_sea(g, here):
        base -= LADEN_RANGE
    return base


def laden(g: SeriesGame, s: CCState, op: Op) -> None:
    """7.1.7: carrying ground units in a naval area costs 2 range once per operation."""
    here = s.units[op.group[0]].loc
    if op.cargo and is_sea(g, here) and not op.laden:
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


def group_actions(g: SeriesGame, s: CCState, op: Op) -> list[Action]:
    out: list[Action] = []
    here = s.units[op.group[0]].loc
    cap = g.transport_capacity(s, op.group)
    if not op.moved:
        for uid in g.units_at(s, here, op.role):
            d = g.data.units[uid]
            if uid in op.group or uid in op.acted or uid in op.cargo:
                continue
            if d.naval:
                out.append(("add", uid))
            elif (
                not is_sea(g, here)
                and len(op.cargo) < cap[0]
                and group_range(g, s, op) >= EMBARK_RANGE
            ):
                out.append(("embark", uid))  # 7.1.5
        if s.rps[op.role].get(here, 0) > op.cargo_rp and op.cargo_rp < cap[1]:
            out.append(("load-rp",))
    out.extend(("go", d) for d in naval_steps(g, s, op))
    if is_sea(g, here):
        mp = op.mp if op.moved else group_range(g, s, op)
        for land in g.data.map.neighbors[here]:
            if is_sea(g, land):
                continue
            if op.cargo and not op.transfer:
                out.append(("land", land))
            ok = op.transfer in ("", f"embark:{land}") and len(op.cargo) < cap[0]
            if ok and (op.cargo or mp >= EMBARK_RANGE):
                for uid in g.units_at(s, land, op.role):
                    if uid not in op.acted and uid not in op.cargo:
                        out.append(("embark", uid))
    if not is_sea(g, here) and op.moved and (op.cargo or op.cargo_rp):
        out.append(("unload",))
    if op.moved:
        if g.naval_may_end(s, op.role, here) or not out:
            out.append(("halt",))
    else:
        out.append(("cancel",))
    return out


def _first_move(g: SeriesGame, s: CCState, op: Op) -> None:
    if not op.moved:
        cost = g.move_cost(s, op.role, op.group)
        op.sp -= cost
        here = s.units[op.group[0]].loc
        op.mp = group_range(g, s, op)
        op.laden = bool(op.cargo) and is_sea(g, here)
        if op.cargo and not is_sea(g, here):
            op.mp -= EMBARK_RANGE  # 7.1.6, for the units embarked in port
        op.moved = True
        s.log("sp", role=op.role, spent=cost, left=op.sp, why="naval move")


def apply_group(g: SeriesGame, s: CCState, op: Op, action: Action) -> None:
    kind = action[0]
    here = s.units[op.group[0]].loc
    if kind == "add":
        op.group.append(action[1])
    elif kind == "cancel":
        op.group, op.cargo, op.cargo_rp = [], [], 0
    elif kind == "load-rp":
        op.cargo_rp += 1
        s.log("rp-loaded", role=op.role, area=here)
    elif kind == "embark":
        uid = action[1]
        src = s.units[uid].loc
        if src == here:  # 7.1.5: from the port the group starts in (range paid on leaving)
            op.cargo.append(uid)
            s.log("embark", role=op.role, unit=uid, frm=src, dest=here)
            return
        _first_move(g, s, op)
        op.transfer = f"embark:{src}"
        if not op.cargo:
            op.mp -= EMBARK_RANGE  # 7.1.6
        op.cargo.append(uid)
        s.units[uid] = s.units[uid]._replace(loc=here)
        s.log("embark", role=op.role, unit=uid, frm=src, dest=here)
        laden(g, s, op)
    elif kind == "land":
        land(g, s, op, action[1], transfer=True)
    elif kind == "unload":
        land(g, s, op, here, transfer=False)
    elif kind == "go":
        _first_move(g, s, op)
        dest = action[1]
        op.mp -= g.naval_step_cost(s, here, dest)
        for uid in [*op.group, *op.cargo]:
            s.units[uid] = s.units[uid]._replace(loc=dest)
        if op.cargo_rp:
            rps = s.rps[op.role]
            rps[here] -= op.cargo_rp
            if rps[here] <= 0:
                del rps[here]
            rps[dest] = rps.get(dest, 0) + op.cargo_rp
        laden(g, s, op)
        s.log(
            "naval-move", role=op.role, units=list(op.group), frm=here, dest=dest, range_left=op.mp
        )
        foes = g.foes_at(s, dest, op.role) if is_sea(g, dest) else []
        if foes:
            combat.start(g, s, dest, op.role, list(op.group), here, "", naval=True)
    elif kind == "halt":
        halt(g, s, op)


def land(g: SeriesGame, s: CCState, op: Op, area: str, transfer: bool) -> None:
    """Disembark the cargo into ``area`` (an adjacent land area, or the port the group is in)."""
    here = s.units[op.group[0]].loc
    units = list(op.cargo)
    op.cargo = []
    if transfer:
        op.transfer = f"land:{area}"
    for uid in units:
        s.units[uid] = s.units[uid]._replace(loc=area)
    op.acted.update(units)  # 7.1.4
    s.log("disembark", role=op.role, units=units, frm=here, dest=area)
    if op.cargo_rp and not is_sea(g, area) and not transfer:  # 7.3.2: RPs land in ports entered
        rps = s.rps[op.role]
        rps[here] -= op.cargo_rp
        if rps[here] <= 0:
            del rps[here]
        rps[area] = rps.get(area, 0) + op.cargo_rp
        op.cargo_rp = 0
    if g.foes_at(s, area, op.role):
        combat.start(g, s, area, op.role, units, here, "", naval=False)
        return
    g.take_control(s, op.role, area)
    supply.capture(g, s, op.role, area)
    isolation.update(g, s)


def halt(g: SeriesGame, s: CCState, op: Op) -> None:
    here = s.units[op.group[0]].loc
    if not is_sea(g, here) and (op.cargo or op.cargo_rp):
        land(g, s, op, here, transfer=False)  # 7.1.9, 7.3.3
        if s.battle is not None:
            return
    if not is_sea(g, here) and len(g.units_at(s, here, op.role)) > len(op.group):
        cost = g.action_cost(s, op.role, 2)
        paid = min(cost, op.sp)
        op.sp -= paid
        s.log("sp", role=op.role, spent=paid, left=op.sp, why="stacking")
    op.acted.update(op.group)
    op.acted.update(op.cargo)
    s.log("halt", role=op.role, units=list(op.group), area=here)
    op.group, op.cargo, op.cargo_rp = [], [], 0


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


def cargo_of(g: SeriesGame, s: CCState, uid: str) -> list[str]:
    """Ground units carried with naval unit ``uid`` (ground units of its side in its naval area)."""
    u = s.units[uid]
    if u.loc in OFF_MAP or not is_sea(g, u.loc):
        return []
    side = g.data.units[uid].side
    return [
        x
        for x in g.units_at(s, u.loc, side)
        if not g.data.units[x].naval and s.units[x].loc != DEAD
    ]


def cargo_effect(g: SeriesGame, s: CCState, uid: str, what: str) -> None:
    """7.4: a result on a naval unit falls on one carried ground unit too, chosen by its
    owner (a ("cargo", side, what, candidates) prompt when there is a choice)."""
    d = g.data.units[uid]
    if not d.naval:
        return
    cargo = cargo_of(g, s, uid)
    if not cargo:
        return
    area = s.units[uid].loc
    navies = [x for x in g.units_at(s, area, d.side) if g.data.units[x].naval and x != uid]
    if what == "destroyed" and not navies:
        for x in cargo:  # 7.4.4: the whole stack is gone
            combat.destroy(g, s, x, "lost with its transport")
        rps = s.rps[d.side]
        if rps.get(area):
            s.log("rp-lost", role=d.side, area=area, n=rps.pop(area))
        return
    if len(cargo) == 1:
        cargo_hit(g, s, cargo[0], what)
    else:
        s.tasks.append(("cargo", d.side, what, tuple(cargo)))


def cargo_actions(g: SeriesGame, s: CCState, t: tuple) -> list[Action]:
    return [("cargo", u) for u in t[3] if s.units[u].loc != DEAD]


def apply_cargo(g: SeriesGame, s: CCState, action: Action) -> None:
    t = s.tasks.pop()
    cargo_hit(g, s, action[1], t[2])


def cargo_hit(g: SeriesGame, s: CCState, victim: str, what: str) -> None:
    if what == "dep":
        combat.deplete(g, s, victim)
    elif what == "dg":
        s.units[victim] = s.units[victim]._replace(dg=True)
        s.log("disorganized", unit=victim)
    elif what == "destroyed":
        combat.destroy(g, s, victim, "lost with its transport")


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
    here = s.units[uid].loc
    side = g.data.units[uid].side
    cargo = cargo_of(g, s, uid)
    s.units[uid] = s.units[uid]._replace(loc=dest)
    for x in cargo:
        s.units[x] = s.units[x]._replace(loc=dest)
    s.log("naval-retreat", unit=uid, frm=here, dest=dest)
    if not is_sea(g, here) and g.has_units(s, here, g.other(side)):
        # 6.3.2: the ships left a port that enemy ground units entered: the area is theirs
        g.take_control(s, g.other(side), here)
        supply.capture(g, s, g.other(side), here)
        isolation.update(g, s)


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
