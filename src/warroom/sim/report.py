"""A report of a simulation: win and draw rates with 95% intervals, VP and length distributions,
report facts, and breakdowns by cell, scenario, option value and agent pairing.

``build_report`` gives JSON-ready data (``--json`` prints it as it is);
``render_report`` draws it as tables in the terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from warroom.sim.job import Job, option_text
from warroom.sim.runner import GameResult
from warroom.sim.stats import counts, distribution, rate


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def facts_summary(results: Sequence[GameResult]) -> dict[str, Any]:
    """Numbers become distributions (with how many games lack the fact); anything else is counted."""
    keys = sorted({k for r in results for k in r.facts})
    out: dict[str, Any] = {}
    for k in keys:
        values = [r.facts.get(k) for r in results]
        present = [v for v in values if v is not None]
        if present and all(_is_number(v) for v in present):
            d = distribution(present)
            d["missing"] = len(values) - len(present)
            out[k] = d
        else:
            out[k] = {"counts": counts(values)}
    return out


def block(roles: Sequence[str], results: Sequence[GameResult]) -> dict[str, Any]:
    """The summary of a group of games."""
    done = [r for r in results if r.error is None]
    n = len(done)
    wins = {role: rate(sum(1 for r in done if r.winner == role), n) for role in roles}
    return {
        "games": len(results),
        "errors": len(results) - n,
        "wins": wins,
        "draws": rate(sum(1 for r in done if r.winner is None), n),
        "points": {role: distribution(r.points.get(role, 0.0) for r in done) for role in roles},
        "length": distribution(r.steps for r in done),
        "levels": counts(r.level for r in done if r.level),
        "facts": facts_summary(done),
    }


def _group(
    results: Iterable[GameResult], key: Callable[[GameResult], str]
) -> dict[str, list[GameResult]]:
    groups: dict[str, list[GameResult]] = {}
    for r in results:
        groups.setdefault(key(r), []).append(r)
    return groups


def agents_text(r: GameResult) -> str:
    return ",".join(r.agents.values())


def build_report(job: Job, roles: Sequence[str], results: Sequence[GameResult]) -> dict[str, Any]:
    """Everything a report shows, as JSON-ready data."""
    rs = sorted(results, key=lambda r: r.index)
    report: dict[str, Any] = {
        "game": job.game,
        "seed": job.seed,
        "games_per_cell": job.games,
        "roles": list(roles),
        "overall": block(roles, rs),
        "cells": [
            {**cell.to_json(), **block(roles, [r for r in rs if r.cell == i])}
            for i, cell in enumerate(job.cells)
        ],
        "by_scenario": {k: block(roles, v) for k, v in _group(rs, lambda r: r.scenario).items()},
        "by_agents": {k: block(roles, v) for k, v in _group(rs, agents_text).items()},
        "by_option": {},
        "errors": [{"index": r.index, "seed": r.seed, "error": r.error} for r in rs if r.error][
            :20
        ],
    }
    keys = sorted({k for r in rs for k in r.options})
    for k in keys:
        groups = _group(rs, lambda r, k=k: option_text(r.options.get(k, "")))  # type: ignore[misc]
        if len(groups) > 1:
            report["by_option"][k] = {v: block(roles, g) for v, g in groups.items()}
    return report


# ----- terminal ---------------------------------------------------------------------------------


def pct(r: dict[str, Any]) -> str:
    """'48.0% (44.9-51.1)'."""
    if not r["n"]:
        return "-"
    return f"{100 * r['rate']:.1f}% ({100 * r['low']:.1f}-{100 * r['high']:.1f})"


def pct_short(r: dict[str, Any]) -> str:
    """'48% (45-51)': for wide tables."""
    if not r["n"]:
        return "-"
    return f"{100 * r['rate']:.0f}% ({100 * r['low']:.0f}-{100 * r['high']:.0f})"


def _num(x: float) -> str:
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.1f}"


def dist_text(d: dict[str, Any]) -> str:
    """'12.3 ±0.4 [p10 8, median 12, p90 17]'."""
    if not d.get("n"):
        return "-"
    half = d["mean_high"] - d["mean"]
    return (
        f"{d['mean']:.1f} ±{half:.1f}  "
        f"[{_num(d['min'])} | {_num(d['p10'])} {_num(d['median'])} {_num(d['p90'])} | {_num(d['max'])}]"
    )


def _rows_table(title: str, roles: Sequence[str], rows: dict[str, dict[str, Any]]) -> Table:
    t = Table(title=title, title_justify="left")
    t.add_column("", style="bold", no_wrap=True)
    t.add_column("games", justify="right")
    for role in roles:
        t.add_column(f"{role} wins", justify="right")
    t.add_column("draws" if len(roles) > 1 else "defeats", justify="right")
    for role in roles:
        t.add_column(f"{role} VP", justify="right")
    t.add_column("steps", justify="right")
    for name, b in rows.items():
        t.add_row(
            name,
            str(b["games"]) + (f" ({b['errors']} err)" if b["errors"] else ""),
            *(pct_short(b["wins"][role]) for role in roles),
            pct_short(b["draws"]),
            *(
                f"{b['points'][role]['mean']:.1f}" if b["points"][role].get("n") else "-"
                for role in roles
            ),
            f"{b['length']['mean']:.0f}" if b["length"].get("n") else "-",
        )
    return t


def cell_names(cells: Sequence[dict[str, Any]]) -> list[str]:
    """A short name per cell, naming only what varies between cells (scenario, options, agents)."""
    if not cells:
        return []
    vary_scen = len({c["scenario"] for c in cells}) > 1
    keys = sorted({k for c in cells for k in c["options"]})
    vary_keys = [k for k in keys if len({option_text(c["options"].get(k, "")) for c in cells}) > 1]
    vary_agents = len({tuple(c["agents"]) for c in cells}) > 1
    names = []
    for c in cells:
        parts = [c["scenario"]] if vary_scen or len(cells) == 1 else []
        parts += [f"{k}={option_text(c['options'][k])}" for k in vary_keys if k in c["options"]]
        if vary_agents or len(cells) == 1:
            parts.append(",".join(c["agents"]))
        names.append(" ".join(parts))
    return names


def render_report(report: dict[str, Any], console: Console) -> None:
    roles: list[str] = report["roles"]
    o = report["overall"]
    console.print(
        f"[bold]{report['game']}[/bold]: {o['games']} games, seed {report['seed']}"
        + (f", [red]{o['errors']} failed[/red]" if o["errors"] else "")
    )
    t = Table(title="Overall (95% intervals)", title_justify="left")
    t.add_column("")
    t.add_column("")
    for role in roles:
        t.add_row(f"{role} wins", pct(o["wins"][role]))
    # one role: a game without a winner is a defeat, not a draw
    t.add_row("draws" if len(roles) > 1 else "defeats", pct(o["draws"]))
    for role in roles:
        t.add_row(f"{role} VP", dist_text(o["points"][role]))
    t.add_row("length (steps)", dist_text(o["length"]))
    for level, c in o["levels"].items():
        t.add_row(f"level: {level}", f"{c}")
    console.print(t)
    console.print("[dim]  VP and steps: mean ±95% half-width  [min | p10 median p90 | max][/dim]")
    if o["facts"]:
        f = Table(title="Report facts", title_justify="left")
        f.add_column("fact")
        f.add_column("distribution or counts")
        for name, d in o["facts"].items():
            if "mean" in d:
                text = dist_text(d) + (f"  (absent in {d['missing']})" if d["missing"] else "")
            else:
                text = ", ".join(f"{k}: {v}" for k, v in d["counts"].items())
            f.add_row(name, text)
        console.print(f)
    dims = (
        (len(report["by_scenario"]) > 1) + len(report["by_option"]) + (len(report["by_agents"]) > 1)
    )
    if dims >= 2:  # with one varying dimension its own table says it all
        rows = dict(zip(cell_names(report["cells"]), report["cells"], strict=True))
        console.print(_rows_table("By cell", roles, rows))
    if len(report["by_scenario"]) > 1:
        console.print(_rows_table("By scenario", roles, report["by_scenario"]))
    for key, groups in report["by_option"].items():
        console.print(_rows_table(f"By option {key}", roles, groups))
    if len(report["by_agents"]) > 1:
        console.print(
            _rows_table("By agents (" + ",".join(roles) + ")", roles, report["by_agents"])
        )
    for e in report["errors"]:
        console.print(f"[red]game {e['index']} (seed {e['seed']}): {e['error']}[/red]")
