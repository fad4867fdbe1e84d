"""Driving the campaign tracker through the real Match, as players at the table would."""

from __future__ import annotations

from typing import Any

from warroom.engine import Action, Match
from warroom.games.toi_stalingrad import GAME

TYPES = ("ammunition", "morale", "supply")


def new(variant: str = "campaign", seed: int = 1) -> Match:
    return Match.new(
        GAME, variant, {}, seed
    )  # not via the registry: other games cannot break these tests


def act(m: Match, *action: Any) -> None:
    """The active role takes ``action`` (it must be listed)."""
    role = m.active[0]
    m.act(role, tuple(action))


def task(m: Match) -> list[Any]:
    task = m.view(None)["board"]["task"]
    assert task is not None, "the campaign is over"
    return list(task)


def enter(
    m: Match,
    german: tuple[int, int, int, int] = (3, 3, 3, 5),
    soviet: tuple[int, int, int, int] = (3, 3, 3, 4),
    initiative: str = "german",
    next_initiative: str = "german",
    sig33b: str = "no",
    armor: tuple[str, str] = ("div1", "div1"),
) -> None:
    """Enter one scenario's result: (ammunition, morale, supply, CVP) per side, then the facts.

    After the last scenario of a campaign only the CVP and the initiative are asked.
    """
    assert task(m)[0] == "ask"
    if task(m)[2] == "cvp":  # the last scenario of a campaign
        act(m, "cvp", german[3])
        act(m, "cvp", soviet[3])
        act(m, "initiative", initiative)
        return
    for values in (german, soviet):
        for kind, n in zip(TYPES, values[:3], strict=True):
            act(m, "command", kind, n)
        act(m, "cvp", values[3])
    act(m, "initiative", initiative)
    act(m, "next-initiative", next_initiative)
    act(m, "sig33b", sig33b)
    act(m, "armor", armor[0])
    act(m, "armor", armor[1])


def finish_phase(m: Match) -> None:
    """Resolve the rest of a Campaign Phase with first choices and no purchases."""
    while not m.over and task(m)[0] != "ask":
        t = task(m)
        if t[0] == "buy":
            act(m, "done")
        elif t[0] == "halve":
            act(m, "keep")
        else:
            act(m, *m.legal(m.active[0])[0])


def command(m: Match, side: str) -> dict[str, int]:
    c: dict[str, int] = m.view(None)["board"]["command"][side]
    return c


def sheet(m: Match, side: str) -> dict[str, Any]:
    s: dict[str, Any] = m.view(None)["board"]["setup"]["sides"][side]
    return s


def legal(m: Match) -> list[Action]:
    return m.legal(m.active[0])
