"""Fall Blau speed: random full games per second on one core.

    PYTHONPATH=src python bench/fall_blau_bench.py [--games 2000] [--seconds 0]

Measures three loops: the game hooks directly (legal_actions + apply on one state, what
simulations and rollouts use), the same with a clone before every action (what search pays),
and full Match play (checks, clone, log) for reference. Target: 1,000 random games per second.
Times are CPU time of this process (time.process_time), so a busy machine does not skew them;
an untimed warm-up of eight games comes first.
"""

from __future__ import annotations

import argparse
import time

from warroom.engine import Match, Rng
from warroom.games.fall_blau import GAME as G

MODES = ({}, {"hard": True}, {"missions": True}, {"hard": True, "missions": True})


def direct(games: int, clone: bool = False) -> tuple[float, float]:
    steps = 0
    start = time.process_time()
    for seed in range(games):
        s = G.setup("standard", MODES[seed % 4], seed)
        rng = Rng(seed)
        legal, apply, clone_state = G.legal_actions, G.apply, G.clone
        while not s.over:
            actions = legal(s, "german")
            if clone:
                s = clone_state(s)
            apply(s, "german", actions[rng.below(len(actions))])
            steps += 1
    dt = time.process_time() - start
    return games / dt, steps / games


def via_match(games: int) -> float:
    start = time.process_time()
    for seed in range(games):
        m = Match.new(G, None, MODES[seed % 4], seed)
        rng = Rng(seed)
        while not m.over:
            actions = m.legal("german")
            m.act("german", actions[rng.below(len(actions))])
    return games / (time.process_time() - start)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2000)
    args = p.parse_args()
    n = args.games
    direct(8)  # untimed warm-up: one-time imports (numpy for the generator) and memo tables
    rate, steps = direct(n)
    print(f"fall-blau random games, one core, {n} games over the four modes")
    print(
        f"  game hooks (legal_actions + apply):   {rate:8.0f} games/s  ({steps:.0f} actions/game)"
    )
    rate_c, _ = direct(max(n // 2, 1), clone=True)
    print(f"  hooks with a clone per action:        {rate_c:8.0f} games/s")
    rate_m = via_match(max(n // 4, 1))
    print(f"  through Match (checks, clone, log):   {rate_m:8.0f} games/s")


if __name__ == "__main__":
    main()
