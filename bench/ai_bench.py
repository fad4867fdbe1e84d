"""AI benchmark: search iterations per second for each game, and time per decision at each level.

    PYTHONPATH=src python bench/ai_bench.py            # every registered game and the toy game
    PYTHONPATH=src python bench/ai_bench.py commanders --positions 3 --levels easy,normal

For each game it collects a few positions from a game between rule-based players
(random players where a game has none yet) and times the search on them: a
fixed number of iterations for the rate, and each difficulty level's agent for
the time a person waits.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))  # for tests.engine.toy

import warroom
from warroom.ai import SearchAgent, SearchConfig, difficulty, make_agent
from warroom.ai.base import rules_policy
from warroom.ai.search import game_hook
from warroom.engine import Game, Match, Rng


def positions(g: Game[Any], count: int, seed: int) -> list[tuple[Match, str]]:
    """Decision points (more than one legal action) spread over one game."""
    m = Match.new(g, seed=seed)
    spec = "rules" if rules_policy(g.id) else "random"
    agents = {r: make_agent(spec, g.id, seed + i) for i, r in enumerate(g.roles)}
    found: list[tuple[Match, str]] = []
    umpire = game_hook(g.id, "umpire")
    step = 0
    while not m.over and step < g.max_steps:
        role = m.active[0]
        legal = m.legal(role)
        told = umpire(g, m.state, role, legal, Rng(step)) if umpire else None
        if len(legal) > 1 and told is None and step % 23 == 5:
            found.append((m.clone(), role))
        m.act(role, agents[role].choose(m, role))
        step += 1
    if len(found) > count:
        stride = len(found) / count
        found = [found[int(i * stride)] for i in range(count)]
    return found


def bench_game(g: Game[Any], count: int, iterations: int, levels: list[str]) -> None:
    pts = positions(g, count, seed=1)
    if not pts:
        print(f"{g.id}: no decision points")
        return
    total_its, total_secs, total_cpu = 0, 0.0, 0.0
    for m, role in pts:
        cpu = time.process_time()
        params = {"iterations": str(iterations)}
        cfg = SearchConfig.from_params(params, game_hook(g.id, "SEARCH"))
        agent = SearchAgent(g.id, cfg, seed=1)
        res = agent.analyse(m, role)
        total_cpu += time.process_time() - cpu
        total_its += res.iterations
        total_secs += res.seconds
    print(
        f"{g.id:22s} search: {total_its / max(total_secs, 1e-9):8.0f} iterations/s wall, "
        f"{total_its / max(total_cpu, 1e-9):8.0f} per CPU second "
        f"({len(pts)} positions, up to {iterations} iterations each)"
    )
    for level in levels:
        times, cpus = [], []
        for m, role in pts:
            agent = difficulty(level, g.id, seed=1)
            start, cpu = time.perf_counter(), time.process_time()
            agent.choose(m, role)
            times.append(time.perf_counter() - start)
            cpus.append(time.process_time() - cpu)
        print(
            f"{'':22s} {level:6s}: {sum(times) / len(times):6.3f} s/decision mean, "
            f"{max(times):6.3f} max (CPU {sum(cpus) / len(cpus):.3f} s mean)"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="game ids (default: every game, and the toy game)")
    ap.add_argument("--positions", type=int, default=4)
    ap.add_argument("--iterations", type=int, default=300)
    ap.add_argument("--levels", default="easy,normal,hard")
    args = ap.parse_args()
    levels = [lv for lv in args.levels.split(",") if lv]
    chosen: list[Game[Any]] = [warroom.game(gid) for gid in args.games]
    if not args.games:
        from tests.engine.toy import DUEL

        chosen = [DUEL] + [warroom.game(gid) for gid in warroom.games()]
    for g in chosen:
        bench_game(g, args.positions, args.iterations, levels)


if __name__ == "__main__":
    main()
