"""Playing the games of a job: one at a time, on a process pool, or on Ray.

``play_game(job, index)`` is the unit of work everywhere; the backends only
decide where it runs. Results come back in any order and are sorted by
index, so the merged result of a parallel run equals the serial one.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import sys
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from typing import Any

from warroom.ai import make_agent
from warroom.engine import Match, action_json
from warroom.sim.job import Job, agent_seed, resolve_function, resolve_game


@dataclass(slots=True)
class GameResult:
    """What a simulation keeps of one game."""

    index: int
    cell: int
    seed: int
    scenario: str
    options: dict[str, Any]
    agents: dict[str, str]
    winner: str | None
    points: dict[str, float]
    level: str
    steps: int
    facts: dict[str, Any]
    fingerprint: str
    """A hash of the game's actions: equal fingerprints, equal games."""
    error: str | None = None
    seconds: float = 0.0
    """Wall time; the only field that differs between two runs of the same job."""
    record: dict[str, Any] | None = field(default=None)

    @property
    def draw(self) -> bool:
        return self.error is None and self.winner is None

    def key(self) -> tuple[Any, ...]:
        """Everything but the wall time: equal keys, identical games."""
        d = asdict(self)
        d.pop("seconds")
        return tuple(json.dumps(v, sort_keys=True) for v in d.values())

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameResult:
        return cls(**data)


def play_game(job: Job, index: int) -> GameResult:
    """Play game ``index`` of ``job`` to the end with the cell's agents."""
    number, cell, seed = job.task(index)
    g = resolve_game(job.game)
    agents_by_role = dict(zip(g.roles, cell.agents, strict=True))
    started = time.perf_counter()
    match: Match | None = None
    error: str | None = None
    facts: dict[str, Any] = {}
    try:
        match = Match.new(g, cell.scenario, cell.options_dict, seed)
        agents = {
            role: make_agent(spec, g.id, agent_seed(seed, i))
            for i, (role, spec) in enumerate(agents_by_role.items())
        }
        limit = job.max_steps or g.max_steps
        while not match.over:
            if len(match.steps) >= limit:
                raise RuntimeError(f"no end after {limit} steps")
            active = match.active
            if not active:
                raise RuntimeError("no role is active but the game is not over")
            role = active[0]
            match.act(role, agents[role].choose(match, role))
        facts.update(g.report_facts(match.state))
        if job.facts:
            facts.update(resolve_function(job.facts)(g, match))
    except Exception as exc:  # one broken game must not sink a million-game job
        last = traceback.extract_tb(exc.__traceback__)[-1:]
        where = f" ({last[0].filename.rsplit('/', 1)[-1]}:{last[0].lineno})" if last else ""
        at = f" at step {len(match.steps)}" if match is not None else " in set-up"
        error = f"{type(exc).__name__}: {exc}{where}{at}"
    steps = match.steps if match is not None else []
    actions = json.dumps([[s.role, action_json(s.action)] for s in steps])
    outcome = match.outcome if match is not None and error is None else None
    return GameResult(
        index=index,
        cell=number,
        seed=seed,
        scenario=cell.scenario,
        options=cell.options_dict,
        agents=agents_by_role,
        winner=outcome.winner if outcome else None,
        points={k: float(v) for k, v in outcome.points.items()} if outcome else {},
        level=outcome.level if outcome else "",
        steps=len(steps),
        facts=facts if error is None else {},
        fingerprint=hashlib.blake2b(actions.encode(), digest_size=10).hexdigest(),
        error=error,
        seconds=time.perf_counter() - started,
        record=match.record() if job.keep_records and match is not None else None,
    )


def play_games(job: Job, indexes: Sequence[int]) -> list[GameResult]:
    """A chunk of games (the unit sent to a worker)."""
    return [play_game(job, i) for i in indexes]


def chunks(total: int, workers: int, per_chunk: int | None = None) -> list[range]:
    """Split game indexes into chunks: small enough to balance, big enough to pay the trip."""
    size = per_chunk or max(1, min(64, total // (workers * 16) or 1))
    return [range(i, min(total, i + size)) for i in range(0, total, size)]


Progress = Callable[[GameResult], None]


def pool_context() -> Any:
    # fork starts a worker in milliseconds and shares the imported games; spawn elsewhere
    method = "fork" if sys.platform.startswith("linux") else "spawn"
    return multiprocessing.get_context(method)


def run_serial(job: Job, on_result: Progress | None = None) -> Iterator[GameResult]:
    for i in range(job.total):
        r = play_game(job, i)
        if on_result:
            on_result(r)
        yield r


def run_pool(job: Job, workers: int, on_result: Progress | None = None) -> Iterator[GameResult]:
    """Games on a pool of ``workers`` processes, yielded as they finish (in any order)."""
    resolve_game(job.game)  # fail early, in this process, on an unknown game
    with ProcessPoolExecutor(max_workers=workers, mp_context=pool_context()) as pool:
        pending: set[Future[list[GameResult]]] = {
            pool.submit(play_games, job, list(r)) for r in chunks(job.total, workers)
        }
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                for r in fut.result():
                    if on_result:
                        on_result(r)
                    yield r


def _ray_runtime_env(address: str) -> dict[str, Any]:
    """Local Ray workers import warroom from this process's path; remote ones get the package shipped."""
    import warroom

    if address == "local":
        paths = [os.path.abspath(p or ".") for p in sys.path]
        return {"env_vars": {"PYTHONPATH": os.pathsep.join(paths)}}
    return {"py_modules": [os.path.dirname(warroom.__file__)]}


def start_local_ray(num_cpus: int | None = None) -> None:
    """Start a Ray instance on this machine whose workers import what this process imports."""
    import ray

    for attempt in (1, 2, 3):
        try:
            ray.init(
                num_cpus=num_cpus,
                include_dashboard=False,
                runtime_env=_ray_runtime_env("local"),
                log_to_driver=False,
                configure_logging=False,
            )
            return
        except Exception:
            # on a busy machine Ray's own start-up wait (30 s) can run out: try again
            ray.shutdown()
            if attempt == 3:
                raise


def run_ray(
    job: Job, address: str, workers: int | None = None, on_result: Progress | None = None
) -> Iterator[GameResult]:
    """Games on a Ray cluster (``address``) or a Ray instance started here (``local``).

    A Ray instance already running in this process (``ray.init`` done by the caller)
    is used as it is.
    """
    import ray

    if not ray.is_initialized():
        if address == "local":
            start_local_ray(workers)
        else:
            ray.init(address=address, runtime_env=_ray_runtime_env(address))
    cpus = int(ray.cluster_resources().get("CPU", 1))
    remote = ray.remote(play_games)
    job_ref = ray.put(job)
    refs = [remote.remote(job_ref, list(r)) for r in chunks(job.total, max(1, workers or cpus))]
    while refs:
        # collect what is ready in batches (waiting on one ref at a time is slow with many)
        done, refs = ray.wait(refs, num_returns=min(len(refs), 64), timeout=0.2)
        for chunk in ray.get(done):
            for r in chunk:
                if on_result:
                    on_result(r)
                yield r


def run(
    job: Job,
    workers: int | None = None,
    ray: str | None = None,
    on_result: Progress | None = None,
) -> list[GameResult]:
    """Every game of ``job``, sorted by index. ``workers`` None: every core; 1: this process."""
    if ray:
        stream = run_ray(job, ray, workers, on_result)
    else:
        n = workers or os.cpu_count() or 1
        n = min(n, max(1, job.total))
        stream = run_serial(job, on_result) if n == 1 else run_pool(job, n, on_result)
    return sorted(_shared(stream), key=lambda r: r.index)


def _shared(stream: Iterator[GameResult]) -> Iterator[GameResult]:
    """Results of one cell share their options and agents dicts (a million games fit in memory)."""
    seen: dict[int, tuple[dict[str, Any], dict[str, str]]] = {}
    for r in stream:
        first = seen.setdefault(r.cell, (r.options, r.agents))
        if r.options == first[0] and r.agents == first[1]:
            r.options, r.agents = first
        yield r
