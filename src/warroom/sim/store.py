"""The results store: every simulated game, by job, in SQLite (./data/sim.sqlite by default).

One row per job (its full specification as JSON, so a report can be rebuilt
from the store alone) and one row per game. Games are written in batches as
they finish, so an interrupted run keeps what it played.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from warroom.sim.job import Job
from warroom.sim.runner import GameResult

DEFAULT_DB = Path("data") / "sim.sqlite"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created TEXT NOT NULL,
    game TEXT NOT NULL,
    version TEXT NOT NULL,
    seed INTEGER NOT NULL,
    total INTEGER NOT NULL,
    backend TEXT NOT NULL,
    spec TEXT NOT NULL,
    seconds REAL
);
CREATE TABLE IF NOT EXISTS games (
    job INTEGER NOT NULL REFERENCES jobs(id),
    idx INTEGER NOT NULL,
    cell INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    scenario TEXT NOT NULL,
    options TEXT NOT NULL,
    agents TEXT NOT NULL,
    winner TEXT,
    points TEXT NOT NULL,
    level TEXT NOT NULL,
    steps INTEGER NOT NULL,
    facts TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    error TEXT,
    seconds REAL NOT NULL,
    record TEXT,
    PRIMARY KEY (job, idx)
);
"""

_COLUMNS = (
    "idx, cell, seed, scenario, options, agents, winner, points, level, steps, facts, "
    "fingerprint, error, seconds, record"
)


class Store:
    """A SQLite file of jobs and games."""

    def __init__(self, path: str | Path = DEFAULT_DB) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path))
        # a write-ahead log, synced at checkpoints rather than at each commit: a batch of games
        # took 20-45 ms to commit, mostly waiting for the disk, which a 1-worker run waits out
        # between games (a crash of the machine may lose the last batches, never the file)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(_SCHEMA)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self.db:
            yield self.db

    def new_job(self, job: Job, version: str, backend: str) -> int:
        with self._tx() as db:
            cur = db.execute(
                "INSERT INTO jobs (created, game, version, seed, total, backend, spec) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                    job.game,
                    version,
                    job.seed,
                    job.total,
                    backend,
                    json.dumps(job.to_json()),
                ),
            )
            assert cur.lastrowid is not None
            return cur.lastrowid

    def finish_job(self, job_id: int, seconds: float) -> None:
        with self._tx() as db:
            db.execute("UPDATE jobs SET seconds = ? WHERE id = ?", (seconds, job_id))

    def add(self, job_id: int, results: Iterable[GameResult]) -> None:
        rows = [
            (
                job_id,
                r.index,
                r.cell,
                r.seed,
                r.scenario,
                json.dumps(r.options, sort_keys=True),
                json.dumps(r.agents),
                r.winner,
                json.dumps(r.points, sort_keys=True),
                r.level,
                r.steps,
                json.dumps(r.facts, sort_keys=True),
                r.fingerprint,
                r.error,
                r.seconds,
                json.dumps(r.record) if r.record is not None else None,
            )
            for r in results
        ]
        with self._tx() as db:
            db.executemany(
                f"INSERT OR REPLACE INTO games (job, {_COLUMNS}) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )

    def job(self, job_id: int) -> Job:
        row = self.db.execute("SELECT spec FROM jobs WHERE id = ?", (job_id,)).fetchone()
        if row is None:
            raise KeyError(f"no job {job_id} in {self.path}")
        return Job.from_json(json.loads(row[0]))

    def jobs(self) -> list[dict[str, Any]]:
        cur = self.db.execute(
            "SELECT id, created, game, version, seed, total, backend, seconds, "
            "(SELECT COUNT(*) FROM games WHERE games.job = jobs.id) FROM jobs ORDER BY id"
        )
        names = (
            "id",
            "created",
            "game",
            "version",
            "seed",
            "total",
            "backend",
            "seconds",
            "stored",
        )
        return [dict(zip(names, row, strict=True)) for row in cur]

    def results(self, job_id: int) -> list[GameResult]:
        cur = self.db.execute(f"SELECT {_COLUMNS} FROM games WHERE job = ? ORDER BY idx", (job_id,))
        out = []
        for row in cur:
            (
                idx,
                cell,
                seed,
                scen,
                opts,
                agents,
                winner,
                points,
                level,
                steps,
                facts,
                fp,
                err,
                sec,
                rec,
            ) = row
            out.append(
                GameResult(
                    index=idx,
                    cell=cell,
                    seed=seed,
                    scenario=scen,
                    options=json.loads(opts),
                    agents=json.loads(agents),
                    winner=winner,
                    points=json.loads(points),
                    level=level,
                    steps=steps,
                    facts=json.loads(facts),
                    fingerprint=fp,
                    error=err,
                    seconds=sec,
                    record=json.loads(rec) if rec is not None else None,
                )
            )
        return out
