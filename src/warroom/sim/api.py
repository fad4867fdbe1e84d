"""The one call the command line, the ready reports and scripts use: run a job, store it, report."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from warroom.sim.job import Job, resolve_game
from warroom.sim.report import build_report
from warroom.sim.runner import GameResult, run
from warroom.sim.store import Store

BATCH = 200


def simulate(
    job: Job,
    *,
    workers: int | None = None,
    ray: str | None = None,
    store: Store | None = None,
    on_result: Callable[[GameResult], None] | None = None,
) -> tuple[int | None, list[GameResult]]:
    """Play every game of ``job``; store each as it finishes. Returns (job id in the store, results)."""
    g = resolve_game(job.game)
    job_id = (
        store.new_job(job, g.version, f"ray:{ray}" if ray else f"pool:{workers or 'all'}")
        if store
        else None
    )
    batch: list[GameResult] = []

    def seen(r: GameResult) -> None:
        if store is not None and job_id is not None:
            batch.append(r)
            if len(batch) >= BATCH:
                store.add(job_id, batch)
                batch.clear()
        if on_result:
            on_result(r)

    started = time.perf_counter()
    results = run(job, workers=workers, ray=ray, on_result=seen)
    if store is not None and job_id is not None:
        store.add(job_id, batch)
        store.finish_job(job_id, time.perf_counter() - started)
    return job_id, results


def report(job: Job, results: list[GameResult]) -> dict[str, Any]:
    return build_report(job, resolve_game(job.game).roles, results)
