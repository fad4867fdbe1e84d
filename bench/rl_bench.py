"""Environment steps per second for each game through each interface, beside the engine's own.

    PYTHONPATH=src python bench/rl_bench.py [--seconds 1.0] [--games commanders,duel]

Columns (random legal actions throughout, games restarted when they end):

- engine: ``Game.legal_actions`` + ``Game.apply`` on one state, the bare rules;
- match: ``Match.act`` (checks the action, applies it to a clone, keeps the log);
- gym: ``WarroomEnv.step`` with a masked sample (one step of the learning role; the
  opponent's steps happen inside it, so the engine-steps figure is also shown);
- aec / parallel: PettingZoo ``step`` (every role's step counts);
- spiel: ``pyspiel`` ``apply_action`` / ``apply_actions`` on the Python game.

Every step of gym, aec, parallel and spiel includes building the observation(s).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.ai.solo import SOLO
from tests.engine.toy import DUEL

import warroom
from warroom.engine import Game, Match, Rng
from warroom.rl import aec_env, gym_env, parallel_env


def _rate(run: Callable[[float], int], seconds: float) -> float:
    start = time.perf_counter()
    steps = run(start + seconds)
    return steps / (time.perf_counter() - start)


def engine_steps(game: Game[Any], seconds: float) -> float:
    rng = Rng(1)

    def run(until: float) -> int:
        n, seed = 0, 0
        state = game.setup(game.default_scenario, game.check_setup(None, None)[1], seed)
        while time.perf_counter() < until:
            if game.outcome(state) is not None:
                seed += 1
                state = game.setup(game.default_scenario, game.check_setup(None, None)[1], seed)
            active = game.active(state)
            role = active[rng.below(len(active))]
            actions = game.legal_actions(state, role)
            game.apply(state, role, actions[rng.below(len(actions))])
            state.events.clear()
            n += 1
        return n

    return _rate(run, seconds)


def match_steps(game: Game[Any], seconds: float) -> float:
    rng = Rng(2)

    def run(until: float) -> int:
        n, seed = 0, 0
        m = Match.new(game, seed=seed)
        while time.perf_counter() < until:
            if m.over:
                seed += 1
                m = Match.new(game, seed=seed)
            role = m.active[rng.below(len(m.active))]
            actions = m.legal(role)
            m.act(role, actions[rng.below(len(actions))])
            n += 1
        return n

    return _rate(run, seconds)


def gym_steps(game: Game[Any], seconds: float) -> tuple[float, float]:
    env = gym_env(game)
    counts = [0, 0]

    def run(until: float) -> int:
        n, seed = 0, 0
        _, info = env.reset(seed=seed)
        while time.perf_counter() < until:
            _, _, term, trunc, info = env.step(env.action_space.sample(mask=info["action_mask"]))
            n += 1
            if term or trunc:
                assert env.match is not None
                counts[1] += len(env.match.steps)
                seed += 1
                _, info = env.reset(seed=seed)
        assert env.match is not None
        counts[0] = n
        counts[1] += len(env.match.steps)
        return n

    rate = _rate(run, seconds)
    return rate, rate * counts[1] / max(counts[0], 1)


def aec_steps(game: Game[Any], seconds: float) -> float:
    env = aec_env(game)

    def run(until: float) -> int:
        n, seed = 0, 0
        env.reset(seed=seed)
        while time.perf_counter() < until:
            agent = env.agent_selection
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                if not env.agents:
                    seed += 1
                    env.reset(seed=seed)
                continue
            env.step(env.action_space(agent).sample(mask=obs["action_mask"]))
            n += 1
        return n

    return _rate(run, seconds)


def parallel_steps(game: Game[Any], seconds: float) -> float:
    env = parallel_env(game)

    def run(until: float) -> int:
        n, seed = 0, 0
        obs, _ = env.reset(seed=seed)
        while time.perf_counter() < until:
            acts = {a: env.action_space(a).sample(mask=obs[a]["action_mask"]) for a in env.agents}
            obs, *_ = env.step(acts)
            n += 1
            if not env.agents:
                seed += 1
                obs, _ = env.reset(seed=seed)
        return n

    return _rate(run, seconds)


def spiel_steps(game: Game[Any], seconds: float) -> float:
    from warroom.rl.openspiel import openspiel_game

    spiel = openspiel_game(game)
    rng = np.random.RandomState(3)

    def run(until: float) -> int:
        n = 0
        state = spiel.new_initial_state()
        while time.perf_counter() < until:
            if state.is_terminal():
                state = spiel.new_initial_state()
            if state.is_simultaneous_node():
                state.apply_actions(
                    [int(rng.choice(state.legal_actions(p))) for p in range(spiel.num_players())]
                )
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
            n += 1
        return n

    return _rate(run, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    parser.add_argument(
        "--games", default="", help="comma-separated ids (default: every game, duel and solo)"
    )
    args = parser.parse_args()
    games: list[Game[Any]] = [DUEL, SOLO, *(warroom.game(g) for g in warroom.games())]
    if args.games:
        wanted = args.games.split(",")
        games = [g for g in games if g.id in wanted]
    s = args.seconds
    print(f"steps per second ({s:g} s each; gym: learning-role steps, then engine steps inside)")
    header = f"{'game':22} {'engine':>9} {'match':>9} {'gym':>15} {'aec':>9} {'parallel':>9} {'spiel':>9}"
    print(header)
    for g in games:
        gym_rate, gym_engine = gym_steps(g, s)
        par = f"{parallel_steps(g, s):9.0f}" if g.simultaneous else f"{'-':>9}"
        print(
            f"{g.id:22} {engine_steps(g, s):9.0f} {match_steps(g, s):9.0f} "
            f"{gym_rate:6.0f} ({gym_engine:6.0f}) {aec_steps(g, s):9.0f} {par} "
            f"{spiel_steps(g, s):9.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
