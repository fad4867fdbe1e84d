"""Series rules 6 and 8: ground movement, battle on entry, stacking.

Moving is a sequence of prompts: ("move", unit) picks the first unit; ("add", unit) adds
others from the same area (a stack moves together and ends together, 8.4); ("go", area)
steps into a neighbouring area (the first step pays the move cost); ("halt",) ends the
move, paying 2 SP when it ends among other friendly units (8.2). Entering an area held by
enemy ground units starts a battle at once (6.5); after it the group has acted (9.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.engine import Action
from warroom.games.campaign_commander import combat, fortress, isolation, leaders, naval, supply
from warroom.games.campaign_commander.state import CCState, Op

if TYPE_CHECKING:
    from warroom.games.campaign_commander.series import SeriesGame


def group_mp(g: SeriesGame, s: CCState, group: list[str]) -> int:
    table = g.value_table
    units = s.units
    leaders = g.leaders
    mp = min(
        table[u][2 * units[u].dep + units[u].dg][2] for u in group if u not in leaders
    )  # g.values(s, u)[2] for every unit of the group
    return mp + g.group_mp_bonus(s, group)


def stack_cost(g: SeriesGame, s: CCState, op: Op, area: str) -> int:
    """2 SP (campaign-adjusted) if the group would end among other friendly units."""
    others = [u for u in g.units_at(s, area, op.role) if u not in op.group]
    if not others:
        return 0
    return g.action_cost(s, op.role, 2)


def destinations(
    g: SeriesGame, s: CCState, op: Op, first: bool = False
) -> list[tuple[str, int, bool]]:
    """(area, mp cost, must stop) for every legal next step of the group (``first``: stop
    at the first one found)."""
    here = s.units[op.group[0]].loc
    if op.moved:
        mp = op.mp
        spent = group_mp(g, s, op.group) - op.mp
    else:
        mp = group_mp(g, s, op.group)
        spent = 0
    enter = g.enter
    out = []
    spare = None  # the SP left once the move is paid for (asked when needed)
    for dest in g.data.map.neighbors[here]:
        step = enter(s, op, here, dest, mp, spent)
        if step is None:
            continue
        cost, stop = step
        if cost > mp:
            continue
        if (stop or cost == mp) and not g.foes_at(s, dest, op.role):
            # it would have to end there: can it pay for stacking?
            if spare is None:
                spare = op.sp - first_cost(g, s, op)
            if stack_cost(g, s, op, dest) > spare:
                continue
        out.append((dest, cost, stop))
        if first:
            break
    return out


def first_cost(g: SeriesGame, s: CCState, op: Op) -> int:
    return 0 if op.moved else g.move_cost(s, op.role, op.group)


def group_actions(g: SeriesGame, s: CCState, op: Op) -> list[Action]:
    out: list[Action] = []
    here = s.units[op.group[0]].loc
    if not op.moved:
        for uid in g.units_at(s, here, op.role, leaders=True):
            if uid in op.group or uid in op.acted or not g.may_move(s, uid):
                continue
            if g.data.units[uid].leader:
                out.append(("add", uid))
            elif g.move_cost(s, op.role, [*op.group, uid]) <= op.sp and g.may_join(
                s, op.group, uid
            ):
                op.group.append(uid)  # offered only if the larger group can still go somewhere
                if destinations(g, s, op, first=True):
                    out.append(("add", uid))
                op.group.pop()
    out.extend(("go", d) for d, _c, _st in destinations(g, s, op))
    out.extend(g.group_extra(s, op))
    if op.moved:
        if stack_cost(g, s, op, here) <= op.sp or not out:
            out.append(("halt",))
    else:
        out.append(("cancel",))
    return out


def apply_group(g: SeriesGame, s: CCState, op: Op, action: Action) -> None:
    kind = action[0]
    if kind == "add":
        op.group.append(action[1])
        s.log("select", role=op.role, unit=action[1], area=op.group_from)
    elif kind == "cancel":
        op.group = []
    elif kind == "halt":
        halt(g, s, op)
    elif kind == "go":
        go(g, s, op, action[1])
    else:
        g.apply_group_extra(s, op, action)


def go(g: SeriesGame, s: CCState, op: Op, dest: str) -> None:
    here = s.units[op.group[0]].loc
    mp = op.mp if op.moved else group_mp(g, s, op.group)
    spent = 0 if not op.moved else group_mp(g, s, op.group) - op.mp
    step = g.enter(s, op, here, dest, mp, spent)
    assert step is not None
    cost, stop = step
    if not op.moved:
        sp = g.move_cost(s, op.role, op.group)
        op.sp -= sp
        op.moved = True
        s.log("sp", role=op.role, spent=sp, left=op.sp, why="move")
    op.mp = 0 if stop else mp - cost
    crossing = g.data.map.border(here, dest)
    g.on_cross(s, op, here, dest, crossing)
    for uid in op.group:
        s.units[uid] = s.units[uid]._replace(loc=dest, iso=False)
    leaders.follow(g, s, here, op.role, dest)
    op.path.append(dest)
    s.log("move", role=op.role, units=list(op.group), frm=here, dest=dest, mp_left=op.mp)
    fighters = [u for u in op.group if not g.data.units[u].leader]
    if g.foes_at(s, dest, op.role):
        isolation.update(g, s)
        if fortress.refuge_choice(g, s, op.role, dest):
            return
        combat.start(g, s, dest, op.role, fighters, here, crossing, naval=False)
        isolation.update(g, s)
        return
    for ship in g.units_at(s, dest, g.other(op.role)):
        if g.data.units[ship].naval:
            naval.retreat(g, s, ship)  # 6.3.2: enemy ships leave a port that ground units enter
    g.take_control(s, op.role, dest)
    supply.capture(g, s, op.role, dest)
    isolation.update(g, s)
    if op.mp <= 0:
        halt(g, s, op)


def halt(g: SeriesGame, s: CCState, op: Op) -> None:
    here = s.units[op.group[0]].loc
    cost = stack_cost(g, s, op, here)
    if cost:
        paid = min(cost, op.sp)
        op.sp -= paid
        s.log("sp", role=op.role, spent=paid, left=op.sp, why="stacking")
    fortress.on_halt(g, s, op.role, here)
    op.acted.update(op.group)
    s.log("halt", role=op.role, units=list(op.group), area=here)
    op.group = []
    isolation.update(g, s)
