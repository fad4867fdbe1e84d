"""The terminal never prints a prompt longer than a screen: long prompts are asked by group."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

from rich.console import Console

from warroom.cli.play import SCREEN, pick
from warroom.engine import Match


def _answers(*values: str) -> Any:
    it: Iterator[str] = iter(values)

    def ask(_text: str, default: str = "1") -> str:
        return next(it)

    return ask


def _lines(out: io.StringIO) -> int:
    return sum(1 for line in out.getvalue().splitlines() if line.strip())


def test_a_long_order_sheet_prompt_is_asked_by_sector_then_by_order() -> None:
    m = Match.new("commanders", "custom", {}, 1)
    for slot, mix in (("w-right", (2, 4, 0)), ("w-centre", (4, 0, 2)), ("w-left", (6, 0, 0))):
        m.act("white", ("place", slot, *mix))
    for slot, mix in (("b-right", (2, 4, 0)), ("b-centre", (4, 0, 2)), ("b-left", (6, 0, 0))):
        m.act("black", ("place", slot, *mix))
    # spread white over many sectors so that its sheet prompt is long
    st: Any = m.state
    d = st.data
    spots = ["w-left", "w-centre", "w-right", "mid-west", "mid-centre", "mid-east", "w-reserve"]
    for k, u in enumerate(range(30)):
        st.loc[u] = d.index[spots[k % len(spots)]]
    st.cache = [None, None]
    p = m.prompt("white")
    assert len(p.labels) > SCREEN
    out = io.StringIO()
    console = Console(file=out, width=100)
    chosen = pick(console, list(p.labels), False, _answers("5", "2"))
    assert _lines(out) <= SCREEN  # the sectors, then one sector's orders
    assert isinstance(chosen, int)
    head = p.labels[chosen].split(": ")[0]
    assert head in out.getvalue()
    m.act("white", p.actions[chosen])


def test_each_list_shown_fits_a_screen_in_real_games() -> None:
    """Every prompt of a game between random players: each list the terminal prints (the
    groups, then a group's choices) is at most a screen long."""
    from warroom.engine import Rng

    rng = Rng(3)
    for scenario, opts in (("marengo", {"terrain": True}), ("custom", {"objectives": True})):
        m = Match.new("commanders", scenario, opts, 5)
        while not m.over and m.state.round <= 3:  # type: ignore[attr-defined]
            role = m.active[0]
            p = m.prompt(role)
            out = io.StringIO()
            first = pick(Console(file=out, width=120), list(p.labels), False, _answers("1", "1"))
            assert _lines(out) <= SCREEN or len(p.labels) <= SCREEN, (len(p.labels), _lines(out))
            assert first is not None
            m.act(role, p.actions[rng.below(len(p.actions))])
