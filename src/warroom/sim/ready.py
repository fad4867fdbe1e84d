"""Ready reports: the simulations designers ask for, with their own tables.

- ``fall-blau-generals``: the German win rate for each of the ten choices of
  three generals out of five, in each mode (standard, hard, missions, both).
- ``commanders-setups``: each set-up's balance (white against black) with
  each agent pairing.
- ``campaign``: a Campaign Commander campaign (Roads to Stalingrad by
  default): each side's win rate, the VP distribution, and the turn facts the
  game reports (when Winter Arrives, when the initiative changes).
- ``balance``: any game played by the strongest agent we have for it (in a
  two-player game against itself, and with the seats swapped when two agents
  are named): win rates with 95% intervals per mode, scenario or set-up, the
  side advantage, the share of each level of victory, and a chart.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from warroom.ai.base import rules_policy
from warroom.engine import Game, game
from warroom.sim.job import Cell, Job, make_cells, option_text, resolve_game, split_agents
from warroom.sim.report import dist_text, pct, pct_short, render_report
from warroom.sim.stats import Z95, rate


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
    chart: Callable[[Job, dict[str, Any], Path], list[Path]] | None = None
    """The report's own chart (PNG and SVG), drawn with ``--plot``."""

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


# ----- balance: the strongest agent we have, every mode, scenario or set-up --------------------


@dataclass(frozen=True)
class Strongest:
    agent: str
    games: int
    """Games per cell by default: what fits in a few minutes to an hour on one core."""
    why: str


STRONGEST: dict[str, Strongest] = {
    "fall-blau": Strongest(
        "search:iterations=100",
        50,
        "the flat paired search (ai/values/fall_blau.py SEARCH) at 100 simulations a decision: "
        "it races the rules player's choice against the other actions on the same deck and dice "
        "and wins far more than the rules player in every mode (docs/ai.md)",
    ),
    "commanders": Strongest(
        "search:iterations=300",
        10,
        "the search with the fitted value and the concentrated order sheets: 72.5% against "
        "the rules player over 80 games, seats swapped (docs/ai.md)",
    ),
    "roads-to-stalingrad": Strongest(
        "search",
        6,
        "the search over whole ways of playing (styles), 24 simulations a race: 80% against "
        "the rules player over 40 games, seats swapped (docs/ai.md)",
    ),
    "coral-sea": Strongest(
        "search",
        6,
        "the search over whole ways of playing (styles), 32 simulations a race: 86% against "
        "the rules player over 100 games (docs/ai.md)",
    ),
    "toi-stalingrad": Strongest(
        "rules",
        100,
        "the rules player: the campaign's winner follows from the scenario results entered at "
        "the table (the umpire enters them alike for every agent), so only the Campaign Phase "
        "decisions are the agent's and no search improves on them measurably (docs/ai.md)",
    ),
}


def strongest(game_id: str) -> Strongest:
    """The strongest agent we have for a game (the rules player, else random, for a game the
    table does not name)."""
    if game_id in STRONGEST:
        return STRONGEST[game_id]
    best = _best_agent(game_id)
    return Strongest(best, 20, f"no agent stronger than the {best} player is known for it")


def _setups(g: Game[Any]) -> list[tuple[str | None, dict[str, Any]]]:
    """The modes, scenarios or set-ups a balance report compares."""
    keys = {o.key for o in g.options}
    if {"hard", "missions"} & keys:  # a solitaire game's modes (Fall Blau)
        return [(None, mode) for mode in fall_blau_modes(g)]
    return [(s.id, {}) for s in g.scenarios]


def _bal_build(g: Game[Any], games: int, seed: int, agents: Sequence[str]) -> Job:
    best = strongest(g.id)
    pairings = _pairings(g, agents, [[best.agent] * len(g.roles)])
    swapped = [tuple(reversed(p)) for p in pairings if len(set(p)) > 1 and len(p) == 2]
    pairings += [p for p in swapped if p not in pairings]
    cells: list[Cell] = []
    for scenario, mode in _setups(g):
        sweep: dict[str, list[Any]] = {k: [v] for k, v in mode.items()}
        cells += make_cells(g, [scenario] if scenario else None, sweep, pairings)
    return Job(
        g.id,
        tuple(cells),
        games or best.games,
        seed,
        meta=(("ready", "balance"), ("why", best.why if not agents else "agents named")),
    )


def _advantage(wins0: int, wins1: int, n: int) -> dict[str, float]:
    """The first role's win rate minus the second's, with a 95% interval (normal)."""
    if n == 0:
        return {"rate": 0.0, "low": 0.0, "high": 0.0, "n": 0}
    mean = (wins0 - wins1) / n
    var = max(0.0, (wins0 + wins1) / n - mean * mean)
    half = Z95 * math.sqrt(var / n)
    return {"rate": mean, "low": max(-1.0, mean - half), "high": min(1.0, mean + half), "n": n}


def _setup_name(c: dict[str, Any]) -> str:
    if {"hard", "missions"} & set(c["options"]):
        return mode_name(c["options"])
    return str(c["scenario"])


def _bal_summary(job: Job, report: dict[str, Any]) -> dict[str, Any]:
    roles = report["roles"]
    seen = list(dict.fromkeys(lv for c in report["cells"] for lv in c["levels"]))
    # a game that names its levels (Fall Blau: defeat, victory, brilliant) shows each, even at 0%
    named = tuple(getattr(resolve_game(job.game), "levels", ()))
    levels = [*named, *(lv for lv in seen if lv not in named)]
    rows = []
    for c in report["cells"]:
        n = c["wins"][roles[0]]["n"]
        row: dict[str, Any] = {
            "setup": _setup_name(c),
            "agents": c["agents"],
            "games": n,
            "errors": c["errors"],
            "wins": c["wins"],
            "draws": c["draws"],
            "points": {r: c["points"][r].get("mean") for r in roles},
            "levels": {lv: rate(c["levels"].get(lv, 0), n) for lv in levels},
        }
        if len(roles) == 2:
            row["advantage"] = _advantage(
                c["wins"][roles[0]]["count"], c["wins"][roles[1]]["count"], n
            )
        rows.append(row)
    pooled: dict[str, dict[str, float]] = {}
    if len(roles) == 2:
        sums: dict[str, list[int]] = {}
        for row in rows:
            acc = sums.setdefault(row["setup"], [0, 0, 0])
            acc[0] += row["wins"][roles[0]]["count"]
            acc[1] += row["wins"][roles[1]]["count"]
            acc[2] += row["games"]
        pooled = {k: _advantage(*v) for k, v in sums.items()}
    return {"roles": roles, "why": dict(job.meta).get("why", ""), "rows": rows, "pooled": pooled}


def _adv_text(a: dict[str, float]) -> str:
    return f"{100 * a['rate']:+.0f} ({100 * a['low']:+.0f} to {100 * a['high']:+.0f})"


def _bal_draw(job: Job, report: dict[str, Any], console: Console) -> None:
    s = report["ready"]
    roles = s["roles"]
    solo = len(roles) == 1
    pairings = list(dict.fromkeys(" v ".join(row["agents"]) for row in s["rows"]))
    one = len(pairings) == 1
    t = Table(
        title=f"{job.game}: balance, {pairings[0] + ', ' if one else ''}{job.games} games a row, "
        "95% intervals",
        title_justify="left",
    )
    t.add_column("mode" if solo else "set-up", style="bold", no_wrap=True)
    if not one:
        t.add_column("agents", no_wrap=True)
    levels: list[str] = []
    if solo:
        t.add_column("wins", justify="right", no_wrap=True)
        # the first level is the loss (defeat): its rate is 100% minus the wins
        levels = list(dict.fromkeys(lv for row in s["rows"] for lv in row["levels"]))[1:]
        for lv in levels:
            t.add_column(lv, justify="right", no_wrap=True)
        t.add_column("mean", justify="right")
    else:
        for r in roles:
            t.add_column(f"{r} wins", justify="right", no_wrap=True)
        t.add_column("draws", justify="right", no_wrap=True)
        t.add_column(f"{roles[0]} adv.", justify="right", no_wrap=True)
    for row in s["rows"]:
        cells = [row["setup"]] + ([] if one else [" v ".join(row["agents"])])
        cells += [pct_short(row["wins"][r]) for r in roles]
        if solo:
            cells += [pct_short(row["levels"][lv]) for lv in levels]
            mean = row["points"][roles[0]]
            cells.append("-" if mean is None else f"{mean:.1f}")
        else:
            cells += [pct_short(row["draws"]), _adv_text(row["advantage"])]
        t.add_row(*cells)
    console.print(t)
    if not solo and not one:
        p = Table(title="side advantage, every pairing pooled", title_justify="left")
        p.add_column("set-up", style="bold", no_wrap=True)
        p.add_column("games", justify="right")
        p.add_column(f"{roles[0]} adv.", justify="right", no_wrap=True)
        for setup, a in s["pooled"].items():
            p.add_row(setup, str(a["n"]), _adv_text(a))
        console.print(p)
    if s["why"]:
        console.print(f"[dim]agent: {s['why']}[/dim]")
    if not solo:
        console.print(
            f"[dim]adv.: {roles[0]}'s win rate minus {roles[1]}'s, percentage points[/dim]"
        )


def _bal_chart(job: Job, report: dict[str, Any], folder: Path) -> list[Path]:
    from warroom.sim.plots import _pyplot, _save

    plt = _pyplot()
    folder.mkdir(parents=True, exist_ok=True)
    s = report["ready"]
    roles = s["roles"]
    rows = s["rows"]
    series: list[tuple[str, list[dict[str, Any]]]] = [
        (f"{r} wins", [row["wins"][r] for row in rows]) for r in roles
    ]
    if len(roles) == 1:
        for lv in dict.fromkeys(lv for row in rows for lv in row["levels"]):
            if lv != "defeat":
                series.append((lv, [row["levels"].get(lv, rate(0, row["games"])) for row in rows]))
    else:
        series.append(("draws", [row["draws"] for row in rows]))
    fig, ax = plt.subplots(figsize=(8, 0.3 * len(rows) * (len(series) + 1) + 1.5))
    bar = 0.8 / len(series)
    for k, (label, rates) in enumerate(series):
        ys = [i + k * bar for i in range(len(rows))]
        xs = [100 * r["rate"] for r in rates]
        err = [
            [100 * (r["rate"] - r["low"]) for r in rates],
            [100 * (r["high"] - r["rate"]) for r in rates],
        ]
        ax.barh(ys, xs, height=bar, xerr=err, label=label, capsize=2)
    names = [f"{row['setup']}\n{' v '.join(row['agents'])}" for row in rows]
    ax.set_yticks([i + bar * (len(series) - 1) / 2 for i in range(len(rows))], names, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel(f"% of games, with 95% interval ({job.games} games a row)")
    ax.set_title(f"{job.game}: balance with the strongest agent")
    ax.legend(loc="lower right", fontsize=8)
    paths = _save(fig, folder, "balance")
    plt.close(fig)
    return paths


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
        Ready(
            "balance",
            "any game (--game or after the name), played by the strongest agent we have: win "
            "rates per mode, scenario or set-up, the side advantage, a chart with --plot",
            "fall-blau",
            0,
            _bal_build,
            _bal_summary,
            _bal_draw,
            _bal_chart,
        ),
    )
}

__all__ = [
    "READY",
    "STRONGEST",
    "Ready",
    "Strongest",
    "general_choices",
    "mode_name",
    "option_text",
    "strongest",
]
