"""The cost of the dice: random games per second with an integer seed (the fast splitmix64
generator) and with a secret seed (the keyed SHAKE-256 generator of hosted matches).

    python bench/dice_bench.py [--seconds 2] [--rounds 5] [--game commanders ...] [--games N]

For each game it plays random games (every move a uniform listed action, chosen by Python's
``random``, so no Rng of the bench's own is timed) on seeds 0..N-1 and on N secret seeds made
from the same numbers (N sized so a kind takes about ``--seconds``, or ``--games``), in
``--rounds`` rounds that alternate the two kinds (a shared machine's speed drifts), and
prints the median games/s of each. The two kinds play different games (other dice, other
lengths), so their games/s differ by the games as well as by the generator; the generator's
own cost is measured apart: both generators hand numbers out of a block by the same
inherited code and differ only in how a block is made (``_refill``), so the bench times
every ``_refill`` over one more run of the same games and prints that time per game beside
the game's own time. On a checkout without secret seeds (before issue 17) it times the
integer seeds only: those games are the same before and after, so with the same
``--games`` their games/s compare directly.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import sys
import time
from statistics import median
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from warroom.engine import Match, Rng, game_ids

try:
    from warroom.engine import new_secret_seed
except ImportError:  # before issue 17
    new_secret_seed = None


def play(gid: str, seed: Any, pick: int) -> int:
    """One random game; returns the generator's position (SecretRng: numbers drawn)."""
    m = Match.new(gid, seed=seed)
    rng = random.Random(pick)  # not an Rng: the bench times those
    g = m.game
    while m.outcome is None:
        role = m.active[0]
        legal = g.legal_actions(m.state, role)
        m.act(role, legal[rng.randrange(len(legal))])
    return int(m.state.rng.s)


def secret_for(i: int) -> str:
    """A secret seed made from ``i`` (so every round plays the same games)."""
    return hashlib.sha256(b"dice bench %d" % i).hexdigest()


def timed(gid: str, kind: str, games: int) -> tuple[float, int]:
    """Seconds for ``games`` random games (seeds 0.. or their secrets), numbers drawn."""
    drawn = 0
    t0 = time.perf_counter()
    for i in range(games):
        drawn += play(gid, secret_for(i) if kind == "secret" else i, i)
    return time.perf_counter() - t0, drawn


def refill_time(gid: str, kind: str, games: int) -> float:
    """Seconds spent making blocks of numbers (``_refill``) over the same games."""
    classes: list[Any] = [Rng]
    if kind == "secret":
        from warroom.engine import SecretRng

        classes = [SecretRng]
    spent = 0.0
    saved = [c.__dict__["_refill"] for c in classes]

    def timing(original: Any) -> Any:
        def refill(self: Any, need: int) -> Any:
            nonlocal spent
            t0 = time.perf_counter()
            out = original(self, need)
            spent += time.perf_counter() - t0
            return out

        return refill

    for c, original in zip(classes, saved, strict=True):
        c._refill = timing(original)
    try:
        timed(gid, kind, games)
    finally:
        for c, original in zip(classes, saved, strict=True):
            c._refill = original
    return spent


def per_number(kind: str, numbers: int = 200_000) -> float:
    """ns a number, drawn three dice at a time (as most rolls of the games are)."""
    rng = Rng.for_seed(new_secret_seed()) if kind == "secret" else Rng(1)
    t0 = time.perf_counter()
    for _ in range(numbers // 3):
        rng.dice(3)
    return (time.perf_counter() - t0) / numbers * 1e9


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="per round and kind of seed")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--game", action="append", default=None, help="a game id (repeatable)")
    ap.add_argument("--games", type=int, default=0, help="games per kind and round (0: sized)")
    args = ap.parse_args()
    kinds = ["int", "secret"] if new_secret_seed is not None else ["int"]
    load = os.getloadavg()[0]
    print(
        f"dice cost: random games/s, {args.rounds} rounds of {args.seconds:g} s per kind of"
        f" seed, alternating; load average {load:.1f} at the start, {os.cpu_count()} cores"
    )
    for gid in args.game or game_ids():
        play(gid, 0, 0)  # the game's data loaded, its caches warm
        games = args.games
        if not games:
            t, _ = timed(gid, "int", 3)
            games = max(5, int(args.seconds / max(t / 3, 1e-6)))
        rates: dict[str, list[float]] = {k: [] for k in kinds}
        drawn = 0
        for r in range(args.rounds):
            for kind in kinds if r % 2 == 0 else kinds[::-1]:
                t, n = timed(gid, kind, games)
                rates[kind].append(games / t)
                if kind == "secret":
                    drawn = n
        line = f"  {gid:20} {games:5} games" + "".join(
            f"  {k} {median(v):8.1f}/s" for k, v in rates.items()
        )
        for kind in kinds:
            per_game = 1 / median(rates[kind])
            gen = refill_time(gid, kind, games) / games
            line += f"  | {kind}: generator {gen * 1e6:6.1f} us a game ({gen / per_game:.2%})"
        if "secret" in rates:
            line += f", {drawn / games:.0f} numbers drawn a game"
        print(line)
    costs = {k: median(per_number(k) for _ in range(5)) for k in kinds}
    print(
        "  generators alone, ns a number (dice three at a time): "
        + ", ".join(f"{k} {v:.0f}" for k, v in costs.items())
    )
    print(f"  load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
