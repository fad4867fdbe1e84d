"""Seconds a computer seat takes to answer a decision, through the web server, by level.

    python bench/levels_server.py [--games commanders,coral-sea,roads-to-stalingrad,fall-blau]
        [--levels normal,hard] [--decisions 12] [--seed 5] [--skip 0] [--cold]

A match is made on a fresh SQLite file with the level in the first seat and the rules player
in the other (hot-seat-free: the server plays both), with the production set-up: the agents
run in a worker process (``Players("process")``). Each decision of the level's seat that has
more than one listed move is timed from the moment the room asks for it to the moment the
answer is back in the room (queueing, the process hop, the search, saving the seat's memory),
for the first ``--decisions`` such decisions. Each game and level starts a fresh server and
makes its match as soon as the server has started (``start s``: the start-up, which waits
for the worker processes to start and import the games and agents), so the first decision is
a fresh server's first. Prints the first decision on its own, then the median, 90th
percentile (nearest rank) and maximum of the later ones, per game and level (issue 23's
targets: normal at most 2 s, hard at most 10 s, the first decision included). Wall-clock
figures: quote the load average with them.

``--skip K`` leaves the level's first K decisions untimed (to time decisions deep in a match,
with a long record). ``--cold`` makes the worker forget the match and the seat's agent before
each timed decision (``players._forget``), so that each is a worker's that never saw the
match: it replays the record, loads the seat's memory and catches up its beliefs, all inside
the decision's time (the level's budget counts from when the worker took the prompt).
"""

from __future__ import annotations

import argparse
import math
import os
import tempfile
import threading
import time
from pathlib import Path
from statistics import median
from typing import Any


def timed(
    game: str, level: str, decisions: int, seed: int, skip: int = 0, cold: bool = False
) -> tuple[float, list[float]]:
    """(seconds the server took to start, the seconds of each timed decision)."""
    from fastapi.testclient import TestClient

    from warroom.engine import game as lookup
    from warroom.server.app import create_app
    from warroom.server.players import Players, _forget

    g = lookup(game)
    me = g.roles[0]
    times: list[float] = []
    enough = threading.Event()
    asked = [0]

    class Timed(Players):
        def choose(
            self,
            key: str,
            match: Any,
            role: str,
            spec: str,
            seed: int,
            done: Any,
            memory: Any = None,
        ) -> Any:
            if role != me or len(match.legal(role)) < 2 or enough.is_set():
                return super().choose(key, match, role, spec, seed, done, memory)
            asked[0] += 1
            if asked[0] <= skip:
                return super().choose(key, match, role, spec, seed, done, memory)
            if cold:
                self.lanes["deep"].executor.submit(_forget).result()
            start = time.perf_counter()

            def told(action: Any, mem: Any, error: Any) -> None:
                times.append(time.perf_counter() - start)
                if len(times) >= decisions:
                    enough.set()
                done(action, mem, error)

            return super().choose(key, match, role, spec, seed, told, memory)

    with tempfile.TemporaryDirectory() as tmp:
        players = Timed("process", budget=10.0)
        app = create_app(Path(tmp) / "bench.sqlite", players=players, resume=False)
        began = time.perf_counter()
        with TestClient(app) as c:
            startup = time.perf_counter() - began
            seats = {me: level, **{r: "rules" for r in g.roles[1:]}}
            r = c.post("/api/matches", json={"game": g.id, "seats": seats})
            if r.status_code != 201:
                raise SystemExit(f"{g.id}: {r.text}")
            end = time.monotonic() + decisions * 60
            while not enough.is_set() and time.monotonic() < end:
                enough.wait(1.0)
            enough.set()
    return startup, times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", default="commanders,coral-sea,roads-to-stalingrad,fall-blau")
    ap.add_argument("--levels", default="normal,hard")
    ap.add_argument("--decisions", type=int, default=12)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--skip", type=int, default=0, help="the level's decisions left untimed first")
    ap.add_argument("--cold", action="store_true", help="a worker that never saw the match")
    args = ap.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.1f}")
    print(
        f"{'game':22} {'level':7} {'start s':>8} {'first s':>8} {'n':>3} {'median s':>9}"
        f" {'p90 s':>7} {'max s':>7} {'load':>5}"
    )
    for game in args.games.split(","):
        for level in args.levels.split(","):
            startup, t = timed(game, level, args.decisions, args.seed, args.skip, args.cold)
            load = os.getloadavg()[0]
            if not t:
                print(f"{game:22} {level:7} {startup:8.2f}  (no decision timed)")
                continue
            rest = sorted(t[1:]) or t
            p90 = rest[min(len(rest) - 1, math.ceil(0.9 * len(rest)) - 1)]
            print(
                f"{game:22} {level:7} {startup:8.2f} {t[0]:8.2f} {len(t) - 1:3d}"
                f" {median(rest):9.2f} {p90:7.2f} {max(rest):7.2f} {load:5.1f}",
                flush=True,
            )
    print(f"load average at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
