"""Combat: taking positions, ranged then melee rolls, modifiers, hits, rout, capture.

Every battle zone of a phase moves through the same steps together (the rulebook
resolves each step in all zones at once). Functions here change the state; the
decisions (reactions, targets, re-rolls, withdrawals) are asked by rules.py.
"""

from __future__ import annotations

from warroom.games.commanders.data import (
    ART,
    CAV,
    COL_NONE,
    COL_ROUTED,
    INF,
    UID,
    USIDE,
    UTYPE,
)
from warroom.games.commanders.state import (
    CAPTURED,
    GONE,
    ROUTED,
    SPENT,
    CmdState,
    Combat,
)

RANGED, MELEE = 0, 1


def zone_name(st: CmdState, z: int) -> str:
    assert st.combat is not None
    a, b, _, _ = st.combat.zones[z]
    return f"{st.data.ids[a]}|{st.data.ids[b]}"


def defender_key(st: CmdState, u: int) -> tuple[int, int]:
    """Placement order of defending units: squares, infantry, cavalry, artillery, then routed."""
    t = UTYPE[u]
    if st.status[u] == ROUTED:
        return (4 + t, u)
    if t == INF and st.square[u]:
        return (0, u)
    return (1 + t, u)


def attacker_key(st: CmdState, u: int) -> tuple[int, int]:
    t = UTYPE[u]
    return ((4 + t) if st.status[u] == ROUTED else t, u)


def row_of(st: CmdState, cb: Combat, u: int) -> int:
    t = UTYPE[u]
    if u in cb.mover:
        return t
    if t == INF and st.square[u]:
        return 3
    return 4 + t


def col_of(st: CmdState, cb: Combat, u: int) -> int:
    if st.status[u] == ROUTED:
        return COL_ROUTED
    return row_of(st, cb, u)


def rolls_in(st: CmdState, cb: Combat, u: int, step: int) -> bool:
    """Does this unit have the form of attack of this step (it must then roll)?"""
    if st.status[u] == ROUTED:
        return False
    t = UTYPE[u]
    if step == RANGED:
        return t != CAV
    return t != ART


def n_dice(u: int) -> int:
    return 2 if UTYPE[u] == ART else 1


def side_list(cb: Combat, z: int, side: int) -> list[int]:
    zone = cb.zones[z]
    return zone[3] if side else zone[2]


def opposite(cb: Combat, u: int) -> int:
    """The enemy unit in the same numbered space, or -1."""
    z = cb.zone_of[u]
    side = USIDE[u]
    mine = side_list(cb, z, side)
    theirs = side_list(cb, z, 1 - side)
    i = mine.index(u)
    return theirs[i] if i < len(theirs) else -1


def target_candidates(st: CmdState, cb: Combat, u: int) -> list[int]:
    """Who an attacker left unopposed (or facing a routed unit) may attack instead.

    Infantry and artillery: any enemy unit in the same battle zone. Cavalry: any enemy
    unit in any battle zone of the sector it attacks.
    """
    side = USIDE[u]
    if u not in cb.zone_of:
        return garrison_foes(st, cb, u)
    z = cb.zone_of[u]
    to = cb.mover[u][1]
    out: list[int] = []
    if UTYPE[u] != CAV:
        out.extend(side_list(cb, z, 1 - side))
        g = st.garrison.get(to, -1)
        if UTYPE[u] == INF and g >= 0 and USIDE[g] != side and g not in cb.zone_of:
            out.append(g)  # infantry may attack the building (at -1)
        return out
    for zi, (a, b, _, _) in enumerate(cb.zones):
        if to in (a, b):
            out.extend(side_list(cb, zi, 1 - side))
    return out


def garrison_foes(st: CmdState, cb: Combat, g: int) -> list[int]:
    """The enemy units the unit inside a building may strike in melee: any enemy unit in
    any battle zone of its sector (it fights with the unopposed bonus)."""
    t = st.loc[g]
    side = USIDE[g]
    return [e for a, b, wl, bl in cb.zones if t in (a, b) for e in (wl if side else bl)]


def garrison_fights(st: CmdState, cb: Combat, g: int) -> bool:
    """Does the unit inside a building strike in this melee (a fight over its sector)?"""
    return (
        st.status[g] != ROUTED
        and g not in cb.zone_of
        and g not in cb.mover  # marching out of the building to attack
        and g not in cb.sheltered  # put into the building in this combat: it stays out of it
        and st.garrison.get(st.loc[g]) == g
        and any(st.status[e] != ROUTED for e in garrison_foes(st, cb, g))
    )


def chooses_target(st: CmdState, cb: Combat, u: int, step: int) -> bool:
    """Does this unit declare a target in this step (an unopposed attacker, or the unit
    inside a building in melee)?"""
    if step == MELEE and u not in cb.zone_of and u in st.garrison.values():
        return garrison_fights(st, cb, u)
    return needs_target(st, cb, u, step)


def needs_target(st: CmdState, cb: Combat, u: int, step: int) -> bool:
    """An attacker whose space is not opposed by a fighting enemy declares a target."""
    if u not in cb.mover or not rolls_in(st, cb, u, step):
        return False
    o = opposite(cb, u)
    return o < 0 or st.status[o] == ROUTED


def fought_over(st: CmdState, cb: Combat, u: int) -> set[int]:
    """The sectors a unit's fight is over: the targets of the attacks in its battle zone
    (the unit inside a building: its own sector)."""
    if u not in cb.zone_of:
        return {st.loc[u]}
    _a, _b, wl, bl = cb.zones[cb.zone_of[u]]
    out = {cb.mover[x][1] for x in (*wl, *bl) if x in cb.mover}
    if not out and u in cb.mover:
        out.add(cb.mover[u][1])
    return out


def terrain_mod(st: CmdState, cb: Combat, u: int, step: int) -> int:
    if not st.cfg.terrain:
        return 0
    d = st.data
    r = d.rules
    ter = d.terrain[st.cfg.board]
    mod = 0
    # the sector fought over: an attacker's target, a defender's own sector
    if u in cb.mover:
        frm, to = cb.mover[u]
    elif u in cb.zone_of:
        a, b, _, _ = cb.zones[cb.zone_of[u]]
        to = st.loc[u]
        frm = b if a == to else a
    else:  # inside a building
        frm = to = st.loc[u]
    if any(s in ter.forest for s in fought_over(st, cb, u)):
        # a fight over a forest sector: both sides take the penalty (not a fight out of one)
        mod += r.forest_ranged if step == RANGED else r.forest_melee
    if step == MELEE and u in cb.mover:
        up = to in ter.hill and frm not in ter.hill
        down = frm in ter.hill and to not in ter.hill
        if up:
            mod += r.uphill_melee
        elif down:
            mod += r.downhill_melee
        if (min(frm, to), max(frm, to)) in ter.river:
            mod += r.river_melee  # over the river, by the bridge or not
    return mod


def modifier(st: CmdState, cb: Combat, u: int, t: int, step: int, fast: bool) -> int:
    """The total modifier of unit u's roll against unit t (t = -1: no target)."""
    table = st.data.table
    r = st.data.rules
    row = row_of(st, cb, u)
    if t < 0:
        cell = table[row][COL_NONE][step]
        base = cell or 0
    else:
        base = table[row][col_of(st, cb, t)][step] or 0
        if u in cb.mover and t != opposite(cb, u):
            base += table[row][COL_NONE][step] or 0
        if t not in cb.zone_of and st.garrison.get(st.loc[t]) == t:
            base += r.building_attack  # attacking the unit inside a building
    if u not in cb.zone_of:
        # the unit inside a building strikes with the unopposed bonus of infantry
        base += table[0][COL_NONE][step] or 0
    if st.status[u] == SPENT:
        base += r.spent
    if fast and step == RANGED:
        base += r.fast_ranged
    return base + terrain_mod(st, cb, u, step)


def clamp(x: int) -> int:
    return 1 if x < 1 else 6 if x > 6 else x


def target_of(st: CmdState, cb: Combat, u: int) -> int:
    if u not in cb.zone_of:
        return cb.targets.get(u, -1)  # the unit inside a building
    o = opposite(cb, u)
    if u in cb.mover:
        if o >= 0 and st.status[o] != ROUTED:
            return o
        return cb.targets.get(u, -1)
    # a defender hits back only at the attacker facing it
    if o >= 0 and st.status[o] != ROUTED:
        return o
    return -1


def roll_step(st: CmdState, step: int) -> None:
    """Every unit with this form of attack rolls; dice go highest first to the lowest spaces."""
    cb = st.combat
    assert cb is not None
    cb.dice = {}
    for z in range(len(cb.zones)):
        for side in (0, 1):
            rollers = [u for u in side_list(cb, z, side) if rolls_in(st, cb, u, step)]
            count = sum(n_dice(u) for u in rollers)
            if not count:
                continue
            dice = sorted((st.rng.die(6) for _ in range(count)), reverse=True)
            i = 0
            if step == MELEE:
                cb.cav_fought.update(u for u in rollers if UTYPE[u] == CAV)
            for u in rollers:
                k = n_dice(u)
                cb.dice[u] = dice[i : i + k]
                i += k
            st.log(
                "roll",
                step="ranged" if step == RANGED else "melee",
                zone=zone_name(st, z),
                side=("white", "black")[side],
                dice=list(dice),
                sides=6,
                units=[UID[u] for u in rollers],
            )
    if step == MELEE:
        # a unit inside a building joins any fight over its sector, at the target its
        # owner chose
        for t, g in sorted(st.garrison.items()):
            if st.loc[g] != t or cb.targets.get(g, -1) < 0 or not garrison_fights(st, cb, g):
                continue
            die = st.rng.die(6)
            cb.dice[g] = [die]
            st.log(
                "roll",
                step="melee",
                zone=st.data.ids[t] + " (building)",
                side=("white", "black")[USIDE[g]],
                dice=[die],
                sides=6,
                units=[UID[g]],
            )


def modified(st: CmdState, step: int, fast: bool) -> dict[int, list[int]]:
    cb = st.combat
    assert cb is not None
    out: dict[int, list[int]] = {}
    for u, dice in cb.dice.items():
        t = target_of(st, cb, u)
        m = modifier(st, cb, u, t, step, fast)
        out[u] = [clamp(d + m) for d in dice]
    return out


def resolve_step(st: CmdState, step: int, fast: bool) -> list[tuple[int, int]]:
    """Compare the dice (after re-rolls) and return the hits as (target, hitter)."""
    cb = st.combat
    assert cb is not None
    above = st.data.rules.success_above
    mods = modified(st, step, fast)
    hits: list[tuple[int, int]] = []
    for u, values in mods.items():
        t = target_of(st, cb, u)
        if t < 0:
            continue
        o = opposite(cb, u) if u in cb.zone_of else -1
        opposed = t == o and o in mods
        best = max(mods[o]) if opposed else 0
        for v in values:
            ok = (
                (v > best and v > above) if step == RANGED else (v > best if opposed else v > above)
            )
            if ok:
                hits.append((t, u))
                if UTYPE[u] == CAV:
                    cb.hit_any.add(u)
        st.log(
            "result",
            step="ranged" if step == RANGED else "melee",
            unit=UID[u],
            target=UID[t],
            dice=list(cb.dice[u]),
            modified=values,
            opposed=opposed,
            hits=sum(1 for tt, hh in hits if hh == u),
        )
    return hits


def apply_hits(st: CmdState, hits: list[tuple[int, int]], bombard: bool = False) -> None:
    """A hit routs; a routed unit hit again is captured by infantry or cavalry that is not
    itself routed, otherwise destroyed. All hits of a step land together."""
    if not hits:
        return
    was_routed = {t: st.status[t] == ROUTED for t, _ in hits}
    hit_now = {t for t, _ in hits}
    by_target: dict[int, list[int]] = {}
    for t, h in hits:
        by_target.setdefault(t, []).append(h)
    for t, hitters in by_target.items():
        if st.loc[t] < 0:
            continue
        n = len(hitters)
        if not was_routed[t] and n == 1:
            st.status[t] = ROUTED
            st.square[t] = False
            st.log("routed", unit=UID[t])
            continue
        captor = -1
        if not bombard:
            for h in hitters:
                if UTYPE[h] != ART and h not in hit_now and st.status[h] != ROUTED:
                    captor = h
        remove_unit(st, t, captor)


def remove_unit(st: CmdState, t: int, captor: int) -> None:
    cb = st.combat
    if (
        captor >= 0
        and cb is not None
        and (captor in cb.zone_of or st.garrison.get(st.loc[captor]) == captor)
    ):
        # taken in a combat: captured only if the captor survives the combat (settle_captures)
        st.loc[t] = CAPTURED
        cb.captures[t] = captor
        st.log("overrun", unit=UID[t], by=UID[captor])
    elif captor >= 0:
        side = USIDE[captor]
        st.loc[t] = CAPTURED
        st.captured[side].append(t)
        st.log("captured", unit=UID[t], by=UID[captor])
    else:
        st.loc[t] = GONE
        st.log("destroyed", unit=UID[t])
    st.status[t] = ROUTED
    st.steps.pop(t, None)
    st.tokens.pop(t, None)
    for s, g in list(st.garrison.items()):
        if g == t:
            del st.garrison[s]
    if cb is not None and t in cb.zone_of:
        z = cb.zone_of.pop(t)
        lst = side_list(cb, z, USIDE[t])
        if t in lst:
            lst.remove(t)
        cb.mover.pop(t, None)


def settle_captures(st: CmdState) -> None:
    """At the end of a combat: a unit taken in it is captured if its captor survived the
    combat, destroyed if the captor was routed or removed later in the same combat."""
    cb = st.combat
    assert cb is not None
    for t, captor in sorted(cb.captures.items()):
        if st.loc[captor] >= 0 and st.status[captor] != ROUTED:
            st.captured[USIDE[captor]].append(t)
            st.log("captured", unit=UID[t], by=UID[captor])
        else:
            st.loc[t] = GONE
            st.log("destroyed", unit=UID[t], why=f"its captor {UID[captor]} did not survive")
    cb.captures = {}


def leave_zone(cb: Combat, u: int) -> None:
    z = cb.zone_of.pop(u, None)
    if z is not None:
        lst = side_list(cb, z, USIDE[u])
        if u in lst:
            lst.remove(u)


def replace_for_melee(st: CmdState) -> None:
    """Second placement: fighting attackers, then defenders (never more than the enemy's
    fighting attackers), then routed units; at most five a side."""
    cb = st.combat
    assert cb is not None
    spaces = st.data.rules.zone_spaces
    for z, (_, _, wl, bl) in enumerate(cb.zones):
        lists = (wl, bl)
        fighting_att = [
            sum(1 for u in lst if u in cb.mover and st.status[u] != ROUTED) for lst in lists
        ]
        for side in (0, 1):
            lst = lists[side]
            att = sorted(
                (u for u in lst if u in cb.mover and st.status[u] != ROUTED),
                key=lambda u: attacker_key(st, u),
            )
            dfn = sorted(
                (u for u in lst if u not in cb.mover and st.status[u] != ROUTED),
                key=lambda u: defender_key(st, u),
            )
            routed = sorted(
                (u for u in lst if st.status[u] == ROUTED), key=lambda u: attacker_key(st, u)
            )
            limit = max(0, fighting_att[1 - side] - len(att))
            new = (att + dfn[:limit] + routed)[:spaces]
            for u in lst:
                if u not in new:
                    cb.zone_of.pop(u, None)
            lst[:] = new
        for side in (0, 1):
            for u in lists[side]:
                cb.zone_of[u] = z
