"""Playing the games of a job: one at a time, on a process pool, or on Ray.

``play_game(job, index)`` is the unit of work everywhere; the backends only
decide where it runs. Results come back in any order and are sorted by
index, so the merged result of a parallel run equals the serial one.

The process pool is built for throughput on a few cores: the workers claim
games one at a time (no worker idles while another still holds a queue of
games) and send results in batches twice a second, so the parent, which
shares the cores with them, stays nearly idle.
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
from contextlib import suppress
from dataclasses import asdict, dataclass, field
from multiprocessing.connection import Connection, wait
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
    """A chunk of games (the unit sent to a Ray worker)."""
    return [play_game(job, i) for i in indexes]


def chunks(total: int, workers: int, per_chunk: int | None = None) -> list[range]:
    """Split game indexes into chunks: small enough to balance, big enough to pay the trip."""
    size = per_chunk or max(1, min(64, total // (workers * 16) or 1))
    return [range(i, min(total, i + size)) for i in range(0, total, size)]


Progress = Callable[[GameResult], None]


def pool_context() -> Any:
    # fork starts a worker in milliseconds with the games already imported; spawn elsewhere
    method = "fork" if sys.platform.startswith("linux") else "spawn"
    return multiprocessing.get_context(method)


def run_serial(job: Job, on_result: Progress | None = None) -> Iterator[GameResult]:
    for i in range(job.total):
        r = play_game(job, i)
        if on_result:
            on_result(r)
        yield r


@dataclass(frozen=True, slots=True)
class WorkerStats:
    """What a pool worker tells of itself when it is done (times from ``time.perf_counter``,
    which all processes of the machine share)."""

    cpu: float
    """CPU seconds over the worker's whole life, start-up included."""
    began: float
    """When it started to claim games."""
    ended: float
    """When it found no game left."""


BATCH_SECONDS = 0.5
"""A pool worker sends what it has played about this often: each message wakes the parent,
which then takes a core from a worker for a moment (on a loaded machine for a whole time
slice: gaps of 16 ms were seen); two workers still move the progress bar 4 times a second."""


def _pool_worker(job: Job, claimed: Any, conn: Connection) -> None:
    """Play games of ``job`` until none is left, one at a time, each claimed from the shared
    counter ``claimed``; send them to the parent in batches, then this process's CPU time.

    Claiming single games keeps two workers busy to the end of the job (fixed chunks left one
    idle while the other finished its last chunk); a claim is one uncontended lock.
    """
    try:
        total = job.total
        batch: list[GameResult] = []
        began = sent = time.perf_counter()
        while True:
            with claimed.get_lock():
                index = claimed.value
                if index >= total:
                    break
                claimed.value = index + 1
            batch.append(play_game(job, index))
            if time.perf_counter() - sent >= BATCH_SECONDS:
                conn.send(("games", batch))
                batch = []
                sent = time.perf_counter()
        conn.send(("games", batch))
        conn.send(("done", WorkerStats(time.process_time(), began, time.perf_counter())))
    except BaseException:  # told to the parent, which raises it
        with suppress(Exception):
            conn.send(("failed", traceback.format_exc()))
    finally:
        conn.close()


def run_pool(
    job: Job,
    workers: int,
    on_result: Progress | None = None,
    stats: dict[int, WorkerStats] | None = None,
) -> Iterator[GameResult]:
    """Games on ``workers`` processes, yielded in batches as they finish (in any order).

    The workers pull games one by one from a shared counter and send results about every
    ``BATCH_SECONDS``; this process only waits, so it takes almost no CPU from them.
    ``stats``, if given, gets each worker's CPU time and working span by process id.
    """
    resolve_game(job.game)  # fail early, in this process, on an unknown game
    ctx = pool_context()
    claimed = ctx.Value("q", 0)
    procs: list[Any] = []
    live: dict[Connection, Any] = {}
    try:
        for _ in range(workers):
            recv, send = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_pool_worker, args=(job, claimed, send), daemon=True)
            proc.start()
            send.close()  # the worker holds the only sending end: its death reads as EOF here
            procs.append(proc)
            live[recv] = proc
        while live:
            for conn in wait(list(live)):
                assert isinstance(conn, Connection)
                try:
                    kind, payload = conn.recv()
                except EOFError:
                    proc = live[conn]
                    proc.join()
                    raise RuntimeError(
                        f"a simulation worker died (exit code {proc.exitcode})"
                    ) from None
                if kind == "games":
                    for r in payload:
                        if on_result:
                            on_result(r)
                        yield r
                elif kind == "done":
                    if stats is not None:
                        stats[live[conn].pid] = payload
                    del live[conn]
                    conn.close()
                else:
                    raise RuntimeError(f"a simulation worker failed:\n{payload}")
    finally:
        for proc in procs:
            if live and proc.is_alive():
                proc.terminate()
        for proc in procs:
            proc.join()


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
    stats: dict[int, WorkerStats] | None = None,
) -> list[GameResult]:
    """Every game of ``job``, sorted by index. ``workers`` None: every core; 1: this process.

    ``stats``, if given, gets each pool worker's CPU time and working span by process id
    (for benchmarks).
    """
    if ray:
        stream = run_ray(job, ray, workers, on_result)
    else:
        n = workers or os.cpu_count() or 1
        n = min(n, max(1, job.total))
        stream = run_serial(job, on_result) if n == 1 else run_pool(job, n, on_result, stats)
    return sorted(_shared(stream), key=lambda r: r.index)


def _shared(stream: Iterator[GameResult]) -> Iterator[GameResult]:
    """Results of one cell share their options and agents dicts (a million games fit in memory)."""
    seen: dict[int, tuple[dict[str, Any], dict[str, str]]] = {}
    for r in stream:
        first = seen.setdefault(r.cell, (r.options, r.agents))
        if r.options == first[0] and r.agents == first[1]:
            r.options, r.agents = first
        yield r
