"""Agents against agents: many games with seats swapped, win rates with 95% intervals.

``evaluate(game, ["search", "rules"], games=40, seed=1)`` plays game pairs on
the same seed with the two agents in swapped seats, so neither agent gets the
better side or the better dice more often. In a solitaire game every agent
plays the same seeds and the result is counted by level of victory.
``warroom evaluate`` is the command-line face of this module.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from warroom.ai.base import Agent, make_agent
from warroom.ai.search import Umpire, game_hook
from warroom.engine import Game, Match, Rng
from warroom.engine import game as lookup_game


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% for z = 1.96)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class GameResult:
    """One finished (or abandoned) game: who sat where and how it ended."""

    index: int
    seed: int
    seats: dict[str, str]
    """role -> agent name (its spec, with '#2' added when the same spec plays twice)."""
    winner: str | None
    level: str
    points: dict[str, float]
    steps: int
    move_seconds: dict[str, list[float]]
    """agent spec -> seconds of each decision it took that had more than one legal action."""
    finished: bool = True


def spec_of(name: str) -> str:
    """The agent spec behind an agent's name in a table ('rules#2' -> 'rules')."""
    return name.split("#", 1)[0]


def agent_names(specs: list[str]) -> list[str]:
    """Unique names for the agents of an evaluation: a repeated spec gets '#2', '#3' ..."""
    names: list[str] = []
    for spec in specs:
        name, k = spec, 1
        while name in names:
            k += 1
            name = f"{spec}#{k}"
        names.append(name)
    return names


def play_match(
    game: Game[Any],
    agents: Mapping[str, Agent],
    seed: int,
    scenario: str | None = None,
    options: Mapping[str, Any] | None = None,
    max_steps: int | None = None,
    timer: Callable[[str, float], None] | None = None,
) -> Match:
    """Play one match with an agent in each role, as the web server's computer seats play:
    a prompt with one legal move is played without asking the agent, a result entered from
    the table (the game's ``umpire``) is drawn the same for every seating, and every other
    prompt is the seat's agent's decision (``timer(role, seconds)`` hears how long it took).
    The same agents are asked all match long, so they keep what they learn."""
    match = Match.new(game, scenario, options, seed)
    limit = max_steps if max_steps is not None else game.max_steps
    umpire: Umpire | None = game_hook(game.id, "umpire")
    table = Rng(seed).fork(0x7AB1E)  # what happens off the board: the same for every seating
    while not match.over and len(match.steps) < limit:
        role = match.active[0]
        legal = match.legal(role)
        if len(legal) == 1:
            match.act(role, legal[0])
            continue
        told = umpire(game, match.state, role, legal, table) if umpire else None
        if told is not None:
            match.act(role, told)
            continue
        start = time.perf_counter()
        action = agents[role].choose(match, role)
        if timer is not None:
            timer(role, time.perf_counter() - start)
        match.act(role, action)
    return match


def play_game(
    game: Game[Any] | str,
    seats: Mapping[str, str],
    seed: int,
    agent_seed: int,
    scenario: str | None = None,
    options: Mapping[str, Any] | None = None,
    index: int = 0,
    max_steps: int | None = None,
) -> GameResult:
    """Play one game with the agent named for each role; return how it went."""
    g = lookup_game(game) if isinstance(game, str) else game
    agents = {
        role: make_agent(spec_of(name), g.id, agent_seed * 31 + i)
        for i, (role, name) in enumerate(seats.items())
    }
    times: dict[str, list[float]] = {spec: [] for spec in seats.values()}
    match = play_match(
        g,
        agents,
        seed,
        scenario,
        options,
        max_steps,
        lambda role, secs: times[seats[role]].append(secs),
    )
    out = match.outcome
    return GameResult(
        index=index,
        seed=seed,
        seats=dict(seats),
        winner=out.winner if out else None,
        level=(out.level or ("win" if out.winner else "no win")) if out else "unfinished",
        points={k: float(v) for k, v in out.points.items()} if out else {},
        steps=len(match.steps),
        move_seconds=times,
        finished=out is not None,
    )


@dataclass
class AgentStats:
    spec: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    levels: Counter[str] = field(default_factory=Counter)
    by_role: Counter[str] = field(default_factory=Counter)
    """role -> wins in that seat."""
    games_by_role: Counter[str] = field(default_factory=Counter)
    move_seconds: list[float] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval()
        secs = self.move_seconds
        out: dict[str, Any] = {
            "agent": self.spec,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": round(self.win_rate, 4),
            "win_rate_95": [round(low, 4), round(high, 4)],
            "wins_by_role": {r: self.by_role[r] for r in sorted(self.games_by_role)},
            "games_by_role": dict(sorted(self.games_by_role.items())),
            "decisions": len(secs),
            "seconds_per_decision": round(sum(secs) / len(secs), 4) if secs else 0.0,
            "max_seconds_per_decision": round(max(secs), 4) if secs else 0.0,
        }
        if self.levels:
            out["levels"] = {
                level: {
                    "games": n,
                    "rate": round(n / self.games, 4),
                    "rate_95": [round(x, 4) for x in wilson(n, self.games)],
                }
                for level, n in sorted(self.levels.items())
            }
        return out


@dataclass
class Evaluation:
    game: str
    scenario: str
    options: dict[str, Any]
    seed: int
    agents: list[AgentStats]
    results: list[GameResult]
    solitaire: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "scenario": self.scenario,
            "options": self.options,
            "seed": self.seed,
            "games": len(self.results),
            "solitaire": self.solitaire,
            "unfinished": sum(1 for r in self.results if not r.finished),
            "agents": [a.to_json() for a in self.agents],
        }


def schedule(
    roles: tuple[str, ...], specs: list[str], games: int, seed: int
) -> list[tuple[int, dict[str, str], int]]:
    """(game seed, seats, index) for each game: seats rotate, a rotation's games share a seed."""
    plan = []
    if len(roles) == 1:
        for i in range(games):
            spec = specs[i % len(specs)]
            plan.append((seed + i // len(specs), {roles[0]: spec}, i))
        return plan
    if len(specs) == 1:
        specs = specs * len(roles)
    if len(specs) != len(roles):
        raise ValueError(f"name one agent per role ({len(roles)}), or one agent for all of them")
    n = len(roles)
    for i in range(games):
        shift = i % n
        seats = {roles[(j + shift) % n]: specs[j] for j in range(n)}
        plan.append((seed + i // n, seats, i))
    return plan


def _play_planned(args: tuple[Any, ...]) -> GameResult:
    gid, seats, game_seed, index, scenario, options, max_steps = args
    return play_game(
        gid, seats, game_seed, 7919 * index + game_seed, scenario, options, index, max_steps
    )


def evaluate(
    game: Game[Any] | str,
    specs: list[str],
    games: int,
    seed: int = 1,
    scenario: str | None = None,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    progress: Callable[[GameResult], None] | None = None,
    max_steps: int | None = None,
) -> Evaluation:
    """Play ``games`` games among the agents ``specs`` and count wins per agent.

    In a two-role game ``games`` should be even so that each agent sits in each
    seat equally often; games 2k and 2k+1 share a seed (the same set-up and, as far
    as the play allows, the same dice).
    """
    g = lookup_game(game) if isinstance(game, str) else game
    scen, opts = g.check_setup(scenario, options)
    solitaire = len(g.roles) == 1
    # Check every spec before the first game (a typo should fail now, not in a worker).
    for spec in specs:
        make_agent(spec, g.id, 0)
    specs = agent_names(specs)
    plan = schedule(g.roles, specs, games if not solitaire else games * len(specs), seed)
    stats = {spec: AgentStats(spec) for spec in specs}
    results: list[GameResult] = []
    work = [
        (game if isinstance(game, str) else g, seats, s, i, scen, opts, max_steps)
        for s, seats, i in plan
    ]
    if jobs > 1 and isinstance(game, str):
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for res in pool.map(_play_planned, work):
                results.append(res)
                if progress:
                    progress(res)
    else:
        for item in work:
            res = _play_planned(item)
            results.append(res)
            if progress:
                progress(res)
    for res in results:
        seen: set[str] = set()
        for role, spec in res.seats.items():
            st = stats[spec]
            if spec in seen:  # the same agent in every seat: count the game once
                continue
            seen.add(spec)
            st.games += 1
            st.games_by_role[role] += 1
            st.move_seconds.extend(res.move_seconds.get(spec, []))
            mine = [r for r, s in res.seats.items() if s == spec]
            if res.winner is not None and res.winner in mine:
                st.wins += 1
                st.by_role[res.winner] += 1
            elif res.winner is None and not solitaire:
                st.draws += 1
            else:
                st.losses += 1
            if solitaire:
                st.levels[res.level] += 1
    return Evaluation(g.id, scen, dict(opts), seed, list(stats.values()), results, solitaire)
