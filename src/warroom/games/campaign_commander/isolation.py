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

from typing import TYPE_CHECKING

from warroom.games.campaign_commander.model import OFF_MAP
from warroom.games.campaign_commander.state import CCState

if TYPE_CHECKING:
    from warroom.games.campaign_commander.series import SeriesGame


def held(g: SeriesGame, s: CCState) -> dict[str, set[str]]:
    """Role -> areas it holds with units or RPs."""
    base = s.units.memo.get("held")
    if base is None:
        base = {r: set() for r in g.roles}
        side_of = g.side_of
        for loc, uids in s.units.where().items():
            if loc in OFF_MAP:
                continue
            for uid in uids:
                side = side_of.get(uid)
                if side is not None:
                    base[side].add(loc)
        s.units.memo["held"] = base
    out = {r: set(v) for r, v in base.items()}
    for r in g.roles:
        out[r].update(a for a, n in s.rps[r].items() if n > 0)
    return out


def update(g: SeriesGame, s: CCState) -> None:
    """Set or clear every ground unit's Isolated marker."""
    data = g.data
    m = data.map
    defs = data.units
    h = held(g, s)
    foes = {r: h[g.other(r)] for r in g.roles}
    for uid, u in s.units.items():
        if u.loc in OFF_MAP:
            continue
        d = defs[uid]
        if d.leader or d.naval or m.areas[u.loc].kind != "land":
            continue
        foe = foes[d.side]
        bt = s.battle
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
            s.units[uid] = u._replace(iso=iso)
            s.log("isolated" if iso else "supplied", unit=uid, area=u.loc)
