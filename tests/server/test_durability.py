"""kill -9 the real server in the middle of play: no acknowledged action is lost, every match
goes on after a restart, computer seats included; with the WAL fsynced at every commit
(sync full) and with it only written (sync normal: a killed process loses nothing the
operating system holds)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.liveserver import free_port, wait_until_up

ROOT = Path(__file__).resolve().parents[2]


def start(db: Path, port: int, sync: str) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=f"{ROOT / 'src'}{os.pathsep}{ROOT}")
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.server.liveserver", str(db), str(port), sync],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wait_until_up(port)
    return proc


def player(url: str, match: dict[str, Any], acked: list[list[Any]], stop: threading.Event) -> None:
    """Play both seats as fast as possible, noting every action the server acknowledged."""
    tokens = match["tokens"]
    i = 0
    with httpx.Client(base_url=url, timeout=5) as c:
        while not stop.is_set():
            try:
                st = c.get(f"/api/matches/{match['id']}").json()
                if st["outcome"]:
                    return
                for role in st["active"]:
                    action = ["bid", 1 + (i * 5 + len(role)) % 3]
                    i += 1
                    r = c.post(
                        f"/api/matches/{match['id']}/actions",
                        headers={"X-Seat-Token": tokens[role]},
                        json={"action": action},
                    )
                    if r.status_code == 200:
                        acked.append([role, action])
            except httpx.HTTPError:
                return  # the server is gone


@pytest.mark.parametrize("sync", ["full", "normal"])
def test_kill_9_loses_no_acknowledged_action(tmp_path: Path, sync: str) -> None:
    db = tmp_path / "warroom.sqlite"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = start(db, port, sync)
    try:
        matches = [
            httpx.post(
                url + "/api/matches", json={"game": "duel", "scenario": "long", "seed": s}
            ).json()
            for s in range(4)
        ]
        bot = httpx.post(
            url + "/api/matches",
            json={"game": "duel", "scenario": "long", "seed": 9, "seats": {"south": "random"}},
        ).json()
        acked: list[list[list[Any]]] = [[] for _ in matches]
        stop = threading.Event()
        threads = [
            threading.Thread(target=player, args=(url, m, a, stop))
            for m, a in zip(matches, acked, strict=True)
        ]
        for t in threads:
            t.start()
        end = time.monotonic() + 20
        while sum(len(a) for a in acked) < 10 and time.monotonic() < end:
            time.sleep(0.005)  # kill it in the middle of play
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        stop.set()
        for t in threads:
            t.join(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert sum(len(a) for a in acked) >= 8, "the games barely started before the kill"

    proc = start(db, port, sync)  # the same database, a fresh process
    cut_short = 0
    try:
        for m, a in zip(matches, acked, strict=True):
            # every match goes on: play it to the end, then read its published record
            player(url, m, [], threading.Event())
            record = httpx.get(f"{url}/api/matches/{m['id']}/record").json()
            assert record["actions"][: len(a)] == a, "an acknowledged action was lost"
            cut_short += len(record["actions"]) > len(a)
        assert cut_short >= 1, "no match was in play when the server was killed"
        # the computer seat plays on by itself after the restart
        north = bot["tokens"]["north"]
        end = time.monotonic() + 20
        st: dict[str, Any] = {}
        while time.monotonic() < end:
            st = httpx.get(f"{url}/api/matches/{bot['id']}", headers={"X-Seat-Token": north}).json()
            if st["outcome"]:
                break
            if st["prompt"]:
                httpx.post(
                    f"{url}/api/matches/{bot['id']}/actions",
                    headers={"X-Seat-Token": north},
                    json={"action": ["bid", 2], "step": st["step"]},
                )
            time.sleep(0.02)
        assert st["outcome"] is not None
    finally:
        proc.kill()
        proc.wait(timeout=10)
