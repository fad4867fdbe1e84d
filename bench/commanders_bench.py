"""Commanders speed: random full games per second on one core, and the cost of a state copy.

Run: PYTHONPATH=src python bench/commanders_bench.py [games]
Prints figures only (it is not a timed test).
"""

from __future__ import annotations

import sys
import time
from typing import Any

import warroom
from warroom.engine import Match, Rng

G: Any = warroom.game("commanders")
SCENARIOS = [s.id for s in G.scenarios]


def direct_game(seed: int) -> int:
    """A uniformly random game on the game hooks (what simulations and search use)."""
    scen = SCENARIOS[seed % len(SCENARIOS)]
    st = G.setup(scen, G.check_setup(scen, {})[1], seed)
    rng = Rng(seed + 1)
    steps = 0
    while st.winner < 0:
        active = G.active(st)
        role = active[rng.below(len(active))]
        acts = G.legal_actions(st, role)
        G.apply(st, role, acts[rng.below(len(acts))])
        st.events.clear()
        steps += 1
    return steps


def match_game(seed: int) -> int:
    """The same through Match (a clone per action, the log kept, undo points)."""
    m = Match.new("commanders", SCENARIOS[seed % len(SCENARIOS)], {}, seed)
    rng = Rng(seed + 1)
    while not m.over:
        role = m.active[rng.below(len(m.active))]
        acts = m.legal(role)
        m.act(role, acts[rng.below(len(acts))])
    return len(m.steps)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for name, fn in (("hooks", direct_game), ("Match", match_game)):
        t0 = time.process_time()
        steps = sum(fn(seed) for seed in range(games))
        dt = time.process_time() - t0
        print(
            f"random games ({name}): {games / dt:7.1f} games/s, {1000 * dt / games:6.2f} ms/game, "
            f"{steps / games:5.0f} steps/game, {1e6 * dt / steps:6.1f} us/step (CPU time, one core)"
        )
    # the cost of copying a state, at the start and in the middle of a battle
    m = Match.new("commanders", "marengo", {}, 3)
    rng = Rng(4)
    states = [m.state]
    while not m.over and len(states) < 400:
        role = m.active[0]
        acts = m.legal(role)
        m.act(role, acts[rng.below(len(acts))])
        states.append(m.state)
    in_combat = [s for s in states if s.combat is not None] or states
    for label, st in (("planning", states[0]), ("combat", in_combat[len(in_combat) // 2])):
        n = 20000
        t0 = time.process_time()
        for _ in range(n):
            G.clone(st)
        dt = time.process_time() - t0
        print(f"clone ({label}): {1e6 * dt / n:6.2f} us")
    st = states[0]
    n = 5000
    t0 = time.process_time()
    for _ in range(n):
        st.cache = [None, None]
        G.legal_actions(st, "white")
    dt = time.process_time() - t0
    print(
        f"legal actions (planning, {len(G.legal_actions(st, 'white'))} actions): {1e6 * dt / n:6.2f} us"
    )


if __name__ == "__main__":
    main()
