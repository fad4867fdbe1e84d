"""Load on the web server: 100 concurrent matches on loopback, random legal moves, every seat a
person (no computer think time). Prints p50/p99 latency of an action (POST, committed to
SQLite before the answer) and of a seat's state (GET). Target: p99 action latency < 50 ms.

    python bench/server_load.py [--games 100] [--seconds 20] [--game commanders]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

import warroom


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def pick_game() -> str:
    ids = warroom.games()
    for preferred in ("commanders", "fall-blau", "toi-stalingrad"):
        if preferred in ids:
            return preferred
    if not ids:
        sys.exit("no game is registered")
    return ids[0]


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))] * 1000


class Conn:
    """A bare keep-alive HTTP/1.1 connection: the load generator must cost the server's
    two cores as little as possible, so no client library sits in the measured path."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, token: str | None = None, body: Any = None
    ) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(data)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token:
            head += f"X-Seat-Token: {token}\r\n"
        assert self.reader is not None
        self.writer.write(head.encode() + b"\r\n" + data)
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        payload = await self.reader.readexactly(length)
        return status, json.loads(payload) if payload else None


async def play(
    port: int,
    game: str,
    seed: int,
    until: float,
    acts: list[float],
    gets: list[float],
    pace: float = 0.0,
) -> int:
    """One match: whoever is active picks a random listed action (after ``pace`` s or so)."""
    rng = random.Random(seed)
    conn = Conn(port)
    status, m = await conn.request(
        "POST", "/api/matches", body={"game": game, "seed": seed, "mode": "hotseat"}
    )
    assert status == 201, m
    mid, tokens = m["id"], m["tokens"]
    logs: dict[str, tuple[int, int]] = {}  # per seat: log entries held, log epoch
    games = 1
    while time.perf_counter() < until:
        t = time.perf_counter()
        _, st = await conn.request("GET", f"/api/matches/{mid}?since=100000")  # who is to act
        gets.append(time.perf_counter() - t)
        if st["outcome"]:  # a finished match: start another
            _, m = await conn.request(
                "POST",
                "/api/matches",
                body={"game": game, "seed": seed + 1000 * games, "mode": "hotseat"},
            )
            mid, tokens = m["id"], m["tokens"]
            logs = {}
            games += 1
            continue
        role = rng.choice(st["active"])
        have = logs.get(role, (0, 0))
        t = time.perf_counter()
        _, st = await conn.request(
            "GET", f"/api/matches/{mid}?since={have[0]}&epoch={have[1]}", token=tokens[role]
        )
        logs[role] = (st["log_from"] + len(st["log"]), st["log_epoch"])  # as the page does
        gets.append(time.perf_counter() - t)
        p = st["prompt"]
        if not p:
            continue
        action = rng.choice(p["actions"])
        t = time.perf_counter()
        status, answer = await conn.request(
            "POST",
            f"/api/matches/{mid}/actions",
            token=tokens[role],
            body={"action": action, "step": st["step"]},
        )
        acts.append(time.perf_counter() - t)
        assert status == 200, answer
        if pace:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * pace)  # a person thinking
    return games


async def run(
    port: int, game: str, n: int, seconds: float, pace: float = 0.0
) -> tuple[list[float], list[float], int]:
    acts: list[float] = []
    gets: list[float] = []
    until = time.perf_counter() + seconds
    games = await asyncio.gather(*(play(port, game, s, until, acts, gets, pace) for s in range(n)))
    return acts, gets, sum(games)


def server_work(game: str, moves: int = 200) -> tuple[float, float, int]:
    """In this process, without HTTP: CPU and wall time of one move (act, commit to disk, the
    two seats' states read back), the server's own cost whatever the load on the machine."""
    from warroom.engine import Rng, action_json
    from warroom.server.app import create_app
    from warroom.server.players import Players

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(Path(tmp) / "work.sqlite", players=Players("thread"))
        rooms = app.state.rooms
        room, _, done = rooms.create(game, None, None, 1, {}, "hotseat")
        done.result()
        rng = Rng(2)
        cpu = wall = 0.0
        n = 0
        while n < moves and not room.match.over:
            m = room.match
            role = m.active[0]
            legal = m.legal(role)
            c0, w0 = time.process_time(), time.perf_counter()
            _, written = rooms.act(room, role, action_json(legal[rng.below(len(legal))]))
            written.result()
            for seat in {role, *(m.active or [role])}:
                rooms.state_json(room, seat, 10**6, room.undos)
            cpu += time.process_time() - c0
            wall += time.perf_counter() - w0
            n += 1
        rooms.store.close()
    return cpu / n * 1000, wall / n * 1000, n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--game", default=None)
    ap.add_argument(
        "--pace",
        type=float,
        default=0.0,
        help="seconds a game waits between its moves (0: every game moves as fast as it can)",
    )
    args = ap.parse_args()
    game = args.game or pick_game()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "load.sqlite"
        server = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "from warroom.cli import main; main()",
                "serve",
                "--port",
                str(port),
                "--db",
                str(db),
            ],
            env=dict(os.environ),
            stdout=subprocess.DEVNULL,
        )
        try:
            end = time.monotonic() + 30
            while time.monotonic() < end:
                try:
                    httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            acts, gets, games = asyncio.run(run(port, game, args.games, args.seconds, args.pace))
        finally:
            server.terminate()
            server.wait(timeout=10)
    pace = f"a move every ~{args.pace:g} s per game" if args.pace else "no pause between moves"
    print(
        f"server load: {args.games} concurrent {game} matches for {args.seconds:g} s on loopback,"
        f" {pace} ({games} matches played; load average {os.getloadavg()[0]:.1f}"
        f" on {os.cpu_count()} cores)"
    )
    print(
        f"  actions: {len(acts)} ({len(acts) / args.seconds:.0f}/s), latency p50 {pct(acts, 50):.1f} ms, p99 {pct(acts, 99):.1f} ms, mean {statistics.mean(acts) * 1000:.1f} ms"
    )
    print(
        f"  states:  {len(gets)} ({len(gets) / args.seconds:.0f}/s), latency p50 {pct(gets, 50):.1f} ms, p99 {pct(gets, 99):.1f} ms"
    )
    cpu, wall, n = server_work(game)
    print(f"  server work per move, in process ({n} moves): CPU {cpu:.2f} ms, wall {wall:.2f} ms")
    verdict = "met" if pct(acts, 99) < 50 else "NOT met"
    print(f"  target p99 action latency < 50 ms: {verdict}")


if __name__ == "__main__":
    main()
