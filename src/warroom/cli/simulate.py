"""``warroom simulate``, ``warroom report`` and ``warroom results``: many games, stored and reported."""

from __future__ import annotations

import dataclasses
import json
import sys
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from warroom.cli import app
from warroom.cli.options import parse_game_options, say_error
from warroom.engine import WarroomError
from warroom.sim.api import report as build
from warroom.sim.api import simulate as run_job
from warroom.sim.job import Job, make_cells, resolve_game, split_agents
from warroom.sim.report import render_report
from warroom.sim.runner import GameResult
from warroom.sim.store import DEFAULT_DB, Store


def parse_pairings(agents: list[str], roles: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Each --agents value is one pairing, an agent per role in order; one agent alone plays every role."""
    pairings = []
    for text in agents or ["random"]:
        names = split_agents(text)
        if len(names) == 1:
            names = names * len(roles)
        pairings.append(tuple(names))
    return pairings


def parse_sweep(option: list[str]) -> dict[str, list[str]]:
    """--option k=v, repeatable; the same key given again adds a value to try (a sweep)."""
    sweep: dict[str, list[str]] = {}
    for pair in option:
        key, eq, value = pair.partition("=")
        if not eq:
            raise typer.BadParameter(f"--option takes key=value, got {pair!r}")
        sweep.setdefault(key.strip(), []).append(value.strip())
    return sweep


def progress_bar(console: Console, total: int, quiet: bool) -> Progress:
    return Progress(
        TextColumn("[bold]simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=quiet,
        transient=False,
        # the bar's refresh thread runs in the parent, which shares the cores with the workers
        refresh_per_second=4,
    )


def execute(
    job: Job,
    *,
    workers: int | None,
    ray: str | None,
    db: str | None,
    quiet: bool,
) -> tuple[int | None, list[GameResult]]:
    """Run a job with a progress bar on stderr; store it unless ``db`` is 'none'."""
    err = Console(stderr=True)
    store = Store(db) if db and db != "none" else None
    with progress_bar(err, job.total, quiet) as bar:
        task = bar.add_task("games", total=job.total, rate="")
        done = [0]

        def tick(_: GameResult) -> None:
            done[0] += 1
            elapsed = bar.tasks[0].elapsed or 1e-9
            bar.update(task, advance=1, rate=f"{done[0] / elapsed:.1f} games/s")

        try:
            job_id, results = run_job(job, workers=workers, ray=ray, store=store, on_result=tick)
        finally:
            if store is not None:
                store.close()
    if job_id is not None and not quiet:
        err.print(f"[dim]stored as job {job_id} in {db}[/dim]")
    return job_id, results


def show(
    job: Job,
    results: list[GameResult],
    job_id: int | None,
    as_json: bool,
    plot: str | None,
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    rep = build(job, results)
    rep["job_id"] = job_id
    if extra:
        rep.update(extra)
    if plot:
        from warroom.sim.plots import plot_report

        paths = plot_report(rep, results, plot)
        rep["plots"] = [str(p) for p in paths]
    if as_json:
        sys.stdout.write(json.dumps(rep, indent=1) + "\n")
    else:
        console = Console()
        render_report(rep, console)
        if plot:
            console.print(f"[dim]charts: {len(rep['plots'])} files in {plot}[/dim]")
    return rep


Workers = Annotated[
    int | None, typer.Option(help="processes on this machine (default: every core; 1: no pool)")
]
RayOpt = Annotated[
    str | None,
    typer.Option("--ray", help="run on Ray: a cluster address, or 'local' to start one here"),
]
Db = Annotated[str, typer.Option(help="the results store (SQLite file); 'none' to keep nothing")]
JsonOpt = Annotated[bool, typer.Option("--json", help="print the report as JSON")]
Plot = Annotated[str | None, typer.Option(help="write PNG and SVG charts into this folder")]


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def simulate(
    ctx: typer.Context,
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="commanders, fall-blau, ...")],
    agents: Annotated[
        list[str] | None,
        typer.Option(
            help="an agent per role, e.g. rules,random (repeat --agents to compare pairings)"
        ),
    ] = None,
    games: Annotated[int, typer.Option(help="games per scenario, option set and pairing")] = 100,
    scenario: Annotated[
        list[str] | None, typer.Option(help="scenario id, repeatable, or 'all'")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(help="game option key=value; repeat a key to sweep its values"),
    ] = None,
    seed: Annotated[int, typer.Option(help="the job seed: same seed, same games")] = 1,
    as_json: JsonOpt = False,
    plot: Plot = None,
    workers: Workers = None,
    ray: RayOpt = None,
    db: Db = str(DEFAULT_DB),
    keep_records: Annotated[
        bool, typer.Option(help="store each game's full record (its actions) too")
    ] = False,
    max_steps: Annotated[
        int, typer.Option(help="give up a game after this many steps (0: the game's bound)")
    ] = 0,
) -> None:
    """Play many games with chosen agents; store every game; report rates with 95% intervals."""
    console = Console(stderr=True)
    try:
        g = resolve_game(game_id)
        sweep: dict[str, list[Any]] = parse_sweep(option or [])
        for k, v in parse_game_options(g, [], list(ctx.args)).items():
            sweep[k] = [v]
        cells = make_cells(g, scenario, sweep, parse_pairings(agents or [], g.roles))
    except (WarroomError, ValueError, ImportError, AttributeError, TypeError) as exc:
        say_error(console, exc)
        raise typer.Exit(2) from None
    if games < 1:
        console.print("[red]--games must be at least 1[/red]")
        raise typer.Exit(2)
    job = Job(game_id, cells, games, seed, keep_records, max_steps=max_steps)
    job_id, results = execute(job, workers=workers, ray=ray, db=db, quiet=as_json)
    show(job, results, job_id, as_json, plot)


@app.command()
def results(
    job_id: Annotated[
        int | None, typer.Argument(help="a stored job (default: list the jobs)")
    ] = None,
    db: Db = str(DEFAULT_DB),
    as_json: JsonOpt = False,
    plot: Plot = None,
) -> None:
    """List the simulations in the results store, or show the report of one again."""
    with Store(db) as store:
        if job_id is None:
            rows = store.jobs()
            if as_json:
                sys.stdout.write(json.dumps(rows, indent=1) + "\n")
                return
            console = Console()
            for r in rows:
                secs = f"{r['seconds']:.1f}s" if r["seconds"] else "unfinished"
                console.print(
                    f"{r['id']:4d}  {r['created']}  {r['game']} v{r['version']}  seed {r['seed']}  "
                    f"{r['stored']}/{r['total']} games  {r['backend']}  {secs}"
                )
            return
        try:
            job = store.job(job_id)
        except KeyError as exc:
            say_error(Console(stderr=True), exc.args[0])
            raise typer.Exit(2) from None
        res = store.results(job_id)
    ready = dict(job.meta).get("ready")
    if ready:
        from warroom.sim.ready import READY

        if ready in READY:
            present(READY[ready], job, res, job_id, as_json, plot)
            return
    show(job, res, job_id, as_json, plot)


@app.command("report")
def ready_report(
    name: Annotated[
        str,
        typer.Argument(help="fall-blau-generals, commanders-setups, campaign, balance, or 'list'"),
    ],
    target: Annotated[
        str | None,
        typer.Argument(metavar="[GAME]", help="the game, for reports that serve several"),
    ] = None,
    games: Annotated[
        int | None, typer.Option(help="games per cell (default: the report's)")
    ] = None,
    game_id: Annotated[
        str | None, typer.Option("--game", help="the game, for reports that serve several")
    ] = None,
    agents: Annotated[
        list[str] | None, typer.Option(help="agent pairing(s) instead of the report's")
    ] = None,
    seed: Annotated[int, typer.Option(help="the job seed")] = 1,
    as_json: JsonOpt = False,
    plot: Plot = None,
    workers: Workers = None,
    ray: RayOpt = None,
    db: Db = str(DEFAULT_DB),
    max_steps: Annotated[
        int, typer.Option(help="give up a game after this many steps (0: the game's bound)")
    ] = 0,
) -> None:
    """Ready reports for the questions designers ask (see 'warroom report list')."""
    from warroom.sim.ready import READY

    console = Console()
    if name == "list":
        for r in READY.values():
            console.print(f"[bold]{r.name}[/bold]  {r.description}")
        return
    if name not in READY:
        Console(stderr=True).print(
            f"[red]no ready report {name!r}; they are: {', '.join(READY)}[/red]"
        )
        raise typer.Exit(2)
    ready = READY[name]
    if target and game_id and target != game_id:
        Console(stderr=True).print(f"[red]two games named: {target!r} and --game {game_id!r}[/red]")
        raise typer.Exit(2)
    if games is not None and games < 1:
        Console(stderr=True).print("[red]--games must be at least 1[/red]")
        raise typer.Exit(2)
    try:
        job = ready.job(target or game_id, games, seed, agents or [])
        if max_steps:
            job = dataclasses.replace(job, max_steps=max_steps)
    except (WarroomError, ValueError) as exc:
        say_error(Console(stderr=True), exc)
        raise typer.Exit(2) from None
    job_id, res = execute(job, workers=workers, ray=ray, db=db, quiet=as_json)
    present(ready, job, res, job_id, as_json, plot)


def present(
    ready: Any,
    job: Job,
    res: list[GameResult],
    job_id: int | None,
    as_json: bool,
    plot: str | None,
) -> None:
    """A ready report: its own tables (or JSON with its summary under 'ready')."""
    rep = build(job, res)
    rep["job_id"] = job_id
    rep["ready"] = ready.summary(job, rep)
    if plot:
        from pathlib import Path

        from warroom.sim.plots import plot_report

        chart = getattr(ready, "chart", None)
        own = chart(job, rep, Path(plot)) if chart else []
        rep["plots"] = [str(p) for p in [*own, *plot_report(rep, res, plot)]]
    if as_json:
        sys.stdout.write(json.dumps(rep, indent=1) + "\n")
        return
    console = Console()
    ready.render(job, rep, console)
    o = rep["overall"]
    if o["errors"]:
        console.print(f"[red]{o['errors']} of {o['games']} games failed; the first:[/red]")
        for e in rep["errors"][:5]:
            console.print(f"[red]  game {e['index']} (seed {e['seed']}): {e['error']}[/red]")
    if plot and rep.get("plots"):
        console.print(f"[dim]charts: {len(rep['plots'])} files in {plot}[/dim]")
