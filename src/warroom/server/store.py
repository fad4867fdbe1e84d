"""The durable store: SQLite in WAL mode, every accepted action committed before it is acknowledged.

A stored match is its record (game, version, scenario, options, seed, the
list of [role, action]) plus a snapshot of the state (``Game.snapshot``) taken
at a known step (at the start, every few steps, at an undo and at the end: a
snapshot costs more than the move itself in a big game). Loading replays the record and checks the snapshot against
the replayed state at that step, so a change in a game's rules that would
silently turn a stored game into a different game is caught.

Seat tokens are never stored: only their SHA-256, so a copy of the database
does not hand out the seats. A hosted match's secret seed (``secret``, hex) and the salt of
its commitment are stored as they are (the match must replay after a restart): a copy of the
database tells the dice of its unfinished matches, so keep it as private as the server.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import queue
import sqlite3
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

log = logging.getLogger("warroom.server")

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    version TEXT NOT NULL,
    scenario TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    mode TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    steps INTEGER NOT NULL DEFAULT 0,
    over INTEGER NOT NULL DEFAULT 0,
    snapshot TEXT NOT NULL,
    snapshot_step INTEGER NOT NULL,
    secret TEXT NOT NULL DEFAULT '',
    salt TEXT NOT NULL DEFAULT '',
    shown INTEGER NOT NULL DEFAULT 0,
    shown_at REAL NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    match_id TEXT NOT NULL REFERENCES matches(id),
    n INTEGER NOT NULL,
    role TEXT NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (match_id, n)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS seats (
    match_id TEXT NOT NULL REFERENCES matches(id),
    role TEXT NOT NULL,
    kind TEXT NOT NULL,
    agent TEXT NOT NULL DEFAULT '',
    token_hash TEXT NOT NULL,
    invite_hash TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (match_id, role)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS minds (
    match_id TEXT NOT NULL REFERENCES matches(id),
    role TEXT NOT NULL,
    step INTEGER NOT NULL,
    blob BLOB NOT NULL,
    PRIMARY KEY (match_id, role)
);
"""


# Columns added since the first schema: table, column, type, what an older row gets (the
# value of another of its columns; None: the type's default) (see Store._migrate).
ADDED = (
    ("matches", "shown", "INTEGER NOT NULL DEFAULT 0", "steps"),  # issue 17: the watchers'
    ("matches", "shown_at", "REAL NOT NULL DEFAULT 0", "updated"),  # step counter and time
    ("seats", "invite_hash", "TEXT NOT NULL DEFAULT ''", None),  # invitations: none before
)


def _settle(results: list[tuple[Future[None], BaseException | None]]) -> None:
    for done, exc in results:
        if exc is None:
            done.set_result(None)
        else:
            done.set_exception(exc)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(slots=True)
class SeatRow:
    role: str
    kind: str  # "human" or "computer"
    agent: str
    token_hash: str  # "" for a computer seat and an invited seat not yet claimed
    invite_hash: str = ""  # an invited seat's one-time invitation (SHA-256), kept once used


@dataclass(slots=True)
class MatchRow:
    id: str
    game: str
    version: str
    scenario: str
    options: dict[str, Any]
    seed: int | str  # an int, or a secret seed (hex), kept in the ``secret`` column
    mode: str
    created: float
    updated: float
    over: bool
    snapshot: Any
    snapshot_step: int
    salt: str = ""  # the salt of the dice commitment ("" for a match made before them)
    actions: list[list[Any]] = field(default_factory=list)
    seats: list[SeatRow] = field(default_factory=list)
    shown: int = -1  # the watchers' step counter (-1: as many as its actions)
    minds: dict[str, tuple[int, bytes]] = field(default_factory=dict)
    """A computer seat's agent after its last answer: role -> (step count then, the agent
    saved by ``warroom.ai.save_agent``); the server's own, never sent to anyone."""

    def record(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "version": self.version,
            "scenario": self.scenario,
            "options": self.options,
            "seed": self.seed,
            "actions": self.actions,
        }


Statements = list[tuple[str, tuple[Any, ...]]]

SYNC = ("full", "normal")
"""SQLite's synchronous setting. full: the WAL is fsynced at every commit, so an acknowledged
action survives a power cut. normal: a commit is written to the WAL (in the operating
system's hands, so it survives the server being killed, even with kill -9) and only
checkpoints fsync; a power cut or an OS crash can lose the last moments of play."""

CHECKPOINT_EVERY = 1.0  # seconds


@dataclass(slots=True)
class Step:
    """One action of a match, written with its match's row (and a snapshot, now and then)."""

    match_id: str
    n: int  # 0-based: the match has n + 1 steps once it is written
    role: str
    action: str  # JSON
    over: bool
    updated: float
    snapshot: str | None  # JSON of the state after the step, or None
    shown: int = -1  # the watchers' step counter after it (-1: the raw count)
    public: bool = True  # did a watcher see this step? (the public time of the match moves)


Unit = Statements | Step


class Store:
    """SQLite with one writer thread that commits in groups.

    Each write (a new match, an action, an undo) is one unit; the writer takes
    every unit waiting, runs them in one transaction and commits it (with
    ``sync="full"``, the default, the WAL is fsynced; with ``"normal"`` it is
    written, see SYNC), then resolves each unit's future. A caller acknowledges
    nothing before its future is resolved, so an acknowledged action is committed,
    while a hundred games moving at once share one commit (and one disk sync)
    instead of queueing for a hundred. A unit that fails is retried alone, so it cannot take the
    others of its group down with it.

    The writer is built not to hold up the event loop: the actions of a group go
    in as one multi-row INSERT and one UPDATE of their matches (each SQLite call
    lets go of the GIL and must win it back from a busy event loop, so a group
    makes five calls, not two per action), and with a loop attached
    (``attach``) the futures of a whole group are resolved by one call on that
    loop, not by one cross-thread wake-up each.
    """

    def __init__(self, path: str | Path, sync: str = "full") -> None:
        if sync not in SYNC:
            raise ValueError(f"sync is one of {', '.join(SYNC)}, not {sync!r}")
        self.path = str(path)
        self.sync = sync
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()  # guards the connection
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={sync.upper()}")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._db.executescript(SCHEMA)
        self._migrate()
        # reads have a connection of their own: in WAL mode they never wait for a commit
        self._read_lock = threading.Lock()
        self._reader = self._db
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if self.path == ":memory:":
            self._read_lock = self._lock
        else:
            self._reader = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            # the WAL is copied into the database by a thread of its own, not by whichever
            # commit happens to cross SQLite's threshold (that one would wait for the copy)
            self._db.execute("PRAGMA wal_autocheckpoint=0")
            self._checkpointer = threading.Thread(
                target=self._checkpoint_loop, name="warroom-checkpoint", daemon=True
            )
            self._checkpointer.start()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queue: queue.SimpleQueue[tuple[Unit, Future[None]] | None] = queue.SimpleQueue()
        self._writer = threading.Thread(target=self._write_loop, name="warroom-store", daemon=True)
        self._writer.start()

    def _migrate(self) -> None:
        """Add the columns a database made by an older warroom lacks (its matches keep their
        integer seeds and have no commitment)."""
        have = {r[1] for r in self._db.execute("PRAGMA table_info(matches)")}
        for column in ("secret", "salt"):
            if column not in have:
                self._db.execute(
                    f"ALTER TABLE matches ADD COLUMN {column} TEXT NOT NULL DEFAULT ''"
                )
        for table, name, kind, start in ADDED:
            if name not in {r[1] for r in self._db.execute(f"PRAGMA table_info({table})")}:
                self._db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")
                if start is not None:
                    self._db.execute(f"UPDATE {table} SET {name}={start}")

    def _checkpoint_loop(self) -> None:
        """Every second, copy what the WAL holds into the database (PASSIVE: never makes the
        writer wait); once all of it is copied, the next commit starts the WAL over."""
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        db.execute("PRAGMA busy_timeout=5000")
        try:
            while not self._stop.wait(CHECKPOINT_EVERY):
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                except sqlite3.Error as exc:  # it tries again next time
                    log.warning("WAL checkpoint failed: %r", exc)
        finally:
            db.close()

    def attach(self, loop: asyncio.AbstractEventLoop | None) -> None:
        """Resolve futures on ``loop`` (the server's event loop), a group at a time."""
        self._loop = loop

    def close(self) -> None:
        self._queue.put(None)
        self._writer.join(timeout=10)
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join(timeout=10)
        with self._lock:
            if self._reader is not self._db:
                # (a read under way in another thread, such as the start-up's resume_all, must
                # end first: closing the connection under it crashed the process)
                with self._read_lock:
                    self._reader.close()
            self._db.close()

    # ----- writes: one transaction per group, synced before any future resolves -------------
    def submit(self, unit: Unit) -> Future[None]:
        """Queue one unit of writes; its future resolves once it is committed to disk."""
        done: Future[None] = Future()
        self._queue.put((unit, done))
        return done

    def _write_loop(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            group = [first]
            while len(group) < 512:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._queue.put(None)  # finish this group, then stop
                    break
                group.append(more)
            results: list[tuple[Future[None], BaseException | None]]
            try:
                self._commit([u for u, _ in group])
            except Exception:
                results = []
                for unit, done in group:  # one bad unit must not sink the others
                    try:
                        self._commit([unit])
                    except Exception as exc:
                        results.append((done, exc))
                    else:
                        results.append((done, None))
            else:
                results = [(done, None) for _, done in group]
            self._resolve(results)

    def _resolve(self, results: list[tuple[Future[None], BaseException | None]]) -> None:
        loop = self._loop
        if loop is not None:
            try:
                loop.call_soon_threadsafe(_settle, results)
                return
            except RuntimeError:  # the loop has closed
                pass
        _settle(results)

    def _commit(self, units: list[Unit]) -> None:
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                steps: list[Step] = []
                for unit in units:
                    if isinstance(unit, Step):
                        steps.append(unit)
                        continue
                    self._steps(db, steps)  # in order: a match is created before its steps
                    steps = []
                    for sql, args in unit:
                        db.execute(sql, args)
                self._steps(db, steps)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    @staticmethod
    def _steps(db: sqlite3.Connection, steps: list[Step]) -> None:
        """The steps in two or three statements, whatever their number."""
        if not steps:
            return
        args: list[Any] = []
        for s in steps:
            args += (s.match_id, s.n, s.role, s.action)
        db.execute(
            "INSERT INTO actions (match_id, n, role, action) VALUES "
            + ",".join(["(?,?,?,?)"] * len(steps)),
            args,
        )
        last: dict[str, Step] = {}  # the latest step of each match (they come in order)
        snap: dict[str, Step] = {}  # its latest step with a snapshot
        public: dict[str, float] = {}  # the time of its latest step a watcher saw
        for s in steps:
            last[s.match_id] = s
            if s.snapshot is not None:
                snap[s.match_id] = s
            if s.public:
                public[s.match_id] = s.updated
        args = []
        for s in last.values():
            shown = s.shown if s.shown >= 0 else s.n + 1
            args += (s.match_id, s.n + 1, int(s.over), s.updated, shown, public.get(s.match_id, 0))
        db.execute(
            "UPDATE matches SET steps=v.column2, over=v.column3, updated=v.column4,"
            " shown=v.column5,"
            " shown_at=CASE WHEN v.column6 > 0 THEN v.column6 ELSE matches.shown_at END"
            " FROM (VALUES " + ",".join(["(?,?,?,?,?,?)"] * len(last)) + ") AS v"
            " WHERE matches.id = v.column1",
            args,
        )
        if snap:
            args = []
            for s in snap.values():
                args += (s.match_id, s.snapshot, s.n + 1)
            db.execute(
                "UPDATE matches SET snapshot=v.column2, snapshot_step=v.column3"
                " FROM (VALUES " + ",".join(["(?,?,?)"] * len(snap)) + ") AS v"
                " WHERE matches.id = v.column1",
                args,
            )

    def create(self, row: MatchRow) -> Future[None]:
        now = time.time()
        stmts: list[tuple[str, tuple[Any, ...]]] = [
            (
                "INSERT INTO matches (id, game, version, scenario, options, seed, mode, created,"
                " updated, steps, over, snapshot, snapshot_step, secret, salt, shown, shown_at)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    row.id,
                    row.game,
                    row.version,
                    row.scenario,
                    json.dumps(row.options),
                    0 if isinstance(row.seed, str) else row.seed,
                    row.mode,
                    now,
                    now,
                    len(row.actions),
                    int(row.over),
                    json.dumps(row.snapshot),
                    row.snapshot_step,
                    row.seed if isinstance(row.seed, str) else "",
                    row.salt,
                    row.shown if row.shown >= 0 else len(row.actions),
                    now,
                ),
            )
        ]
        for n, (role, action) in enumerate(row.actions):
            stmts.append(
                (
                    "INSERT INTO actions (match_id, n, role, action) VALUES (?,?,?,?)",
                    (row.id, n, role, json.dumps(action)),
                )
            )
        for seat in row.seats:
            stmts.append(
                (
                    "INSERT INTO seats (match_id, role, kind, agent, token_hash, invite_hash)"
                    " VALUES (?,?,?,?,?,?)",
                    (row.id, seat.role, seat.kind, seat.agent, seat.token_hash, seat.invite_hash),
                )
            )
        return self.submit(stmts)

    def append(
        self,
        match_id: str,
        n: int,
        role: str,
        action: list[Any],
        over: bool,
        snapshot: Any = None,
        shown: int = -1,
        public: bool = True,
    ) -> Future[None]:
        """Step ``n`` (0-based) of a match; with a snapshot of the state after it, if given
        (its JSON text, or plain data). ``shown``: the watchers' step counter after it;
        ``public``: whether a watcher saw it (else the match list's time stays).

        Returns at once; the future resolves when the step is on disk."""
        if snapshot is not None and not isinstance(snapshot, str):
            snapshot = json.dumps(snapshot)
        now = time.time()
        return self.submit(
            Step(match_id, n, role, json.dumps(action), over, now, snapshot, shown, public)
        )

    def claim(self, match_id: str, role: str, token_hash: str) -> Future[None]:
        """An invited seat taken up: its token's hash, once (a seat already held stays as it
        is: the statement then changes nothing, and ``Rooms.claim`` has refused already)."""
        return self.submit(
            [
                (
                    "UPDATE seats SET token_hash=? WHERE match_id=? AND role=?"
                    " AND token_hash='' AND invite_hash<>''",
                    (token_hash, match_id, role),
                )
            ]
        )

    def remember(self, match_id: str, role: str, step: int, blob: bytes) -> Future[None]:
        """A computer seat's memory (its agent saved after answering at step count ``step``),
        in place of the one before."""
        return self.submit(
            [
                (
                    "INSERT OR REPLACE INTO minds (match_id, role, step, blob) VALUES (?,?,?,?)",
                    (match_id, role, step, blob),
                )
            ]
        )

    def truncate(
        self,
        match_id: str,
        steps: int,
        snapshot: Any,
        again: list[tuple[str, list[Any]]] | None = None,
        shown: int = -1,
        public: bool = True,
    ) -> Future[None]:
        """Undo: keep only the first ``steps`` actions, then ``again`` (the other sides' secret
        actions played again after the one taken back); ``snapshot`` is the state after all
        of them, ``shown`` the watchers' step counter, ``public`` whether they saw the undo.
        One transaction: a crash leaves the match as it was before or after."""
        now = time.time()
        again = again or []
        total = steps + len(again)
        stmts: Statements = [
            ("DELETE FROM actions WHERE match_id=? AND n>=?", (match_id, steps)),
            # a computer seat's memory of a step taken back goes too
            ("DELETE FROM minds WHERE match_id=? AND step>=?", (match_id, steps)),
        ]
        for k, (role, action) in enumerate(again):
            stmts.append(
                (
                    "INSERT INTO actions (match_id, n, role, action) VALUES (?,?,?,?)",
                    (match_id, steps + k, role, json.dumps(action)),
                )
            )
        stmts.append(
            (
                "UPDATE matches SET steps=?, over=0, updated=?, snapshot=?, snapshot_step=?,"
                " shown=?, shown_at=CASE WHEN ? THEN ? ELSE shown_at END WHERE id=?",
                (
                    total,
                    now,
                    json.dumps(snapshot),
                    total,
                    shown if shown >= 0 else total,
                    int(public),
                    now,
                    match_id,
                ),
            )
        )
        return self.submit(stmts)

    # ----- reads ------------------------------------------------------------------------------
    def _row(self, r: tuple[Any, ...]) -> MatchRow:
        return MatchRow(
            id=r[0],
            game=r[1],
            version=r[2],
            scenario=r[3],
            options=json.loads(r[4]),
            seed=r[12] or r[5],
            mode=r[6],
            created=r[7],
            updated=r[8],
            over=bool(r[9]),
            snapshot=json.loads(r[10]),
            snapshot_step=r[11],
            salt=r[13],
        )

    _COLS = (
        "id, game, version, scenario, options, seed, mode, created, updated, over, snapshot,"
        " snapshot_step, secret, salt"
    )

    def load(self, match_id: str) -> MatchRow | None:
        with self._read_lock:
            db = self._reader
            db.execute("BEGIN")  # one read transaction: the row and its actions agree
            try:
                r = db.execute(
                    f"SELECT {self._COLS} FROM matches WHERE id=?", (match_id,)
                ).fetchone()
                if r is None:
                    return None
                row = self._row(r)
                row.actions = [
                    [role, json.loads(a)]
                    for role, a in db.execute(
                        "SELECT role, action FROM actions WHERE match_id=? ORDER BY n", (match_id,)
                    )
                ]
                row.seats = [
                    SeatRow(*s)
                    for s in db.execute(
                        "SELECT role, kind, agent, token_hash, invite_hash FROM seats"
                        " WHERE match_id=?"
                        " ORDER BY role",
                        (match_id,),
                    )
                ]
                row.minds = {
                    role: (step, bytes(blob))
                    for role, step, blob in db.execute(
                        "SELECT role, step, blob FROM minds WHERE match_id=?", (match_id,)
                    )
                }
            finally:
                db.execute("COMMIT")
        return row

    def summaries(self, limit: int = 50) -> list[dict[str, Any]]:
        """The latest matches, public facts only (no actions, no snapshot, no tokens): their
        step count and the time of their last step as a watcher sees them (a secret step
        moves neither, nor the order of the list)."""
        with self._read_lock:
            rows = self._reader.execute(
                "SELECT id, game, scenario, mode, created, shown_at, shown, over FROM matches"
                " ORDER BY shown_at DESC LIMIT ?",
                (limit,),
            ).fetchall()
        keys = ("id", "game", "scenario", "mode", "created", "updated", "steps", "over")
        return [dict(zip(keys, r, strict=True)) | {"over": bool(r[7])} for r in rows]

    def unfinished_ids(self, with_computer: bool = False) -> Iterator[str]:
        """Matches not over (only those with a computer seat, if asked)."""
        sql = "SELECT id FROM matches WHERE over=0"
        if with_computer:
            sql += (
                " AND EXISTS (SELECT 1 FROM seats WHERE seats.match_id = matches.id"
                " AND seats.kind = 'computer')"
            )
        with self._read_lock:
            ids = [r[0] for r in self._reader.execute(sql)]
        yield from ids
