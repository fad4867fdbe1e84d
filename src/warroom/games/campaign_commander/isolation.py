"""Series rule 9.6.6: isolation.

A unit is isolated the moment every area next to it is enemy-held or impassable to it; the
marker goes when that stops. An isolated unit has -1 cohesion, is destroyed if
disorganized in combat, and may not be reorganized or rebuilt.

A sea area is not impassable to a ground unit next to it: ships carry ground units across
it (series 7; Coral Sea 1.a: impassable "unless they are being transported by naval
units"). So a sea area closes a unit in only when the enemy holds it (its ships, with any
RPs aboard them): an island or the Australia box is isolated by a blockade, never by the
sea itself (see coral_sea/NOTES.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from warroom.games.campaign_commander.model import OFF_MAP
from warroom.games.campaign_commander.state import CCState

if TYPE_CHECKING:
    from warroom.games.campaign_commander.series import SeriesGame


def held(g: SeriesGame, s: CCState) -> dict[str, set[str]]:
    """Role -> areas it holds with units or RPs."""
    base = s.units.held_areas(g.holders)
    out = {}
    for r in g.roles:
        rps = [a for a, n in s.rps[r].items() if n > 0]
        mine = base.get(r)
        if mine is None:
            out[r] = set(rps)
        else:
            out[r] = mine.union(rps) if rps else set(mine)
    return out


def update(g: SeriesGame, s: CCState, full: bool = False) -> None:
    """Set or clear every ground unit's Isolated marker.

    Only the units whose marker may have changed since the last pass are looked at: those
    changed since then (moved, placed, their marker cleared ...), those next to an area whose
    holder changed, those in or leaving the battle area, and the units whose way is not
    limited by the kind of area alone (``g.complex_ground``) when a unit their way depends on
    (``g.way_movers``) has changed (``SeriesGame.simple_ground``, ``moves_the_way``). Every
    other unit stands where it stood, next to areas held as they were, so its marker is
    still right. ``full`` looks at every unit (the first pass, and the tests that
    compare the two).
    """
    units = s.units
    h = held(g, s)
    bt = s.battle
    key = (bt.area, bt.origin, bt.defender) if bt is not None else None
    basis = units.iso_basis
    if full or basis is None:
        check: Iterable[str] = units
    else:
        seen, seen_key, seen_moves = basis
        near = set(units.touched)
        where = units.where()
        nbs = g.data.map.neighbors
        side_of = g.holders
        for r in g.roles:
            changed = seen[r] ^ h[r]
            if not changed:
                continue
            foe = g.other(r)
            for area in changed:
                for b in nbs[area]:
                    for uid in where.get(b, ()):
                        if side_of.get(uid) == foe:
                            near.add(uid)
        if key != seen_key:
            for k in (key, seen_key):
                if k is not None:
                    near.update(where.get(k[0], ()))
        if units.moves != seen_moves and not g.way_movers.isdisjoint(units.touched):
            near.update(g.complex_ground)  # their way depends on where those units stand
        rank = g.unit_rank
        check = sorted(near, key=rank.__getitem__)
    _mark(g, s, check, h)
    units.touched = set()
    units.iso_basis = (h, key, units.moves)


def _mark(g: SeriesGame, s: CCState, check: Iterable[str], h: dict[str, set[str]]) -> None:
    """Set or clear the marker of the units ``check`` names (in data order)."""
    data = g.data
    m = data.map
    defs = data.units
    units = s.units
    foes = {r: h[g.other(r)] for r in g.roles}
    bt = s.battle
    for uid in check:
        u = units[uid]
        if u.loc in OFF_MAP:
            continue
        d = defs[uid]
        if d.leader or d.naval or m.areas[u.loc].kind != "land":
            continue
        foe = foes[d.side]
        if bt is not None and u.loc == bt.area and d.side == bt.defender:
            foe = foe | {bt.origin}  # 9.6.6.d: attacked from around it, it stays isolated
        # open sea next to it (no enemy there): ships may supply it or carry it away
        iso = all(b in foe for b in g.sea_neighbors[u.loc])
        if not iso:
            pass
        elif uid not in g.complex_ground:
            for b in g.land_neighbors[u.loc]:
                if b not in foe:
                    iso = False
                    break
        else:
            for b in m.neighbors[u.loc]:
                if b not in foe and g.passable_for(s, uid, b):
                    iso = False
                    break
        if iso != u.iso:
            units[uid] = u._replace(iso=iso)
            s.log("isolated" if iso else "supplied", unit=uid, area=u.loc)
