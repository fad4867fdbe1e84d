"""Terminal play at the Fall Blau standard for every game (issue 20, item 6): no list the
terminal prints for a prompt is longer than a screen (long prompts are asked by group,
a long group a page at a time with a filter, a number as a number), and the words are names.

Whole games in ``run_terminal`` itself: the player's seat answers through the same
``typer.prompt`` a person types into (scripted here), the other seat is a random player.
"""

from __future__ import annotations

import io
import re

import pytest
import typer
from rich.console import Console

import warroom
from warroom.ai import make_agent
from warroom.cli import play as cli
from warroom.engine import Match, Rng

PROMPTS_EACH = 120
"""Prompts answered per game (the rest of the game is left unplayed)."""

CASES = [(gid, s.id) for gid in warroom.games() for s in warroom.game(gid).scenarios[:2]]


class Stop(Exception):
    """Enough prompts answered."""


def _screens(out: io.StringIO, since: int) -> list[str]:
    """The choice lines printed since ``since`` (numbered lines of a list)."""
    text = out.getvalue()[since:]
    return [line for line in text.splitlines() if re.match(r"^\s+\d+\s{2}\S", line)]


@pytest.mark.parametrize(("gid", "scenario"), CASES, ids=[f"{g}-{s}" for g, s in CASES])
def test_every_list_the_terminal_prints_fits_a_screen(
    gid: str, scenario: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = warroom.game(gid)
    m = Match.new(gid, scenario, {}, 4)
    me = g.roles[0]
    out = io.StringIO()
    console = Console(file=out, width=100)
    rng = Rng(9)
    asked = {"n": 0, "at": 0, "longest": 0, "numbers": 0, "groups": 0, "pages": 0}

    def ask(text: str, default: str = "1") -> str:
        lines = _screens(out, asked["at"])
        asked["longest"] = max(asked["longest"], len(lines))
        assert len(lines) <= cli.SCREEN, f"{len(lines)} choices printed before {text!r}"
        asked["n"] += 1
        if asked["n"] > PROMPTS_EACH:
            raise Stop
        asked["at"] = len(out.getvalue())
        if text.startswith("type a number"):
            asked["numbers"] += 1
            low, high = (int(x) for x in re.findall(r"\d+", text)[:2])
            return str(low + rng.below(high - low + 1))
        top = int(re.search(r"choose 1-(\d+)", text).group(1))  # type: ignore[union-attr]
        if "b = back" in text:
            asked["groups"] += 1
        if "n = next page" in out.getvalue()[-400:] and rng.below(3) == 0:
            asked["pages"] += 1
            return "n"
        return str(1 + rng.below(top))

    monkeypatch.setattr(typer, "prompt", ask)
    others = {r: make_agent("random", gid, 3) for r in g.roles if r != me}
    with pytest.raises(Stop):
        cli.run_terminal(m, {me}, others, console)
        raise Stop  # the game ended before enough prompts were answered
    assert asked["longest"] >= 1  # it did print lists
    # the words of those lists (names, not ids) are tests/test_words.py's


def test_a_number_prompt_takes_the_number_typed() -> None:
    """Tide of Iron asks for command left and CVP as numbers from 0 to 99: typed, not listed."""
    m = Match.new("toi-stalingrad", "campaign", {}, 1)
    while not cli.numbers_of(m.prompt(m.active[0]).actions):
        role = m.active[0]
        m.act(role, m.legal(role)[0])
    role = m.active[0]
    p = m.prompt(role)
    numbers = cli.numbers_of(p.actions)
    assert numbers is not None and len(numbers) > cli.SCREEN
    out = io.StringIO()
    got = cli.ask_number(Console(file=out), numbers, False, lambda text, default: "37")
    assert isinstance(got, int) and p.actions[got][-1] == 37
    assert cli.ask_number(Console(file=out), numbers, False, lambda t, default: "x") is None
    assert "not a whole number from 0 to" in out.getvalue()


def test_a_long_list_pages_and_filters() -> None:
    labels = [f"Place at Town {i:02d}" for i in range(35)]
    answers = iter(["n", "town 3", "2"])
    out = io.StringIO()
    got = cli.pick(Console(file=out, width=100), labels, False, lambda t, default: next(answers))
    assert got == 31  # "Town 3x", the second of them
    printed = out.getvalue()
    assert "choices 1-19 of 35" in printed and "choices 20-35 of 35" in printed
