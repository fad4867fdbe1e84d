"""Series rule 9.6.3.e-f: retreats.

A disorganized ground unit retreats two areas towards the nearest friendly RP (or the
campaign's board edge when its side has none on the map); it stops after one if it
cannot go on, and may stop early in an area with a friendly RP or fortress. It never
enters an enemy-held area (units or RPs); a defender never enters the area the attackers
came from; an attacker's first step is back into the area it attacked from. A unit that
cannot retreat is destroyed. Up to four units of a fortress's owner may retreat inside it
instead (11.3.1); besieged units retreat back inside (11.3.5.b). Naval units retreat into a
friendly port within range, else towards the nearest one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.engine import Action
from warroom.games.campaign_commander import combat, fortress, isolation, leaders
from warroom.games.campaign_commander.state import Battle, CCState

if TYPE_CHECKING:
    from warroom.games.campaign_commander.series import SeriesGame

STEPS = 2


def begin(g: SeriesGame, s: CCState, uid: str, b: Battle) -> None:
    d = g.data.units[uid]
    if d.naval:
        g.naval_retreat(s, uid)
        return
    u = s.units[uid]
    if u.inside:
        s.log("retreat-inside", unit=uid, area=u.loc)  # back into the besieged fortress
        return
    s.tasks.append(("retreat", uid, g.retreat_steps(s, uid), b.area, 1))


def _targets(g: SeriesGame, s: CCState, uid: str) -> set[str]:
    side = g.data.units[uid].side
    rps = {a for a, n in s.rps[side].items() if n > 0 and g.data.map.areas[a].kind == "land"}
    if rps:
        return rps
    return {a for a, ad in g.data.areas.items() if g.retreat_edge(side) in ad.edge}


def options(g: SeriesGame, s: CCState, task: tuple) -> list[Action]:
    _, uid, _left, battle_area, first = task
    b = s.battle
    d = g.data.units[uid]
    here = s.units[uid].loc
    m = g.data.map

    foe_held = isolation.held(g, s)[g.other(d.side)]

    def ok(a: str) -> bool:
        return m.areas[a].kind == "land" and a not in foe_held and g.passable_for(s, uid, a)

    steps = []
    for n in m.neighbors[here]:
        if n == battle_area or not ok(n) or not g.retreat_crossable(s, uid, here, n):
            continue
        if b is not None and d.side == b.defender and n == b.origin:
            continue
        if first and b is not None and d.side == b.attacker and n != b.origin:
            continue
        steps.append(n)
    out: list[Action] = []
    if first and fortress.may_take_refuge(g, s, uid, battle_area):
        out.append(("inside",))
    if steps:
        # the distances depend on the unit, its goals and the areas closed to it by the enemy,
        # and, for a unit whose way depends on where others stand (complex_ground), on those
        key = ("retreat", uid, frozenset(_targets(g, s, uid)), frozenset(foe_held))
        if uid in g.complex_ground:
            dist = s.units.memo.get(key)
            if dist is None:
                dist = s.units.memo[key] = m.distances(key[2], ok)
        else:
            dist = g.keep(key, lambda: m.distances(key[2], ok))
        far = 10**6
        best = min(dist.get(a, far) for a in steps)
        out.extend(("retreat", a) for a in steps if dist.get(a, far) == best)
    out.extend(g.retreat_extra(s, uid, task))
    if not first and out and g.may_stop_retreat(s, uid, here):
        out.append(("stay",))
    return out


def apply(g: SeriesGame, s: CCState, action: Action) -> None:
    task = s.tasks.pop()
    _, uid, left, battle_area, _first = task
    here = s.units[uid].loc
    side = g.data.units[uid].side
    if action[0] == "stay":
        s.log("retreat-ends", unit=uid, area=here)
        isolation.update(g, s)
        return
    if action[0] == "inside":
        s.units[uid] = s.units[uid]._replace(inside=True)
        s.log("retreat-inside", unit=uid, area=here)
        return
    if action[0] != "retreat" or len(action) > 2:  # a campaign's own way (e.g. aboard a ship)
        g.apply_retreat_extra(s, uid, action)
        isolation.update(g, s)
        return
    dest = action[1]
    s.units[uid] = s.units[uid]._replace(loc=dest, iso=False)
    s.log("retreat", unit=uid, frm=here, dest=dest)
    leaders.follow(g, s, here, side, dest)
    g.take_control(s, side, dest)
    if left > 1:
        s.tasks.append(("retreat", uid, left - 1, battle_area, 0))
    leaders.offer(g, s, here, side, uid, dest)  # asked before the unit's next step
    isolation.update(g, s)


def auto(g: SeriesGame, s: CCState) -> bool:
    """Resolve the top retreat task when it needs no decision. True if it did something."""
    task = s.tasks[-1]
    opts = options(g, s, task)
    if not opts:
        s.tasks.pop()
        uid, first = task[1], task[4]
        if first:
            combat.destroy(g, s, uid, "could not retreat")
        else:
            s.log("retreat-ends", unit=uid, area=s.units[uid].loc)
        isolation.update(g, s)
        return True
    if len(opts) == 1:
        apply(g, s, opts[0])
        return True
    return False
