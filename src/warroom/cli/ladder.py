"""``warroom ladder GAME``: a round robin of every kind of opponent, Elo ratings and the
win-rate matrix (``warroom.ai.ladder``)."""

from __future__ import annotations

import json
import math
import time
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from warroom.ai.arena import GameResult, spec_of
from warroom.ai.ladder import Ladder, entrants, ladder
from warroom.cli import app
from warroom.cli.evaluate import _split_agents
from warroom.cli.options import parse_game_options, say_error
from warroom.engine import WarroomError, game


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def game_line(done: int, total: int, elapsed: float, a: str, b: str, res: GameResult) -> str:
    """One finished game of a ladder, for the progress lines on stderr: how many of how many,
    the time since the start, the pair, the seed and how it ended."""
    s = int(elapsed)
    clock = f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"
    if not a:  # solitaire: one agent, a level of victory
        agent = spec_of(next(iter(res.seats.values())))
        end = f"{agent}: {res.level}"
        pair = agent
    else:
        pair = f"{a} v {b}"
        if not res.finished:
            end = f"unfinished after {res.steps} steps"
        elif res.winner is None:
            end = "draw"
        else:
            end = f"{spec_of(res.seats[res.winner])} won as {res.winner}"
        if res.points:
            end += " (" + ", ".join(f"{r} {p:g}" for r, p in res.points.items()) + ")"
    return f"game {done}/{total} · {clock} · {pair} · seed {res.seed}: {end}"


def markdown(lad: Ladder) -> str:
    """The ladder's tables in Markdown (for docs/ai.md)."""
    lines = [f"**{lad.game}**, {lad.games} games a pair, seed {lad.seed}", ""]
    if lad.solo is not None:
        lines += ["| agent | games | wins |", "| --- | --- | --- |"]
        lines += [f"| {r.name} | {r.games} | {_pct(r.score)} |" for r in lad.ratings]
        return "\n".join(lines) + "\n"
    lines += ["| entrant | Elo | 95% interval | games | score |", "| --- | --- | --- | --- | --- |"]
    for r in lad.ratings:
        lines.append(
            f"| {r.name} | {r.elo:.0f} | {r.low:.0f} to {r.high:.0f} | {r.games} | {_pct(r.score)} |"
        )
    played = [e for e in lad.entrants if any(e in pair for pair in lad.pairs)]
    lines += ["", "| row's score against column | " + " | ".join(played) + " |"]
    lines.append("| --- " * (len(played) + 1) + "|")
    for a in played:
        cells = []
        for b in played:
            s, n = lad.score(a, b) if a != b else (0.0, 0)
            cells.append(f"{s:g}/{n}" if n else "")
        lines.append(f"| {a} | " + " | ".join(cells) + " |")
    targets = lad.targets()
    if targets:
        lines += ["", "| target | score | 95% interval | verdict |", "| --- | --- | --- | --- |"]
        for t in targets:
            lines.append(
                f"| {t['agent']} vs {t['against']} >= 60% | {t['score']:g}/{t['games']} "
                f"({_pct(t['rate'])}) | {_pct(t['low'])}-{_pct(t['high'])} | {t['verdict']} |"
            )
    return "\n".join(lines) + "\n"


def print_ladder(lad: Ladder, console: Console) -> None:
    secs = lad.seconds()
    if lad.solo is not None:
        t = Table(title=f"{lad.game} · solitaire · {lad.games} games each · seed {lad.seed}")
        for col in ("agent", "games", "wins", "s/decision"):
            t.add_column(col, justify="left" if col == "agent" else "right")
        for r in lad.ratings:
            v = [x for st in lad.solo.agents if st.spec == r.name for x in st.move_seconds]
            t.add_row(r.name, str(r.games), _pct(r.score), f"{sum(v) / len(v):.2f}" if v else "-")
        console.print(t)
        return
    t = Table(title=f"{lad.game} · Elo · {lad.games} games a pair · seed {lad.seed}")
    for col in ("entrant", "Elo", "95% interval", "games", "score", "s/decision (max)"):
        t.add_column(col, justify="left" if col == "entrant" else "right")
    for r in lad.ratings:
        v = secs.get(r.name, [])
        per = f"{sum(v) / len(v):.3f} ({max(v):.2f})" if v else "-"
        if math.isnan(r.elo):
            continue
        t.add_row(
            r.name, f"{r.elo:.0f}", f"{r.low:.0f}–{r.high:.0f}", str(r.games), _pct(r.score), per
        )
    console.print(t)
    played = [e for e in lad.entrants if any(e in pair for pair in lad.pairs)]
    m = Table(title="score of the row against the column (wins + draws/2 of games)")
    m.add_column("")
    for b in played:
        m.add_column(b, justify="right")
    for a in played:
        cells = []
        for b in played:
            s, n = lad.score(a, b) if a != b else (0.0, 0)
            cells.append(f"{s:g}/{n}" if n else "")
        m.add_row(a, *cells)
    console.print(m)
    for tg in lad.targets():
        colour = {"met": "green", "not met": "red"}.get(tg["verdict"], "yellow")
        console.print(
            f"  {tg['agent']} vs {tg['against']}: {tg['score']:g}/{tg['games']} "
            f"({_pct(tg['rate'])}, 95% {_pct(tg['low'])}-{_pct(tg['high'])}): "
            f"[{colour}]target {tg['verdict']}[/{colour}]"
        )


@app.command("ladder", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def ladder_command(
    ctx: typer.Context,
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="commanders, coral-sea, ...")],
    games: Annotated[int, typer.Option(help="games per pair (even: seats swapped)")] = 2,
    seed: Annotated[int, typer.Option(help="the seed of each pair's first game")] = 1,
    agents: Annotated[
        str | None,
        typer.Option(help="the entrants, comma separated (default: every kind the game has)"),
    ] = None,
    focus: Annotated[
        str | None,
        typer.Option(help="play only the pairs with one of these entrants (e.g. normal,hard)"),
    ] = None,
    scenario: Annotated[str | None, typer.Option(help="scenario id")] = None,
    option: Annotated[
        list[str] | None, typer.Option(help="game option key=value (repeatable)")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the result as JSON")] = False,
    as_markdown: Annotated[
        bool, typer.Option("--markdown", help="print the tables as Markdown")
    ] = False,
    list_only: Annotated[
        bool, typer.Option("--list", help="list the game's entrants and stop")
    ] = False,
) -> None:
    """A round robin of random, rules, each fixed style, the exploit scripts, IS-MCTS and the
    levels; prints Elo ratings with 95% intervals, the win-rate matrix and issue 23's targets.

    Costly: normal thinks about 1.2 s a decision and hard 5 s, a game has dozens to hundreds
    of decisions. Use --focus normal,hard to play only the levels' pairs, and nice it."""
    console = Console(stderr=as_json or as_markdown)
    if console.width < 120:
        console.width = 120
    try:
        g = game(game_id)
        if list_only:
            for name in entrants(g):
                print(name)
            return
        opts = parse_game_options(g, option or [], list(ctx.args))
        names = [s.replace("+", ",") for s in _split_agents(agents)] if agents else None
        focused = [f.strip() for f in focus.split(",")] if focus else []
        every = names or entrants(g)
        if len(g.roles) == 1:
            total = games * len(every)
        else:
            pairs = sum(
                1
                for i, a in enumerate(every)
                for b in every[i + 1 :]
                if not focused or a in focused or b in focused
            )
            total = pairs * games
        clock = time.monotonic()
        done = 0
        with Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
        ) as bar:
            task = bar.add_task(g.id, total=total)

            def begin(a: str, b: str) -> None:
                bar.update(task, description=f"{g.id}: {a} v {b}")

            def tick(a: str, b: str, res: GameResult) -> None:
                # a line a game as well as the bar: a log file (no terminal) shows no bar
                # until the end, and the lines say how each game went
                nonlocal done
                done += 1
                bar.update(task, advance=1)
                bar.console.print(
                    game_line(done, total, time.monotonic() - clock, a, b, res),
                    markup=False,
                    highlight=False,
                )

            lad = ladder(g, games, seed, names, focused, scenario, opts, tick, begin=begin)
    except (WarroomError, ValueError) as exc:
        say_error(console, exc)
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps(lad.to_json(), indent=1))
    elif as_markdown:
        print(markdown(lad))
    else:
        print_ladder(lad, console)
