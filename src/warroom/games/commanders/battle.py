"""The decisions and steps of a combat around the dice: reactions, the defender's split,
taking positions, targets, re-rolls, withdrawals, and who enters a won sector.

Each decision is both sides' at once and stays private until both have made it; the
sequence (which step comes when) is flow.py's, the dice and hits combat.py's.
"""

from __future__ import annotations

from typing import Any

from warroom.games.commanders.combat import (
    MELEE,
    attacker_key,
    chooses_target,
    defender_key,
    leave_zone,
    needs_target,
    settle_captures,
    side_list,
    target_candidates,
    zone_name,
)
from warroom.games.commanders.data import ART, CAV, INF, SIDES, USIDE, side_units
from warroom.games.commanders.moves import ask_capacity, flee, move_unit, set_gate, tire
from warroom.games.commanders.state import (
    FRESH,
    ROUTED,
    CmdState,
    Combat,
    control,
    has_building,
    held,
    occupancy,
)


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
        att_types = {st.ut[u] for z in zs for u in side_list(cb, z, att_side)}
        square_room = 0
        charge_room = 0
        for z in zs:
            enemy = side_list(cb, z, att_side)
            mine = len(side_list(cb, z, side))
            if any(st.ut[u] == CAV for u in enemy):
                square_room += max(0, min(spaces, len(enemy)) - mine)
            if any(st.ut[u] == INF and cb.mover.get(u, (0, -1))[1] == t for u in enemy):
                charge_room += max(0, spaces - mine)
        here = [u for u in cb.react if st.loc[u] == t]
        square_room -= sum(1 for u in here if cb.react[u] == "square")
        charge_room -= sum(1 for u in here if cb.react[u] == "countercharge")
        for u in side_units(side):
            if st.loc[u] != t or st.status[u] != FRESH or u in cb.mover or u in cb.react:
                continue
            if u in inside:
                continue
            ty = st.ut[u]
            if ty == INF and CAV in att_types and not st.square[u] and square_room > 0:
                out.append(("react", st.uid[u], "square"))
            if ty == CAV:
                if INF in att_types and charge_room > 0:
                    out.append(("react", st.uid[u], "countercharge"))
                for s in d.adj[t]:
                    roomy = s in d.reserve_of or occ[s] < d.rules.sector_capacity
                    if ctrl[s] == side and roomy and (1 - side, s) not in cb.attacks:
                        out.append(("retreat", st.uid[u], d.ids[s]))
    return out


def resolve_reactions(st: CmdState) -> None:
    cb = st.combat
    assert cb is not None
    d = st.data
    r = d.rules
    for u in sorted(cb.react):
        kind = cb.react[u]
        tire(st, u)  # a unit that reacts does nothing more this round
        if kind.startswith("retreat:"):
            to = int(kind.split(":")[1])
            st.loc[u] = to
            st.log("retreat", unit=st.uid[u], sector=d.ids[to])
            continue
        roll = st.rng.die(6)
        value = max(1, min(6, roll + r.reaction))
        ok = value > r.success_above
        st.log(
            "reaction",
            unit=st.uid[u],
            reaction=kind,
            dice=[roll],
            sides=6,
            modified=value,
            success=ok,
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
                if any(st.ut[e] == INF and cb.mover.get(e, (0, -1))[1] == t for e in enemies):
                    other = b if a == t else a
                    mine = side_list(cb, z, side)
                    if len(mine) < r.zone_spaces:
                        cb.mover[u] = (t, other)
                        cb.zone_of[u] = z
                        cb.charged.add(u)
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
                out.append(("defend", st.uid[u], d.ids[b if a == t else a]))
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
                    units={st.uid[u]: zone_name(st, cb.split[u]) for u in mine},
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
        white=[st.uid[u] for u in wl],
        black=[st.uid[u] for u in bl],
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
                        act = ("reroll", st.uid[u], k)
                        if act not in out:
                            out.append(act)
    return out


def do_reroll(st: CmdState, side: int, u: int, k: int) -> None:
    """Re-roll a die now: the side sees the new die at once, the other side only when both
    are done with their re-rolls (``reveal_rerolls``)."""
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
    cb.rerolled.append((side, u, k, old))
    st.log_private(
        [SIDES[side]], "reroll", side=SIDES[side], unit=st.uid[u], old=old, dice=[new], sides=6
    )


def reveal_rerolls(st: CmdState) -> None:
    """Both sides are done re-rolling: every re-roll of the step becomes public."""
    cb = st.combat
    assert cb is not None
    if cb.rerolled:
        st.reveals += 1
        st.log(
            "rerolls",
            rolls=[[SIDES[side], st.uid[u], old, cb.dice[u][k]] for side, u, k, old in cb.rerolled],
        )
    cb.rerolled = []


def withdraw_options(st: CmdState, side: int) -> list[tuple[Any, ...]]:
    """Attackers facing no enemy attackers may withdraw; a defender may put one infantry unit
    of a zone into its sector's building. Chosen in secret, carried out when both are done."""
    cb = st.combat
    assert cb is not None
    out: list[tuple[Any, ...]] = []
    for z in range(len(cb.zones)):
        enemy_attacks = any(u in cb.mover for u in side_list(cb, z, 1 - side))
        if enemy_attacks:
            continue
        for u in side_list(cb, z, side):
            if (
                u in cb.mover
                and st.status[u] != ROUTED
                and u not in cb.charged
                and u not in cb.leaving
            ):
                out.append(("withdraw", st.uid[u]))
    # a defender may put one infantry unit into its sector's building for the melee
    going_in = {st.loc[u] for u, how in cb.leaving.items() if how == "garrison"}
    for z in range(len(cb.zones)):
        for u in side_list(cb, z, side):
            t = st.loc[u]
            if (
                st.ut[u] == INF
                and u not in cb.mover
                and st.status[u] != ROUTED
                and has_building(st, t)
                and t not in st.garrison
                and t not in going_in
            ):
                out.append(("garrison", st.uid[u]))
    return out


def carry_out_withdrawals(st: CmdState) -> None:
    """Both sides have chosen: withdrawn attackers leave the zone (spent), units going into
    a building leave it for the building (and take no part in this combat)."""
    cb = st.combat
    assert cb is not None
    d = st.data
    for u, how in sorted(cb.leaving.items()):
        leave_zone(cb, u)
        if how == "withdraw":
            cb.mover.pop(u, None)
            tire(st, u)
            st.log("withdrew", unit=st.uid[u])
        else:
            st.garrison[st.loc[u]] = u
            cb.sheltered.add(u)
            st.log("garrison", unit=st.uid[u], sector=d.ids[st.loc[u]])
    if cb.leaving:
        st.reveals += 1
    cb.leaving = {}


def after_ranged(st: CmdState) -> None:
    """Routed cavalry leave the zone, attacking artillery always pulls back."""
    cb = st.combat
    assert cb is not None
    for u in list(cb.zone_of):
        if (st.ut[u] == CAV and st.status[u] == ROUTED) or (st.ut[u] == ART and u in cb.mover):
            leave_zone(cb, u)
            if u in cb.mover:
                cb.mover.pop(u)
                if st.ut[u] != ART:
                    tire(st, u)  # routed: it has done all it will this round


def conclude_combat(st: CmdState, phase: str) -> None:
    """Who failed to hit, who flees, and which sectors were emptied and may be entered."""
    cb = st.combat
    assert cb is not None
    d = st.data
    settle_captures(st)
    for u, (_frm, _to) in list(cb.mover.items()):
        if st.ut[u] == CAV and u not in cb.hit_any:
            tire(st, u)  # a charge that hit nothing leaves the cavalry spent
    for u in cb.cav_fought:
        if u not in cb.hit_any and st.loc[u] >= 0:
            st.spend.add(u)  # so does a defence that hit nothing
    # survivors that may enter: per (side, target)
    groups: dict[tuple[int, int], list[int]] = {}
    for u, (_frm, to) in cb.mover.items():
        if st.status[u] == ROUTED or st.loc[u] < 0 or st.ut[u] == ART:
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
            # the sector stays the enemy's: the attackers go back where they came from (a
            # cavalry unit that hit something keeps its second move: NOTES.md)
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
        and st.ut[u] != ART
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
                tire(st, u)  # cavalry that does not go in is spent
            continue
        for u in units:
            # enemy routed units in the sector are captured as we enter: they take no room
            occ = sum(1 for x in side_units(side) if st.loc[x] == t)
            if occ < cap:
                move_unit(st, u, t)
                st.log("entered", unit=st.uid[u], sector=d.ids[t])
            else:
                tire(st, u)
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
    st.combat = None
    st.need = {}
    st.admit = {}
    st.stage = "end"
