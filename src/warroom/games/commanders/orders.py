"""The book's order model: an order is a unit and an arrow; the round decides how it is used.

Planning writes the sheet: per (type, sector, arrow) how many units of that type standing
in that sector are ordered that way ("2C: mid-west -> mid-centre"). Nothing else is asked
then. In each phase each side chooses, in secret and at the same time as the other, which
of its ordered units act now and how, within what the orders and the phase allow:

- fast movement: cavalry along its arrow (not out of a forest);
- bombardment: artillery at a sector along its arrow (one or two away in a straight line),
  or at the building there;
- combined arms: infantry and cavalry along their arrow (a move, or an attack), cavalry
  that has acted once on to any sector (its second move), artillery firing along its arrow;
- non-combat: any ordered unit not yet used, along its arrow, or cavalry on, into friendly
  or free sectors; then the road's extra move for up to two units that have moved.

An order binds no particular unit: any unit of its type that stood in its sector at
planning and has not acted may carry it out (the sheet names "2C", not which two). A
choice binds the unit (the lowest-numbered one free, a unit in a building last) and is
shown to the other side only when the phase's choices are revealed together.
"""

from __future__ import annotations

from typing import Any

from warroom.games.commanders.data import ART, CAV, INF, SIDES, TYPES, USIDE, side_units
from warroom.games.commanders.state import (
    FRESH,
    ROUTED,
    CmdState,
    Key,
    control,
    has_building,
    held,
)

Action = tuple[Any, ...]
FIRST = ("go", "fire", "bombard", "ruin")
"""The ways of carrying out an order (an order's first action); "on" and "road" are not."""
CAPACITY = (1, 2, 1)
"""Phases a unit of each type may act in a round: infantry 1, cavalry 2, artillery 1."""
KIND = {"infantry": INF, "cavalry": CAV, "artillery": ART}


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


# ----- planning ----------------------------------------------------------------------------


def groups(st: CmdState, side: int) -> dict[tuple[int, int], int]:
    """(type, sector) -> the side's units there that may be ordered (on the board, not
    routed)."""
    out: dict[tuple[int, int], int] = {}
    loc, status, ut = st.loc, st.status, st.ut
    for u in side_units(side):
        s = loc[u]
        if s >= 0 and status[u] != ROUTED:
            k = (ut[u], s)
            out[k] = out.get(k, 0) + 1
    return out


def room_for(st: CmdState, side: int, frm: int) -> int:
    """Orders the side may still give to units in sector ``frm`` (the command sector's extra
    order, with advanced ordering by distance, serves only units there)."""
    cmd = command_sector(st, side) if st.extra[side] else -1
    return max(0, st.allowed[side] - st.given[side]) + (1 if frm == cmd else 0)


def unordered(st: CmdState, side: int, t: int, frm: int) -> int:
    """Units of type t in sector frm that no order on the sheet names yet."""
    used = sum(n for (tt, f, _to), n in st.sheet[side].items() if (tt, f) == (t, frm))
    return groups(st, side).get((t, frm), 0) - used


def times_choices(st: CmdState, side: int) -> range:
    """The totals the last order may be raised to at once ("3I": three infantry that way),
    as far as its group has units not yet ordered and the side has orders left."""
    last = st.last[side]
    if last is None:
        return range(0)
    t, f, _to = last
    n = st.sheet[side].get(last, 0)
    more = min(unordered(st, side, t, f), room_for(st, side, f))
    return range(n + 1, n + more + 1)


def plan_options(st: CmdState, side: int) -> list[Action]:
    """The order sheet's next entry: one more unit of a type in a sector, with its arrow
    to an adjacent sector (never the enemy reserve); ("times", n) the last order given to
    n units in all at once (the book's multiplier, "3I"), for every n its group and the
    orders left allow; or done."""
    d = st.data
    ids = d.ids
    out: list[Action] = []
    enemy_res = d.reserve_of[1 - side]
    used: dict[tuple[int, int], int] = {}
    for (t, f, _to), n in st.sheet[side].items():
        used[(t, f)] = used.get((t, f), 0) + n
    for (t, f), n in sorted(groups(st, side).items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if n <= used.get((t, f), 0) or not room_for(st, side, f):
            continue
        for to in d.adj[f]:
            if to != enemy_res:
                out.append(("order", TYPES[t], ids[f], ids[to]))
    out.extend(("times", n) for n in times_choices(st, side))
    out.append(("done",))
    return out


def give_order(st: CmdState, side: int, kind: str, frm: int, to: int, n: int = 1) -> None:
    """Order ``n`` more units of a type in ``frm`` towards ``to``."""
    for _ in range(n):
        _give_one(st, side, kind, frm, to)


def _give_one(st: CmdState, side: int, kind: str, frm: int, to: int) -> None:
    key = (KIND[kind], frm, to)
    st.last[side] = key
    st.sheet[side][key] = st.sheet[side].get(key, 0) + 1
    if st.given[side] >= st.allowed[side]:
        st.extra[side] = 0
    st.given[side] += 1


# ----- choosing who acts now -----------------------------------------------------------------


def _left(st: CmdState, side: int) -> dict[Key, int]:
    """Orders of the side not yet carried out nor chosen in this phase, per key."""
    out = {}
    chosen: dict[Key, int] = {}
    for u, (how, _to, arrow) in st.go.items():
        if how in FIRST and USIDE[u] == side:
            k = (st.ut[u], st.loc[u], arrow)
            chosen[k] = chosen.get(k, 0) + 1
    carried = st.carried[side]
    for k, n in st.sheet[side].items():
        m = n - carried.get(k, 0) - chosen.get(k, 0)
        if m > 0:
            out[k] = m
    return out


def fresh_units(st: CmdState, side: int, t: int, s: int) -> list[int]:
    """Units of type t in sector s that may still carry out an order (they have not acted),
    the one to bind first at the front: lowest number first, a unit in a building last."""
    inside = st.garrison.get(s, -1)
    out = [
        u
        for u in side_units(side)
        if st.loc[u] == s
        and st.ut[u] == t
        and st.status[u] == FRESH
        and u not in st.acts
        and u not in st.tired
        and u not in st.go
    ]
    out.sort(key=lambda u: (u == inside, u))
    return out


def riders(st: CmdState, side: int, s: int) -> list[int]:
    """Cavalry in sector s that acted once and may ride on (its second move)."""
    return sorted(
        u
        for u in side_units(side)
        if st.loc[u] == s
        and st.ut[u] == CAV
        and st.acts.get(u, 0) == 1
        and st.status[u] == FRESH
        and u not in st.tired
        and u not in st.go
        and u not in st.actors
    )


def roadsters(st: CmdState, side: int, t: int, s: int) -> list[int]:
    """Infantry or cavalry of type t in sector s that moved this round and may take the road's
    extra move."""
    return sorted(
        u
        for u in side_units(side)
        if st.loc[u] == s
        and st.ut[u] == t
        and st.moved.get(u, 0) >= 1
        and st.status[u] != ROUTED
        and u not in st.tired
        and u not in st.road
        and u not in st.go
    )


def crossing(st: CmdState, side: int) -> dict[tuple[int, int], int]:
    """Units of the side chosen to cross each border in this phase (the road's moves with
    the non-combat phase's, which ``st.pending`` counts once they are made)."""
    out: dict[tuple[int, int], int] = {}
    if st.phase == "noncombat" and st.stage == "road" and st.pending:
        for (sd, f, t), n in st.pending:
            if sd == side:
                out[(f, t)] = n
    for u, (how, to, _a) in st.go.items():
        if USIDE[u] == side and how in ("go", "on", "road", "fire"):
            k = (st.loc[u], to)
            out[k] = out.get(k, 0) + 1
    return out


def _can_enter(st: CmdState, side: int, t: int, ctrl: list[int], hold: list[int]) -> bool:
    """May a unit move into sector t now without a fight (the non-combat phase's rule)?"""
    return not (ctrl[t] == 1 - side or hold[t] == 1 - side or hold[t] == -2)


def _artillery_may_enter(st: CmdState, f: int, t: int) -> bool:
    if not st.cfg.terrain:
        return True
    ter = st.data.terrain[st.cfg.board]
    b = (min(f, t), max(f, t))
    if t in ter.forest and b not in ter.road:
        return False
    return not (b in ter.river and b not in ter.bridge and b not in ter.road)


def bombard_targets(st: CmdState, side: int, f: int, arrow: int) -> list[tuple[int, int]]:
    """Sectors a gun in f ordered towards ``arrow`` may bombard: (target, range), only where
    enemy units stand."""
    d = st.data
    if f in d.reserve_of or in_forest(st, f):
        return []
    ter = d.terrain[st.cfg.board] if st.cfg.terrain else None
    out = []
    for tgt, rng_, mid in d.lines[side][f]:
        if not ((rng_ == 1 and tgt == arrow) or (rng_ == 2 and mid == arrow)):
            continue
        if rng_ == 2 and ter is not None and mid in ter.hill:
            continue  # a hill in between blocks a shot at range 2
        if any(st.loc[e] == tgt for e in side_units(1 - side)):
            out.append((tgt, rng_))
    return out


def choices(st: CmdState, side: int, phase: str) -> list[Action]:
    """The side's possible choices in this phase now, without ("all",) and ("done",)."""
    d = st.data
    ids = d.ids
    out: list[Action] = []
    enemy_res = d.reserve_of[1 - side]
    own_res = d.reserve_of[side]
    ctrl = control(st)
    hold = held(st)
    cross = crossing(st, side)

    def border_ok(f: int, t: int) -> bool:
        return cross.get((f, t), 0) < border_limit(st, f, t)

    if st.stage == "road":
        if (
            sum(1 for u in st.road if USIDE[u] == side)
            + sum(1 for u, g in st.go.items() if USIDE[u] == side and g[0] == "road")
            >= d.rules.road_moves
        ):
            return []
        ter = d.terrain[st.cfg.board]
        for f in sorted({st.loc[u] for u in side_units(side) if st.loc[u] >= 0}):
            for t in (INF, CAV):
                if not roadsters(st, side, t, f):
                    continue
                for to in d.adj[f]:
                    if (
                        (min(f, to), max(f, to)) in ter.road
                        and to != enemy_res
                        and _can_enter(st, side, to, ctrl, hold)
                        and border_ok(f, to)
                    ):
                        out.append(("road", TYPES[t], ids[f], ids[to]))
        return out
    for (t, f, arrow), _n in sorted(_left(st, side).items(), key=lambda kv: (kv[0][1], kv[0])):
        if not fresh_units(st, side, t, f):
            continue
        enemy_there = ctrl[arrow] == 1 - side or hold[arrow] in (1 - side, -2)
        if phase == "fast":
            if (
                t == CAV
                and not in_forest(st, f)
                and border_ok(f, arrow)
                and not (enemy_there and f == own_res)
            ):
                out.append(("go", "cavalry", ids[f], ids[arrow]))
        elif phase == "bombard":
            if t == ART:
                for tgt, _r in bombard_targets(st, side, f, arrow):
                    out.append(("bombard", "artillery", ids[f], ids[tgt]))
                    inside = st.garrison.get(tgt, -1)
                    if (
                        inside >= 0
                        and USIDE[inside] != side
                        and has_building(st, tgt)
                        and any(st.loc[e] == tgt and e != inside for e in side_units(1 - side))
                    ):
                        out.append(("bombard", "artillery", ids[f], ids[tgt], "building"))
        elif phase == "combined":
            if t == ART:
                if enemy_there and f not in d.reserve_of:
                    out.append(("fire", "artillery", ids[f], ids[arrow]))
            elif border_ok(f, arrow) and not (enemy_there and f == own_res):
                out.append(("go", TYPES[t], ids[f], ids[arrow]))
        elif (
            phase == "noncombat"
            and _can_enter(st, side, arrow, ctrl, hold)
            and not any(st.loc[e] == arrow and st.status[e] != ROUTED for e in side_units(1 - side))
            and border_ok(f, arrow)
            and (t != ART or _artillery_may_enter(st, f, arrow))
        ):
            out.append(("go", TYPES[t], ids[f], ids[arrow]))
    if phase in ("combined", "noncombat"):
        for f in sorted({st.loc[u] for u in side_units(side) if st.loc[u] >= 0}):
            if not riders(st, side, f):
                continue
            for to in d.adj[f]:
                if to == enemy_res or not border_ok(f, to):
                    continue
                enemy_there = ctrl[to] == 1 - side or hold[to] in (1 - side, -2)
                if phase == "combined":
                    if enemy_there and f == own_res:
                        continue
                elif enemy_there or any(
                    st.loc[e] == to and st.status[e] != ROUTED for e in side_units(1 - side)
                ):
                    continue
                out.append(("on", "cavalry", ids[f], ids[to]))
    return out


def phase_options(st: CmdState, side: int, phase: str) -> list[Action]:
    """The whole prompt: the choices, ("all",) when some orders can be carried out the one
    way they allow, and ("done",)."""
    acts = choices(st, side, phase)
    if not acts:
        return []
    out = list(acts)
    if st.stage != "road" and all_of(st, side, phase, acts):
        out.append(("all",))
    out.append(("done",))
    return out


def all_of(st: CmdState, side: int, phase: str, acts: list[Action] | None = None) -> list[Action]:
    """What ("all",) does: every order that can be carried out now in just one way, once
    for each unit it may still use (within the border limits)."""
    acts = choices(st, side, phase) if acts is None else acts
    first = [a for a in acts if a[0] in ("go", "fire", "bombard")]
    by_unit_group: dict[tuple[str, str], list[Action]] = {}
    for a in first:
        by_unit_group.setdefault((a[1], a[2]), []).append(a)
    out: list[Action] = []
    left = _left(st, side)
    d = st.data
    for a in first:
        if a[0] == "bombard" and len(by_unit_group[(a[1], a[2])]) > 1:
            continue  # a gun with a choice of target says which itself
        t, f = KIND[a[1]], d.index[a[2]]
        arrow = d.index[a[3]] if a[0] != "bombard" else _arrow_of(st, side, f, d.index[a[3]])
        n = min(left.get((t, f, arrow), 0), len(fresh_units(st, side, t, f)))
        out.extend([a] * n)
    return out


def _arrow_of(st: CmdState, side: int, f: int, tgt: int) -> int:
    for t, rng_, mid in st.data.lines[side][f]:
        if t == tgt:
            return tgt if rng_ == 1 else mid
    return -1


def choose(st: CmdState, side: int, action: Action) -> None:
    """Record one choice of the phase (secret until revealed): bind a unit to it."""
    d = st.data
    head = action[0]
    t = KIND[action[1]]
    f = d.index[action[2]]
    to = d.index[action[3]]
    if head == "on":
        u = riders(st, side, f)[0]
        st.go[u] = ("on", to, -1)
    elif head == "road":
        u = roadsters(st, side, t, f)[0]
        st.go[u] = ("road", to, -1)
    elif head == "bombard":
        arrow = _arrow_of(st, side, f, to)
        u = _bind(st, side, t, f, arrow)
        st.go[u] = ("ruin" if len(action) > 4 else "bombard", to, arrow)
    else:  # go, fire
        u = _bind(st, side, t, f, to)
        st.go[u] = (head, to, to)


def _bind(st: CmdState, side: int, t: int, f: int, arrow: int) -> int:
    return fresh_units(st, side, t, f)[0]


def choose_all(st: CmdState, side: int, phase: str) -> None:
    for a in all_of(st, side, phase):
        if a in choices(st, side, phase):
            choose(st, side, a)


def reveal(st: CmdState) -> None:
    """Both sides have chosen: the choices become public, the orders they carry out are
    counted as carried (and so known to the other side)."""
    d = st.data
    st.reveals += 1
    for side in (0, 1):
        rows: dict[tuple[str, int, int, int], int] = {}
        for u, (how, to, _arrow) in sorted(st.go.items()):
            if USIDE[u] != side:
                continue
            k = (how, st.ut[u], st.loc[u], to)
            rows[k] = rows.get(k, 0) + 1
        if rows:
            st.log(
                "acts",
                side=SIDES[side],
                phase=st.phase,
                acts=[
                    [how, TYPES[t], d.ids[f], d.ids[to], n]
                    for (how, t, f, to), n in sorted(rows.items(), key=lambda kv: kv[0][2:])
                ],
            )
    for u, (how, _to, arrow) in st.go.items():
        side = USIDE[u]
        st.actors.add(u)
        if how == "road":
            st.road.add(u)
            continue
        st.acts[u] = st.acts.get(u, 0) + 1
        if how in FIRST:
            key = (st.ut[u], st.loc[u], arrow)
            st.carried[side][key] = st.carried[side].get(key, 0) + 1


def why_not(st: CmdState, side: int, key: Key, phase: str) -> str:
    """Why an order still on the sheet cannot be carried out in this phase ("" if it can)."""
    t, f, arrow = key
    d = st.data
    if not fresh_units(st, side, t, f):
        return "no unit of it is free to act"
    ctrl = control(st)
    hold = held(st)
    enemy_there = ctrl[arrow] == 1 - side or hold[arrow] in (1 - side, -2)
    if phase == "fast":
        if t != CAV:
            return "only cavalry acts in the fast movement phase"
        if in_forest(st, f):
            return "cavalry in a forest has no fast move"
    elif phase == "bombard":
        if t != ART:
            return "only artillery bombards"
        if not bombard_targets(st, side, f, arrow):
            return "no enemy to bombard along its arrow"
    elif phase == "combined" and t == ART and not enemy_there:
        return "a gun fires only at an enemy-held sector in this phase"
    elif phase == "noncombat" and enemy_there:
        return "no fighting in the non-combat phase"
    if enemy_there and f == d.reserve_of[side] and phase in ("fast", "combined"):
        return "no attack out of the reserve"
    return ""


def unused(st: CmdState, side: int) -> list[tuple[Key, int, str]]:
    """At the end of the round's action phases: the side's orders never carried out, with a
    reason for its owner."""
    d = st.data
    out = []
    ctrl = control(st)
    for key, n in sorted(_left(st, side).items(), key=lambda kv: (kv[0][1], kv[0])):
        t, f, a = key
        if not fresh_units(st, side, t, f) and not any(
            st.loc[u] == f and st.ut[u] == t and u not in st.acts for u in side_units(side)
        ):
            why = "no unit of it was left to act"
        elif ctrl[a] == 1 - side and f == d.reserve_of[side]:
            why = "no attack out of the reserve"
        elif ctrl[a] == 1 - side:
            why = "the enemy held the sector (an attack is made in the fast or combined phase)"
        else:
            why = "not used"
        out.append((key, n, why))
    return out
