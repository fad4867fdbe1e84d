"""What the leak fuzzer (tests/secrets) checks: positions, twins and channels per game.

    python bench/leak_fuzz.py [--size quick|slow] [--game ID ...] [--server]

For each game (the registered ones and the test games Duel and Sheets) it runs the engine
fuzzer of tests/secrets/test_engine_twins.py over every set-up and kind of twin at the size
the suite uses (``quick``: 2 games of about 6 positions a set-up; ``slow``: 5 of about 10),
and with ``--server`` the server fuzzer of tests/secrets/test_server_twins.py, and prints per
game: set-ups, positions, viewer-twins compared (a twin seen by one role or the observer),
channel comparisons, the channels, the differences found and the seconds taken. Run it from
the repository root (it imports the tests' machinery).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from tests.secrets.fuzz import Findings
from tests.secrets.test_engine_twins import GAMES, KINDS, SETUPS, TWIN_KINDS, positions, run

SIZES = {"quick": (2, 6), "slow": (5, 10)}


def engine(
    gid: str, games: int, per_game: int, kinds: tuple[str, ...] = KINDS
) -> tuple[int, int, Findings, Counter[str], float]:
    start = time.perf_counter()
    total = Findings()
    by_kind: Counter[str] = Counter()
    setups = [(s, o) for g, s, o in SETUPS if g == gid]
    n_positions = 0
    for scen, opts in setups:
        n_positions += len(positions(gid, scen, tuple(sorted(opts.items())), games, per_game))
        for kind in kinds:
            found = run(gid, scen, opts, kind, games, per_game)
            by_kind[kind] += found.checked
            total.checked += found.checked
            total.compared += found.compared
            total.channels.update(found.channels)
            for ch, items in found.by_channel.items():
                total.by_channel.setdefault(ch, []).extend(items)
    return len(setups), n_positions, total, by_kind, time.perf_counter() - start


def server(gid: str, db: Path) -> tuple[Findings, float]:
    import pytest
    from fastapi.testclient import TestClient
    from tests.engine.toy import DUEL
    from tests.secrets.serve import fixed_hints
    from tests.secrets.test_server_twins import run_server
    from tests.secrets.toys import SHEETS

    from warroom.server.app import create_app
    from warroom.server.players import Players

    start = time.perf_counter()
    mp = pytest.MonkeyPatch()
    try:
        fixed_hints(mp)
        app = create_app(
            db, players=Players("thread"), extra_games=[DUEL, SHEETS], resume=False,
            fixed_seeds=True,
        )  # fmt: skip
        with TestClient(app) as client:
            found = run_server(client, gid)
    finally:
        mp.undo()
    return found, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", choices=sorted(SIZES), default="quick")
    ap.add_argument("--game", action="append", help="only these games (repeatable)")
    ap.add_argument("--server", action="store_true", help="the server fuzzer too")
    args = ap.parse_args()
    games, per_game = SIZES[args.size]
    kinds_run = KINDS if args.size == "quick" else TWIN_KINDS  # as the suite: unseen quick only
    chosen = [g for g in GAMES if not args.game or g in args.game]
    print(f"engine fuzzer, size {args.size} ({games} games a set-up, ~{per_game} positions each)")
    print(f"{'game':22} {'set-ups':>7} {'positions':>9} {'viewer-twins':>12} "
          f"{'by kind d/z/c/n/u':>22} {'channels':>9} {'compared':>9} {'diffs':>6} {'s':>6}")  # fmt: skip
    names: Counter[str] = Counter()
    sums = [0, 0, 0, 0, 0, 0.0]
    for gid in chosen:
        n_setups, n_pos, f, by_kind, secs = engine(gid, games, per_game, kinds_run)
        kinds = "/".join(str(by_kind[k]) for k in KINDS)
        diffs = sum(len(v) for v in f.by_channel.values())
        names.update(f.channels)
        print(f"{gid:22} {n_setups:7} {n_pos:9} {f.checked:12} {kinds:>22} "
              f"{len(f.channels):9} {f.compared:9} {diffs:6} {secs:6.1f}")  # fmt: skip
        for i, v in enumerate((n_setups, n_pos, f.checked, f.compared, diffs, secs)):
            sums[i] += v
        for ch, items in sorted(f.by_channel.items()):
            print(f"    {ch}: {len(items)}")
    print(f"{'all':22} {sums[0]:7} {sums[1]:9} {sums[2]:12} {'':>22} {len(names):9} "
          f"{sums[3]:9} {sums[4]:6} {sums[5]:6.1f}")  # fmt: skip
    print(
        "engine channels (times compared):", ", ".join(f"{k} {v}" for k, v in sorted(names.items()))
    )
    if not args.server:
        return
    print("\nserver fuzzer (tests/secrets/test_server_twins.py)")
    print(f"{'game':22} {'viewer-twins':>12} {'channels':>9} {'compared':>9} {'diffs':>6} {'s':>6}")
    snames: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for gid in chosen:
            f, secs = server(gid, Path(tmp) / f"{gid}.sqlite")
            diffs = sum(len(v) for v in f.by_channel.values())
            snames.update(f.channels)
            print(
                f"{gid:22} {f.checked:12} {len(f.channels):9} {f.compared:9} {diffs:6} {secs:6.1f}"
            )
            for ch, items in sorted(f.by_channel.items()):
                print(f"    {ch}: {len(items)}")
    print(
        "server channels (times compared):",
        ", ".join(f"{k} {v}" for k, v in sorted(snames.items())),
    )


if __name__ == "__main__":
    main()
