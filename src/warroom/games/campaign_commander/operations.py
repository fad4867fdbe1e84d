"""Series rules 5.2, 5.5 and 10: conducting an On-Board Operation, the SP cost table,
reorganization and rebuilding.

An operation spends one RP from the map (the player picks which); the Active Operation
marker goes there and the side has 6 SP. Then a sequence of small prompts: move a unit or
a stack (1 SP), stacking when a move ends with friendly units (2 SP), reorganize a
disorganized unit (1 SP), rebuild a depleted one (1 SP, one unit per operation), besiege
(4 SP), play an Event card, or ("done",). Each unit acts at most once per operation.
The operation ends with "done" or when no SP is left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.engine import Action
from warroom.games.campaign_commander import fortress, isolation, movement, naval, supply
from warroom.games.campaign_commander.state import CCState, Op

if TYPE_CHECKING:
    from warroom.games.campaign_commander.series import SeriesGame

COST_MOVE = 1
COST_STACK = 2
COST_REORG = 1
COST_REBUILD = 1
COST_SIEGE = 4


def rp_actions(g: SeriesGame, s: CCState, role: str) -> list[Action]:
    """("rp", area) for an RP on land; at sea ("rp", area, ship): the RP aboard that ship."""
    out: list[Action] = []
    for a in sorted(s.rps[role]):
        if s.rps[role][a] <= 0:
            continue
        if naval.is_sea(g, a):
            out.extend(("rp", a, x) for x in naval.ships_at(g, s, a, role) if s.rp_aboard.get(x))
        else:
            out.append(("rp", a))
    return out


def start(g: SeriesGame, s: CCState, role: str, area: str, ship: str = "") -> None:
    """Spend one RP at ``area`` (at sea, the one aboard ``ship``): the operation begins with
    its SP."""
    s.rps[role][area] -= 1
    if s.rps[role][area] == 0:
        del s.rps[role][area]
    if ship:
        s.rp_aboard[ship] -= 1
        if not s.rp_aboard[ship]:
            del s.rp_aboard[ship]
    naval_rp = g.data.map.areas[area].kind == "sea"
    s.ops[role] = s.ops.get(role, 0) + 1
    s.op = Op(role, area, g.sp_per_rp(s, role), naval_rp)
    s.tasks.pop()
    s.tasks.append(("op", role))
    s.log("operation", role=role, area=area, sp=s.op.sp, number=s.ops[role])
    isolation.update(g, s)
    g.on_operation_start(s, role)


def op_actions(g: SeriesGame, s: CCState, role: str) -> list[Action]:
    op = s.op
    assert op is not None
    if op.group:
        if g.data.units[op.group[0]].naval:
            return naval.group_actions(g, s, op)
        return movement.group_actions(g, s, op)
    if op.sp <= 0:
        return [*g.op_free(s, op), ("done",)]  # only what costs nothing is left
    out: list[Action] = []
    area_reach = supply.reach(g, s, op)
    defs = g.data.units
    reorg = g.action_cost(s, role, COST_REORG)
    rebuild = g.action_cost(s, role, COST_REBUILD)
    units = s.units
    where = units.where()
    # only units standing where the operation's SP reach can use them (supply.may_use)
    near = [uid for a in area_reach for uid in where.get(a, ())]
    near.sort(key=g.unit_rank.__getitem__)
    for uid in near:
        u = units[uid]
        d = defs[uid]
        if d.side != role or d.leader or uid in op.acted:
            continue
        if not supply.may_use(g, s, op, uid, area_reach):
            continue
        if op.sp >= g.move_cost(s, role, [uid]) and g.may_move(s, uid) and can_go(g, s, op, uid):
            out.append(("move", uid))
        if u.dg and not u.iso and op.sp >= reorg and g.may_repair(s, uid):
            out.append(("reorg", uid))
        if (
            u.dep
            and not u.iso
            and not op.rebuilt
            and op.sp >= rebuild
            and g.may_repair(s, uid)
            and g.rebuild_allowed(s, role)
        ):
            out.append(("rebuild", uid))
    out.extend(fortress.op_actions(g, s, op, area_reach))
    out.extend(g.op_extra(s, op, area_reach))
    for cid in s.hands[role]:
        c = g.data.cards[cid]
        if c.type == "event" and g.card_playable(s, role, c):
            out.append(("event", cid))
    out.extend(g.op_free(s, op))
    out.append(("done",))
    return out


def can_go(g: SeriesGame, s: CCState, op: Op, uid: str) -> bool:
    """Offer a unit for a move only when it has somewhere to go (or cargo to take on)."""
    saved = op.group, op.moved
    op.group, op.moved = [uid], False
    try:
        if g.data.units[uid].naval:
            return bool(naval.naval_steps(g, s, op)) or len(naval.group_actions(g, s, op)) > 1
        return bool(movement.destinations(g, s, op, first=True)) or bool(g.group_extra(s, op))
    finally:
        op.group, op.moved = saved


def apply_op(g: SeriesGame, s: CCState, role: str, action: Action) -> None:
    op = s.op
    assert op is not None
    kind = action[0]
    if op.group:
        if g.data.units[op.group[0]].naval:
            naval.apply_group(g, s, op, action)
        else:
            movement.apply_group(g, s, op, action)
        return
    if kind == "move":
        uid = action[1]
        op.group = [uid]
        op.group_from = s.units[uid].loc
        op.moved = False
        op.path = [op.group_from]
        op.volga = False
        op.no_attack = False
        op.laden = False
        op.embarked = False
        op.stacked = ""
        s.log("select", role=role, unit=uid, area=op.group_from)
    elif kind == "reorg":
        uid = action[1]
        pay(g, s, role, g.action_cost(s, role, COST_REORG), "reorganize")
        s.units[uid] = s.units[uid]._replace(dg=False)
        op.acted.add(uid)
        s.log("reorganized", role=role, unit=uid)
    elif kind == "rebuild":
        uid = action[1]
        pay(g, s, role, g.action_cost(s, role, COST_REBUILD), "rebuild")
        s.units[uid] = s.units[uid]._replace(dep=False)
        op.acted.add(uid)
        op.rebuilt = True
        g.on_rebuild(s, role, uid)
        s.log("rebuilt", role=role, unit=uid)
    elif kind == "event":
        from warroom.games.campaign_commander.cards import play_card

        play_card(g, s, role, action[1])
    elif kind in ("siege", "sortie"):
        fortress.apply_op(g, s, op, action)
    elif kind == "done":
        finish(g, s)
    else:
        g.apply_op_extra(s, op, action)


def pay(g: SeriesGame, s: CCState, role: str, cost: int, why: str) -> None:
    op = s.op
    assert op is not None
    op.sp -= cost
    s.log("sp", role=role, spent=cost, left=op.sp, why=why)


def finish(g: SeriesGame, s: CCState) -> None:
    op = s.op
    assert op is not None
    naval.end_of_operation(g, s, op)
    s.log("operation-end", role=op.role, sp_left=op.sp)
    s.op = None
    if s.tasks and s.tasks[-1][0] == "op":
        s.tasks.pop()
    g.on_operation_end(s, op.role)
