"""Paired games of one agent against several opponents, a line a game: issue 23's ladder targets.

    python bench/ladder_pairs.py GAME AGENT FIRST_SEED SEEDS OPPONENT[@ROLE] ...
    python bench/ladder_pairs.py coral-sea normal 8100 30 rules script:blitz style:guadalcanal@japan

Each game seed is played with ``AGENT`` in each seat against each opponent (the seats
swapped on the same seed, as ``warroom evaluate`` and ``warroom ladder`` pair them, with the
same agent seeds). ``OPPONENT@ROLE`` plays only the game with the opponent in that role: a
style written for one side (Coral Sea's Japanese ``guadalcanal``) plays the rules player in
the other seat, which the ``rules`` opponent already covers. Seeds are the outer loop and the
opponents the inner one, so a run stopped early is balanced across opponents. Each line
names the seed, the agent's seat, the opponent, the winner, the points, the seconds the game
took, the agent's longest decision and the load average; ``--summary LOG`` reads such lines
back and prints each opponent's score (a draw is half) with its 95% Wilson interval and
issue 23's verdict (met: the interval's low end at least 60%; not met: its high end below).
Run it under ``nice -n 10`` in the background with its output in a log: it uses one core.
"""

from __future__ import annotations

import collections
import os
import sys
import time

from warroom.ai.arena import play_game, wilson
from warroom.engine import game as lookup


def play(gid: str, agent: str, first: int, seeds: int, opponents: list[str]) -> None:
    g = lookup(gid)
    r0, r1 = g.roles
    for seed in range(first, first + seeds):
        for opponent in opponents:
            name, _, only = opponent.partition("@")
            for index, seats in enumerate(({r0: agent, r1: name}, {r0: name, r1: agent})):
                if only and seats.get(only) != name:
                    continue
                if name == agent:  # the same spec in both seats: name the second apart
                    seats = {r: (s if r == r0 else f"{s}#2") for r, s in seats.items()}
                began = time.time()
                res = play_game(g, seats, seed, 7919 * index + seed, index=index)
                mine = [r for r, s in res.seats.items() if s == agent]
                score = 0.5 if res.winner is None else float(res.winner in mine)
                secs = res.move_seconds.get(agent, [])
                points = ",".join(f"{r}:{p:g}" for r, p in res.points.items())
                print(
                    f"{gid} seed={seed} agent={agent} as={mine[0]} vs={name} "
                    f"winner={res.winner} score={score} points={points} steps={res.steps} "
                    f"finished={res.finished} secs={time.time() - began:.1f} "
                    f"maxdec={max(secs) if secs else 0:.2f} load={os.getloadavg()[0]:.1f} "
                    f"utc={time.strftime('%H:%M:%S', time.gmtime())}",
                    flush=True,
                )


def summary(path: str) -> None:
    scores: dict[str, list[float]] = collections.defaultdict(list)
    seats: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    with open(path, encoding="utf-8") as log:
        lines = log.read().splitlines()
    for line in lines:
        fields = dict(kv.split("=", 1) for kv in line.split() if "=" in kv)
        if "vs" not in fields:
            continue
        scores[fields["vs"]].append(float(fields["score"]))
        seats[fields["vs"]][fields["as"]] += float(fields["score"])
    for name, got in scores.items():
        s, n = sum(got), len(got)
        low, high = wilson(s, n)
        verdict = "met" if low >= 0.6 else "not met" if high < 0.6 else "unclear"
        by = ", ".join(f"{r} {v:g}" for r, v in seats[name].items())
        print(f"{name}: {s:g}/{n} = {s / n:.0%} (95% {low:.0%}-{high:.0%}) [{by}] {verdict}")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--summary":
        summary(sys.argv[2])
    elif len(sys.argv) >= 6:
        play(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5:])
    else:
        raise SystemExit(__doc__)
