"""Tide of Iron Stalingrad campaign tracker: how fast the engine hooks run.

    PYTHONPATH=src python bench/toi_stalingrad_bench.py

Prints whole random campaigns per second (both variants), and the cost of clone,
legal_actions and apply at purchase prompts (the widest prompts of the game).
"""

from __future__ import annotations

import time

from warroom.engine import Match, Rng
from warroom.games.toi_stalingrad import GAME


def random_campaign(variant: str, seed: int) -> Match:
    m = Match.new(GAME, variant, {}, seed)
    rng = Rng(seed + 7)
    while not m.over:
        role = m.active[0]
        actions = m.legal(role)
        m.act(role, actions[rng.below(len(actions))])
    return m


def main() -> None:
    for variant in ("campaign", "switched"):
        start = time.perf_counter()
        steps = 0
        n = 40
        for seed in range(n):
            steps += len(random_campaign(variant, seed).steps)
        dt = time.perf_counter() - start
        print(
            f"{variant:9s}: {n / dt:7.1f} random campaigns/s, {steps / n:5.0f} steps each, "
            f"{steps / dt:8.0f} steps/s (through Match, with checks and log)"
        )
    # hooks at purchase prompts
    m = random_campaign("campaign", 1)
    g = m.game
    states = []
    m2 = Match.new(GAME, "campaign", {}, 3)
    rng = Rng(5)
    while not m2.over:
        role = m2.active[0]
        actions = m2.legal(role)
        if m2.view(None)["board"]["phase"] == "purchases":
            states.append((g.clone(m2.state), role))
        m2.act(role, actions[rng.below(len(actions))])
    reps = 2000
    t0 = time.perf_counter()
    for i in range(reps):
        g.clone(states[i % len(states)][0])
    t_clone = (time.perf_counter() - t0) / reps
    t0 = time.perf_counter()
    for i in range(reps):
        st, role = states[i % len(states)]
        g.legal_actions(st, role)
    t_legal = (time.perf_counter() - t0) / reps
    t0 = time.perf_counter()
    for i in range(reps):
        st, role = states[i % len(states)]
        c = g.clone(st)
        g.apply(c, role, g.legal_actions(st, role)[0])
    t_apply = (time.perf_counter() - t0) / reps - t_clone - t_legal
    print(
        f"at purchase prompts: clone {t_clone * 1e6:6.1f} us, legal_actions {t_legal * 1e6:6.1f} us, "
        f"apply {t_apply * 1e6:6.1f} us"
    )


if __name__ == "__main__":
    main()
