"""What must hold in every state of a Campaign Commander game (checked by the fuzzers).

``violations(g, s)`` lists each broken invariant as a sentence; [] when all hold:

* every unit is off the map or in an area of the map; ships only at sea or in ports;
* every ground unit at sea is aboard one ship of its side in the same area, and only
  ground units are ever aboard (no ship is cargo); in a port a unit is aboard only while
  its ship is moving (it lands when the move ends, 7.1.9);
* no ship carries more than its campaign allows (``ship_capacity``), no stack more than
  three ground units at sea at the end of an operation (7.2);
* every RP at sea is aboard a ship: a side's RPs in a sea area are exactly those its ships
  there carry; a ship carries RPs only at sea, or in a port while moving;
* the campaign's own (``SeriesGame.invariants``), e.g. Coral Sea's Truk Fleet.

The one moment a ground unit is aboard a ship no longer afloat is while its owner chooses
which unit goes down with it (7.4.3, a pending ("cargo", side, "destroyed", ...) task).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.games.campaign_commander import naval
from warroom.games.campaign_commander.model import OFF_MAP
from warroom.games.campaign_commander.state import CCState

if TYPE_CHECKING:
    from warroom.games.campaign_commander.series import SeriesGame


def violations(g: SeriesGame, s: CCState) -> list[str]:
    out: list[str] = []
    defs = g.data.units
    areas = g.data.areas
    op = s.op
    moving = set(op.group) | set(op.hold) if op is not None else set()
    sinking = {u for t in s.tasks if t[0] == "cargo" and t[2] == "destroyed" for u in t[3]}
    for uid, u in s.units.items():
        d = defs[uid]
        ship = s.aboard.get(uid)
        if u.loc in OFF_MAP:
            if ship is not None:
                out.append(f"{uid} is {u.loc} but still aboard {ship}")
            if s.rp_aboard.get(uid):
                out.append(f"{uid} is {u.loc} but still carries {s.rp_aboard[uid]} RP")
            continue
        if u.loc not in areas:
            out.append(f"{uid} stands in {u.loc!r}, which is no area of the map")
            continue
        sea = naval.is_sea(g, u.loc)
        if d.naval:
            if ship is not None:
                out.append(f"ship {uid} is cargo aboard {ship}")
            if not sea and not areas[u.loc].port:
                out.append(f"ship {uid} is ashore in {u.loc}, which is no port")
            continue
        if d.leader:
            if sea:
                out.append(f"leader {uid} is at sea in {u.loc}")
            continue
        if ship is None:
            if sea:
                out.append(f"{uid} is at sea in {u.loc} with no ship to carry it")
            continue
        if uid in sinking:
            continue
        sd = defs.get(ship)
        if sd is None or not sd.naval or sd.side != d.side:
            out.append(f"{uid} is aboard {ship}, which is no ship of its side")
        elif s.units[ship].loc != u.loc:
            out.append(f"{uid} is in {u.loc} but its ship {ship} is in {s.units[ship].loc}")
        elif not sea and ship not in moving:
            out.append(f"{uid} is still aboard {ship} in port {u.loc} after the ship's move")
    for ship in {*s.aboard.values(), *s.rp_aboard}:
        if ship not in defs or not defs[ship].naval:
            continue
        ground, rps = g.ship_capacity(s, ship)
        n = len(naval.cargo(s, [ship]))
        if n > ground:
            out.append(f"{ship} carries {n} ground units (at most {ground})")
        if s.rp_aboard.get(ship, 0) > rps:
            out.append(f"{ship} carries {s.rp_aboard[ship]} RPs (at most {rps})")
    for ship, n in s.rp_aboard.items():
        loc = s.units[ship].loc
        if n <= 0:
            out.append(f"{ship} is listed with {n} RPs aboard")
        if loc not in OFF_MAP and not naval.is_sea(g, loc) and ship not in moving:
            out.append(f"{ship} still carries {n} RP in port {loc} after its move")
    for side in g.roles:
        for area, n in s.rps[side].items():
            if area not in areas:
                out.append(f"{side} has {n} RP in {area!r}, which is no area of the map")
                continue
            if n <= 0:
                out.append(f"{side} is listed with {n} RPs in {area}")
            if naval.is_sea(g, area):
                carried = naval.rps_on(s, naval.ships_at(g, s, area, side))
                if carried != n:
                    out.append(f"{side} has {n} RP in {area} but its ships there carry {carried}")
        for ship, n in s.rp_aboard.items():
            loc = s.units[ship].loc
            if defs[ship].side == side and loc not in OFF_MAP and s.rps[side].get(loc, 0) < n:
                out.append(f"{ship} carries {n} RP in {loc}, more than {side} has there")
    if not s.tasks or s.tasks[-1][0] == "choose":  # between operations: 7.2 was applied
        for side, area in naval.excess_areas(g, s):
            out.append(f"{side} has more than {naval.SEA_LIMIT} ground units at sea in {area}")
    out.extend(g.invariants(s))
    return out
