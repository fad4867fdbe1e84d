"""Coral Sea (Campaign Commander vol. 2): how fast random full games run.

    PYTHONPATH=src python bench/coral_sea_bench.py [games]

Prints random full games per second on one core, with and without the optional rules,
straight on the game (as AI rollouts use it) and through Match (with checks and the log).
The target is under 0.5 s per game.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from warroom.engine import Match, Rng
from warroom.games.campaign_commander.coral_sea import GAME

OPTION_SETS: dict[str, dict[str, Any]] = {
    "plain": {},
    "optional rules": {"air-attacks": True, "limited-intelligence": True},
}


def raw_game(options: dict[str, Any], seed: int) -> int:
    s = GAME.setup("campaign", options, seed)
    rng = Rng(seed + 7)
    steps = 0
    while GAME.outcome(s) is None:
        active = GAME.active(s)
        role = active[rng.below(len(active))]
        acts = GAME.legal_actions(s, role)
        GAME.apply(s, role, acts[rng.below(len(acts))])
        s.events.clear()
        steps += 1
    return steps


def match_game(options: dict[str, Any], seed: int) -> int:
    m = Match.new(GAME, seed=seed, options=options)
    rng = Rng(seed + 7)
    while not m.over:
        role = m.active[rng.below(len(m.active))]
        acts = m.legal(role)
        m.act(role, acts[rng.below(len(acts))])
    return len(m.steps)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    for name, opts in OPTION_SETS.items():
        for how, run in (("game", raw_game), ("Match", match_game)):
            t0 = time.perf_counter()
            steps = sum(run(opts, seed) for seed in range(n))
            dt = time.perf_counter() - t0
            print(
                f"{name:15s} {how:5s}: {n / dt:5.2f} random games/s, {dt / n:5.3f} s/game,"
                f" {steps / n:5.0f} steps each, {steps / dt:7.0f} steps/s"
            )


if __name__ == "__main__":
    main()
