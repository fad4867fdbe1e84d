"""Queries on units: where they are, their current values, who holds an area."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.games.campaign_commander.model import OFF_MAP, UnitDef
from warroom.games.campaign_commander.state import CCState, Unit

if TYPE_CHECKING:
    from warroom.games.campaign_commander.series import SeriesGame


def other(g: SeriesGame, role: str) -> str:
    return g.roles[1] if role == g.roles[0] else g.roles[0]


def on_map(u: Unit) -> bool:
    return u.loc not in OFF_MAP


def occupants(g: SeriesGame, s: CCState) -> dict[str, list[str]]:
    """Area -> units there (leaders included), in data order."""
    out: dict[str, list[str]] = {}
    for uid, u in s.units.items():
        if u.loc not in OFF_MAP:
            out.setdefault(u.loc, []).append(uid)
    return out


def units_at(
    g: SeriesGame, s: CCState, area: str, role: str | None = None, leaders: bool = False
) -> list[str]:
    defs = g.data.units
    here = s.units.where().get(area)
    if not here:
        return []
    return [
        uid
        for uid in here
        if (role is None or defs[uid].side == role) and (leaders or not defs[uid].leader)
    ]


def has_units(g: SeriesGame, s: CCState, area: str, role: str, naval: bool | None = None) -> bool:
    defs = g.data.units
    for uid in s.units.where().get(area, ()):
        d = defs[uid]
        if d.side == role and not d.leader and (naval is None or d.naval == naval):
            return True
    return False


def enemy_occupied(g: SeriesGame, s: CCState, area: str, role: str) -> bool:
    """Held by the enemy: enemy units or enemy resource points there (9.6.3.f)."""
    foe = other(g, role)
    return has_units(g, s, area, foe) or s.rps[foe].get(area, 0) > 0


def values(g: SeriesGame, s: CCState, uid: str) -> tuple[int, int, int]:
    """(tactical, cohesion, movement) now: depleted side if depleted, one less each if
    disorganized, never below one (9.6.2-9.6.3)."""
    u = s.units[uid]
    return g.value_table[uid][2 * u.dep + u.dg]


def value_table(d: UnitDef) -> tuple[tuple[int, int, int], ...]:
    """A unit's values as ``values`` gives them, for (dep, dg) = (0, 0), (0, 1), (1, 0), (1, 1)."""
    out = []
    for dep in (False, True):
        for dg in (False, True):
            tv, ch, mf = d.depleted if dep else d.front
            if dg:
                tv, ch, mf = tv - 1, ch - 1, mf - 1
            out.append((max(1, tv), max(1, ch), max(1, mf)))
    return tuple(out)
