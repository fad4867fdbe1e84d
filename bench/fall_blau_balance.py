"""Fall Blau balance: the rule-based player's results in every mode, with 95% intervals.

    PYTHONPATH=src python bench/fall_blau_balance.py [--games 2000] [--generals hoth,paulus,kleist]

Plays ``--games`` games per mode (standard, hard, missions, hard+missions) with the rule-based
policy (src/warroom/ai/rules/fall_blau.py) choosing everything, its three generals included
unless ``--generals`` fixes them. Prints a Markdown table: defeat / victory / brilliant rates
with Wilson 95% intervals, and the mean final VP. Seeds 0..games-1, so the table reproduces.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

from warroom.ai.rules.fall_blau import policy
from warroom.engine import Rng
from warroom.games.fall_blau import GAME as G

MODES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("standard", {}),
    ("hard", {"hard": True}),
    ("missions", {"missions": True}),
    ("hard+missions", {"hard": True, "missions": True}),
)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def play(options: dict[str, Any], seed: int) -> tuple[str, float, dict[str, Any]]:
    s = G.setup("standard", options, seed)
    rng = Rng(seed ^ 0xBA1A)
    while not s.over:
        actions = G.legal_actions(s, "german")
        G.apply(s, "german", policy(G, s, "german", actions, rng))
    out = G.outcome(s)
    assert out is not None
    facts = {"captured": len(s.captured), "lost": sum(1 for g in s.chosen if s.lost[g])}
    return out.level, out.points["german"], facts


def cell(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{100 * k / n:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--generals", default="", help="fix the three generals, e.g. hoth,paulus,kleist")
    args = p.parse_args()
    print(f"games per mode: {args.games}; generals: {args.generals or 'chosen by the policy'}\n")
    print(
        "| mode | defeat | victory | brilliant | wins (victory+brilliant) | mean VP | cards captured | generals lost |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    start = time.process_time()
    for name, options in MODES:
        opts = dict(options)
        if args.generals:
            opts["generals"] = args.generals
        counts = {"defeat": 0, "victory": 0, "brilliant": 0}
        vp = caps = lost = 0.0
        for seed in range(args.games):
            level, points, facts = play(opts, seed)
            counts[level] += 1
            vp += points
            caps += facts["captured"]
            lost += facts["lost"]
        n = args.games
        wins = counts["victory"] + counts["brilliant"]
        print(
            f"| {name} | {cell(counts['defeat'], n)} | {cell(counts['victory'], n)} | "
            f"{cell(counts['brilliant'], n)} | {cell(wins, n)} | {vp / n:.1f} | {caps / n:.1f} | {lost / n:.2f} |"
        )
    print(f"\n({time.process_time() - start:.0f} s of CPU)")


if __name__ == "__main__":
    main()
