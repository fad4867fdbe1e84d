"""The sequence of play: set-up, planning, the movement phases with their battles,
bombardment, non-combat moves, rally and scoring.

``run(st)`` carries the game forward until some side must decide something (a gate:
``st.waiting``) or the game is over. Each phase is a short list of stages, in the
rulebook's order.
"""

from __future__ import annotations

from typing import Any

from warroom.games.commanders.combat import (
    MELEE,
    RANGED,
    apply_hits,
    attacker_key,
    chooses_target,
    defender_key,
    leave_zone,
    needs_target,
    opposite,
    remove_unit,
    replace_for_melee,
    resolve_step,
    roll_step,
    settle_captures,
    side_list,
    target_candidates,
    zone_name,
)
from warroom.games.commanders.data import (
    ART,
    CAV,
    INF,
    N_UNITS,
    PER_SIDE,
    SIDES,
    UID,
    USIDE,
    UTYPE,
    side_units,
)
from warroom.games.commanders.state import (
    CAPTURED,
    FRESH,
    GONE,
    ROUTED,
    SPENT,
    UNPLACED,
    CmdState,
    Combat,
    Step,
    control,
    has_building,
    held,
    occupancy,
)

PHASE_OF_STEP = {"fast": "fast", "bombard": "bombard", "advance": "combined", "fire": "combined"}


# ----- small helpers ------------------------------------------------------------------------


def border_limit(st: CmdState, frm: int, to: int) -> int:
    r = st.data.rules
    lim = r.border_limit
    if st.cfg.terrain:
        ter = st.data.terrain[st.cfg.board]
        if to in ter.forest:
            lim = min(lim, r.forest_border_limit)
        if (min(frm, to), max(frm, to)) in ter.river:
            lim = min(lim, r.river_border_limit)
    return lim


def in_forest(st: CmdState, s: int) -> bool:
    return st.cfg.terrain and s in st.data.terrain[st.cfg.board].forest


def move_unit(st: CmdState, u: int, to: int) -> None:
    """Move a unit; enemy routed units in the sector it enters are captured."""
    frm = st.loc[u]
    if st.garrison.get(frm) == u:
        del st.garrison[frm]  # it comes out of the building
    st.loc[u] = to
    st.moved[u] = st.moved.get(u, 0) + 1
    side = USIDE[u]
    inside = st.garrison.get(to, -1)
    for e in side_units(1 - side):
        if st.loc[e] == to and st.status[e] == ROUTED and e != inside:
            remove_unit(st, e, u)
    if st.cfg.terrain and to in st.data.terrain[st.cfg.board].forest:
        st.steps.pop(u, None)  # entering a forest spends the unit
        st.spend.add(u)


def finish_step(st: CmdState, u: int) -> None:
    """A unit performed its current step; spend it when its order is used up."""
    steps = st.steps.get(u)
    if steps:
        steps.pop(0)
    if not steps:
        st.steps.pop(u, None)
        if UTYPE[u] != CAV or st.moved.get(u, 0) >= 2:
            st.spend.add(u)


def fail_order(st: CmdState, u: int) -> None:
    """The unit could not carry out its order: the rest of it lapses and the unit is spent."""
    st.steps.pop(u, None)
    st.spend.add(u)


def end_phase(st: CmdState, phase: str) -> None:
    """Units that acted become spent; orders whose moment passed lapse; routed units flee."""
    for u in list(st.steps):
        steps = st.steps[u]
        if steps and _phase_key(steps[0]) == phase:
            st.steps.pop(u)
    for u in st.spend:
        if st.status[u] != ROUTED and st.loc[u] >= 0:
            st.status[u] = SPENT
            st.steps.pop(u, None)
    st.spend = set()
    if phase in ("fast", "combined"):
        flee(st, with_infantry=phase == "combined")


def _phase_key(step: Step) -> str:
    return PHASE_OF_STEP.get(step[0], step[0])


def flee(st: CmdState, with_infantry: bool) -> None:
    """Routed cavalry (and, at the end of combined arms, routed infantry) run to the routed
    box in their own reserve. Routed artillery stays where it is."""
    d = st.data
    for u in range(N_UNITS):
        s = st.loc[u]
        if s < 0 or st.status[u] != ROUTED:
            continue
        t = UTYPE[u]
        res = d.reserve_of[USIDE[u]]
        if s != res and (t == CAV or (t == INF and with_infantry)):
            if st.garrison.get(s) == u:
                continue  # routed infantry inside a building stays (rallied in place)
            st.loc[u] = res
            st.log("fled", unit=UID[u], to=d.ids[res])


def set_gate(st: CmdState, stage: str, who: tuple[bool, bool]) -> None:
    st.stage = stage
    st.waiting = [who[0], who[1]]


# ----- set-up -------------------------------------------------------------------------------


def start_round(st: CmdState) -> None:
    st.phase = "planning"
    st.stage = "plan"
    st.orders = {}
    st.road = {}
    st.steps = {}
    st.moved = {}
    st.given = [0, 0]
    st.composing = [-1, -1]
    st.road_stage = [False, False]
    st.plan_base = [None, None]
    base = st.data.rules.orders
    for side in (0, 1):
        allowed = base
        if st.cfg.orders_random:
            roll = st.rng.die(6)
            allowed = roll + 6
            st.log("orders-roll", side=SIDES[side], dice=[roll], sides=6, orders=allowed)
        if st.cfg.morale:
            allowed = min(allowed, st.vp[side])
        st.allowed[side] = allowed
        st.extra[side] = 1 if st.cfg.orders_distance else 0
    st.waiting = [True, True]
    st.log("round", round=st.round)


def command_sector(st: CmdState, side: int) -> int:
    for o in st.objectives:
        if o.side == side and o.kind == "general":
            return o.sector
    return st.data.home[side][1]


def saved_orders(st: CmdState, side: int) -> int:
    """Orders a side has not given this round (so far): each may rally a routed unit. With
    army morale every VP is an order, those over the allotment for the rally only."""
    if st.cfg.morale:
        return max(0, st.vp[side] - st.given[side])
    return st.allowed[side] + st.extra[side] - st.given[side]


# ----- reveal of the orders -----------------------------------------------------------------


def reveal_orders(st: CmdState) -> None:
    st.reveals += 1
    for side in (0, 1):
        listed = []
        for u, (kind, d1, kind2, d2) in sorted(st.orders.items()):
            if USIDE[u] != side:
                continue
            entry = [UID[u], kind, st.data.ids[d1]]
            if d2 >= 0:
                entry += [kind2, st.data.ids[d2]]
            if u in st.road:
                entry += ["road", st.data.ids[st.road[u]]]
            listed.append(entry)
        st.log("orders", side=SIDES[side], orders=listed)
        st.saved[side] = saved_orders(st, side)
    if st.cfg.orders_distance:
        for side in (0, 1):
            cmd = command_sector(st, side)
            for u in sorted(st.orders):
                if USIDE[u] != side:
                    continue
                dist = st.data.distance[cmd][st.loc[u]]
                roll = st.rng.die(6)
                ok = roll >= dist
                st.log("delivery", unit=UID[u], dice=[roll], sides=6, distance=dist, delivered=ok)
                if not ok:
                    del st.orders[u]
    st.steps = {}
    for u, (kind, d1, kind2, d2) in st.orders.items():
        steps: list[Step] = []
        if kind == "move":
            steps.append(("noncombat", d1))
        else:
            steps.append((kind, d1))
        if d2 >= 0:
            steps.append((kind2 if kind2 == "advance" else "noncombat", d2))
        r = st.road.get(u, -1)
        if r >= 0:
            steps.append(("road", r))
        st.steps[u] = steps
    st.phase = "fast"
    st.stage = "start"


# ----- movement phases with combat ----------------------------------------------------------


def movers_of(st: CmdState, phase: str) -> list[tuple[int, int, int]]:
    out = []
    for u in sorted(st.steps):
        steps = st.steps[u]
        if not steps or st.status[u] != FRESH or st.loc[u] < 0:
            continue
        if _phase_key(steps[0]) == phase:
            out.append((u, st.loc[u], steps[0][1]))
    return out


def start_movement(st: CmdState, phase: str) -> None:
    """Place ordered units towards their targets: friendly and free neutral sectors are
    entered at once; enemy sectors and contested neutral ones become battles."""
    d = st.data
    ctrl = control(st)
    hold = held(st)
    movers = movers_of(st, phase)
    # units in a reserve may not attack out of it; artillery fire only hits an enemy sector
    attack: list[tuple[int, int, int]] = []
    free: list[tuple[int, int, int]] = []
    wants: dict[int, set[int]] = {}
    for u, frm, to in movers:
        side = USIDE[u]
        kind = st.steps[u][0][0]
        if ctrl[to] == side:
            if kind == "fire":
                fail_order(st, u)
            else:
                free.append((u, frm, to))
        elif ctrl[to] == 1 - side or hold[to] == 1 - side:
            if frm == d.reserve_of[side]:
                st.log("lapsed", unit=UID[u], sector=d.ids[to], why="no attack out of the reserve")
                fail_order(st, u)
            else:
                attack.append((u, frm, to))
        else:
            if kind == "fire":
                fail_order(st, u)
                continue
            wants.setdefault(to, set()).add(side)
            free.append((u, frm, to))
    neutral_moves = []
    for u, frm, to in free:
        if ctrl[to] == -1 and hold[to] == -1 and len(wants.get(to, ())) == 2:
            if frm == d.reserve_of[USIDE[u]]:
                st.log("lapsed", unit=UID[u], sector=d.ids[to], why="no attack out of the reserve")
                fail_order(st, u)
            else:
                attack.append((u, frm, to))  # a meeting engagement over a neutral sector
        else:
            neutral_moves.append((u, frm, to))
    # the border limit: the first units (by number) go, the others' orders lapse
    used: dict[tuple[int, int, int], int] = {}
    for group in (neutral_moves, attack):
        keep = []
        for u, frm, to in group:
            key = (USIDE[u], frm, to)
            if used.get(key, 0) >= border_limit(st, frm, to):
                fail_order(st, u)
                continue
            used[key] = used.get(key, 0) + 1
            keep.append((u, frm, to))
        group[:] = keep
    st.pending = (tuple(neutral_moves), tuple(attack), tuple(ctrl), tuple(hold))
    ask_capacity(st, capacity_needs(st, neutral_moves), "moves")


def continue_movement(st: CmdState) -> None:
    """After any capacity question: the free moves, then the battles of the phase."""
    d = st.data
    neutral_moves, attack, ctrl, hold = st.pending
    st.pending = None
    do_moves(st, list(neutral_moves))
    if not attack:
        st.stage = "end"
        return
    cb = Combat()
    st.combat = cb
    zones: dict[tuple[int, int], int] = {}
    for u, frm, to in attack:
        zkey = (min(frm, to), max(frm, to))
        if zkey not in zones:
            zones[zkey] = len(cb.zones)
            cb.zones.append((zkey[0], zkey[1], [], []))
        z = zones[zkey]
        cb.mover[u] = (frm, to)
        cb.zone_of[u] = z
        side_list(cb, z, USIDE[u]).append(u)
        lst = cb.attacks.setdefault((USIDE[u], to), [])
        if z not in lst:
            lst.append(z)
    for akey, zs in cb.attacks.items():
        cb.rerolls[akey] = len(zs) - 1
    merge_meetings(st, cb, [c if h == -1 else -2 for c, h in zip(ctrl, hold, strict=True)])
    for side in (0, 1):
        listed = [
            [UID[u], d.ids[frm], d.ids[to]] for u, (frm, to) in cb.mover.items() if USIDE[u] == side
        ]
        if listed:
            st.log("attack", side=SIDES[side], units=listed)
    st.stage = "react"
    who = (bool(reaction_options(st, 0)), bool(reaction_options(st, 1)))
    set_gate(st, "react", who)


def merge_meetings(st: CmdState, cb: Combat, ctrl: list[int]) -> None:
    """Where both sides march into the same neutral sector, their columns meet: the largest
    column of one side shares a battle zone with the largest of the other, and so on."""
    merged = False
    for t in sorted({to for (_s, to) in cb.attacks}):
        if ctrl[t] != -1 or (0, t) not in cb.attacks or (1, t) not in cb.attacks:
            continue

        def by_size(side: int, t: int = t) -> list[int]:
            zs = cb.attacks[(side, t)]
            return sorted(zs, key=lambda z: (-len(side_list(cb, z, side)), z))

        for zw, zb in zip(by_size(0), by_size(1), strict=False):
            if zw == zb:
                continue  # both columns already march through the same battle zone
            black = side_list(cb, zb, 1)
            side_list(cb, zw, 1).extend(black)
            black.clear()
            merged = True
    if not merged:
        return
    keep = [z for z in cb.zones if z[2] or z[3]]
    cb.zones = keep
    cb.zone_of = {}
    for side in (0, 1):
        for key in [k for k in cb.attacks if k[0] == side]:
            cb.attacks[key] = []
    for z, (_a, _b, wl, bl) in enumerate(keep):
        for lst in (wl, bl):
            for u in lst:
                cb.zone_of[u] = z
                zs = cb.attacks[(USIDE[u], cb.mover[u][1])]
                if z not in zs:
                    zs.append(z)


def capacity_needs(
    st: CmdState, moves: list[tuple[int, int, int]] | tuple[tuple[int, int, int], ...]
) -> dict[tuple[int, int], tuple[tuple[int, ...], int]]:
    """Where more of a side's units want to enter a battle sector than it has room for, the
    owner chooses who goes: (side, sector) -> (the units, the room). The room counts the
    units leaving the sector in the same moves."""
    if len(moves) < 2:
        return {}
    d = st.data
    cap = d.rules.sector_capacity
    occ: list[int] | None = None
    into: dict[tuple[int, int], list[int]] = {}
    leaving: dict[int, int] = {}
    for u, frm, to in moves:
        leaving[frm] = leaving.get(frm, 0) + 1
        if to not in d.reserve_of:
            into.setdefault((USIDE[u], to), []).append(u)
    out: dict[tuple[int, int], tuple[tuple[int, ...], int]] = {}
    for key, units in sorted(into.items()):
        if len(units) <= 1:
            continue
        if occ is None:
            occ = occupancy(st)
        room = cap - occ[key[1]] + leaving.get(key[1], 0)
        if 0 < room < len(units):
            out[key] = (tuple(sorted(units)), room)
    return out


def ask_capacity(
    st: CmdState, needs: dict[tuple[int, int], tuple[tuple[int, ...], int]], after: str
) -> None:
    """Open the capacity questions (both sides at once), then go on with stage ``after``."""
    st.need = needs
    st.admit = {}
    st.after = after
    if needs:
        set_gate(st, "capacity", (any(k[0] == 0 for k in needs), any(k[0] == 1 for k in needs)))
    else:
        st.stage = after


def capacity_question(st: CmdState, side: int) -> tuple[int, int] | None:
    """The side's first capacity question still open."""
    for key, (_units, room) in sorted(st.need.items()):
        if key[0] == side and len(st.admit.get(key, ())) < room:
            return key
    return None


def admitted_first(st: CmdState, moves: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """The moves with the units their owners chose to let in put first."""
    if not st.admit:
        return moves
    chosen = {u: i for lst in st.admit.values() for i, u in enumerate(lst)}
    return sorted(moves, key=lambda m: (0, chosen[m[0]]) if m[0] in chosen else (1, 0))


def do_moves(st: CmdState, moves: list[tuple[int, int, int]]) -> None:
    """Moves into friendly or free sectors, within the capacity of 6 (reserves unlimited).
    Where a sector cannot take them all, the units its owner chose go first, then the
    others by number while room is left."""
    if not moves:
        st.need = {}
        st.admit = {}
        return
    d = st.data
    cap = d.rules.sector_capacity
    occ = occupancy(st)
    pending = admitted_first(st, list(moves))
    for _ in range(2):  # a second pass lets units follow others that left
        rest = []
        for u, frm, to in pending:
            if to in d.reserve_of or occ[to] < cap:
                occ[frm] -= 1
                occ[to] += 1
                move_unit(st, u, to)
                st.log("moved", unit=UID[u], to=d.ids[to])
                finish_step(st, u)
            else:
                rest.append((u, frm, to))
        pending = rest
    for u, _, to in pending:
        st.log("blocked", unit=UID[u], to=d.ids[to])
        fail_order(st, u)
    st.need = {}
    st.admit = {}


def reaction_options(st: CmdState, side: int) -> list[tuple[Any, ...]]:
    """Reactions open to a defending side: squares against cavalry, countercharge against
    infantry, or a cavalry retreat into an adjacent friendly sector. A square is offered
    only while fewer have been tried than there are defenders' places in battle zones
    facing cavalry (the others would never take position), a countercharge only while
    there is a space for it in a zone of an infantry attack."""
    cb = st.combat
    assert cb is not None
    d = st.data
    ctrl = control(st)
    hold = held(st)
    occ = occupancy(st)
    spaces = d.rules.zone_spaces
    out: list[tuple[Any, ...]] = []
    inside = set(st.garrison.values())
    for (att_side, t), zs in cb.attacks.items():
        if att_side == side or hold[t] != side:
            continue
        att_types = {UTYPE[u] for z in zs for u in side_list(cb, z, att_side)}
        square_room = 0
        charge_room = 0
        for z in zs:
            enemy = side_list(cb, z, att_side)
            mine = len(side_list(cb, z, side))
            if any(UTYPE[u] == CAV for u in enemy):
                square_room += max(0, min(spaces, len(enemy)) - mine)
            if any(UTYPE[u] == INF and cb.mover.get(u, (0, -1))[1] == t for u in enemy):
                charge_room += max(0, spaces - mine)
        here = [u for u in cb.react if st.loc[u] == t]
        square_room -= sum(1 for u in here if cb.react[u] == "square")
        charge_room -= sum(1 for u in here if cb.react[u] == "countercharge")
        for u in side_units(side):
            if st.loc[u] != t or st.status[u] != FRESH or u in cb.mover or u in cb.react:
                continue
            if u in inside:
                continue
            ty = UTYPE[u]
            if ty == INF and CAV in att_types and not st.square[u] and square_room > 0:
                out.append(("react", UID[u], "square"))
            if ty == CAV:
                if INF in att_types and charge_room > 0:
                    out.append(("react", UID[u], "countercharge"))
                for s in d.adj[t]:
                    roomy = s in d.reserve_of or occ[s] < d.rules.sector_capacity
                    if ctrl[s] == side and roomy and (1 - side, s) not in cb.attacks:
                        out.append(("retreat", UID[u], d.ids[s]))
    return out


def resolve_reactions(st: CmdState) -> None:
    cb = st.combat
    assert cb is not None
    d = st.data
    r = d.rules
    for u in sorted(cb.react):
        kind = cb.react[u]
        st.spend.add(u)
        if kind.startswith("retreat:"):
            to = int(kind.split(":")[1])
            st.loc[u] = to
            st.steps.pop(u, None)
            st.log("retreat", unit=UID[u], to=d.ids[to])
            continue
        roll = st.rng.die(6)
        value = max(1, min(6, roll + r.reaction))
        ok = value > r.success_above
        st.log(
            "reaction", unit=UID[u], reaction=kind, dice=[roll], sides=6, modified=value, success=ok
        )
        if not ok:
            continue
        if kind == "square":
            st.square[u] = True
        else:  # countercharge: the cavalry attacks the infantry that attacks its sector
            t = st.loc[u]
            side = USIDE[u]
            for z, (a, b, _, _) in enumerate(cb.zones):
                if t not in (a, b):
                    continue
                enemies = side_list(cb, z, 1 - side)
                if any(UTYPE[e] == INF and cb.mover.get(e, (0, -1))[1] == t for e in enemies):
                    other = b if a == t else a
                    mine = side_list(cb, z, side)
                    if len(mine) < r.zone_spaces:
                        cb.mover[u] = (t, other)
                        cb.zone_of[u] = z
                        cb.charged.add(u)
                        st.steps.pop(u, None)
                        mine.append(u)
                        mine.sort(key=lambda x: attacker_key(st, x))
                    break


def defence_plans(st: CmdState) -> list[tuple[int, int, list[int], list[int], dict[int, int]]]:
    """For each sector defended now: (defending side, sector, its zones, the units that must
    take positions, the room for defenders in each zone). The units are the first ones in
    placement order, as many as the zones together take (never more than the attackers)."""
    cb = st.combat
    assert cb is not None
    hold = held(st)
    inside = set(st.garrison.values())
    spaces = st.data.rules.zone_spaces
    out = []
    for (att_side, t), zs in sorted(cb.attacks.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        side = 1 - att_side
        if hold[t] != side:
            continue
        pool = sorted(
            (
                u
                for u in side_units(side)
                if st.loc[u] == t and u not in cb.mover and u not in inside
            ),
            key=lambda u: defender_key(st, u),
        )
        caps = {}
        for z in zs:
            n_att = sum(1 for u in side_list(cb, z, att_side) if u in cb.mover)
            caps[z] = max(0, min(spaces, n_att) - len(side_list(cb, z, side)))
        out.append((side, t, list(zs), pool[: sum(caps.values())], caps))
    return out


def split_options(st: CmdState, side: int) -> list[tuple[Any, ...]]:
    """A sector attacked through several battle zones: its defender chooses which unit
    defends which zone, ("defend", unit, the sector the attack comes from), one at a time
    (the first such sector first); ("done",) leaves the rest to the placement order."""
    cb = st.combat
    assert cb is not None
    d = st.data
    for sd, t, zs, units, caps in defence_plans(st):
        if sd != side or len(zs) < 2:
            continue
        room = dict(caps)
        for u, z in cb.split.items():
            if z in room and u in units:
                room[z] -= 1
        free = [u for u in units if u not in cb.split]
        open_zones = [z for z in zs if room[z] > 0]
        if not free or len(open_zones) < 2:
            continue
        out: list[tuple[Any, ...]] = []
        for u in free:
            for z in open_zones:
                a, b, _, _ = cb.zones[z]
                out.append(("defend", UID[u], d.ids[b if a == t else a]))
        out.append(("done",))
        return out
    return []


def place_defenders(st: CmdState) -> None:
    """Defenders fill spaces after their own attackers, never more than the enemy's
    attackers in that zone: first those their owner placed (``split``), the others
    shared out in turn among the zones attacking their sector."""
    cb = st.combat
    assert cb is not None
    spaces = st.data.rules.zone_spaces
    for side, _t, zs, units, caps in defence_plans(st):
        pool = []
        for u in units:
            z = cb.split.get(u, -1)
            if z in caps and caps[z] > 0:
                side_list(cb, z, side).append(u)
                cb.zone_of[u] = z
                caps[z] -= 1
            else:
                pool.append(u)
        i = 0
        while pool and any(caps.values()):
            z = zs[i % len(zs)]
            i += 1
            if caps[z] > 0:
                u = pool.pop(0)
                side_list(cb, z, side).append(u)
                cb.zone_of[u] = z
                caps[z] -= 1
    if not cb.split:
        for a, b, wl, bl in cb.zones:
            for lst in (wl, bl):
                att = sorted((u for u in lst if u in cb.mover), key=lambda u: attacker_key(st, u))
                dfn = [u for u in lst if u not in cb.mover]
                lst[:] = (att + dfn)[:spaces]
            _log_positions(st, a, b, wl, bl)
        return
    if cb.split:
        for side in (0, 1):
            mine = [u for u in sorted(cb.split) if USIDE[u] == side]
            if mine:
                st.log(
                    "split",
                    side=SIDES[side],
                    units={UID[u]: zone_name(st, cb.split[u]) for u in mine},
                )
        cb.split = {}
    for a, b, wl, bl in cb.zones:
        for lst in (wl, bl):
            att = sorted((u for u in lst if u in cb.mover), key=lambda u: attacker_key(st, u))
            dfn = sorted((u for u in lst if u not in cb.mover), key=lambda u: defender_key(st, u))
            lst[:] = (att + dfn)[:spaces]
        _log_positions(st, a, b, wl, bl)


def _log_positions(st: CmdState, a: int, b: int, wl: list[int], bl: list[int]) -> None:
    st.log(
        "positions",
        zone=f"{st.data.ids[a]}|{st.data.ids[b]}",
        white=[UID[u] for u in wl],
        black=[UID[u] for u in bl],
    )


def pending_targets(st: CmdState, side: int, step: int) -> list[int]:
    cb = st.combat
    assert cb is not None
    out = []
    for z in range(len(cb.zones)):
        for u in side_list(cb, z, side):
            if u in cb.targets or not needs_target(st, cb, u, step):
                continue
            out.append(u)
    if step == MELEE:
        for _t, g in sorted(st.garrison.items()):
            if USIDE[g] == side and g not in cb.targets and chooses_target(st, cb, g, step):
                out.append(g)
    return out


def auto_targets(st: CmdState, step: int) -> tuple[bool, bool]:
    """Give the only possible target where there is one choice; say who must choose."""
    cb = st.combat
    assert cb is not None
    who = [False, False]
    for side in (0, 1):
        for u in pending_targets(st, side, step):
            cands = target_candidates(st, cb, u)
            if len(cands) <= 1:
                cb.targets[u] = cands[0] if cands else -1
            else:
                who[side] = True
    return (who[0], who[1])


def reroll_options(st: CmdState, side: int) -> list[tuple[Any, ...]]:
    cb = st.combat
    assert cb is not None
    out: list[tuple[Any, ...]] = []
    for (s, _t), zs in cb.attacks.items():
        if s != side or cb.rerolls.get((s, _t), 0) <= 0:
            continue
        for z in zs:
            for sd in (0, 1):
                for u in side_list(cb, z, sd):
                    for k in range(len(cb.dice.get(u, ()))):
                        act = ("reroll", UID[u], k)
                        if act not in out:
                            out.append(act)
    return out


def do_reroll(st: CmdState, side: int, u: int, k: int) -> None:
    cb = st.combat
    assert cb is not None
    z = cb.zone_of[u]
    for (s, t), zs in cb.attacks.items():
        if s == side and z in zs and cb.rerolls.get((s, t), 0) > 0:
            cb.rerolls[(s, t)] -= 1
            break
    old = cb.dice[u][k]
    new = st.rng.die(6)
    cb.dice[u][k] = new
    st.log("reroll", side=SIDES[side], unit=UID[u], old=old, dice=[new], sides=6)


def withdraw_options(st: CmdState, side: int) -> list[tuple[Any, ...]]:
    cb = st.combat
    assert cb is not None
    out: list[tuple[Any, ...]] = []
    for z in range(len(cb.zones)):
        enemy_attacks = any(u in cb.mover for u in side_list(cb, z, 1 - side))
        if enemy_attacks:
            continue
        for u in side_list(cb, z, side):
            if u in cb.mover and st.status[u] != ROUTED and u not in cb.charged:
                out.append(("withdraw", UID[u]))
    # a defender may put one infantry unit into its sector's building for the melee
    for z in range(len(cb.zones)):
        for u in side_list(cb, z, side):
            t = st.loc[u]
            if (
                UTYPE[u] == INF
                and u not in cb.mover
                and st.status[u] != ROUTED
                and has_building(st, t)
                and t not in st.garrison
            ):
                out.append(("garrison", UID[u]))
    return out


def after_ranged(st: CmdState) -> None:
    """Routed cavalry leave the zone, attacking artillery always pulls back."""
    cb = st.combat
    assert cb is not None
    for u in list(cb.zone_of):
        if (UTYPE[u] == CAV and st.status[u] == ROUTED) or (UTYPE[u] == ART and u in cb.mover):
            leave_zone(cb, u)
            if u in cb.mover:
                cb.mover.pop(u)
                if UTYPE[u] == ART:
                    finish_step(st, u)
                    st.spend.add(u)
                else:
                    fail_order(st, u)


def conclude_combat(st: CmdState, phase: str) -> None:
    """Who failed to hit, who flees, and which sectors were emptied and may be entered."""
    cb = st.combat
    assert cb is not None
    d = st.data
    settle_captures(st)
    for u, (_frm, _to) in list(cb.mover.items()):
        if UTYPE[u] == CAV and u not in cb.hit_any:
            fail_order(st, u)  # a charge that hit nothing leaves the cavalry spent
    for u in cb.cav_fought:
        if u not in cb.hit_any and st.loc[u] >= 0:
            st.spend.add(u)  # so does a defence that hit nothing
    # survivors that may enter: per (side, target)
    groups: dict[tuple[int, int], list[int]] = {}
    for u, (_frm, to) in cb.mover.items():
        if st.status[u] == ROUTED or st.loc[u] < 0 or UTYPE[u] == ART:
            continue
        groups.setdefault((USIDE[u], to), []).append(u)
    cb.zones = []
    cb.zone_of = {}
    flee(st, with_infantry=phase == "combined")
    enter: dict[tuple[int, int], int] = {}
    waiting: dict[tuple[int, int], list[int]] = {}
    for (side, t), units in groups.items():
        inside = st.garrison.get(t, -1)
        stayers = [
            e
            for e in side_units(1 - side)
            if st.loc[e] == t and st.status[e] != ROUTED and e != inside
        ]
        attacked = any(
            USIDE[e] != side and to == t and st.status[e] != ROUTED and st.loc[e] >= 0
            for e, (_f, to) in cb.mover.items()
        )
        if attacked or t in d.reserve_of or (stayers and not all(e in cb.mover for e in stayers)):
            for u in units:
                if u in st.steps:
                    fail_order(st, u)
            continue
        if stayers:
            # held only by units that attacked out of it: decided once they have moved
            waiting[(side, t)] = units
            continue
        enter[(side, t)] = -1 if phase == "fast" else 1
    cb.enter = enter
    cb.waiting = waiting
    cb.mover = {
        u: v
        for u, v in cb.mover.items()
        if (USIDE[u], v[1]) in enter or (USIDE[u], v[1]) in waiting
    }
    open_entries(st, phase)


def open_entries(st: CmdState, phase: str) -> None:
    """Ask the fast phase's victors whether they enter; in combined arms they must."""
    cb = st.combat
    assert cb is not None
    enter = cb.enter
    if phase == "fast" and enter:
        set_gate(st, "enter", (any(k[0] == 0 for k in enter), any(k[0] == 1 for k in enter)))
        st.phase = phase
    else:
        st.stage = "enter-resolve"


def _entering(st: CmdState, cb: Combat, side: int, t: int) -> list[int]:
    return sorted(
        u
        for u, (_f, to) in cb.mover.items()
        if USIDE[u] == side
        and to == t
        and st.status[u] != ROUTED
        and st.loc[u] >= 0
        and UTYPE[u] != ART
    )


def ask_entry_capacity(st: CmdState) -> None:
    """Victors entering a conquered sector that cannot take them all: the owner chooses."""
    cb = st.combat
    assert cb is not None
    cap = st.data.rules.sector_capacity
    needs: dict[tuple[int, int], tuple[tuple[int, ...], int]] = {}
    for (side, t), go in sorted(cb.enter.items()):
        if go != 1:
            continue
        units = _entering(st, cb, side, t)
        room = cap - sum(1 for x in side_units(side) if st.loc[x] == t)
        if 0 < room < len(units):
            needs[(side, t)] = (tuple(units), room)
    ask_capacity(st, needs, "enter-do")


def enter_sectors(st: CmdState) -> None:
    cb = st.combat
    assert cb is not None
    d = st.data
    cap = d.rules.sector_capacity
    for (side, t), go in sorted(cb.enter.items()):
        units = _entering(st, cb, side, t)
        chosen = st.admit.get((side, t), ())
        if chosen:
            units = [*chosen, *(u for u in units if u not in chosen)]
        if go != 1:
            st.log("hold", side=SIDES[side], sector=d.ids[t])
            for u in units:
                fail_order(st, u)
            continue
        for u in units:
            # enemy routed units in the sector are captured as we enter: they take no room
            occ = sum(1 for x in side_units(side) if st.loc[x] == t)
            if occ < cap:
                move_unit(st, u, t)
                st.log("entered", unit=UID[u], to=d.ids[t])
                if u in cb.charged:
                    st.spend.add(u)
                else:
                    finish_step(st, u)
            else:
                fail_order(st, u)
    # victors waiting on a sector held by units that won elsewhere: it is theirs if emptied
    promote: dict[tuple[int, int], int] = {}
    for (side, t), _units in sorted(cb.waiting.items()):
        inside = st.garrison.get(t, -1)
        if not any(
            st.loc[e] == t and st.status[e] != ROUTED and e != inside for e in side_units(1 - side)
        ):
            promote[(side, t)] = -1 if st.phase == "fast" else 1
    if promote:
        cb.enter = promote
        cb.waiting = {k: v for k, v in cb.waiting.items() if k not in promote}
        cb.mover = {
            u: v
            for u, v in cb.mover.items()
            if (USIDE[u], v[1]) in promote or (USIDE[u], v[1]) in cb.waiting
        }
        open_entries(st, st.phase)
        st.need = {}
        st.admit = {}
        return
    # attackers that did not enter stay where they were; their orders lapse
    for u in range(N_UNITS):
        if st.steps.get(u) and st.loc[u] >= 0 and u in cb.mover and st.loc[u] == cb.mover[u][0]:
            fail_order(st, u)
    st.combat = None
    st.need = {}
    st.admit = {}
    st.stage = "end"


# ----- bombardment --------------------------------------------------------------------------


def bombard_priority(st: CmdState, u: int) -> tuple[int, int]:
    return defender_key(st, u)


def bombard_class(st: CmdState, e: int) -> int:
    """The rulebook's order of bombardment targets: squares, infantry, cavalry, artillery,
    then routed units (infantry, cavalry, artillery)."""
    return bombard_priority(st, e)[0]


def shooters(st: CmdState, side: int | None = None) -> list[int]:
    return [
        u
        for u in sorted(st.steps)
        if st.steps[u]
        and st.steps[u][0][0] == "bombard"
        and st.status[u] == FRESH
        and st.loc[u] >= 0
        and (side is None or USIDE[u] == side)
    ]


def bombard_line(st: CmdState, u: int) -> tuple[int, int, int, bool, list[int], list[int]] | None:
    """A gun's shot: (target sector, range, sector in between, building shot, enemies in the
    target, enemies in between that take a die) or None when it has nothing to fire at."""
    d = st.data
    ter = d.terrain[st.cfg.board] if st.cfg.terrain else None
    side = USIDE[u]
    src = st.loc[u]
    target = st.steps[u][0][1]
    line = next((ln for ln in d.lines[side][src] if ln[0] == target), None)
    if line is None:
        return None
    _t, rng_, mid = line
    inside = st.garrison.get(target, -1)
    enemies = [e for e in side_units(1 - side) if st.loc[e] == target]
    building = inside >= 0 and USIDE[inside] != side and enemies == [inside]
    if not building:
        enemies = [e for e in enemies if e != inside]
    if not enemies:
        return None
    on_hill = ter is not None and src in ter.hill
    enemy_mid: list[int] = []
    friendly_block = False
    if mid >= 0 and not on_hill:
        friendly_block = any(st.loc[f] == mid for f in side_units(side)) or (
            ter is not None and mid in ter.forest
        )
        if not friendly_block:
            enemy_mid = [e for e in side_units(1 - side) if st.loc[e] == mid]
    if friendly_block:
        return (target, rng_, mid, building, enemies, [])
    return (target, rng_, mid, building, enemies, enemy_mid)


def aim_candidates(st: CmdState, u: int) -> list[int] | None:
    """The enemy units the gun's next die may go at (the rulebook's priority decides the kind
    of unit, the player which one of that kind), or None when every die is aimed."""
    shot = bombard_line(st, u)
    if shot is None:
        return None
    _target, _rng, mid, building, enemies, enemy_mid = shot
    if building:
        return None  # both dice go at the building
    chosen = st.aims.get(u, ())
    friendly_block = mid >= 0 and not enemy_mid and _blocked_by_friend(st, u, mid)
    if len(chosen) == 0:
        pool = enemies
    elif len(chosen) == 1 and not friendly_block:
        pool = enemy_mid if enemy_mid else [e for e in enemies if e not in chosen]
    else:
        return None
    if not pool:
        return None
    best = min(bombard_class(st, e) for e in pool)
    return [e for e in pool if bombard_class(st, e) == best]


def _blocked_by_friend(st: CmdState, u: int, mid: int) -> bool:
    d = st.data
    ter = d.terrain[st.cfg.board] if st.cfg.terrain else None
    if ter is not None and st.loc[u] in ter.hill:
        return False
    return any(st.loc[f] == mid for f in side_units(USIDE[u])) or (
        ter is not None and mid in ter.forest
    )


def fill_aims(st: CmdState, side: int) -> bool:
    """Aim every die that has only one possible target; True while the side has a choice."""
    for u in shooters(st, side):
        while True:
            cands = aim_candidates(st, u)
            if cands is None:
                break
            if len(cands) > 1:
                return True
            st.aims[u] = (*st.aims.get(u, ()), cands[0])
    return False


def aim_question(st: CmdState, side: int) -> tuple[int, list[int]] | None:
    for u in shooters(st, side):
        cands = aim_candidates(st, u)
        if cands is not None and len(cands) > 1:
            return u, cands
    return None


def bombardment(st: CmdState) -> None:
    d = st.data
    r = d.rules
    ter = d.terrain[st.cfg.board] if st.cfg.terrain else None
    hits: list[tuple[int, int]] = []
    guns = shooters(st)
    # dice nobody aimed go by the priority, the lowest-numbered unit of the kind first
    for u in guns:
        while True:
            cands = aim_candidates(st, u)
            if cands is None:
                break
            st.aims[u] = (*st.aims.get(u, ()), cands[0])
    shots = {u: bombard_line(st, u) for u in guns}
    tokens_before = dict(st.tokens)
    new_tokens: dict[int, int] = {}
    for u in guns:
        side = USIDE[u]
        target = st.steps[u][0][1]
        finish_step(st, u)
        st.spend.add(u)
        shot = shots[u]
        if shot is None:
            if any(ln[0] == target for ln in d.lines[side][st.loc[u]]):
                st.log("no-target", unit=UID[u], sector=d.ids[target])
            continue
        _t, rng_, _mid, building, _enemies, _emid = shot
        inside = st.garrison.get(target, -1)
        if building:
            dice_targets = (
                [inside]
                if _mid >= 0 and _blocked_by_friend(st, u, _mid)
                else [
                    inside,
                    inside,
                ]
            )
            if _emid:
                dice_targets = [inside]  # the shell in harm's way leaves one die: no ruin
        else:
            dice_targets = [e for e in st.aims.get(u, ()) if st.loc[e] >= 0]
        token = any(tokens_before.get(a) == target for a in side_units(side) if UTYPE[a] == ART)
        new_tokens[u] = target
        rolls = []
        for t in dice_targets:
            col = (
                7
                if st.status[t] == ROUTED
                else (3 if (UTYPE[t] == INF and st.square[t]) else 4 + UTYPE[t])
            )
            dist = rng_ if st.loc[t] == target else 1
            mod = (d.table[2][col][0] or 0) + (
                r.bombard_range_1 if dist == 1 else r.bombard_range_2
            )
            if token and st.loc[t] == target:
                mod += r.artillery_token
            if ter is not None and st.loc[t] in ter.forest:
                mod += r.forest_ranged
            if building:
                mod += r.building_attack
            roll = st.rng.die(6)
            value = max(1, min(6, roll + mod))
            ok = value > r.success_above
            rolls.append(
                {"target": UID[t], "die": roll, "modifier": mod, "modified": value, "hit": ok}
            )
            if ok and not building:
                hits.append((t, u))
        if building and len(rolls) == 2 and all(x["hit"] for x in rolls):
            # two hits bring the building down with the unit inside it
            st.ruined = (*st.ruined, target)
            remove_unit(st, inside, -1)
            st.log("building-destroyed", sector=d.ids[target], unit=UID[inside])
        st.log(
            "bombard",
            unit=UID[u],
            sector=d.ids[target],
            range=rng_,
            dice=[x["die"] for x in rolls],
            sides=6,
            rolls=rolls,
        )
    for a in list(st.tokens):
        if a not in new_tokens:
            del st.tokens[a]
    st.tokens.update(new_tokens)
    apply_hits(st, hits, bombard=True)


# ----- non-combat moves ---------------------------------------------------------------------


def noncombat_moves(st: CmdState, phase: str, used: dict[tuple[int, int, int], int]) -> None:
    """Work out the moves of the non-combat phase (``phase`` "noncombat", then "road": the
    road's extra move after the ordinary ones); ``used`` counts the units of each side
    that crossed each border in this phase, the road moves included. The moves wait in
    ``st.pending`` for any capacity question."""
    ctrl = control(st)
    movers = movers_of(st, phase)
    wants: dict[int, set[int]] = {}
    for u, _frm, to in movers:
        wants.setdefault(to, set()).add(USIDE[u])
    ok = []
    for u, frm, to in movers:
        side = USIDE[u]
        if ctrl[to] == 1 - side or (ctrl[to] == -1 and len(wants[to]) == 2):
            st.log("blocked", unit=UID[u], to=st.data.ids[to])
            fail_order(st, u)
            continue
        if ctrl[to] == -1 and any(
            st.loc[e] == to and st.status[e] != ROUTED for e in side_units(1 - side)
        ):
            fail_order(st, u)
            continue
        key = (side, frm, to)
        if used.get(key, 0) >= border_limit(st, frm, to):
            fail_order(st, u)
            continue
        used[key] = used.get(key, 0) + 1
        ok.append((u, frm, to))
    st.pending = (tuple(ok), tuple(sorted(used.items())))
    ask_capacity(st, capacity_needs(st, ok), "moves" if phase == "noncombat" else "road-moves")


# ----- rally and scoring --------------------------------------------------------------------


def rally_options(st: CmdState, side: int) -> list[tuple[Any, ...]]:
    if st.saved[side] <= 0:
        return []
    d = st.data
    res = d.reserve_of[side]
    out: list[tuple[Any, ...]] = []
    for t, name in ((INF, "infantry"), (CAV, "cavalry")):
        n = sum(
            1
            for u in side_units(side)
            if UTYPE[u] == t and st.loc[u] == res and st.status[u] == ROUTED
        )
        if n >= 2:
            out.append(("rally", name))
    ctrl = control(st)
    for u in side_units(side):
        s = st.loc[u]
        if s < 0 or st.status[u] != ROUTED or ctrl[s] != side:
            continue
        in_building = st.garrison.get(s) == u
        if UTYPE[u] == ART or in_building:
            out.append(("rally", UID[u]))
    return out


def do_rally(st: CmdState, side: int, what: str) -> None:
    d = st.data
    res = d.reserve_of[side]
    st.saved[side] -= 1
    if what in ("infantry", "cavalry"):
        t = INF if what == "infantry" else CAV
        pair = [
            u
            for u in side_units(side)
            if UTYPE[u] == t and st.loc[u] == res and st.status[u] == ROUTED
        ][:2]
        keep, drop = pair
        st.status[keep] = FRESH
        st.loc[drop] = GONE
        st.log("rallied", side=SIDES[side], unit=UID[keep], merged=UID[drop])
    else:
        from warroom.games.commanders.data import UINDEX

        u = UINDEX[what]
        st.status[u] = FRESH
        st.log("rallied", side=SIDES[side], unit=UID[u], merged=None)


def scoring(st: CmdState) -> None:
    d = st.data
    r = d.rules
    for u in range(N_UNITS):
        st.square[u] = False
        if st.status[u] == SPENT:
            st.status[u] = FRESH
    morale = st.cfg.morale
    vp_of = {INF: r.capture_vp_infantry, CAV: r.capture_vp_cavalry, ART: r.capture_vp_artillery}
    # 1. captured units
    for side in (0, 1):
        pts = sum(vp_of[UTYPE[u]] for u in st.captured[side])
        if pts:
            gain(st, side, pts, "captures")
        st.captured[side] = []
    if check_end(st, during=True):
        return
    # 2. objectives held (the enemy's general and flags; wind roses once)
    ctrl = control(st)
    keep = []
    for o in st.objectives:
        taker = 1 - o.side
        if ctrl[o.sector] == taker:
            gain(st, taker, o.vp, o.kind)
            if o.kind == "rose":
                continue
        keep.append(o)
    st.objectives = tuple(keep)
    if check_end(st, during=True):
        return
    # 3. more sectors: 1 VP from the pool (a tie returns one VP to the box)
    counts = [sum(1 for s in d.battle if ctrl[s] == side) for side in (0, 1)]
    if morale:
        if counts[0] != counts[1]:
            gain(st, 0 if counts[0] > counts[1] else 1, 1, "sectors")
    elif st.pool > 0:
        st.pool -= 1
        if counts[0] == counts[1]:
            st.log("pool-tie", sectors=counts, pool=st.pool)
        else:
            gain(st, 0 if counts[0] > counts[1] else 1, 1, "sectors")
    st.log("score", vp=list(st.vp), pool=st.pool, sectors=counts)
    if check_end(st, during=False):
        return
    st.round += 1
    start_round(st)


def gain(st: CmdState, side: int, pts: int, why: str) -> None:
    """VP to a side; with army morale the other side loses them instead (and with sectors,
    the loser of the count hands one to the winner)."""
    if st.cfg.morale:
        st.vp[1 - side] = max(0, st.vp[1 - side] - pts)  # a side cannot lose more than it has
        if why == "sectors":
            st.vp[side] += pts
    else:
        st.vp[side] += pts
    st.log("vp", side=SIDES[side], points=pts, why=why, vp=list(st.vp))


def check_end(st: CmdState, during: bool) -> bool:
    d = st.data
    r = d.rules
    w, b = st.vp
    if st.cfg.morale:
        if w <= 0 or b <= 0:
            finish(st, 2 if w == b else (0 if w > b else 1), "an army's morale broke")
            return True
    elif w >= r.victory_points or b >= r.victory_points:
        finish(st, 2 if w == b else (0 if w > b else 1), f"first to {r.victory_points} VP")
        return True
    if not during and st.round >= r.rounds:
        finish(st, 2 if w == b else (0 if w > b else 1), f"after round {r.rounds}")
        return True
    return False


def finish(st: CmdState, winner: int, why: str) -> None:
    st.winner = winner
    st.phase = "over"
    st.stage = ""
    st.waiting = [False, False]
    who = "draw" if winner == 2 else SIDES[winner]
    st.summary = f"{'A draw' if winner == 2 else SIDES[winner].capitalize() + ' wins'} ({why}): white {st.vp[0]} VP, black {st.vp[1]} VP"
    st.log("game-over", winner=who, vp=list(st.vp), why=why)


# ----- the driver ---------------------------------------------------------------------------


def run(st: CmdState) -> None:
    """Carry the game on until a side must decide or the game ends."""
    while st.winner < 0 and not (st.waiting[0] or st.waiting[1]):
        _advance(st)


def _advance(st: CmdState) -> None:
    ph, stage = st.phase, st.stage
    if stage == "capacity":
        st.stage = st.after  # the capacity question was answered
        return
    if ph == "setup":
        # both sides placed: reveal and begin
        st.reveals += 1
        for side in (0, 1):
            st.log(
                "deployed",
                side=SIDES[side],
                units={UID[u]: st.data.ids[st.loc[u]] for u in side_units(side) if st.loc[u] >= 0},
                objectives=[
                    [o.kind, o.vp, st.data.ids[o.sector]] for o in st.objectives if o.side == side
                ],
            )
        start_round(st)
        return
    if ph == "planning":
        reveal_orders(st)
        return
    if ph in ("fast", "combined"):
        fast = ph == "fast"
        if stage == "start":
            start_movement(st, ph)
        elif stage == "moves":
            continue_movement(st)
        elif stage == "react":
            resolve_reactions(st)
            assert st.combat is not None
            if any(len(zs) > 1 for zs in st.combat.attacks.values()):
                set_gate(st, "split", (bool(split_options(st, 0)), bool(split_options(st, 1))))
            else:
                st.stage = "split"  # attacked from one side only: nothing to split
        elif stage == "split":
            place_defenders(st)
            set_gate(st, "ranged-target", auto_targets(st, RANGED))
        elif stage == "ranged-target":
            roll_step(st, RANGED)
            set_gate(
                st, "ranged-reroll", (bool(reroll_options(st, 0)), bool(reroll_options(st, 1)))
            )
        elif stage == "ranged-reroll":
            apply_hits(st, resolve_step(st, RANGED, fast))
            after_ranged(st)
            set_gate(st, "withdraw", (bool(withdraw_options(st, 0)), bool(withdraw_options(st, 1))))
        elif stage == "withdraw":
            replace_for_melee(st)
            assert st.combat is not None
            st.combat.targets = {}
            set_gate(st, "melee-target", auto_targets(st, MELEE))
        elif stage == "melee-target":
            roll_step(st, MELEE)
            set_gate(st, "melee-reroll", (bool(reroll_options(st, 0)), bool(reroll_options(st, 1))))
        elif stage == "melee-reroll":
            apply_hits(st, resolve_step(st, MELEE, fast))
            conclude_combat(st, ph)
        elif stage in ("enter", "enter-resolve"):
            ask_entry_capacity(st)
        elif stage == "enter-do":
            enter_sectors(st)
        elif stage == "end":
            end_phase(st, ph)
            st.phase = "bombard" if fast else "noncombat"
            st.stage = "start"
        return
    if ph == "bombard":
        if stage == "start":
            st.aims = {}
            if any(step and step[0][0] == "bombard" for step in st.steps.values()):
                set_gate(st, "aim", (fill_aims(st, 0), fill_aims(st, 1)))
                return
        bombardment(st)
        st.aims = {}
        end_phase(st, "bombard")
        st.phase = "combined"
        st.stage = "start"
        return
    if ph == "noncombat":
        if stage == "start":
            noncombat_moves(st, "noncombat", {})
        elif stage == "moves":
            moves, used = st.pending
            st.pending = None
            do_moves(st, list(moves))
            noncombat_moves(st, "road", dict(used))
        else:  # "road-moves"
            moves, _used = st.pending
            st.pending = None
            do_moves(st, list(moves))
            st.steps = {}
            end_phase(st, "noncombat")
            st.phase = "rally"
            set_gate(st, "rally", (bool(rally_options(st, 0)), bool(rally_options(st, 1))))
        return
    if ph == "rally":
        st.phase = "scoring"
        st.stage = ""
        return
    if ph == "scoring":
        scoring(st)
        return
    raise AssertionError(f"no stage {ph}/{stage}")


__all__ = ["CAPTURED", "PER_SIDE", "UNPLACED", "opposite", "run"]
