"""Low-level changes of the board shared by the phases: moving a unit, spending it, routed
units fleeing, and moves into a sector short of room (the owner says who goes first)."""

from __future__ import annotations

from warroom.games.commanders.combat import remove_unit
from warroom.games.commanders.data import CAV, INF, N_UNITS, USIDE, side_units
from warroom.games.commanders.orders import in_forest
from warroom.games.commanders.state import ROUTED, CmdState, occupancy


def set_gate(st: CmdState, stage: str, who: tuple[bool, bool]) -> None:
    st.stage = stage
    st.waiting = [who[0], who[1]]


def tire(st: CmdState, u: int) -> None:
    """The unit may do nothing more this round and is spent at the end of the phase."""
    st.tired.add(u)
    st.spend.add(u)


def move_unit(st: CmdState, u: int, to: int) -> None:
    """Move a unit; enemy routed units in the sector it enters are captured. A unit that
    enters a forest is spent (no second move, no road move after it)."""
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
    if in_forest(st, to):
        tire(st, u)


def flee(st: CmdState, with_infantry: bool) -> None:
    """Routed cavalry (and, at the end of combined arms, routed infantry) run to the routed
    box in their own reserve. Routed artillery stays where it is."""
    d = st.data
    for u in range(N_UNITS):
        s = st.loc[u]
        if s < 0 or st.status[u] != ROUTED:
            continue
        t = st.ut[u]
        res = d.reserve_of[USIDE[u]]
        if s != res and (t == CAV or (t == INF and with_infantry)):
            if st.garrison.get(s) == u:
                continue  # routed infantry inside a building stays (rallied in place)
            st.loc[u] = res
            st.log("fled", unit=st.uid[u], sector=d.ids[res])


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
                st.log("moved", unit=st.uid[u], sector=d.ids[to])
            else:
                rest.append((u, frm, to))
        pending = rest
    for u, _, to in pending:
        st.log("blocked", unit=st.uid[u], sector=d.ids[to])
        tire(st, u)
    st.need = {}
    st.admit = {}
