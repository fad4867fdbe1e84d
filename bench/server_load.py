"""Load on the web server: concurrent matches on loopback, random legal moves, every seat a person.

The load. ``warroom serve`` runs in its own process (and session: on a Linux machine shared
with others, autogroup scheduling then gives it a CPU share of its own, apart from the
client's, as a real server would have) on a fresh SQLite file. This process (the
client, on uvloop when it is installed, with bare keep-alive HTTP/1.1 connections: one per
match) first creates ``--games`` hot-seat matches of ``--game``, lets them play for
``--warmup`` seconds, then measures for ``--seconds``. Each move of a match is what the pages
of a two-seat match ask for:

  1. GET  /api/matches/{id}?since=...            the observer's view: who is to act
  2. GET  /api/matches/{id}?since=..&epoch=..    that seat's view, prompt and new log entries
  3. POST /api/matches/{id}/actions              a random listed action, with the step seen

A finished match is replaced by a new one. No computer seat plays, so no think time is in any
figure. The action latency is the time of request 3 alone, from just before it is written to
the socket until its answer has been read: the server checks the seat, applies the move,
commits it to SQLite (``--sync full``: the WAL fsynced; ``--sync normal``: written to the
OS, see ``warroom serve --help``) and only then answers. p50/p99 are over every action
made in the measured window.

``--pace 0`` (flat out): every match moves again as soon as its last answer is in, so the
rate is whatever the machine gives and the latency is mostly queueing (Little's law: 100
matches in flight at R actions/s wait about 100/R s). ``--pace P``: every match makes about one
move every P seconds (each gap drawn uniformly from 0.5 P to 1.5 P, counted from when the move
was due, not from when the last answer came, so a slow server does not slow the load), which
for 100 matches and P = 1 is an offered load of about 100 actions/s and 300 requests/s.

The report names the machine's load average before and after, the CPU the server and the
client used, and how late the client's own event loop ran (if that is large, the client, not
the server, added to the latencies). Target (issue 7): p99 action latency under 50 ms.

    python bench/server_load.py [--games 100] [--seconds 20] [--warmup 3] [--game commanders]
                                [--pace 1] [--sync full|normal]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson

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
    """The p-th percentile (nearest rank), in ms."""
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, max(0, int(p / 100 * len(values) + 0.5) - 1))] * 1000


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
        data = b"" if body is None else orjson.dumps(body)
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
        return status, orjson.loads(payload) if payload else None


@dataclass
class Tally:
    start: float = 0.0  # measuring from (perf_counter)
    end: float = 0.0  # until
    acts: list[float] = field(default_factory=list)
    when: list[float] = field(default_factory=list)  # when each action was sent
    gets: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)  # how late the client's loop woke up
    games: int = 0
    server_cpu: float = 0.0  # CPU seconds the server used in the window
    client_cpu: float = 0.0  # and this process
    load: tuple[float, float] = (0.0, 0.0)  # 1-minute load average at start and end

    def counts(self, t: float) -> bool:
        return self.start <= t < self.end


class Game:
    """One match and its two seats, as the pages of its players see it."""

    def __init__(self, port: int, game: str, seed: int) -> None:
        self.conn = Conn(port)
        self.game = game
        self.rng = random.Random(seed)
        self.mid = ""
        self.tokens: dict[str, str] = {}
        self.logs: dict[str, tuple[int, int]] = {}  # per seat: log entries held, log epoch

    async def new_match(self) -> None:
        status, m = await self.conn.request(
            "POST", "/api/matches", body={"game": self.game, "mode": "hotseat"}
        )  # a two-seat match gets a secret seed from the server (and its generator), as any
        assert status == 201, m
        self.mid, self.tokens, self.logs = m["id"], m["tokens"], {}

    async def move(self, tally: Tally) -> None:
        """One move (or a new match, if this one is over)."""
        conn, rng = self.conn, self.rng
        t = time.perf_counter()
        _, st = await conn.request("GET", f"/api/matches/{self.mid}?since=1000000")
        if tally.counts(t):
            tally.gets.append(time.perf_counter() - t)
        if st["outcome"]:
            tally.games += tally.counts(t)
            await self.new_match()
            return
        role = rng.choice(st["active"])
        have = self.logs.get(role, (0, 0))
        t = time.perf_counter()
        _, st = await conn.request(
            "GET",
            f"/api/matches/{self.mid}?since={have[0]}&epoch={have[1]}",
            token=self.tokens[role],
        )
        if tally.counts(t):
            tally.gets.append(time.perf_counter() - t)
        self.logs[role] = (st["log_from"] + len(st["log"]), st["log_epoch"])  # as the page does
        prompt = st["prompt"]
        if not prompt:
            return
        action = rng.choice(prompt["actions"])
        t = time.perf_counter()
        status, answer = await conn.request(
            "POST",
            f"/api/matches/{self.mid}/actions",
            token=self.tokens[role],
            body={"action": action, "step": st["step"]},
        )
        if tally.counts(t):
            tally.acts.append(time.perf_counter() - t)
            tally.when.append(t - tally.start)
        assert status == 200, answer


async def play(g: Game, tally: Tally, pace: float) -> None:
    due = time.perf_counter() + (g.rng.uniform(0, pace) if pace else 0.0)
    while True:
        if pace:
            now = time.perf_counter()
            if due > now:
                await asyncio.sleep(due - now)
            due = max(due + g.rng.uniform(0.5, 1.5) * pace, time.perf_counter() - pace)
        if time.perf_counter() >= tally.end:
            return
        await g.move(tally)


async def watch_loop(tally: Tally) -> None:
    """How late this (client) loop wakes from a 5 ms sleep: its own share of any latency."""
    while time.perf_counter() < tally.end:
        t = time.perf_counter()
        await asyncio.sleep(0.005)
        late = time.perf_counter() - t - 0.005
        if tally.counts(t):
            tally.lags.append(max(0.0, late))


async def meter(tally: Tally, server: int) -> None:
    """CPU of the server and of this client, and the load average, over the window."""
    await asyncio.sleep(tally.start - time.perf_counter())
    s0, c0, l0 = cpu_seconds(server), time.process_time(), os.getloadavg()[0]
    await asyncio.sleep(tally.end - time.perf_counter())
    tally.server_cpu = cpu_seconds(server) - s0
    tally.client_cpu = time.process_time() - c0
    tally.load = (l0, os.getloadavg()[0])


async def run(
    port: int, server: int, game: str, n: int, seconds: float, warmup: float, pace: float
) -> Tally:
    games = [Game(port, game, seed) for seed in range(n)]
    await asyncio.gather(*(g.new_match() for g in games))
    tally = Tally()
    tally.start = time.perf_counter() + warmup
    tally.end = tally.start + seconds
    await asyncio.gather(
        meter(tally, server), watch_loop(tally), *(play(g, tally, pace) for g in games)
    )
    return tally


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_work(game: str, moves: int = 200) -> tuple[float, float, int]:
    """In this process, without HTTP: CPU and wall time of one move (act, commit to disk, the
    two seats' states read back), the server's own cost whatever the load on the machine."""
    from warroom.engine import Rng, action_json
    from warroom.server.app import create_app
    from warroom.server.players import Players

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(Path(tmp) / "work.sqlite", players=Players("thread"))
        rooms = app.state.rooms
        room, _, done = rooms.create(game, None, None, None, {}, "hotseat")
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
                rooms.state_json(room, seat, 10**6, room.epoch(seat))
            cpu += time.process_time() - c0
            wall += time.perf_counter() - w0
            n += 1
        rooms.store.close()
    return cpu / n * 1000, wall / n * 1000, n


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--games", type=int, default=100, help="concurrent matches (default 100)")
    ap.add_argument("--seconds", type=float, default=20.0, help="the measured window (20)")
    ap.add_argument("--warmup", type=float, default=3.0, help="play before measuring (3)")
    ap.add_argument("--game", default=None, help="the game (default commanders)")
    ap.add_argument(
        "--sync",
        default="full",
        choices=["full", "normal"],
        help="the server's --sync: full (fsync at every commit, the default) or normal",
    )
    ap.add_argument(
        "--pace",
        type=float,
        default=0.0,
        help="each match moves about once every PACE seconds (0, the default: flat out)",
    )
    ap.add_argument("--trace", default=None, help="write each action's send time and latency (CSV)")
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
                *(["--sync", args.sync] if args.sync != "full" else []),
            ],
            env=dict(os.environ),
            stdout=subprocess.DEVNULL,
            # its own session, as a server started by a service manager would be: with the
            # kernel's autogroup scheduling the client then does not eat the server's share
            start_new_session=True,
        )
        try:
            end = time.monotonic() + 30
            while time.monotonic() < end:
                try:
                    httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            try:
                import uvloop

                runner = uvloop.run
            except ImportError:
                runner = asyncio.run
            tally = runner(
                run(port, server.pid, game, args.games, args.seconds, args.warmup, args.pace)
            )
        finally:
            server.terminate()
            server.wait(timeout=10)
    span = args.seconds
    if args.trace:
        with open(args.trace, "w") as out:
            out.write("sent_s,latency_ms\n")
            for w, a in sorted(zip(tally.when, tally.acts, strict=True)):
                out.write(f"{w:.4f},{a * 1000:.2f}\n")
    acts, gets = tally.acts, tally.gets
    pace = f"one move every ~{args.pace:g} s per match" if args.pace else "flat out"
    pace += f", sync {args.sync}"
    print(
        f"server load: {args.games} concurrent {game} matches on loopback, {pace};"
        f" measured {args.seconds:g} s after {args.warmup:g} s of warm-up;"
        f" load average {tally.load[0]:.1f} at the start, {tally.load[1]:.1f} at the end, {os.cpu_count()} cores"
    )
    print(
        f"  actions: {len(acts)} ({len(acts) / args.seconds:.0f}/s), latency"
        f" p50 {pct(acts, 50):.1f} ms, p90 {pct(acts, 90):.1f} ms, p99 {pct(acts, 99):.1f} ms,"
        f" max {pct(acts, 100):.1f} ms"
    )
    print(
        f"  states:  {len(gets)} ({len(gets) / args.seconds:.0f}/s), latency"
        f" p50 {pct(gets, 50):.1f} ms, p99 {pct(gets, 99):.1f} ms ({tally.games} matches ended)"
    )
    print(
        f"  CPU: server {tally.server_cpu / span * 100:.0f}% of a core, client"
        f" {tally.client_cpu / span * 100:.0f}%; client loop late p99 {pct(tally.lags, 99):.1f} ms"
    )
    cpu, wall, n = server_work(game)
    print(f"  server work per move, in process ({n} moves): CPU {cpu:.2f} ms, wall {wall:.2f} ms")
    verdict = "met" if pct(acts, 99) < 50 else "NOT met"
    print(f"  target p99 action latency < 50 ms: {verdict}")


if __name__ == "__main__":
    main()
