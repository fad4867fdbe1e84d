"""Simulation throughput: games per second with 1 and 2 workers, and the time of an odds query.

    PYTHONPATH=src python bench/sim_bench.py [--seconds 4] [--rounds 3] [--path run|command|both]
        [--games-only] [--odds-only]

For Fall Blau and Commanders (the toy duel stands in for a game not yet
registered) it sizes a job so that one worker plays about ``--seconds``, then
plays the same job with 1 and with 2 workers (the pool start-up counted), in
``--rounds`` back-to-back pairs, and prints the median games/s and speed-up
(the speed of a shared machine drifts between runs); the records of both runs
must be equal. Two paths are timed: ``run`` (``warroom.sim.run``: the games
alone) and ``command`` (what ``warroom simulate`` does after parsing its
arguments: the games, the SQLite store in a temporary folder and the progress
bar on stderr; not the interpreter's start-up and imports, the same for both).
For ``run`` it also prints the CPU split: the 1-worker run's CPU time over the
busier worker's in the 2-worker run of the same round (the speed-up two idle
cores would give; the gap to 2 is the extra CPU a game costs when both cores
are busy plus the pool's start-up).
Then it times a 10,000-battle Campaign Commander odds query, if that game is
registered.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from statistics import median

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import shutil
import tempfile

from warroom.ai.base import rules_policy
from warroom.cli.simulate import execute
from warroom.engine import game_ids
from warroom.sim import GameResult, Job, make_cells, resolve_game, run
from warroom.sim.runner import WorkerStats


def play(
    job: Job, workers: int, path: str, db: str
) -> tuple[list[GameResult], dict[int, WorkerStats]]:
    """The job on ``workers`` processes: ``run`` alone, or ``command``: the body of ``warroom
    simulate`` (SQLite store, progress bar on stderr). Returns the records and, for ``run``
    with a pool, what each worker tells of itself."""
    stats: dict[int, WorkerStats] = {}
    if path == "run":
        return run(job, workers=workers, stats=stats), stats
    if os.path.exists(db):
        os.remove(db)
    _, results = execute(job, workers=workers, ray=None, db=db, quiet=False)
    return results, stats


def bench_game(spec: str, seconds: float, rounds: int, paths: list[str]) -> None:
    g = resolve_game(spec)
    agent = "rules" if rules_policy(g.id) is not None else "random"
    cells = make_cells(g, None, {}, [(agent,) * len(g.roles)])
    started = time.perf_counter()
    probe = run(Job(spec, cells, 4, 99), workers=1)
    per_game = (time.perf_counter() - started) / len(probe)
    games = max(40, int(seconds / max(per_game, 1e-6)))
    job = Job(spec, cells, games, 12345)
    db = os.path.join(tempfile.mkdtemp(prefix="sim-bench-"), "sim.sqlite")
    for path in paths:
        load = os.getloadavg()[0]
        # rounds of (1 worker, 2 workers) back to back: the machine's speed drifts between runs
        # (a shared virtual machine), so each round's ratio is taken and the median reported
        rates: dict[int, list[float]] = {1: [], 2: []}
        ratios: list[float] = []
        splits: list[float] = []
        lost: dict[str, list[float]] = {"start-up": [], "tail": [], "wrap-up": []}
        records = {}
        cpu_text = ""
        for _ in range(rounds):
            took, cpu1 = {}, 0.0
            for workers in (1, 2):
                t0, c0 = time.perf_counter(), time.process_time()
                records[workers], stats = play(job, workers, path, db)
                t1 = time.perf_counter()
                took[workers] = t1 - t0
                rates[workers].append(games / took[workers])
                if workers == 1:
                    cpu1 = time.process_time() - c0
                elif stats:
                    # on two idle cores the 2-worker wall time would be the busier worker's CPU
                    ws = list(stats.values())
                    splits.append(cpu1 / max(w.cpu for w in ws))
                    cpu_text = f"{cpu1:.2f}s; 2 workers {' + '.join(f'{w.cpu:.2f}' for w in ws)}s"
                    # wall time with fewer than two workers at work: before the later one
                    # started, after the first one ran out of games, after both were done
                    lost["start-up"].append(max(w.began for w in ws) - t0)
                    lost["tail"].append(max(w.ended for w in ws) - min(w.ended for w in ws))
                    lost["wrap-up"].append(t1 - max(w.ended for w in ws))
            ratios.append(took[1] / took[2])
        same = [r.key() for r in records[1]] == [r.key() for r in records[2]]
        errors = sum(1 for r in records[1] if r.error)
        steps = sum(r.steps for r in records[1]) / games
        print(
            f"{g.id:<12} {path:<7} {agent:<6} {games:5d} games, {steps:4.0f} steps/game, {rounds} rounds "
            f"(medians) | 1 worker {median(rates[1]):6.1f} games/s | 2 workers "
            f"{median(rates[2]):6.1f} games/s | speed-up {median(ratios):.2f}x "
            f"(rounds: {', '.join(f'{r:.2f}' for r in ratios)}) | records equal: {same}"
            + (f" | {errors} games failed" if errors else "")
            + f" | load average {load:.1f} -> {os.getloadavg()[0]:.1f}"
        )
        if splits:
            print(
                f"{'':20} cpu split {median(splits):.2f}x (rounds: "
                f"{', '.join(f'{r:.2f}' for r in splits)}; last: 1 worker {cpu_text}) | "
                + ", ".join(f"{k} {1000 * median(v):.0f} ms" for k, v in lost.items())
                + f" of {1000 * median(games / r for r in rates[2]):.0f} ms"
            )
    shutil.rmtree(os.path.dirname(db), ignore_errors=True)


ODDS_CASES = (
    # (area, attacker, attacking units, from): opening-state battles of Roads to Stalingrad
    ("Rossosh", "axis", ["g-48pz", "g-29"], "Liski"),
    ("Voronezh", "axis", ["g-24pz", "g-48pz", "g-13"], "Zadonsk"),
    ("Kharkov", "soviet", ["s-28", "s-38"], "Kupyansk"),
)


def bench_odds() -> None:
    if "roads-to-stalingrad" not in set(game_ids()):
        print("odds: roads-to-stalingrad is not registered yet")
        return
    from warroom.sim.odds import what_if

    for area, attacker, units, origin in ODDS_CASES:
        try:
            what_if("roads-to-stalingrad", area, attacker, units, origin=origin, battles=100)
        except ValueError as exc:
            print(f"odds {area}: {exc}")
            continue
        t0, c0 = time.perf_counter(), time.process_time()
        odds = what_if("roads-to-stalingrad", area, attacker, units, origin=origin, battles=10_000)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        loop = calibrate()
        won = odds.outcomes.get("attacker", 0) / odds.battles
        print(
            f"odds {attacker} {'+'.join(units)} -> {area}: 10,000 battles in {wall * 1000:.0f} ms "
            f"(cpu {cpu * 1000:.0f} ms = {cpu / loop:.2f}x the 5M-step loop just measured at "
            f"{loop:.2f}s), {odds.chits_played:.1f} chits a battle, attacker takes it {100 * won:.1f}%"
        )


def calibrate() -> float:
    """CPU seconds of a plain 5,000,000-step Python loop (about 0.25 s on an idle machine)."""
    c0 = time.process_time()
    x = 0
    for i in range(5_000_000):
        x += i
    return time.process_time() - c0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=4.0, help="the length of a 1-worker run")
    ap.add_argument("--rounds", type=int, default=3, help="1- and 2-worker runs, alternated")
    ap.add_argument("--games-only", action="store_true")
    ap.add_argument("--odds-only", action="store_true")
    ap.add_argument(
        "--path",
        choices=("run", "command", "both"),
        default="both",
        help="time sim.run alone, the body of `warroom simulate` (store, progress bar), or both",
    )
    args = ap.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"cores: {os.cpu_count()}, load average {load:.1f}, a 5M-step Python loop takes "
        f"{calibrate():.2f} cpu-s (other work on the machine lowers every figure)"
    )
    paths = ["run", "command"] if args.path == "both" else [args.path]
    if not args.odds_only:
        registered = set(game_ids())
        for gid in ("fall-blau", "commanders"):
            if gid in registered:
                bench_game(gid, args.seconds, args.rounds, paths)
            else:
                print(f"{gid}: not registered yet; the toy duel stands in")
        if not {"fall-blau", "commanders"} <= registered:
            bench_game("tests.engine.toy:DUEL", args.seconds, args.rounds, paths)
    if not args.games_only:
        bench_odds()


if __name__ == "__main__":
    main()
