"""The store's group commit: many matches' steps in one transaction, each still whole."""

from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
import threading
import time
from concurrent.futures import Future
from pathlib import Path

import pytest

from warroom.server.store import MatchRow, SeatRow, Store


def row(mid: str) -> MatchRow:
    return MatchRow(
        id=mid,
        game="duel",
        version="1",
        scenario="short",
        options={},
        seed=1,
        mode="hotseat",
        created=0.0,
        updated=0.0,
        over=False,
        snapshot={"at": 0},
        snapshot_step=0,
        seats=[SeatRow("north", "human", "", "h")],
    )


def test_a_group_writes_every_step_of_every_match(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite")
    store.create(row("a")).result()
    store.create(row("b")).result()
    futures: list[Future[None]] = []
    with store._lock:  # hold the writer back: everything below goes in one group
        futures.append(store.create(row("c")))  # a match created in the same group as its steps
        for n in range(5):
            for mid in ("a", "b", "c"):
                snap = {"at": n + 1} if (mid, n) in {("a", 1), ("a", 3), ("c", 0)} else None
                futures.append(store.append(mid, n, "north", ["bid", n], n == 4, snap))
        futures.append(store.append("a", 2, "north", ["bid", 9], False))  # a step already written
    errors = [f.exception(timeout=10) for f in futures]
    assert [e is None for e in errors].count(False) == 1 and errors[-1] is not None
    a, b, c = (store.load(m) for m in "abc")
    assert a is not None and b is not None and c is not None
    for r in (a, b, c):
        assert r.actions == [["north", ["bid", n]] for n in range(5)]
        assert r.over
    assert (a.snapshot, a.snapshot_step) == ({"at": 4}, 4)  # its latest snapshot
    assert (b.snapshot, b.snapshot_step) == ({"at": 0}, 0)
    assert (c.snapshot, c.snapshot_step) == ({"at": 1}, 1)
    assert {s["id"]: s["steps"] for s in store.summaries()} == {"a": 5, "b": 5, "c": 5}
    store.close()


def test_with_a_loop_a_group_is_settled_on_the_loop(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite")
    store.create(row("a")).result()

    async def main() -> set[int]:
        store.attach(asyncio.get_running_loop())
        where: set[int] = set()
        with store._lock:
            writes = [store.append("a", n, "north", ["bid", 1], False) for n in range(20)]
            for w in writes:
                w.add_done_callback(lambda _: where.add(threading.get_ident()))
        await asyncio.gather(*(asyncio.wrap_future(w) for w in writes))
        return where

    assert asyncio.run(main()) == {threading.get_ident()}
    store.attach(None)
    loaded = store.load("a")
    assert loaded is not None and len(loaded.actions) == 20
    store.close()


def test_the_snapshot_text_is_stored_as_given(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite")
    store.create(row("a")).result()
    store.append("a", 0, "north", ["bid", 1], False, json.dumps({"x": [1, 2]})).result()
    loaded = store.load("a")
    assert loaded is not None and (loaded.snapshot, loaded.snapshot_step) == ({"x": [1, 2]}, 1)
    with pytest.raises(sqlite3.IntegrityError):
        store.append("a", 0, "north", ["bid", 1], False).result(timeout=10)
    store.close()


@pytest.mark.parametrize("sync", ["full", "normal"])
def test_the_checkpointer_copies_the_wal_into_the_database(
    tmp_path: Path, sync: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("warroom.server.store.CHECKPOINT_EVERY", 0.05)
    store = Store(tmp_path / "s.sqlite", sync)
    store.create(row("a")).result()
    for n in range(50):
        store.append("a", n, "north", ["bid", 1], False).result()
    deadline = time.monotonic() + 10
    copy = tmp_path / "copy.sqlite"
    while True:  # the database file alone, without its WAL, holds every step
        shutil.copyfile(tmp_path / "s.sqlite", copy)
        with sqlite3.connect(copy) as con:
            try:
                (count,) = con.execute("SELECT count(*) FROM actions").fetchone()
            except sqlite3.DatabaseError:
                count = -1
        if count == 50 or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert count == 50
    store.close()


def test_sync_is_full_or_normal(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="full, normal"):
        Store(tmp_path / "s.sqlite", "off")


def test_the_match_list_counts_and_dates_only_what_a_watcher_saw(tmp_path: Path) -> None:
    """Issue 17: a secret step moves neither the list's step count nor its time."""
    store = Store(tmp_path / "s.sqlite")
    store.create(row("a")).result()
    first = store.summaries()[0]
    assert (first["steps"], first["updated"] > 0) == (0, True)
    time.sleep(0.01)
    store.append("a", 0, "north", ["bid", 2], False, shown=0, public=False).result()
    assert store.summaries() == [first]
    time.sleep(0.01)
    store.append("a", 1, "south", ["bid", 1], False, shown=1, public=True).result()
    second = store.summaries()[0]
    assert second["steps"] == 1 and second["updated"] > first["updated"]
    assert len(store.load("a").actions) == 2  # the record keeps every step
    store.close()


def test_an_older_database_gets_the_watchers_columns(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    db.executescript(
        """CREATE TABLE matches (id TEXT PRIMARY KEY, game TEXT NOT NULL, version TEXT NOT NULL,
        scenario TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL, mode TEXT NOT NULL,
        created REAL NOT NULL, updated REAL NOT NULL, steps INTEGER NOT NULL DEFAULT 0,
        over INTEGER NOT NULL DEFAULT 0, snapshot TEXT NOT NULL, snapshot_step INTEGER NOT NULL);
        INSERT INTO matches VALUES ('old', 'duel', '1', 'short', '{}', 1, 'hotseat', 5.0, 7.0,
        3, 0, '{}', 0);"""
    )
    db.commit()
    db.close()
    store = Store(path)
    (entry,) = store.summaries()
    assert (entry["id"], entry["steps"], entry["updated"]) == ("old", 3, 7.0)
    store.close()


def test_an_older_database_gets_the_invitations_column_and_its_seats_keep_their_tokens(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.sqlite"
    store = Store(path)
    store.create(row("old")).result(timeout=10)
    store.close()
    db = sqlite3.connect(path)  # as a warroom from before invitations made it
    db.executescript(
        """CREATE TABLE seats_old (match_id TEXT NOT NULL REFERENCES matches(id), role TEXT
        NOT NULL, kind TEXT NOT NULL, agent TEXT NOT NULL DEFAULT '', token_hash TEXT NOT NULL,
        PRIMARY KEY (match_id, role)) WITHOUT ROWID;
        INSERT INTO seats_old SELECT match_id, role, kind, agent, token_hash FROM seats;
        DROP TABLE seats; ALTER TABLE seats_old RENAME TO seats;"""
    )
    db.commit()
    db.close()
    store = Store(path)
    loaded = store.load("old")
    assert loaded is not None and loaded.seats == [SeatRow("north", "human", "", "h", "")]
    store.create(row("new")).result(timeout=10)  # and a new match's seats are written
    store.claim("new", "north", "other").result(timeout=10)  # held already: left as it was
    new = store.load("new")
    assert new is not None and new.seats == [SeatRow("north", "human", "", "h", "")]
    store.close()
