"""Roads to Stalingrad: random full games per second on one core (target: under 0.5 s a game).

Usage: PYTHONPATH=src python bench/roads_to_stalingrad_bench.py [games]
Prints wall and CPU time per game, steps per game, and the steps per second.
"""

from __future__ import annotations

import sys
import time
from typing import Any

import warroom
from warroom.engine import Rng


def play(g: Any, seed: int) -> int:
    s = g.setup(g.default_scenario, {}, seed)
    rng = Rng(seed + 99)
    steps = 0
    while g.outcome(s) is None:
        active = g.active(s)
        role = active[rng.below(len(active))]
        acts = g.legal_actions(s, role)
        g.apply(s, role, acts[rng.below(len(acts))])
        s.events.clear()  # as the other benches and Match do: the log is drained each action
        steps += 1
    return steps


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    g = warroom.game("roads-to-stalingrad")
    play(g, 10_000)  # warm up (data loaded, caches built)
    wall, cpu = time.perf_counter(), time.process_time()
    steps = sum(play(g, seed) for seed in range(n))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"roads-to-stalingrad: {n} random games, {steps / n:.0f} steps a game")
    print(f"  wall {wall / n:.3f} s a game ({n / wall:.2f} games/s)")
    print(f"  cpu  {cpu / n:.3f} s a game ({n / cpu:.2f} games/s), {steps / cpu:.0f} steps/s")


if __name__ == "__main__":
    main()
