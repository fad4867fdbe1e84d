"""Series rule 11: fortresses, garrisons and sieges.

A fortress has an intrinsic garrison that never stops enemy movement and cannot be attacked;
up to four units may be inside with it. When enemies enter, the owner's units there either
fight outside or take refuge inside. A fortress is besieged when enemy units end their
movement in its area, or when a battle there fails to clear them; the siege ends when they
leave. Resolving a siege costs 4 SP: the besieging stack's player rolls a d10, adds the
fortress factor and the number of units inside, subtracts the number of units besieging,
and the fortress falls when the total is at most the siege number (every unit inside is
destroyed). Besieged units use only RPs inside and may battle only the besiegers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.engine import Action
from warroom.games.campaign_commander import combat, supply
from warroom.games.campaign_commander.state import CCState, Op

if TYPE_CHECKING:
    from warroom.games.campaign_commander.series import SeriesGame

CAPACITY = 4


def inside(g: SeriesGame, s: CCState, area: str, role: str) -> list[str]:
    return [u for u in g.units_at(s, area, role) if s.units[u].inside]


def besiegers(g: SeriesGame, s: CCState, area: str, role: str) -> list[str]:
    return [u for u in g.units_at(s, area, role) if not s.units[u].inside]


def may_take_refuge(g: SeriesGame, s: CCState, uid: str, area: str) -> bool:
    side = g.data.units[uid].side
    return (
        s.forts.get(area) == side
        and s.units[uid].loc == area
        and not g.data.units[uid].naval
        and len(inside(g, s, area, side)) < CAPACITY
    )


def refuge_choice(g: SeriesGame, s: CCState, role: str, area: str) -> bool:
    """Enemies entered a fortress area holding units of its owner: ask them (11.3)."""
    owner = s.forts.get(area)
    if owner is None or owner == role:
        return False
    s.tasks.append(("refuge", owner, area))
    return True


def refuge_actions(g: SeriesGame, s: CCState, role: str) -> list[Action]:
    return [("refuge", "inside"), ("refuge", "fight")]


def apply_refuge(g: SeriesGame, s: CCState, action: Action) -> None:
    _, owner, area = s.tasks.pop()
    op = s.op
    assert op is not None
    if action[1] == "inside":
        units = [u for u in g.units_at(s, area, owner) if not s.units[u].inside]
        for u in units[:CAPACITY]:
            s.units[u] = s.units[u]._replace(inside=True)
        s.log("refuge", role=owner, area=area, units=units[:CAPACITY])
        for u in units[CAPACITY:]:
            combat.destroy(g, s, u, "no room in the fortress")
        from warroom.games.campaign_commander import movement

        movement.halt(g, s, op)
        return
    fighters = [u for u in op.group if not g.data.units[u].leader]
    here = op.path[-2] if len(op.path) > 1 else op.group_from
    combat.start(g, s, area, op.role, fighters, here, g.data.map.border(here, area), False)


def on_halt(g: SeriesGame, s: CCState, role: str, area: str) -> None:
    owner = s.forts.get(area)
    if owner is not None and owner != role and area not in s.sieges:
        s.sieges[area] = role
        s.log("siege", role=role, area=area)


def update(g: SeriesGame, s: CCState) -> None:
    """Lift sieges whose besiegers have all left (11.3.4)."""
    for area, side in list(s.sieges.items()):
        if not besiegers(g, s, area, side):
            del s.sieges[area]
            s.log("siege-lifted", area=area)


def op_actions(g: SeriesGame, s: CCState, op: Op, area_reach: set[str]) -> list[Action]:
    out: list[Action] = []
    cost = g.action_cost(s, op.role, 4)
    for area, side in sorted(s.sieges.items()):
        ready = [u for u in besiegers(g, s, area, side) if u not in op.acted]
        if side == op.role and area in area_reach and op.sp >= cost and ready:
            out.append(("siege", area))
        sortie = [u for u in inside(g, s, area, op.role) if u not in op.acted]
        if side != op.role and op.area == area and op.sp >= g.action_cost(s, op.role, 1) and sortie:
            out.append(("sortie", area))
    return out


def apply_op(g: SeriesGame, s: CCState, op: Op, action: Action) -> None:
    area = action[1]
    foe = g.other(op.role)
    if action[0] == "sortie":
        cost = g.action_cost(s, op.role, 1)
        op.sp -= cost
        s.log("sp", role=op.role, spent=cost, left=op.sp, why="sortie")
        units = [u for u in inside(g, s, area, op.role) if u not in op.acted]
        op.group = list(units)
        combat.start(g, s, area, op.role, units, area, "", False)
        return
    cost = g.action_cost(s, op.role, 4)
    op.sp -= cost
    s.log("sp", role=op.role, spent=cost, left=op.sp, why="siege")
    stack = [u for u in besiegers(g, s, area, op.role) if u not in op.acted]
    op.acted.update(stack)
    held = inside(g, s, area, foe)
    roll = s.rng.die(10)
    mods: list[tuple[int, str]] = [(g.data.areas[area].fortress, "the fortress"),
                                   (len(held), "units inside"), (-len(stack), "besieging units")]  # fmt: skip
    total = roll + sum(n for n, _ in mods)
    number = g.siege_number(s, area)
    falls = total <= number
    s.log("siege-roll", role=op.role, area=area, dice=[roll % 10], sides=10, roll=roll,
          mods=[[n, why] for n, why in mods if n], total=total, number=number, falls=falls)  # fmt: skip
    if falls:
        for u in held:
            combat.destroy(g, s, u, "the fortress fell")
        s.forts[area] = op.role
        del s.sieges[area]
        g.take_control(s, op.role, area)
        supply.capture(g, s, op.role, area)
