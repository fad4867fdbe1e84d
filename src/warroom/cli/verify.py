"""``warroom verify RECORD.json``: check that a hosted match's dice came from its committed seed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from warroom.cli import app

_MARK = {"ok": "[green]ok[/green]  ", "warn": "[yellow]note[/yellow]", "fail": "[red]FAIL[/red]"}


@app.command()
def verify(
    record: Annotated[
        Path,
        typer.Argument(
            metavar="RECORD",
            help="a finished match's record (the server's GET /api/matches/ID/record, or the"
            " page's Verify the dice)",
        ),
    ],
    commitment: Annotated[
        str | None,
        typer.Option(help="the commitment you noted during play, to compare with the record's"),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the checks as JSON")] = False,
) -> None:
    """Re-play a match from its revealed seed: the commitment, every action, every die and
    card of the log, the outcome and the final state. Exits 1 if anything disagrees."""
    from warroom.engine.verify import verify_record

    console = Console(highlight=False)
    try:
        data = json.loads(record.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise typer.BadParameter(f"cannot read {record}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise typer.BadParameter(f"{record} is not JSON: {exc}") from None
    verdict = verify_record(data, commitment)
    if as_json:
        typer.echo(json.dumps(verdict.to_json(), indent=1))
    else:
        game = data.get("game", "?") if isinstance(data, dict) else "?"
        console.print(f"[bold]{record}[/bold] ({game})")
        for c in verdict.checks:
            console.print(f"  {_MARK.get(c.level, c.level)} {c.name}: {c.detail}")
        if verdict.ok:
            console.print(
                "[bold green]verified[/bold green]: the dice came from the committed seed"
            )
        else:
            console.print("[bold red]not verified[/bold red]: " + verdict.failures[0].detail)
    if not verdict.ok:
        raise typer.Exit(1)
