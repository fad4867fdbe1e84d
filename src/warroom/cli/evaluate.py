"""``warroom evaluate GAME --agents A,B --games N``: agents against agents, win rates with 95% intervals."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from warroom.ai.arena import Evaluation, GameResult
from warroom.ai.arena import evaluate as run_evaluation
from warroom.cli import app
from warroom.cli.options import parse_game_options, say_error
from warroom.engine import WarroomError, game


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def print_evaluation(ev: Evaluation, console: Console) -> None:
    n = len(ev.results)
    title = f"{ev.game} ({ev.scenario}) · {n} games · seed {ev.seed}"
    if ev.options:
        title += " · " + ", ".join(f"{k}={v}" for k, v in ev.options.items())
    table = Table(title=title)
    for col in (
        "agent",
        "games",
        "wins",
        "draws",
        "losses",
        "win rate",
        "95% interval",
        "s/decision",
    ):
        table.add_column(col, justify="left" if col == "agent" else "right")
    for st in ev.agents:
        low, high = st.interval()
        secs = st.move_seconds
        per = f"{sum(secs) / len(secs):.3f} (max {max(secs):.2f})" if secs else "-"
        table.add_row(
            st.spec,
            str(st.games),
            str(st.wins),
            str(st.draws),
            str(st.losses),
            _pct(st.win_rate),
            f"{_pct(low)}–{_pct(high)}",
            per,
        )
    console.print(table)
    if ev.solitaire:
        levels = sorted({lv for st in ev.agents for lv in st.levels})
        lt = Table(title="levels of victory (share of games, 95% interval)")
        lt.add_column("agent")
        for lv in levels:
            lt.add_column(lv, justify="right")
        from warroom.ai.arena import wilson

        for st in ev.agents:
            cells = []
            for lv in levels:
                k = st.levels[lv]
                low, high = wilson(k, st.games)
                cells.append(f"{_pct(k / st.games if st.games else 0)} ({_pct(low)}–{_pct(high)})")
            lt.add_row(st.spec, *cells)
        console.print(lt)
    else:
        for st in ev.agents:
            seats = ", ".join(
                f"{role} {st.by_role[role]}/{st.games_by_role[role]}"
                for role in sorted(st.games_by_role)
            )
            console.print(f"  {st.spec}: wins by seat: {seats}")
    unfinished = sum(1 for r in ev.results if not r.finished)
    if unfinished:
        console.print(f"[yellow]{unfinished} games hit the step limit and count as draws[/yellow]")


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def evaluate(
    ctx: typer.Context,
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="commanders, fall-blau, ...")],
    agents: Annotated[
        str,
        typer.Option(help="agents, comma separated: random, rules, search:iterations=500 ..."),
    ] = "search,rules",
    games: Annotated[int, typer.Option(help="games to play (per agent in a solitaire game)")] = 20,
    seed: Annotated[int, typer.Option(help="the seed of the first game")] = 1,
    scenario: Annotated[
        str | None, typer.Option(help="scenario id (default: the game's first)")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option(help="game option key=value (repeatable)")
    ] = None,
    jobs: Annotated[int, typer.Option(help="games played in parallel processes")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="print the result as JSON")] = False,
) -> None:
    """Play agents against each other with seats swapped equally; print win rates with 95% intervals.

    Agent options go after a colon and are separated by '+' or ';' when several agents are
    named, e.g. --agents 'search:iterations=300+depth=100,rules'.
    """
    console = Console(stderr=as_json)
    if console.width < 120:
        console.width = 120  # the table is wide; a pipe or a narrow terminal wraps it
    try:
        g = game(game_id)
        opts = parse_game_options(g, option or [], list(ctx.args))
        specs = [s.strip().replace("+", ",").replace(";", ",") for s in _split_agents(agents)]
        total = games * (len(specs) if len(g.roles) == 1 else 1)
        with Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=as_json,
        ) as bar:
            task = bar.add_task(f"{g.id}", total=total)

            def tick(res: GameResult) -> None:
                bar.advance(task)

            ev = run_evaluation(
                g.id if jobs > 1 else g, specs, games, seed, scenario, opts, jobs, tick
            )
    except (WarroomError, ValueError) as exc:
        say_error(console, exc)
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps(ev.to_json(), indent=1))
    else:
        print_evaluation(ev, console)


def _split_agents(text: str) -> list[str]:
    """Split 'search:iterations=300,depth=50,rules' into agents: a part with '=' continues the previous."""
    out: list[str] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        if out and "=" in part and ":" not in part:
            out[-1] += "," + part
        else:
            out.append(part)
    return out
