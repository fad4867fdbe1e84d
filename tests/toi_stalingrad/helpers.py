"""Driving the campaign tracker through the real Match, as players at the table would."""

from __future__ import annotations

from typing import Any

from warroom.engine import Action, Match
from warroom.games.toi_stalingrad import GAME

TYPES = ("ammunition", "morale", "supply")


def new(
    variant: str = "campaign",
    seed: int = 1,
    next_initiative: str = "german",
    sig33b: str = "no",
    armor: tuple[str, str] = ("div1", "div1"),
    options: dict[str, Any] | None = None,
) -> Match:
    """A new campaign whose set-up facts (asked once, first) are the same for scenarios 2-4."""
    m = Match.new(GAME, variant, options or {}, seed)  # not via the registry
    facts(m, next_initiative, sig33b, armor)
    return m


def facts(
    m: Match,
    next_initiative: str = "german",
    sig33b: str = "no",
    armor: tuple[str, str] = ("div1", "div1"),
) -> None:
    """Answer the set-up facts of scenarios 2-4, asked once at the start of the campaign."""
    for number in ("2", "3", "4"):
        assert task(m) == ["ask", "german", "next-initiative", number]
        act(m, "next-initiative", next_initiative)
        act(m, "sig33b", sig33b)
        act(m, "armor", armor[0])
        act(m, "armor", armor[1])


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
) -> None:
    """Enter one scenario's result: (ammunition, morale, supply, CVP) per side, the initiative.

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


def buy(m: Match, item: str, target: str, pay: str) -> None:
    """A purchase as a player makes it: the purchase, then how to pay when asked."""
    act(m, "buy", item, target)
    if task(m)[0] == "pay":
        act(m, "pay", pay)


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
