"""The web server's CPU per move early and late in a match: is it proportional to what changed?

    python bench/server_steps.py [--games roads-to-stalingrad,coral-sea,commanders]
        [--at 50,500] [--moves 30] [--seed 2]

In this process, without HTTP (as ``server_load.py``'s "server work per move"): a hot-seat
match on a fresh SQLite file plays random listed moves; from each step named by ``--at`` on,
``--moves`` moves are timed (the moves drawn with ``--seed``; the dice are the server's
secret seed, so each run plays another match), each one what the pages of a two-seat match cost the server:
the move (checked, applied, committed to disk), then the state each seat's page and a
watcher's page read back (``state_json`` with the log entries they have already: only the new
ones are sent). CPU is the whole process's (the store's writer thread included), so the
figure does not depend on the machine's load; the report gives the median and the mean per
move at each step, and the ratio of the late to the early one (about 1 when the work does
not grow with the match's length).
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path
from statistics import mean, median


def per_move(game: str, at: list[int], moves: int, seed: int) -> dict[int, list[float]]:
    """CPU ms of each timed move, by the step its window started at."""
    from warroom.engine import Rng, action_json
    from warroom.server.app import create_app
    from warroom.server.players import Players

    out: dict[int, list[float]] = {a: [] for a in at}
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(Path(tmp) / "work.sqlite", players=Players("thread"))
        rooms = app.state.rooms
        room, _, done = rooms.create(game, None, None, None, {}, "hotseat")
        done.result()
        rng = Rng(seed)
        has: dict[str | None, int] = {}  # log entries each page has: what it sends as since
        pages: list[str | None] = [*room.match.game.roles, None]
        while not room.match.over and room.step < max(at) + moves:
            m = room.match
            role = m.active[0]
            legal = m.legal(role)
            window = next((a for a in at if a <= room.step < a + moves), None)
            c0 = time.process_time()
            _, written = rooms.act(room, role, action_json(legal[rng.below(len(legal))]))
            written.result()
            for page in pages:
                rooms.state_json(room, page, has.get(page, 0), room.undos)
                has[page] = len(room.seen_by(page))
            spent = time.process_time() - c0
            if window is not None:
                out[window].append(spent * 1000)
        rooms.store.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="roads-to-stalingrad,coral-sea,commanders")
    ap.add_argument("--at", default="50,500", help="steps where timed windows start")
    ap.add_argument("--moves", type=int, default=30, help="moves timed in each window")
    ap.add_argument("--seed", type=int, default=2, help="draws the moves (not the dice)")
    args = ap.parse_args()
    at = sorted(int(a) for a in args.at.split(","))
    print(
        f"server CPU per move (move + two seats' and a watcher's states); load {os.getloadavg()[0]:.2f}"
    )
    for game in args.games.split(","):
        got = per_move(game, at, args.moves, args.seed)
        cells = []
        for a in at:
            ms = got[a]
            if ms:
                cells.append(
                    f"step {a}: median {median(ms):.2f} ms, mean {mean(ms):.2f} ms ({len(ms)})"
                )
            else:
                cells.append(f"step {a}: the match ended before")
        first, last = got[at[0]], got[at[-1]]
        ratio = f"; late/early {median(last) / median(first):.2f}" if first and last else ""
        print(f"  {game:<20} " + "; ".join(cells) + ratio, flush=True)
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
