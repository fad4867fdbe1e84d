"""``warroom play GAME``: a game in the terminal, hot-seat or against the computer."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from warroom.ai import Agent, make_agent
from warroom.cli import app
from warroom.cli.options import parse_game_options, say_error
from warroom.engine import Action, Match, WarroomError, game, visible


def _choose_humans(as_: str, roles: tuple[str, ...]) -> set[str]:
    if as_ == "both" or as_ == "all":
        return set(roles)
    if as_ == "none":
        return set()
    chosen = {r.strip() for r in as_.split(",")}
    unknown = chosen - set(roles)
    if unknown:
        raise typer.BadParameter(
            f"unknown role {', '.join(sorted(unknown))}; roles: {', '.join(roles)}, both or none"
        )
    return chosen


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def play(
    ctx: typer.Context,
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="commanders, fall-blau, ...")],
    scenario: Annotated[
        str | None, typer.Option(help="scenario id (default: the game's first)")
    ] = None,
    as_: Annotated[
        str, typer.Option("--as", help="your role(s): a role, role,role, both, or none")
    ] = "",
    seed: Annotated[int, typer.Option(help="the seed of the dice")] = 1,
    against: Annotated[
        str, typer.Option(help="the computer's agent: rules, random, search")
    ] = "rules",
    option: Annotated[
        list[str] | None, typer.Option(help="game option key=value (repeatable)")
    ] = None,
    load: Annotated[str | None, typer.Option(help="a saved record (JSON) to continue")] = None,
    save: Annotated[str | None, typer.Option(help="write the record here after every move")] = None,
) -> None:
    """Play a game in the terminal. Extra --flags name game options (e.g. --hard)."""
    console = Console()
    try:
        g = game(game_id)
        opts = parse_game_options(g, option or [], list(ctx.args))
        if load:
            with open(load, encoding="utf-8") as fh:
                match = Match.replay(json.load(fh))
        else:
            match = Match.new(g, scenario, opts, seed)
    except (WarroomError, OSError, ValueError) as exc:
        say_error(console, exc)
        raise typer.Exit(2) from None
    humans = _choose_humans(as_ or g.roles[0], g.roles)
    computers: dict[str, Agent] = {}
    for i, role in enumerate(g.roles):
        if role not in humans:
            try:
                computers[role] = make_agent(against, g.id, seed + i)
            except ValueError:
                computers[role] = make_agent("random", g.id, seed + i)
    run_terminal(match, humans, computers, console, save)


SCREEN = 20
"""No list the terminal prints is longer than this: a longer prompt is asked in two steps
(first the group: the game's ``choice_group`` of each choice, else the words before the
first ": " of its label, e.g. the sector an order starts from), and a group still longer
is shown a page at a time, with a filter (type part of a name)."""


def groups_of(labels: list[str], names: list[str] | None = None) -> list[tuple[str, list[int]]]:
    """The choices by group: ``names`` (one per label, "" for none) or the words before the
    label's first ": " (one group a label without them)."""
    out: dict[str, list[int]] = {}
    for i, label in enumerate(labels):
        head = (
            names[i] if names and names[i] else label.split(": ", 1)[0] if ": " in label else label
        )
        out.setdefault(head, []).append(i)
    return list(out.items())


def numbers_of(actions: Sequence[Action]) -> dict[int, int] | None:
    """A prompt that asks for a number (more than a dozen choices, every one the same action
    ending in a whole number): each number's choice; None for any other prompt."""
    if len(actions) <= 12:
        return None
    head = actions[0][:-1]
    out: dict[int, int] = {}
    for i, a in enumerate(actions):
        n = a[-1]
        if a[:-1] != head or isinstance(n, bool) or not isinstance(n, int):
            return None
        out[n] = i
    return out


def ask_number(
    console: Console, numbers: dict[int, int], can_undo: bool, ask: Any
) -> int | str | None:
    """A number prompt: the player types the number itself (the choice's index back)."""
    low, high = min(numbers), max(numbers)
    extra = ", u = undo" if can_undo else ""
    answer = str(ask(f"type a number from {low} to {high}{extra}, q = quit", default=str(low)))
    answer = answer.strip().lower()
    if answer == "q" or (answer == "u" and can_undo):
        return answer
    try:
        return numbers[int(answer)]
    except (ValueError, KeyError):
        console.print(
            f"[red]{escape(repr(answer))} is not a whole number from {low} to {high}[/red]"
        )
        return None


def _answer(console: Console, answer: str, n: int) -> int | None:
    try:
        k = int(answer) - 1
        if 0 <= k < n:
            return k
    except ValueError:
        pass
    console.print(f"[red]{escape(repr(answer))} is not a number from 1 to {n}[/red]")
    return None


def pick(
    console: Console,
    labels: list[str],
    can_undo: bool,
    ask: Any,
    groups: list[str] | None = None,
) -> int | str | None:
    """Ask for one of ``labels``: its index, "u" (undo), "q" (quit) or None (ask again).
    No list shown is longer than ``SCREEN`` lines: a longer prompt is asked by group first,
    and a longer group a page at a time."""
    extra = "  u = undo" if can_undo else ""
    shown = list(range(len(labels)))
    grouped = groups_of(labels, groups) if len(labels) > SCREEN else []
    if 1 < len(grouped) < len(labels) and len(grouped) <= SCREEN:
        for k, (head, members) in enumerate(grouped):
            more = f"  ({len(members)} choices)" if len(members) > 1 else ""
            text = head if len(members) > 1 else labels[members[0]]
            console.print(f"  [cyan]{k + 1:3d}[/cyan]  {escape(text)}{more}")
        answer = str(ask(f"choose 1-{len(grouped)}{extra}, q = quit", default="1")).strip().lower()
        if answer in ("q", "u") and (answer == "q" or can_undo):
            return answer
        chosen = _answer(console, answer, len(grouped))
        if chosen is None:
            return None
        shown = grouped[chosen][1]
        if len(shown) == 1:
            return shown[0]
        extra = "  b = back"
    start = 0
    full = shown
    size = SCREEN - 1  # a page and the line that says how to turn it
    while True:
        paged = len(shown) > SCREEN
        page = shown[start : start + size] if paged else shown
        for n, i in enumerate(page):
            console.print(f"  [cyan]{start + n + 1:3d}[/cyan]  {escape(labels[i])}")
        if paged:
            console.print(
                f"[dim]choices {start + 1}-{start + len(page)} of {len(shown)}: n = next page,"
                " p = previous, or type part of a name[/dim]"
            )
        answer = str(ask(f"choose 1-{len(shown)}{extra}, q = quit", default="1")).strip()
        low = answer.lower()
        if low == "q" or (low == "u" and can_undo and len(full) == len(labels)):
            return low
        if low == "b":
            return None
        if low in ("n", "p") and paged:
            step = size if low == "n" else -size
            start = max(0, min(start + step, (len(shown) - 1) // size * size))
            continue
        if low and not low.isdigit():
            match = [i for i in full if low in labels[i].lower()]
            if match:
                shown, start = match, 0
                if len(match) == 1:
                    return match[0]
                continue
            console.print(f"[red]no choice has {escape(repr(answer))} in its name[/red]")
            continue
        index = _answer(console, answer, len(shown))
        return None if index is None else shown[index]


def print_event(console: Console, g: Any, event: dict[str, Any]) -> None:
    """One log line; a line that opens a turn, round or operation as a header."""
    text = escape(g.describe_event(event))
    level = g.event_heading(event)
    if level == 1:
        console.rule(f"[bold]{text}[/bold]", align="left")
    elif level == 2:
        console.print(f"[bold]{text}[/bold]")
    else:
        console.print(f"  [dim]·[/dim] {text}")


def run_terminal(
    match: Match,
    humans: set[str],
    computers: dict[str, Any],
    console: Console,
    save: str | None = None,
) -> None:
    g = match.game
    seen = 0
    viewer = next(iter(humans)) if len(humans) == 1 else None
    while not match.over:
        for event in match.log[seen:]:
            if visible(event, viewer):
                print_event(console, g, event)
        seen = len(match.log)
        active = match.active
        # computers act first so a human never waits on them
        bots = [r for r in active if r in computers]
        if bots:
            role = bots[0]
            action = computers[role].choose(match, role)
            match.act(role, action)
            continue
        role = active[0]
        console.print(
            Panel(Text(g.render_text(match.state, role)), title=f"{g.title}: {g.role_name(role)}")
        )
        p = match.prompt(role)
        console.print(f"[bold]{escape(g.role_name(role))}[/bold]: {escape(p.text)}")
        numbers = numbers_of(p.actions)
        if numbers is not None:
            answer = ask_number(console, numbers, match.can_undo(role), typer.prompt)
        else:
            groups = [g.choice_group(match.state, role, a) for a in p.actions]
            answer = pick(console, list(p.labels), match.can_undo(role), typer.prompt, groups)
        if answer == "q":
            console.print("Stopped. " + (f"The record is in {save}." if save else ""))
            return
        if answer == "u":
            match.undo(role)
            continue
        if not isinstance(answer, int):
            continue
        match.act(role, p.actions[answer])
        if save:
            with open(save, "w", encoding="utf-8") as fh:
                json.dump(match.record(), fh)
    for event in match.log[seen:]:
        if visible(event, viewer):
            print_event(console, g, event)
    out = match.outcome
    assert out is not None
    console.print(Panel(Text(g.render_text(match.state, None)), title="Final position"))
    console.print(f"[bold green]Game over.[/bold green] {out.summary or out.to_json()}")


@app.command("games")
def list_games() -> None:
    """List the games, their roles, scenarios and options."""
    from warroom.engine import game_ids

    console = Console()
    for gid in game_ids():
        g = game(gid)
        console.print(f"[bold]{gid}[/bold]  {g.title}  roles: {', '.join(g.roles)}")
        console.print(f"    scenarios: {', '.join(s.id for s in g.scenarios)}")
        if g.options:
            console.print("    options: " + ", ".join(f"--{o.key} ({o.help})" for o in g.options))
