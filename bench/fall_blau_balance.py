"""Fall Blau balance: an agent's results in every mode, with 95% intervals.

    PYTHONPATH=src python bench/fall_blau_balance.py [--games 2000]            # the rules player
    nice -n 10 python bench/fall_blau_balance.py --agent search:iterations=100 --games 60 \\
        --seed 2026112400 --log blau.jsonl [--data DIR ...] [--generals hoth,paulus,kleist]
    nice -n 10 python bench/fall_blau_balance.py --agent search:iterations=100 --games 120 \\
        --others 0.5 --log blau.jsonl          # 120 standard games, 60 in each other mode
    python bench/fall_blau_balance.py --table blau.jsonl [--plot DIR]  # a (partial) log's tables

Plays ``--games`` games per mode (standard, hard, missions, hard+missions) with an agent
choosing everything, its three generals included unless ``--generals`` fixes them. Game i of
every mode has seed ``--seed + i`` (the same deck and dice in every mode and for every data
set: common random numbers); the agent's seed is ``7 * seed + 1``. The modes are interleaved
game by game and each finished game is appended to ``--log`` as a JSON line, so a run stopped
early (a busy shared machine) still gives a table, with every mode at about the same count.
``--data DIR`` plays another copy of the components (e.g. tests/fall_blau/rules_data, the
data before the issue-21 balance; ``shipped`` is the game's own); given several times, the
data sets are interleaved too (game i of every set and mode before game i + 1), so a run
stopped early compares them on the same seeds; ``DIR@3`` plays a set on every third seed
only (fewer games where the answer is far from the line). Prints a Markdown table per data set: defeat / victory / brilliant and
wins with Wilson 95% intervals, the mean final VP, captures, generals lost, red-cube shortages.
``--modes`` plays only some modes; ``--others F`` plays the modes other than standard on the
first F x ``--games`` seeds only (standard is where the aim is tightest: more games there).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import sys
import time
from collections.abc import Iterator
from multiprocessing import Pool
from pathlib import Path
from typing import Any

MODES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("standard", {}),
    ("hard", {"hard": True}),
    ("missions", {"missions": True}),
    ("hard+missions", {"hard": True, "missions": True}),
)
_GAME: dict[str, Any] = {}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def _game(data: str) -> Any:
    if data not in _GAME:
        if data and data != "shipped":
            from warroom.games.fall_blau.data import load
            from warroom.games.fall_blau.rules import FallBlau

            _GAME[data] = FallBlau(load(Path(data)))
        else:
            from warroom.games.fall_blau import GAME

            _GAME[data] = GAME
    return _GAME[data]


def play(task: tuple[str, str, str, str, int]) -> dict[str, Any]:
    """One game: (data folder or "", agent, mode, generals, seed) -> its result."""
    from warroom.ai.base import make_agent
    from warroom.engine import Match

    data, agent, mode, generals, seed = task
    options = dict(dict(MODES)[mode])
    if generals:
        options["generals"] = generals
    m = Match.new(_game(data), "standard", options, seed)
    player = make_agent(agent, "fall-blau", 7 * seed + 1)
    while m.outcome is None:
        m.act("german", player.choose(m, "german"))
    s = m.state
    return {
        "data": data or "shipped",
        "mode": mode,
        "seed": seed,
        "level": m.outcome.level,
        "vp": m.outcome.points["german"],
        "captured": len(s.captured),
        "lost": sum(1 for gi in s.chosen if s.lost[gi]),
        "short": sum(1 for e in m.log if e["kind"] == "red-short"),
    }


def cell(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{100 * k / n:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})" if n else "-"


def table(results: list[dict[str, Any]]) -> str:
    lines = [
        "| mode | games | defeat | victory | brilliant | wins (victory+brilliant) | mean VP "
        "| cards captured | generals lost | games short of red cubes |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, _ in MODES:
        rs = [r for r in results if r["mode"] == name]
        n = len(rs)
        if not n:
            continue
        level = {
            lv: sum(1 for r in rs if r["level"] == lv) for lv in ("defeat", "victory", "brilliant")
        }
        wins = level["victory"] + level["brilliant"]
        lines.append(
            f"| {name} | {n} | {cell(level['defeat'], n)} | {cell(level['victory'], n)} | "
            f"{cell(level['brilliant'], n)} | {cell(wins, n)} | {sum(r['vp'] for r in rs) / n:.1f} | "
            f"{sum(r.get('captured', r.get('caps', 0)) for r in rs) / n:.1f} | {sum(r['lost'] for r in rs) / n:.2f} | "
            f"{sum(1 for r in rs if r.get('short'))} |"
        )
    return "\n".join(lines)


def tables(results: list[dict[str, Any]]) -> str:
    """One table per data set, in the order they first appear."""
    sets = list(dict.fromkeys(r.get("data", "shipped") for r in results))
    return "\n\n".join(
        f"data: {d}\n\n" + table([r for r in results if r.get("data", "shipped") == d])
        for d in sets
    )


AIM = {"standard": (35, 60), "missions": (35, 60), "hard": (15, 40), "hard+missions": (15, 40)}
"""The issue-21 aim for the strongest agent's wins, per mode (hard+missions: as hard)."""


def plot(results: list[dict[str, Any]], folder: Path, title: str) -> Path:
    """balance.png/.svg: per mode, each data set's wins and brilliant victories with 95%
    intervals, over the aim for the strongest agent (shaded)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    sets = list(dict.fromkeys(r.get("data", "shipped") for r in results))
    modes = [m for m, _ in MODES if any(r["mode"] == m for r in results)]
    bars = [(d, what) for d in sets for what in ("wins", "brilliant")]
    fig, ax = plt.subplots(figsize=(8, 1.4 + 0.3 * len(modes) * (len(bars) + 1)))
    step = 0.8 / len(bars)
    for i, m in enumerate(modes):
        low, high = AIM[m]
        ax.add_patch(Rectangle((low, i - 0.45), high - low, 0.9, color="0.88", zorder=0))
    for k, (d, what) in enumerate(bars):
        levels = ("victory", "brilliant") if what == "wins" else ("brilliant",)
        xs, err_lo, err_hi = [], [], []
        for m in modes:
            rs = [r for r in results if r.get("data", "shipped") == d and r["mode"] == m]
            n, hits = len(rs), sum(1 for r in rs if r["level"] in levels)
            lo, hi = wilson(hits, n)
            share = hits / n if n else 0.0
            xs.append(100 * share)
            err_lo.append(100 * (share - lo))
            err_hi.append(100 * (hi - share))
        counts = sorted(
            sum(1 for r in results if r.get("data", "shipped") == d and r["mode"] == m)
            for m in modes
        )
        n_games = f"{counts[0]}" if counts[0] == counts[-1] else f"{counts[0]}-{counts[-1]}"
        ax.barh(
            [i + k * step - 0.4 + step / 2 for i in range(len(modes))],
            xs,
            height=step * 0.9,
            xerr=[err_lo, err_hi],
            capsize=2,
            color=f"C{sets.index(d)}",
            alpha=1.0 if what == "wins" else 0.5,
            label=f"{d} ({n_games} games a mode): {what}",
        )
    ax.set_yticks(range(len(modes)), modes)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("% of games, 95% Wilson intervals; shaded: the aim for the strongest agent")
    ax.set_title(title, fontsize=10)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=2, fontsize=7)
    folder.mkdir(parents=True, exist_ok=True)
    for ext in ("png", "svg"):
        fig.savefig(folder / f"balance.{ext}", bbox_inches="tight", dpi=110)
    plt.close(fig)
    return folder / "balance.png"


def data_sets(given: list[str]) -> list[tuple[str, int]]:
    """``DIR`` or ``DIR@k`` (only every k-th seed: a data set that needs fewer games)."""
    sets = []
    for d in given or ["shipped"]:
        folder, _, every = d.rpartition("@") if "@" in d else (d, "", "1")
        sets.append((folder, max(1, int(every))))
    return sets


def run(args: argparse.Namespace) -> Iterator[dict[str, Any]]:
    tasks = [
        (data, args.agent, name, args.generals, args.seed + i)
        for i in range(args.games)
        for data, every in data_sets(args.data)
        if i % every == 0
        for name, _ in MODES
        if name in args.modes.split(",") and (name == "standard" or i < args.games * args.others)
    ]
    if args.workers <= 1:
        yield from map(play, tasks)
        return
    with Pool(args.workers) as pool:
        yield from pool.imap(play, tasks, chunksize=1)


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--games", type=int, default=2000, help="games per mode")
    p.add_argument("--agent", default="rules", help="rules, search:iterations=100, ...")
    p.add_argument("--seed", type=int, default=0, help="seed of game 0 (game i: seed + i)")
    p.add_argument("--generals", default="", help="fix the three generals, e.g. hoth,paulus,kleist")
    p.add_argument(
        "--data",
        action="append",
        default=[],
        help="a folder with another copy of data/*.toml, or 'shipped'; DIR@k: every k-th seed only "
        "(repeatable: interleaved)",
    )
    p.add_argument(
        "--modes",
        default=",".join(m for m, _ in MODES),
        help="the modes to play, comma-separated (default: all four)",
    )
    p.add_argument(
        "--others",
        type=float,
        default=1.0,
        help="the other modes play only the first OTHERS x GAMES seeds (e.g. 0.5: half as many "
        "games as standard, on the same seeds)",
    )
    p.add_argument("--workers", type=int, default=1, help="processes (1-2 on a shared machine)")
    p.add_argument("--log", default="", help="append each finished game here (JSON lines)")
    p.add_argument("--table", default="", help="only print the tables of these logs (a,b,...)")
    p.add_argument("--plot", default="", help="with --table: draw balance.png/.svg here")
    args = p.parse_args()
    unknown = set(args.modes.split(",")) - {m for m, _ in MODES}
    if unknown:
        p.error(
            f"--modes: unknown {', '.join(sorted(unknown))}; the modes are {', '.join(m for m, _ in MODES)}"
        )
    if args.table:
        rows = []
        seen = set()
        for path in args.table.split(","):
            for line in Path(path).read_text().splitlines():
                r = json.loads(line) if line.strip() else None
                key = r and (r.get("data", "shipped"), r["mode"], r["seed"])
                if r and key not in seen:  # a game logged twice (a restarted run) counts once
                    seen.add(key)
                    rows.append(r)
        print(tables(rows))
        if args.plot:
            names = ", ".join(Path(t).name for t in args.table.split(","))
            print(plot(rows, Path(args.plot), f"Fall Blau balance ({names})"))
        return
    print(
        f"agent {args.agent}; games per mode: {args.games}; seeds {args.seed}..; "
        f"generals: {args.generals or 'chosen by the agent'}; "
        f"data: {', '.join(args.data or ['shipped'])}\n",
        file=sys.stderr,
    )
    start = time.time()
    results: list[dict[str, Any]] = []
    with contextlib.ExitStack() as stack:
        log = stack.enter_context(Path(args.log).open("a", encoding="utf-8")) if args.log else None
        for r in run(args):
            results.append(r)
            if log:
                log.write(json.dumps(r) + "\n")
                log.flush()
    print(tables(results))
    print(f"\n({time.time() - start:.0f} s)")


if __name__ == "__main__":
    main()
