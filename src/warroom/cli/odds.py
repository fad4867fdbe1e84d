"""``warroom odds``: the battle odds calculator for Campaign Commander campaigns."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from warroom.cli import app
from warroom.cli.options import say_error
from warroom.engine import WarroomError


def _names(values: list[str] | None) -> list[str]:
    return [v.strip() for text in values or [] for v in text.split(",") if v.strip()]


def _pairs(values: list[str] | None, what: str) -> list[tuple[str, str]]:
    out = []
    for text in values or []:
        key, sep, value = text.partition("=" if "=" in text else ":")
        if not sep:
            raise typer.BadParameter(f"{what} takes side:value or key=value, got {text!r}")
        out.append((key.strip(), value.strip()))
    return out


def _cups(values: list[str] | None) -> dict[str, list[str]] | None:
    """'axis=Assault*3,Ambush' -> {'axis': ['axis:Assault']*3 + ['axis:Ambush']}."""
    if not values:
        return None
    cups: dict[str, list[str]] = {}
    for side, spec in _pairs(values, "--cup"):
        for item in filter(None, (p.strip() for p in spec.split(","))):
            name, _, count = item.partition("*")
            key = name if ":" in name else f"{side}:{name}"
            cups.setdefault(side, []).extend([key] * (int(count) if count else 1))
    return cups


def _flag(value: str) -> Any:
    if value.lower() in ("true", "yes", "on"):
        return True
    if value.lower() in ("false", "no", "off"):
        return False
    try:
        return int(value)
    except ValueError:
        return value


def render(odds: dict[str, Any], console: Console) -> None:
    n = odds["battles"]
    console.print(
        f"[bold]{odds['attacker']}[/bold] attacks [bold]{odds['area']}[/bold] "
        f"({odds['game']}): {n} battles in {1000 * odds['seconds']:.0f} ms, "
        f"{odds['chits_played']:.1f} chits a battle"
    )
    t = Table(title="Who holds the area (95% intervals)", title_justify="left")
    t.add_column("outcome")
    t.add_column("chance", justify="right")
    words = {
        "attacker": f"{odds['attacker']} takes it",
        "defender": f"{odds['defender']} holds it",
        "emptied": "both driven out",
        "broken-off": "broken off (no decision)",
    }
    for k, r in odds["outcomes"].items():
        if r["count"] or k in ("attacker", "defender"):
            t.add_row(
                words[k],
                f"{100 * r['rate']:.1f}% ({100 * r['low']:.1f}-{100 * r['high']:.1f})",
            )
    console.print(t)
    u = Table(title="Each unit at the end", title_justify="left")
    for col in ("unit", "side", "TV/CH", "unharmed", "depleted", "retreated", "destroyed"):
        u.add_column(col, justify="left" if col in ("unit", "side") else "right")
    for uid, d in odds["units"].items():
        u.add_row(
            uid + (" (depleted)" if d["start"] == "depleted" else ""),
            d["side"],
            f"{d['tactical']}/{d['cohesion']}",
            *(f"{100 * d[k] / n:.1f}%" for k in ("ok", "depleted", "retreated", "destroyed")),
        )
    console.print(u)
    for side, profile in odds["losses"].items():
        top = list(profile.items())[:5]
        console.print(
            f"[bold]{side}[/bold] losses: " + "; ".join(f"{k}: {100 * c / n:.1f}%" for k, c in top)
        )
    for note in odds["notes"]:
        console.print(f"[yellow]{note}[/yellow]")


@app.command()
def odds(
    game_id: Annotated[
        str,
        typer.Argument(
            metavar="GAME", help="a Campaign Commander campaign, e.g. roads-to-stalingrad"
        ),
    ],
    area: Annotated[str, typer.Option(help="the area fought over")],
    attacker: Annotated[str, typer.Option(help="the attacking side (a role)")],
    attackers: Annotated[list[str], typer.Option(help="attacking units (ids, comma-separated)")],
    defenders: Annotated[
        list[str] | None,
        typer.Option(help="defending units (default: the enemy units in the area at the start)"),
    ] = None,
    origin: Annotated[
        str, typer.Option("--from", help="the area the attackers come from (rivers crossed)")
    ] = "",
    crossing: Annotated[
        str | None,
        typer.Option(help="the border crossed, if not the map's between --from and --area"),
    ] = None,
    depleted: Annotated[list[str] | None, typer.Option(help="units that start depleted")] = None,
    isolated: Annotated[list[str] | None, typer.Option(help="units that are isolated")] = None,
    card: Annotated[
        list[str] | None,
        typer.Option(help="a card played in the battle: side:card-id (repeatable)"),
    ] = None,
    cup: Annotated[
        list[str] | None,
        typer.Option(help="a side's cup instead of the campaign's: side=Name*count,Name,..."),
    ] = None,
    flag: Annotated[
        list[str] | None, typer.Option(help="a campaign flag key=value (e.g. winter=true)")
    ] = None,
    in_effect: Annotated[
        list[str] | None,
        typer.Option(
            "--in-effect",
            help='a permanent card in play: "Card Name=side" (e.g. "Winter Arrives=soviet")',
        ),
    ] = None,
    scenario: Annotated[
        str | None, typer.Option(help="the scenario whose opening state to use")
    ] = None,
    battles: Annotated[int, typer.Option(help="how many battles to fight")] = 10_000,
    seed: Annotated[int, typer.Option(help="the seed of the dice")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="print the odds as JSON")] = False,
) -> None:
    """The distribution of a battle's outcomes: who holds the area, what each side loses."""
    from warroom.sim.odds import what_if

    err = Console(stderr=True)
    try:
        result = what_if(
            game_id,
            area,
            attacker,
            _names(attackers),
            _names(defenders) if defenders else None,
            scenario=scenario,
            origin=origin,
            crossing=crossing,
            depleted=_names(depleted),
            isolated=_names(isolated),
            flags={k: _flag(v) for k, v in _pairs(flag, "--flag")},
            in_effect=dict(_pairs(in_effect, "--in-effect")),
            cards=_pairs(card, "--card"),
            cups=_cups(cup),
            battles=battles,
            seed=seed,
        )
    except (WarroomError, ValueError, KeyError) as exc:
        say_error(err, exc)
        raise typer.Exit(2) from None
    data = result.to_json()
    if as_json:
        sys.stdout.write(json.dumps(data, indent=1) + "\n")
    else:
        render(data, Console())
