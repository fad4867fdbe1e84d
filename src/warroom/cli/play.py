"""``warroom play GAME``: a game in the terminal, hot-seat or against the computer."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel

from warroom.ai import Agent, make_agent
from warroom.cli import app
from warroom.cli.options import parse_game_options, say_error
from warroom.engine import Match, WarroomError, game, visible


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
            Panel(g.render_text(match.state, role), title=f"{g.title}: {g.role_name(role)}")
        )
        p = match.prompt(role)
        console.print(f"[bold]{escape(g.role_name(role))}[/bold]: {escape(p.text)}")
        for i, label in enumerate(p.labels):
            console.print(f"  [cyan]{i + 1:3d}[/cyan]  {label}")
        extra = "  u = undo" if match.can_undo(role) else ""
        answer = typer.prompt(f"choose 1-{len(p.actions)}{extra}, q = quit", default="1")
        if answer.strip().lower() == "q":
            console.print("Stopped. " + (f"The record is in {save}." if save else ""))
            return
        if answer.strip().lower() == "u" and match.can_undo(role):
            match.undo(role)
            continue
        try:
            index = int(answer) - 1
            if not 0 <= index < len(p.actions):
                raise ValueError
        except ValueError:
            console.print(f"[red]{answer!r} is not a number from 1 to {len(p.actions)}[/red]")
            continue
        match.act(role, p.actions[index])
        if save:
            with open(save, "w", encoding="utf-8") as fh:
                json.dump(match.record(), fh)
    for event in match.log[seen:]:
        if visible(event, viewer):
            print_event(console, g, event)
    out = match.outcome
    assert out is not None
    console.print(Panel(g.render_text(match.state, None), title="Final position"))
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
