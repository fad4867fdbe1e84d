"""Helpers for scripted Commanders positions.

``new`` makes a ``Driven`` match: the test writes each side's orders the way a player
thinks of them (``order``: this unit, this way, in this phase), and the match answers the
phase prompts ("which ordered units act now?") from that script as the phases come, so a
test says only what it is about: the dice, the combat choices, the outcome.
"""

from __future__ import annotations

from typing import Any

from warroom.engine import Match
from warroom.games.commanders.data import UINDEX, load

D = load()
PHASE_OF = {"fast": "fast", "advance": "combined", "fire": "combined", "move": "noncombat"}


class Driven(Match):
    """A match that answers the "who acts now" prompts from each side's script."""

    __slots__ = ("script",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.script: dict[str, list[tuple[str, tuple[Any, ...]]]] = {"white": [], "black": []}
        super().__init__(*args, **kwargs)

    def act(self, role: str, action: Any) -> list[dict[str, Any]]:
        out = super().act(role, action)
        self.drive()
        return out

    def drive(self) -> None:
        """Answer every phase prompt from the script (what is not scripted waits)."""
        while not self.over and self.state.stage in ("choose", "road"):  # type: ignore[attr-defined]
            st: Any = self.state
            role = self.active[0]
            mine = self.script[role]
            want = next(
                (
                    i
                    for i, (phase, a) in enumerate(mine)
                    if phase == st.phase
                    and (a[0] == "road") == (st.stage == "road")
                    and a in self.legal(role)
                ),
                None,
            )
            if want is None:
                super().act(role, ("done",))
            else:
                super().act(role, mine.pop(want)[1])


def new(scenario: str = "marengo", options: dict[str, Any] | None = None, seed: int = 1) -> Driven:
    m = Driven.new("commanders", scenario, options or {}, seed)
    assert isinstance(m, Driven)
    return m


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


def _arrow(frm: int, to: int, side: int) -> int:
    """The order's arrow for a target: the target itself, or the sector in between."""
    if to in D.adj[frm]:
        return to
    return next(mid for t, _r, mid in D.lines[side][frm] if t == to)


def order(m: Match, role: str, *orders: tuple[Any, ...]) -> None:
    """Write orders and finish the sheet. Each is ("order", unit, how, sector) with how
    "fast" (cavalry, fast movement phase), "advance" (combined arms), "move" (non-combat),
    "fire" (a gun's close attack), "bombard" (sector one or two away); a cavalry order may
    add its second move (5th and 6th: "advance" or "move", sector), any infantry or cavalry
    order a road move ("road", sector). On a ``Driven`` match the unit then acts so in its
    phase (the sheet binds no unit: put the unit alone of its type in its sector)."""
    side = 0 if role == "white" else 1
    for o in orders:
        u = UINDEX[o[1]]
        st: Any = m.state
        kind = ("infantry", "cavalry", "artillery")[st.ut[u]]
        frm = st.loc[u]
        to = D.index[o[3]]
        arrow = _arrow(frm, to, side)
        m.act(role, ("order", kind, D.ids[frm], D.ids[arrow]))
        if not isinstance(m, Driven):
            continue
        how = o[2]
        if how == "bombard":
            m.script[role].append(("bombard", ("bombard", kind, D.ids[frm], o[3])))
        elif how == "fire":
            m.script[role].append(("combined", ("fire", kind, D.ids[frm], o[3])))
        else:
            m.script[role].append((PHASE_OF[how], ("go", kind, D.ids[frm], o[3])))
        if len(o) > 5:
            if o[4] == "road":
                m.script[role].append(("noncombat", ("road", kind, o[3], o[5])))
            else:
                m.script[role].append((PHASE_OF[o[4]], ("on", "cavalry", o[3], o[5])))
    m.act(role, ("done",))


def answer_done(m: Match, *stages: str) -> None:
    """Decline every offer (say done) while the game asks one of these questions."""
    while not m.over and m.state.stage in stages and m.active:
        for role in m.active:
            if ("done",) in m.legal(role):
                m.act(role, ("done",))
            else:
                return


def fresh(options: dict[str, Any] | None = None, seed: int = 1, driven: bool = True) -> Match:
    """Marengo with both armies sent to their reserves (board side B as printed), to stand
    units by hand. ``driven``: the phase prompts answer themselves from ``order`` scripts;
    otherwise the test answers them."""
    m: Match = (
        new("marengo", options, seed)
        if driven
        else Match.new("commanders", "marengo", options or {}, seed)
    )
    if m.state.stage == "orient":
        m.act("black", ("orient", 1))
    while m.state.stage == "place":
        for role in m.active:
            m.act(role, m.legal(role)[0])
    clear(m, "white")
    clear(m, "black")
    return m
