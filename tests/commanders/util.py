"""Helpers for scripted Commanders positions."""

from __future__ import annotations

from typing import Any

from warroom.engine import Match
from warroom.games.commanders.data import UINDEX, load

D = load()


def put(m: Match, unit: str, sector: str, status: int | None = None) -> None:
    """Stand a unit somewhere before the round is played (a position built by hand)."""
    m.state.loc[UINDEX[unit]] = D.index[sector] if sector else -1
    if status is not None:
        m.state.status[UINDEX[unit]] = status
    m.state.cache = [None, None]
    m.state.plan_base = [None, None]


def clear(m: Match, side: str, keep: tuple[str, ...] = ()) -> None:
    """Send every unit of a side except ``keep`` to its reserve."""
    res = "w-reserve" if side == "white" else "b-reserve"
    for uid, u in UINDEX.items():
        if uid[0] == side[0] and uid not in keep:
            m.state.loc[u] = D.index[res]
    m.state.cache = [None, None]
    m.state.plan_base = [None, None]


def events(m: Match, kind: str) -> list[dict[str, Any]]:
    return [e for e in m.log if e["kind"] == kind]


def unit(m: Match, uid: str) -> dict[str, Any]:
    return next(x for x in m.view(None)["board"]["units"] if x["id"] == uid)


def where(m: Match, uid: str) -> tuple[str | None, str]:
    u = unit(m, uid)
    return u["sector"], u["status"]


def control(m: Match, sector: str) -> str | None:
    return next(s for s in m.view(None)["board"]["sectors"] if s["id"] == sector)["control"]


def order(m: Match, role: str, *orders: tuple[Any, ...]) -> None:
    """Give orders (a cavalry order with a 5th element gets that second move) and finish."""
    for o in orders:
        m.act(role, o[:4])
        if m.state.composing[0 if role == "white" else 1] >= 0:
            m.act(role, ("then", o[4], o[5]) if len(o) > 4 else ("stop",))
    m.act(role, ("done",))


def answer_done(m: Match, *stages: str) -> None:
    """Decline every offer (say done) while the game asks one of these questions."""
    while not m.over and m.state.stage in stages and m.active:
        for role in m.active:
            if ("done",) in m.legal(role):
                m.act(role, ("done",))
            else:
                return
