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
figure depends little on the machine's load; ``--matches`` matches a game are pooled, and
the report gives, at each step, the medians of the move (with its commit) and of the three
states (about the same at step 500 as at step 50 when the work does not grow with the
match's length), and the mean of their sum.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path
from statistics import mean, median


def per_move(
    game: str, at: list[int], moves: int, seed: int
) -> dict[int, list[tuple[float, float]]]:
    """CPU ms of each timed move (the move and its commit, the three states read back), by
    the step its window started at."""
    from warroom.engine import Rng, action_json
    from warroom.server.app import create_app
    from warroom.server.players import Players

    out: dict[int, list[tuple[float, float]]] = {a: [] for a in at}
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
            c1 = time.process_time()
            for page in pages:
                rooms.state_json(room, page, has.get(page, 0), room.epoch(page))
                has[page] = len(room.seen_by(page))
            c2 = time.process_time()
            if window is not None:
                out[window].append(((c1 - c0) * 1000, (c2 - c1) * 1000))
        rooms.store.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="roads-to-stalingrad,coral-sea,commanders")
    ap.add_argument("--at", default="50,500", help="steps where timed windows start")
    ap.add_argument("--moves", type=int, default=30, help="moves timed in each window")
    ap.add_argument("--matches", type=int, default=3, help="matches a game (pooled)")
    ap.add_argument("--seed", type=int, default=2, help="draws the moves (not the dice)")
    args = ap.parse_args()
    at = sorted(int(a) for a in args.at.split(","))
    print(
        f"server CPU per move (move + two seats' and a watcher's states); load {os.getloadavg()[0]:.2f}"
    )
    for game in args.games.split(","):
        got: dict[int, list[tuple[float, float]]] = {a: [] for a in at}
        for k in range(args.matches):
            for a, ms in per_move(game, at, args.moves, args.seed + k).items():
                got[a] += ms
        cells = []
        for a in at:
            ms = got[a]
            if ms:
                move = median(m for m, _ in ms)
                views = median(v for _, v in ms)
                cells.append(
                    f"step {a}: move {move:.2f} ms + states {views:.2f} ms"
                    f" (medians; mean total {mean(m + v for m, v in ms):.2f} ms, {len(ms)} moves)"
                )
            else:
                cells.append(f"step {a}: every match ended before")
        print(f"  {game}: " + "; ".join(cells), flush=True)
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
