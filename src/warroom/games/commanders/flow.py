"""The sequence of play: set-up, planning, the four action phases with their choices and
battles, rally and scoring.

``run(st)`` carries the game forward until some side must decide something (a gate:
``st.waiting``) or the game is over. Each phase is a short list of stages, in the book's
order; the choices of who acts are orders.py's, the steps of a combat battle.py's.
"""

from __future__ import annotations

from typing import Any

from warroom.games.commanders import battle, orders
from warroom.games.commanders.battle import (
    after_ranged,
    ask_entry_capacity,
    auto_targets,
    carry_out_withdrawals,
    conclude_combat,
    enter_sectors,
    place_defenders,
    reaction_options,
    reroll_options,
    resolve_reactions,
    reveal_rerolls,
    split_options,
    withdraw_options,
)
from warroom.games.commanders.combat import (
    MELEE,
    RANGED,
    apply_hits,
    defender_key,
    remove_unit,
    replace_for_melee,
    resolve_step,
    roll_step,
    side_list,
)
from warroom.games.commanders.data import (
    ART,
    CAV,
    INF,
    N_UNITS,
    SIDES,
    TYPES,
    USIDE,
    side_units,
)
from warroom.games.commanders.moves import (
    ask_capacity,
    capacity_needs,
    do_moves,
    flee,
    set_gate,
    tire,
)
from warroom.games.commanders.orders import (
    CAPACITY,
    border_limit,
    command_sector,
    phase_options,
    reveal,
    saved_orders,
)
from warroom.games.commanders.state import (
    FRESH,
    GONE,
    ROUTED,
    SPENT,
    CmdState,
    Combat,
    control,
    has_building,
    held,
)

ACTION_PHASES = ("fast", "bombard", "combined", "noncombat")
NEXT = {"fast": "bombard", "bombard": "combined", "combined": "noncombat"}


# ----- rounds and planning -------------------------------------------------------------------


def start_round(st: CmdState) -> None:
    st.phase = "planning"
    st.stage = "plan"
    st.sheet = [{}, {}]
    st.carried = [{}, {}]
    st.acts = {}
    st.moved = {}
    st.tired = set()
    st.actors = set()
    st.road = set()
    st.go = {}
    st.rallies = [[], []]
    st.given = [0, 0]
    st.last = [None, None]
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


def end_planning(st: CmdState) -> None:
    """Both sheets are written. Nothing of them is shown: an order is seen when its unit acts.
    With advanced ordering by distance each order rolls for its delivery now (its owner
    sees the dice; a lost order is not saved)."""
    d = st.data
    for side in (0, 1):
        st.saved[side] = saved_orders(st, side)
    if st.cfg.orders_distance:
        for side in (0, 1):
            cmd = command_sector(st, side)
            for key in sorted(st.sheet[side], key=lambda k: (k[1], k)):
                t, f, a = key
                n = st.sheet[side][key]
                dist = d.distance[cmd][f]
                rolls = [st.rng.die(6) for _ in range(n)]
                kept = sum(1 for r in rolls if r >= dist)
                st.log_private(
                    [SIDES[side]],
                    "delivery",
                    order=[TYPES[t], d.ids[f], d.ids[a]],
                    dice=rolls,
                    sides=6,
                    distance=dist,
                    delivered=kept,
                )
                if kept:
                    st.sheet[side][key] = kept
                else:
                    del st.sheet[side][key]
    st.phase = "fast"
    st.stage = "start"


# ----- the action phases ---------------------------------------------------------------------


def open_choices(st: CmdState, stage: str = "choose") -> None:
    """Ask each side with something it may do now which of its units act (both at once)."""
    st.go = {}
    st.stage = stage
    who = (bool(phase_options(st, 0, st.phase)), bool(phase_options(st, 1, st.phase)))
    if who[0] or who[1]:
        set_gate(st, stage, who)
    else:
        st.stage = stage + "-none"


def end_phase(st: CmdState, phase: str) -> None:
    """Units that acted are spent unless they may act again (cavalry that acted once and
    did no more than move); reactors and the like too; routed units flee."""
    for u in st.actors:
        if st.status[u] == ROUTED or st.loc[u] < 0:
            continue
        if u in st.tired or st.acts.get(u, 0) >= CAPACITY[st.ut[u]]:
            st.status[u] = SPENT
    for u in st.spend:
        if st.status[u] != ROUTED and st.loc[u] >= 0:
            st.status[u] = SPENT
    st.spend = set()
    st.actors = set()
    st.go = {}
    if phase in ("fast", "combined"):
        flee(st, with_infantry=phase == "combined")


def movers_of(st: CmdState) -> list[tuple[int, int, int]]:
    return [
        (u, st.loc[u], to)
        for u, (how, to, _a) in sorted(st.go.items())
        if how in ("go", "on", "fire") and st.status[u] == FRESH and st.loc[u] >= 0
    ]


def start_movement(st: CmdState, phase: str) -> None:
    """Place the units that act towards their targets: friendly and free neutral sectors are
    entered at once; enemy sectors and contested neutral ones become battles."""
    d = st.data
    ctrl = control(st)
    hold = held(st)
    movers = movers_of(st)
    # units in a reserve may not attack out of it; artillery fire only hits an enemy sector
    attack: list[tuple[int, int, int]] = []
    free: list[tuple[int, int, int]] = []
    wants: dict[int, set[int]] = {}
    for u, frm, to in movers:
        side = USIDE[u]
        fire = st.go[u][0] == "fire"
        if ctrl[to] == side:
            if fire:
                tire(st, u)
            else:
                free.append((u, frm, to))
        elif ctrl[to] == 1 - side or hold[to] == 1 - side:
            if frm == d.reserve_of[side]:
                st.log(
                    "lapsed", unit=st.uid[u], sector=d.ids[to], why="no attack out of the reserve"
                )
                tire(st, u)
            else:
                attack.append((u, frm, to))
        else:
            if fire:
                tire(st, u)
                continue
            wants.setdefault(to, set()).add(side)
            free.append((u, frm, to))
    neutral_moves = []
    for u, frm, to in free:
        if ctrl[to] == -1 and hold[to] == -1 and len(wants.get(to, ())) == 2:
            if frm == d.reserve_of[USIDE[u]]:
                st.log(
                    "lapsed", unit=st.uid[u], sector=d.ids[to], why="no attack out of the reserve"
                )
                tire(st, u)
            else:
                attack.append((u, frm, to))  # a meeting engagement over a neutral sector
        else:
            neutral_moves.append((u, frm, to))
    # the border limit (the choices kept to it; this guards the rest)
    used: dict[tuple[int, int, int], int] = {}
    for group in (neutral_moves, attack):
        keep = []
        for u, frm, to in group:
            key = (USIDE[u], frm, to)
            if used.get(key, 0) >= border_limit(st, frm, to):
                tire(st, u)
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
            [st.uid[u], d.ids[frm], d.ids[to]]
            for u, (frm, to) in cb.mover.items()
            if USIDE[u] == side
        ]
        if listed:
            st.log("attack", side=SIDES[side], units=listed)
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
        for u, (how, _t, _a) in sorted(st.go.items())
        if how in ("bombard", "ruin")
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
    how, target, _arrow = st.go[u]
    line = next((ln for ln in d.lines[side][src] if ln[0] == target), None)
    if line is None:
        return None
    _t, rng_, mid = line
    inside = st.garrison.get(target, -1)
    enemies = [e for e in side_units(1 - side) if st.loc[e] == target]
    building = (
        inside >= 0
        and USIDE[inside] != side
        and has_building(st, target)
        and (enemies == [inside] or how == "ruin")
    )
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


def _blocked_by_friend(st: CmdState, u: int, mid: int) -> bool:
    d = st.data
    ter = d.terrain[st.cfg.board] if st.cfg.terrain else None
    if ter is not None and st.loc[u] in ter.hill:
        return False
    return any(st.loc[f] == mid for f in side_units(USIDE[u])) or (
        ter is not None and mid in ter.forest
    )


def aim(st: CmdState, u: int, shot: Any) -> list[int]:
    """The enemy units a gun's dice go at: the book's priority decides the kind (squares,
    infantry, cavalry, artillery, routed); of units of one kind a fresh one before a spent
    one (units of a kind are otherwise alike: an order binds no particular unit). One die
    at the target and one at an enemy in harm's way; a friendly obstacle costs the second."""
    if shot is None:
        return []
    _target, _rng, mid, building, enemies, enemy_mid = shot
    if building:
        return []

    def pick(pool: list[int]) -> int:
        return min(pool, key=lambda e: (bombard_class(st, e), st.status[e] != FRESH, e))

    first = pick(enemies)
    if enemy_mid:
        return [first, pick(enemy_mid)]
    if mid >= 0 and _blocked_by_friend(st, u, mid):
        return [first]
    rest = [e for e in enemies if e != first]
    return [first, pick(rest)] if rest else [first]


def bombardment(st: CmdState) -> None:
    d = st.data
    r = d.rules
    ter = d.terrain[st.cfg.board] if st.cfg.terrain else None
    hits: list[tuple[int, int]] = []
    guns = shooters(st)
    shots = {u: bombard_line(st, u) for u in guns}
    aims = {u: aim(st, u, shots[u]) for u in guns}
    tokens_before = dict(st.tokens)
    new_tokens: dict[int, int] = {}
    for u in guns:
        side = USIDE[u]
        target = st.go[u][1]
        shot = shots[u]
        if shot is None:
            if any(ln[0] == target for ln in d.lines[side][st.loc[u]]):
                st.log("no-target", unit=st.uid[u], sector=d.ids[target])
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
            dice_targets = [e for e in aims[u] if st.loc[e] >= 0]
        token = any(tokens_before.get(a) == target for a in side_units(side) if st.ut[a] == ART)
        new_tokens[u] = target
        rolls = []
        for t in dice_targets:
            col = (
                7
                if st.status[t] == ROUTED
                else (3 if (st.ut[t] == INF and st.square[t]) else 4 + st.ut[t])
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
                {"target": st.uid[t], "die": roll, "modifier": mod, "modified": value, "hit": ok}
            )
            if ok and not building:
                hits.append((t, u))
        if building and len(rolls) == 2 and all(x["hit"] for x in rolls):
            # two hits bring the building down with the unit inside it
            st.ruined = (*st.ruined, target)
            remove_unit(st, inside, -1)
            st.log("building-destroyed", sector=d.ids[target], unit=st.uid[inside])
        st.log(
            "bombard",
            unit=st.uid[u],
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


def noncombat_moves(st: CmdState, used: dict[tuple[int, int, int], int]) -> None:
    """Work out the moves chosen in the non-combat phase (its ordinary moves, then the road's
    extra moves); ``used`` counts the units of each side that crossed each border in this
    phase, the road's moves included. The moves wait in ``st.pending`` for any capacity
    question."""
    ctrl = control(st)
    movers = movers_of(st) + [
        (u, st.loc[u], to)
        for u, (how, to, _a) in sorted(st.go.items())
        if how == "road" and st.loc[u] >= 0 and st.status[u] != ROUTED
    ]
    wants: dict[int, set[int]] = {}
    for u, _frm, to in movers:
        wants.setdefault(to, set()).add(USIDE[u])
    ok = []
    for u, frm, to in movers:
        side = USIDE[u]
        if ctrl[to] == 1 - side or (ctrl[to] == -1 and len(wants[to]) == 2):
            st.log("blocked", unit=st.uid[u], sector=st.data.ids[to])
            tire(st, u)
            continue
        if ctrl[to] == -1 and any(
            st.loc[e] == to and st.status[e] != ROUTED for e in side_units(1 - side)
        ):
            tire(st, u)
            continue
        key = (side, frm, to)
        if used.get(key, 0) >= border_limit(st, frm, to):
            tire(st, u)
            continue
        used[key] = used.get(key, 0) + 1
        ok.append((u, frm, to))
    st.pending = (tuple(ok), tuple(sorted(used.items())))
    ask_capacity(st, capacity_needs(st, ok), "moves" if st.stage == "resolve" else "road-moves")


# ----- rally and scoring --------------------------------------------------------------------


def rally_options(st: CmdState, side: int) -> list[tuple[Any, ...]]:
    """What the side's saved orders may still rally, its choices so far counted."""
    chosen = st.rallies[side]
    if st.saved[side] - len(chosen) <= 0:
        return []
    d = st.data
    res = d.reserve_of[side]
    out: list[tuple[Any, ...]] = []
    for t, name in ((INF, "infantry"), (CAV, "cavalry")):
        n = sum(
            1
            for u in side_units(side)
            if st.ut[u] == t and st.loc[u] == res and st.status[u] == ROUTED
        )
        if n - 2 * chosen.count(name) >= 2:
            out.append(("rally", name))
    ctrl = control(st)
    for u in side_units(side):
        s = st.loc[u]
        if s < 0 or st.status[u] != ROUTED or ctrl[s] != side or st.uid[u] in chosen:
            continue
        in_building = st.garrison.get(s) == u
        if st.ut[u] == ART or in_building:
            out.append(("rally", st.uid[u]))
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
            if st.ut[u] == t and st.loc[u] == res and st.status[u] == ROUTED
        ][:2]
        keep, drop = pair
        st.status[keep] = FRESH
        st.loc[drop] = GONE
        st.log("rallied", side=SIDES[side], unit=st.uid[keep], merged=st.uid[drop])
    else:
        u = st.uix[what]
        st.status[u] = FRESH
        st.log("rallied", side=SIDES[side], unit=st.uid[u], merged=None)


def carry_out_rallies(st: CmdState) -> None:
    for side in (0, 1):
        for what in st.rallies[side]:
            do_rally(st, side, what)
    if st.rallies[0] or st.rallies[1]:
        st.reveals += 1
    st.rallies = [[], []]


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
        pts = sum(vp_of[st.ut[u]] for u in st.captured[side])
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


def reveal_plans(st: CmdState) -> None:
    """The scoring phase: the book lets each side ask to see the other's plan for the round.
    Both sheets are shown: every order with how many units carried it out, and the orders
    saved."""
    d = st.data
    st.reveals += 1
    for side in (0, 1):
        carried = st.carried[side]
        st.log(
            "plan",
            side=SIDES[side],
            orders=[
                [TYPES[t], d.ids[f], d.ids[a], n, carried.get((t, f, a), 0)]
                for (t, f, a), n in sorted(st.sheet[side].items(), key=lambda kv: kv[0][1:])
            ],
            saved=st.saved[side],
        )


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
    st.summary = f"{'A draw' if winner == 2 else SIDES[winner].capitalize() + ' wins'} ({why}): White {st.vp[0]} VP, Black {st.vp[1]} VP"
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
                units={
                    st.uid[u]: st.data.ids[st.loc[u]] for u in side_units(side) if st.loc[u] >= 0
                },
                objectives=[
                    [o.kind, o.vp, st.data.ids[o.sector]] for o in st.objectives if o.side == side
                ],
            )
        start_round(st)
        return
    if ph == "planning":
        end_planning(st)
        return
    if ph in ACTION_PHASES and stage == "start":
        open_choices(st)
        return
    if ph in ACTION_PHASES and stage in ("choose", "choose-none"):
        reveal(st)
        st.stage = "resolve"
        return
    if stage == "end":
        end_phase(st, ph)
        if ph == "noncombat":
            _tell_unused(st)
            st.phase = "rally"
            st.rallies = [[], []]
            set_gate(st, "rally", (bool(rally_options(st, 0)), bool(rally_options(st, 1))))
        else:
            st.phase = NEXT[ph]
            st.stage = "start"
        return
    if ph in ("fast", "combined"):
        _battle_stage(st, ph, stage)
        return
    if ph == "bombard":
        bombardment(st)
        st.stage = "end"
        return
    if ph == "noncombat":
        if stage == "resolve":
            noncombat_moves(st, {})
        elif stage == "moves":
            moves, used = st.pending
            do_moves(st, list(moves))
            st.pending = used
            open_choices(st, "road")
        elif stage in ("road", "road-none"):
            used = dict(st.pending or ())
            reveal(st)
            st.stage = "road-resolve"
            noncombat_moves(st, used)
        else:  # "road-moves"
            moves, _used = st.pending
            st.pending = None
            do_moves(st, list(moves))
            st.stage = "end"
        return
    if ph == "rally":
        carry_out_rallies(st)
        st.phase = "scoring"
        st.stage = ""
        return
    if ph == "scoring":
        reveal_plans(st)
        scoring(st)
        return
    raise AssertionError(f"no stage {ph}/{stage}")


def _tell_unused(st: CmdState) -> None:
    """Each side is told (alone) which of its orders were never carried out, and why."""
    d = st.data
    for side in (0, 1):
        for (t, f, a), n, why in orders.unused(st, side):
            st.log_private(
                [SIDES[side]], "unused", order=[TYPES[t], d.ids[f], d.ids[a]], n=n, why=why
            )


def _battle_stage(st: CmdState, ph: str, stage: str) -> None:
    fast = ph == "fast"
    if stage == "resolve":
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
        set_gate(st, "ranged-reroll", (bool(reroll_options(st, 0)), bool(reroll_options(st, 1))))
    elif stage == "ranged-reroll":
        reveal_rerolls(st)
        apply_hits(st, resolve_step(st, RANGED, fast))
        after_ranged(st)
        set_gate(st, "withdraw", (bool(withdraw_options(st, 0)), bool(withdraw_options(st, 1))))
    elif stage == "withdraw":
        carry_out_withdrawals(st)
        replace_for_melee(st)
        assert st.combat is not None
        st.combat.targets = {}
        set_gate(st, "melee-target", auto_targets(st, MELEE))
    elif stage == "melee-target":
        roll_step(st, MELEE)
        set_gate(st, "melee-reroll", (bool(reroll_options(st, 0)), bool(reroll_options(st, 1))))
    elif stage == "melee-reroll":
        reveal_rerolls(st)
        apply_hits(st, resolve_step(st, MELEE, fast))
        conclude_combat(st, ph)
    elif stage in ("enter", "enter-resolve"):
        ask_entry_capacity(st)
    elif stage == "enter-do":
        enter_sectors(st)
    else:
        raise AssertionError(f"no stage {ph}/{stage}")


__all__ = ["ART", "N_UNITS", "battle", "has_building", "remove_unit", "run"]
