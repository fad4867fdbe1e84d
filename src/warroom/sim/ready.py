"""Ready reports: the simulations designers ask for, with their own tables.

- ``fall-blau-generals``: the German win rate for each of the ten choices of
  three generals out of five, in each mode (standard, hard, missions, both).
- ``commanders-setups``: each set-up's balance (white against black) with
  each agent pairing.
- ``campaign``: a Campaign Commander campaign (Roads to Stalingrad by
  default): each side's win rate, the VP distribution, and the turn facts the
  game reports (when Winter Arrives, when the initiative changes).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.table import Table

from warroom.ai.base import rules_policy
from warroom.engine import Game, game
from warroom.sim.job import Cell, Job, make_cells, option_text, split_agents
from warroom.sim.report import dist_text, pct, pct_short, render_report


def _pairings(
    g: Game[Any], agents: Sequence[str], default: Sequence[Sequence[str]]
) -> list[tuple[str, ...]]:
    if agents:
        out = []
        for text in agents:
            names = split_agents(text)
            out.append(tuple(names * len(g.roles) if len(names) == 1 else names))
        return out
    return [tuple(p) for p in default]


def _best_agent(game_id: str) -> str:
    return "rules" if rules_policy(game_id) is not None else "random"


@dataclass(frozen=True)
class Ready:
    name: str
    description: str
    game: str
    games: int
    build: Callable[[Game[Any], int, int, Sequence[str]], Job]
    summarize: Callable[[Job, dict[str, Any]], dict[str, Any]]
    draw: Callable[[Job, dict[str, Any], Console], None]

    def job(self, game_id: str | None, games: int | None, seed: int, agents: Sequence[str]) -> Job:
        g = game(game_id or self.game)
        return self.build(g, games or self.games, seed, agents)

    def summary(self, job: Job, report: dict[str, Any]) -> dict[str, Any]:
        return self.summarize(job, report)

    def render(self, job: Job, report: dict[str, Any], console: Console) -> None:
        self.draw(job, report, console)


# ----- Fall Blau: three generals out of five, four modes -------------------------------------


def general_choices(g: Game[Any]) -> list[str]:
    """The ten choices of three generals, as values of the game's ``generals`` option.

    Taken from the option's listed choices when it lists them, otherwise built
    from the game's five generals (``GENERALS``, or its data's ``general_order``),
    each choice in that order from left to right.
    """
    spec = {o.key: o for o in g.options}.get("generals")
    if spec is None:
        raise ValueError(f"{g.id} has no 'generals' option")
    if spec.choices:
        return [str(c) for c in spec.choices]
    names: Sequence[str] = getattr(g, "GENERALS", ()) or getattr(
        getattr(g, "data", None), "general_order", ()
    )
    if not names:
        raise ValueError(f"{g.id} lists neither the choices of its 'generals' option nor GENERALS")
    return [",".join(c) for c in itertools.combinations(names, 3)]


def fall_blau_modes(g: Game[Any]) -> list[dict[str, bool]]:
    keys = [k for k in ("hard", "missions") if k in {o.key for o in g.options}]
    return [
        dict(zip(keys, v, strict=True)) for v in itertools.product((False, True), repeat=len(keys))
    ]


def mode_name(options: dict[str, Any]) -> str:
    on = [k for k in ("hard", "missions") if options.get(k)]
    return "+".join(on) or "standard"


def _fb_build(g: Game[Any], games: int, seed: int, agents: Sequence[str]) -> Job:
    pairings = _pairings(g, agents, [[_best_agent(g.id)] * len(g.roles)])
    cells: list[Cell] = []
    for mode in fall_blau_modes(g):
        sweep: dict[str, list[Any]] = {k: [v] for k, v in mode.items()}
        sweep["generals"] = list(general_choices(g))
        cells += make_cells(g, None, sweep, pairings)
    return Job(g.id, tuple(cells), games, seed, meta=(("ready", "fall-blau-generals"),))


def _fb_summary(job: Job, report: dict[str, Any]) -> dict[str, Any]:
    role = report["roles"][0]
    rows: dict[str, dict[str, Any]] = {}
    for c in report["cells"]:
        row = rows.setdefault(
            c["options"]["generals"], {"generals": c["options"]["generals"], "modes": {}}
        )
        row["modes"][mode_name(c["options"])] = {
            "wins": c["wins"][role],
            "points": c["points"][role],
            "agents": c["agents"],
        }
    return {"role": role, "rows": list(rows.values())}


def _fb_draw(job: Job, report: dict[str, Any], console: Console) -> None:
    s = report["ready"]
    modes = list(dict.fromkeys(m for row in s["rows"] for m in row["modes"]))
    t = Table(
        title=f"Fall Blau: {s['role']} win rate by choice of generals ({job.games} games each, 95% intervals)",
        title_justify="left",
    )
    t.add_column("generals", style="bold", no_wrap=True)
    for m in modes:
        t.add_column(m, justify="right")
    ranked = sorted(
        s["rows"], key=lambda row: -sum(v["wins"]["rate"] for v in row["modes"].values())
    )
    for row in ranked:
        t.add_row(
            row["generals"],
            *(pct_short(row["modes"][m]["wins"]) if m in row["modes"] else "-" for m in modes),
        )
    console.print(t)
    v = Table(title="Mean VP", title_justify="left")
    v.add_column("generals", style="bold", no_wrap=True)
    for m in modes:
        v.add_column(m, justify="right")
    for row in ranked:
        v.add_row(
            row["generals"],
            *(
                f"{row['modes'][m]['points']['mean']:.1f}"
                if m in row["modes"] and row["modes"][m]["points"].get("n")
                else "-"
                for m in modes
            ),
        )
    console.print(v)


# ----- Commanders: each set-up, each agent pairing ---------------------------------------------


def _cmd_build(g: Game[Any], games: int, seed: int, agents: Sequence[str]) -> Job:
    kinds = ["rules", "random"] if rules_policy(g.id) is not None else ["random"]
    default = list(itertools.product(kinds, repeat=len(g.roles)))
    cells = make_cells(g, ["all"], {}, _pairings(g, agents, default))
    return Job(g.id, cells, games, seed, meta=(("ready", "commanders-setups"),))


def _cmd_summary(job: Job, report: dict[str, Any]) -> dict[str, Any]:
    rows: dict[str, dict[str, Any]] = {}
    for c in report["cells"]:
        row = rows.setdefault(c["scenario"], {"scenario": c["scenario"], "pairings": {}})
        row["pairings"][" v ".join(c["agents"])] = {
            "wins": c["wins"],
            "draws": c["draws"],
            "points": {r: c["points"][r].get("mean") for r in report["roles"]},
        }
    return {"roles": report["roles"], "rows": list(rows.values())}


def _cmd_draw(job: Job, report: dict[str, Any], console: Console) -> None:
    s = report["ready"]
    roles = s["roles"]
    t = Table(
        title=f"{job.game}: balance of each set-up ({job.games} games per row, 95% intervals)",
        title_justify="left",
    )
    t.add_column("set-up", style="bold", no_wrap=True)
    t.add_column(" v ".join(roles), no_wrap=True)
    for r in roles:
        t.add_column(f"{r} wins", justify="right", no_wrap=True)
    t.add_column("draws", justify="right", no_wrap=True)
    for row in s["rows"]:
        first = True
        for pairing, c in row["pairings"].items():
            t.add_row(
                row["scenario"] if first else "",
                pairing,
                *(pct_short(c["wins"][r]) for r in roles),
                pct_short(c["draws"]),
            )
            first = False
    console.print(t)


# ----- Campaign Commander campaigns ------------------------------------------------------------


def _cc_build(g: Game[Any], games: int, seed: int, agents: Sequence[str]) -> Job:
    pairings = _pairings(g, agents, [[_best_agent(g.id)] * len(g.roles)])
    cells = make_cells(g, ["all"], {}, pairings)
    return Job(
        g.id,
        cells,
        games,
        seed,
        meta=(("ready", "campaign"),),
        facts="warroom.sim.facts:campaign_commander",
    )


def _cc_summary(job: Job, report: dict[str, Any]) -> dict[str, Any]:
    return {
        "roles": report["roles"],
        "cells": [
            {
                "scenario": c["scenario"],
                "agents": c["agents"],
                "wins": c["wins"],
                "draws": c["draws"],
                "points": c["points"],
                "facts": c["facts"],
            }
            for c in report["cells"]
        ],
    }


def _cc_draw(job: Job, report: dict[str, Any], console: Console) -> None:
    s = report["ready"]
    roles = s["roles"]
    for c in s["cells"]:
        t = Table(
            title=f"{job.game} {c['scenario']} ({' v '.join(c['agents'])}, {job.games} games)",
            title_justify="left",
        )
        t.add_column("")
        t.add_column("")
        for r in roles:
            t.add_row(f"{r} wins", pct(c["wins"][r]))
        t.add_row("draws", pct(c["draws"]))
        for r in roles:
            t.add_row(f"{r} VP", dist_text(c["points"][r]))
        for name, d in c["facts"].items():
            if "mean" in d:
                text = dist_text(d) + (f"  (never in {d['missing']})" if d["missing"] else "")
                if "counts" in d:
                    text += "\n" + ", ".join(f"{k}: {v}" for k, v in d["counts"].items())
            else:
                text = ", ".join(f"{k}: {v}" for k, v in d["counts"].items())
            t.add_row(name, text)
        console.print(t)
    if report["overall"]["games"] > report["overall"]["errors"] and not any(
        c["facts"] for c in s["cells"]
    ):
        console.print(f"[yellow]{job.game} reports no facts yet[/yellow]")
    console.print("[dim]  VP and facts: mean ±95% half-width  [min | p10 median p90 | max][/dim]")


def _generic_draw(job: Job, report: dict[str, Any], console: Console) -> None:
    render_report(report, console)


READY: dict[str, Ready] = {
    r.name: r
    for r in (
        Ready(
            "fall-blau-generals",
            "Fall Blau: win rate of each of the ten choices of three generals, in each mode",
            "fall-blau",
            100,
            _fb_build,
            _fb_summary,
            _fb_draw,
        ),
        Ready(
            "commanders-setups",
            "Commanders: balance of each set-up (white against black) with each agent pairing",
            "commanders",
            100,
            _cmd_build,
            _cmd_summary,
            _cmd_draw,
        ),
        Ready(
            "campaign",
            "Campaign Commander (--game roads-to-stalingrad or coral-sea): win rates, VP, "
            "when Winter Arrives and when the initiative changes",
            "roads-to-stalingrad",
            100,
            _cc_build,
            _cc_summary,
            _cc_draw,
        ),
    )
}

__all__ = ["READY", "Ready", "general_choices", "mode_name", "option_text"]
