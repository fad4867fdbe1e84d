"""Series rule 5: resource points, the Active Operation marker, the supply path, RP capture.

An operation spends one RP (6 SP). A unit may use those SP when it can trace a path of at
most three ground areas free of (non-besieged) enemy units from its area to the Active
Operation area (5.2.3). An RP on naval units in a naval area serves only the naval units
there and ground units in adjacent land areas (5.2.4). An RP inside a besieged fortress
serves only the units inside (5.4.2). A unit alone in an area with enemy RPs captures half
of them, rounded down, and destroys the rest (5.4.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.games.campaign_commander.model import OFF_MAP
from warroom.games.campaign_commander.state import CCState, Op

if TYPE_CHECKING:
    from warroom.games.campaign_commander.series import SeriesGame

SUPPLY_RANGE = 3
SP_PER_RP = 6


def free_of_enemy(g: SeriesGame, s: CCState, role: str) -> set[str]:
    """Areas holding enemy units that block a supply path (besieged units do not)."""
    units = s.units
    foe = g.other(role)
    if not units.inside:
        return set(units.held_areas(g.holders).get(foe, ()))
    defs = g.data.units
    blocked: set[str] = set()
    for loc, here in units.where().items():
        if loc in OFF_MAP:
            continue
        for uid in here:
            if defs[uid].side == foe and not defs[uid].leader and not units[uid].inside:
                blocked.add(loc)
                break
    return blocked


def reach(g: SeriesGame, s: CCState, op: Op) -> set[str]:
    """Areas whose units may use this operation's SP."""
    m = g.data.map
    if op.naval:
        return {op.area, *(b for b in m.neighbors[op.area] if m.areas[b].kind == "land")}
    if op.area in s.sieges and s.sieges[op.area] != op.role:
        return {op.area}  # an RP inside a besieged fortress (5.4.2)
    if g.supply_borders:
        role = op.role
        free = g.land_areas - free_of_enemy(g, s, role)
        crossable = lambda a, b: g.supply_crossable(s, role, a, b)  # noqa: E731
        return set(m.distances(op.area, free.__contains__, SUPPLY_RANGE, crossable))
    # the paths depend on the map and on where the enemy blocks them, nothing else
    blocked = frozenset(free_of_enemy(g, s, op.role))

    def paths() -> frozenset[str]:
        free = g.land_areas - blocked
        return frozenset(m.distances(op.area, free.__contains__, SUPPLY_RANGE))

    return set(g.keep(("reach", op.area, blocked), paths))


def may_use(g: SeriesGame, s: CCState, op: Op, uid: str, area_reach: set[str]) -> bool:
    u = s.units[uid]
    d = g.data.units[uid]
    if u.loc not in area_reach:
        return False
    kind = g.data.map.areas[u.loc].kind
    besieged = u.inside and u.loc in s.sieges
    if op.naval:
        return (d.naval and u.loc == op.area) or (not d.naval and kind == "land")
    if op.area in s.sieges and s.sieges[op.area] != op.role:
        return besieged  # only the units inside may use the fortress's RP
    if besieged:
        return False  # besieged units use only the RPs inside (11.3.5.a)
    return not (d.naval and kind == "sea")  # naval units at sea use RPs carried with them


def capture(g: SeriesGame, s: CCState, role: str, area: str) -> None:
    """A unit alone with enemy RPs takes half (rounded down) and destroys the rest."""
    foe = g.other(role)
    n = s.rps[foe].get(area, 0)
    if n <= 0 or g.units_at(s, area, foe):
        return
    if area in s.forts and s.forts[area] == foe:
        return  # RPs in an unfallen fortress stay with it
    del s.rps[foe][area]
    taken = n // 2
    if taken:
        s.rps[role][area] = s.rps[role].get(area, 0) + taken
    s.log("rp-captured", role=role, area=area, taken=taken, destroyed=n - taken)
