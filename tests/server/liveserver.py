"""A real server for browser and durability tests: uvicorn on a free port, with the test game.

Run as a program (``python -m tests.server.liveserver DB PORT [SYNC]``) it is a separate
process that can be killed with SIGKILL; as ``LiveServer`` it runs in a thread.
"""

from __future__ import annotations

import socket
import sys
import threading
import time
from pathlib import Path

import uvicorn

from tests.engine.toy import DUEL
from tests.secrets.toys import SHEETS
from warroom.server.app import UVICORN_LIMITS, create_app
from warroom.server.players import Players


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_until_up(port: int, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"no server came up on port {port}")


class LiveServer:
    def __init__(self, db: Path, players: str = "thread") -> None:
        self.port = free_port()
        app = create_app(db, players=Players(players), extra_games=[DUEL, SHEETS], fixed_seeds=True)
        self.server = uvicorn.Server(
            uvicorn.Config(
                app, host="127.0.0.1", port=self.port, log_level="warning", **UVICORN_LIMITS
            )
        )
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        wait_until_up(self.port)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def main() -> None:
    db, port = sys.argv[1], int(sys.argv[2])
    sync = sys.argv[3] if len(sys.argv) > 3 else "full"
    app = create_app(
        db, players=Players("thread"), extra_games=[DUEL, SHEETS], sync=sync, fixed_seeds=True
    )
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", **UVICORN_LIMITS)


if __name__ == "__main__":
    main()
