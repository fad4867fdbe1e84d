"""Simulation throughput: games per second with 1 and 2 workers, and the time of an odds query.

    PYTHONPATH=src python bench/sim_bench.py [--seconds 4] [--rounds 3] [--games-only] [--odds-only]

For Fall Blau and Commanders (the toy duel stands in for a game not yet
registered) it sizes a job so that one worker plays about ``--seconds``, then
plays the same job with 1 and with 2 workers (the pool start-up counted), in
``--rounds`` back-to-back pairs, and prints the median games/s and speed-up
(the speed of a shared machine drifts between runs); the records of both runs
must be equal.
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

from concurrent.futures import ProcessPoolExecutor

from warroom.ai.base import rules_policy
from warroom.engine import game_ids
from warroom.sim import Job, make_cells, resolve_game, run
from warroom.sim.runner import chunks, play_games, pool_context


def _timed_chunk(job: Job, indexes: list[int]) -> tuple[int, float, int]:
    c0 = time.process_time()
    done = len(play_games(job, indexes))
    return os.getpid(), time.process_time() - c0, done


def cpu_split(job: Job, workers: int) -> tuple[float, dict[int, float]]:
    """The same job on a pool, with the CPU time each worker spent: on idle cores the
    wall time would be the busiest worker's CPU time (plus start-up)."""
    per: dict[int, float] = {}
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers, mp_context=pool_context()) as pool:
        futs = [pool.submit(_timed_chunk, job, list(r)) for r in chunks(job.total, workers)]
        for f in futs:
            pid, cpu, _ = f.result()
            per[pid] = per.get(pid, 0.0) + cpu
    return time.perf_counter() - t0, per


def bench_game(spec: str, seconds: float, rounds: int) -> None:
    g = resolve_game(spec)
    agent = "rules" if rules_policy(g.id) is not None else "random"
    cells = make_cells(g, None, {}, [(agent,) * len(g.roles)])
    started = time.perf_counter()
    probe = run(Job(spec, cells, 4, 99), workers=1)
    per_game = (time.perf_counter() - started) / len(probe)
    games = max(40, int(seconds / max(per_game, 1e-6)))
    job = Job(spec, cells, games, 12345)
    # rounds of (1 worker, 2 workers) back to back: the machine's speed drifts between runs
    # (a shared virtual machine), so each round's ratio is taken and the median reported
    rates: dict[int, list[float]] = {1: [], 2: []}
    ratios: list[float] = []
    records = {}
    cpu1 = 0.0
    for _ in range(rounds):
        took = {}
        for workers in (1, 2):
            t0, c0 = time.perf_counter(), time.process_time()
            records[workers] = run(job, workers=workers)
            took[workers] = time.perf_counter() - t0
            rates[workers].append(games / took[workers])
            if workers == 1:
                cpu1 = time.process_time() - c0
        ratios.append(took[1] / took[2])
    _, per = cpu_split(job, 2)
    busiest = max(per.values())
    same = [r.key() for r in records[1]] == [r.key() for r in records[2]]
    errors = sum(1 for r in records[1] if r.error)
    steps = sum(r.steps for r in records[1]) / games
    print(
        f"{g.id:<22} {agent:<6} {games:6d} games, {steps:7.0f} steps/game, {rounds} rounds (medians) | "
        f"1 worker {median(rates[1]):8.1f} games/s | 2 workers {median(rates[2]):8.1f} games/s | "
        f"speed-up {median(ratios):.2f}x (rounds: {', '.join(f'{r:.2f}' for r in ratios)}) | "
        f"records equal: {same}\n"
        f"{'':22} cpu: 1 worker {cpu1:.2f}s; 2 workers {' + '.join(f'{c:.2f}' for c in per.values())}s "
        f"-> {cpu1 / busiest:.2f}x on two idle cores"
        + (f" | {errors} games failed" if errors else "")
    )


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
    args = ap.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"cores: {os.cpu_count()}, load average {load:.1f}, a 5M-step Python loop takes "
        f"{calibrate():.2f} cpu-s (other work on the machine lowers every figure)"
    )
    if not args.odds_only:
        registered = set(game_ids())
        for gid in ("fall-blau", "commanders"):
            if gid in registered:
                bench_game(gid, args.seconds, args.rounds)
            else:
                print(f"{gid}: not registered yet; the toy duel stands in")
        if not {"fall-blau", "commanders"} <= registered:
            bench_game("tests.engine.toy:DUEL", args.seconds, args.rounds)
    if not args.games_only:
        bench_odds()


if __name__ == "__main__":
    main()
