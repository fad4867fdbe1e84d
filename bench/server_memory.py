"""The web server's memory after many matches: 10,000 created and played a little.

    python bench/server_memory.py [--matches 10000] [--game commanders] [--moves 2]
                                  [--clients 8] [--every 2500]

``warroom serve`` runs in its own process (and session) on a fresh SQLite file. The client
(asyncio, bare keep-alive HTTP/1.1 connections, ``--clients`` at once) creates ``--matches``
hot-seat matches of ``--game`` and plays each a little, as a visitor who tries a match and
leaves would: the watcher's view, then ``--moves`` random listed moves (each with the
acting seat's view first), and for every tenth match a replay frame (which fills the
room's replay cache). Every ``--every`` matches it prints the server's resident memory
(VmRSS from /proc) and the time so far. At the end it plays on in the first match made
(long since evicted from memory, if the server evicts) to show it still loads and plays,
and prints the memory again.

The same script runs against a checkout from before issue 17 (no eviction) for the figure
before.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from server_load import Conn, free_port


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def children_mb(pid: int) -> tuple[int, float]:
    """The server's child processes (its computer-player workers): how many, their RSS."""
    count, total = 0, 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if ppid == pid:
            count += 1
            total += rss_mb(int(entry))
    return count, total


async def one_match(conn: Conn, game: str, moves: int, replay: bool, rng: random.Random) -> str:
    status, m = await conn.request("POST", "/api/matches", body={"game": game, "mode": "hotseat"})
    assert status == 201, m
    mid, tokens = m["id"], m["tokens"]
    status, watch = await conn.request("GET", f"/api/matches/{mid}")
    assert status == 200, watch
    for _ in range(moves):
        active = watch["active"]
        if not active:
            break
        role = active[0]
        status, st = await conn.request("GET", f"/api/matches/{mid}", token=tokens[role])
        assert status == 200 and st["prompt"], st
        actions = st["prompt"]["actions"]
        body = {"action": actions[rng.randrange(len(actions))], "step": st["step"]}
        status, out = await conn.request(
            "POST", f"/api/matches/{mid}/actions", token=tokens[role], body=body
        )
        assert status == 200, out
        status, watch = await conn.request("GET", f"/api/matches/{mid}")
        assert status == 200, watch
    if replay:
        status, frame = await conn.request("GET", f"/api/matches/{mid}/replay?upto=1")
        assert status == 200, frame
    return str(mid)


async def run(args: argparse.Namespace, port: int, pid: int) -> list[str]:
    made: list[str] = []
    start = time.perf_counter()
    todo = iter(range(args.matches))
    lock = asyncio.Lock()
    marks = set(range(args.every, args.matches + 1, args.every))

    async def client(k: int) -> None:
        conn, rng = Conn(port), random.Random(k)
        while True:
            async with lock:
                i = next(todo, None)
            if i is None:
                return
            made.append(await one_match(conn, args.game, args.moves, i % 10 == 0, rng))
            if len(made) in marks:
                print(
                    f"  {len(made):6} matches: server RSS {rss_mb(pid):7.1f} MB"
                    f"  ({time.perf_counter() - start:5.0f} s)",
                    flush=True,
                )

    await asyncio.gather(*(client(k) for k in range(args.clients)))
    return made


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=10_000)
    ap.add_argument("--game", default="commanders")
    ap.add_argument("--moves", type=int, default=2, help="moves played in each match")
    ap.add_argument("--clients", type=int, default=8, help="connections at once")
    ap.add_argument("--every", type=int, default=2500, help="print the memory every N matches")
    ap.add_argument("--sync", default="normal", choices=["full", "normal"])
    args = ap.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "memory.sqlite"
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
                "--sync",
                args.sync,
            ],
            env=dict(os.environ),
            stdout=subprocess.DEVNULL,
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
            print(
                f"server memory: {args.matches} hot-seat {args.game} matches, {args.moves} moves"
                f" each (a replay frame for every tenth), {args.clients} clients, sync"
                f" {args.sync}; load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores"
            )
            print(f"  at start: server RSS {rss_mb(server.pid):.1f} MB")
            made = asyncio.run(run(args, port, server.pid))
            first = made[0]
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as c:
                t0 = time.perf_counter()
                view = c.get(f"/api/matches/{first}")
                took = time.perf_counter() - t0
                assert view.status_code == 200, view.text
                print(
                    f"  the first match made: view in {took * 1000:.0f} ms (step"
                    f" {view.json()['step']}), server RSS {rss_mb(server.pid):.1f} MB;"
                    f" load average {os.getloadavg()[0]:.1f}"
                )
                workers, mb = children_mb(server.pid)
                print(
                    f"  besides: {workers} child processes (computer-player workers), {mb:.1f} MB"
                    " (no computer seat played here)"
                )
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
