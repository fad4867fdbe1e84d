"""Seconds a computer seat takes to answer a decision, through the web server, by level.

    python bench/levels_server.py [--games commanders,coral-sea,roads-to-stalingrad,fall-blau]
        [--levels normal,hard] [--decisions 12] [--seed 5]

A match is made on a fresh SQLite file with the level in the first seat and the rules player
in the other (hot-seat-free: the server plays both), with the production set-up: the agents
run in a worker process (``Players("process")``). Each decision of the level's seat that has
more than one listed move is timed from the moment the room asks for it to the moment the
answer is back in the room (queueing, the process hop, the search, saving the seat's memory),
for the first ``--decisions`` such decisions. Prints the median, 90th percentile (nearest
rank) and maximum per game and level, leaving out the first decision (it may wait for the
worker process to start and import the game), which is shown on its own (issue 23's targets: normal at most 2 s, hard at most 10 s). Wall-clock
figures: quote the load average with them.
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


def timed(game: str, level: str, decisions: int, seed: int) -> list[float]:
    from fastapi.testclient import TestClient

    from warroom.engine import game as lookup
    from warroom.server.app import create_app
    from warroom.server.players import Players

    g = lookup(game)
    me = g.roles[0]
    times: list[float] = []
    enough = threading.Event()

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
        with TestClient(app) as c:
            seats = {me: level, **{r: "rules" for r in g.roles[1:]}}
            r = c.post("/api/matches", json={"game": g.id, "seats": seats})
            if r.status_code != 201:
                raise SystemExit(f"{g.id}: {r.text}")
            end = time.monotonic() + decisions * 60
            while not enough.is_set() and time.monotonic() < end:
                enough.wait(1.0)
            enough.set()
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", default="commanders,coral-sea,roads-to-stalingrad,fall-blau")
    ap.add_argument("--levels", default="normal,hard")
    ap.add_argument("--decisions", type=int, default=12)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.1f}")
    print(
        f"{'game':22} {'level':7} {'n':>3} {'median s':>9} {'p90 s':>7} {'max s':>7} {'first s':>8}"
    )
    for game in args.games.split(","):
        for level in args.levels.split(","):
            t = timed(game, level, args.decisions, args.seed)
            if not t:
                print(f"{game:22} {level:7}   0  (no decision timed)")
                continue
            rest = sorted(t[1:]) or t
            p90 = rest[min(len(rest) - 1, math.ceil(0.9 * len(rest)) - 1)]
            print(
                f"{game:22} {level:7} {len(t):3d} {median(rest):9.2f} {p90:7.2f}"
                f" {max(rest):7.2f} {t[0]:8.2f}"
            )
    print(f"load average at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
