"""Old code against new, side by side: random games through Match, us per step, search speed.

    python bench/speed_bench.py [--old 0c67e28 | --old-tree TREE] [--new WORKTREE] [--pure]
        [--games rts,coral,...] [--rounds 5] [--scale 1] [--no-search] [--search-only]
        [--profile N] [--imports]

The old commit is exported (``git archive``) into a temporary folder (its sources: an export
compiles nothing), or ``--old-tree`` names a tree whose ``src`` is taken as it is (e.g. one
where ``make setup`` compiled main, to compare compiled with compiled); two worker processes
import the old and the new ``src`` (``--new``: this tree by default; its compiled modules, if
``make setup`` compiled them, or with ``--pure`` their sources) and answer the same
requests in turn: play these seeds at random through ``Match`` (the loop of
``_random_games``), or run the search agent on these positions. Each round asks both, in
alternating order (old first in even rounds, new first in odd ones), so both meet the same
load; a shared machine drifts, so the report gives the medians of each round's ratio
(new / old for rates, old / new for times), and the load average. Times are the workers' CPU
time. Each answer carries a digest of what was played (every record and outcome, every
search's choice): "same games" says whether old and new played the very same games, which they
must unless the rules changed between the two commits.

``--profile N`` prints instead each side's cProfile (CPU time) of the same random games, the
top N functions by cumulative time; ``--imports``, the time a fresh process that has loaded
the command line takes to get the game it names (``warroom.game``), and the games it imported.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES = {
    "rts": "roads-to-stalingrad",
    "coral": "coral-sea",
    "commanders": "commanders",
    "blau": "fall-blau",
    "toi": "toi-stalingrad",
}
# games per round of the random-game measure (about a second of a loaded core at 0c67e28)
BATCH = {
    "roads-to-stalingrad": 4,
    "coral-sea": 10,
    "commanders": 20,
    "fall-blau": 300,
    "toi-stalingrad": 40,
}
# search: whole-campaign races get a few simulations at each position, the rest more
SEARCH_ITERATIONS = {
    "roads-to-stalingrad": 8,
    "coral-sea": 16,
    "commanders": 150,
    "fall-blau": 600,
}


# ----- the worker (runs in a subprocess with PYTHONPATH set to one side's src) -------------------
def _digest(obj: Any) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, default=str).encode()).hexdigest()[:16]


def _random_games(gid: str, seeds: list[int]) -> dict[str, Any]:
    from warroom.engine import Match, Rng

    played = []
    steps = 0
    cpu = 0.0
    for seed in seeds:
        start = time.process_time()
        m = Match.new(gid, seed=seed)
        rng = Rng(seed + 7)
        while not m.over:
            active = m.active
            role = active[rng.below(len(active))]
            acts = m.legal(role)
            m.act(role, acts[rng.below(len(acts))])
        cpu += time.process_time() - start
        steps += len(m.steps)
        out = m.outcome
        # what must not change (untimed): the actions, the outcome, the log, the final state
        played.append(
            (m.record()["actions"], out.to_json() if out else None, m.log, m.game.snapshot(m.state))
        )
    return {"games": len(seeds), "steps": steps, "cpu": cpu, "digest": _digest(played)}


_POSITIONS: dict[str, list[tuple[Any, str]]] = {}


def _positions(gid: str, count: int) -> list[tuple[Any, str]]:
    """Decision points spread over one game between rule-based players (seed 1)."""
    found = _POSITIONS.get(gid)
    if found is not None:
        return found
    from warroom.ai import make_agent
    from warroom.engine import Match

    m = Match.new(gid, seed=1)
    agents = {r: make_agent("rules", gid, 1 + i) for i, r in enumerate(m.game.roles)}
    points: list[tuple[Any, str]] = []
    while not m.over:
        role = m.active[0]
        if len(m.legal(role)) > 1 and len(m.steps) % 17 == 3:
            points.append((m.clone(), role))
        m.act(role, agents[role].choose(m, role))
    stride = max(1, len(points) // count)
    found = _POSITIONS[gid] = points[::stride][:count]
    return found


def _search(gid: str, iterations: int, count: int) -> dict[str, Any]:
    from warroom.ai import SearchAgent, SearchConfig
    from warroom.ai.search import game_hook

    cfg = SearchConfig.from_params({"iterations": str(iterations)}, game_hook(gid, "SEARCH"))
    done = 0
    chosen = []
    cpu = time.process_time()
    for m, role in _positions(gid, count):
        res = SearchAgent(gid, cfg, seed=5).analyse(m, role)
        done += res.iterations
        chosen.append(res.best)
    cpu = time.process_time() - cpu
    return {"iterations": done, "cpu": cpu, "digest": _digest(chosen)}


def _profile(gid: str, seeds: list[int], top: int) -> dict[str, Any]:
    """cProfile (CPU time) of random games: the ``top`` functions by cumulative time."""
    import cProfile
    import pstats

    prof = cProfile.Profile(time.process_time)
    prof.runcall(_random_games, gid, seeds)
    st = pstats.Stats(prof)
    stats: dict[Any, Any] = st.stats  # type: ignore[attr-defined]
    total = sum(tt for (_cc, _nc, tt, _ct, _callers) in stats.values())
    rows = []
    for (path, _line, name), (_cc, calls, tt, ct, _callers) in stats.items():
        if "warroom" not in path:
            continue
        short = path[path.index("warroom") :].removesuffix(".py").replace("/", ".")
        rows.append((ct, tt, calls, f"{short}.{name}"))
    rows.sort(reverse=True)
    out = [{"name": n, "calls": c, "cum": ct / total, "own": tt / total} for ct, tt, c, n in rows]
    out = out[:top]
    return {"total": total, "rows": out}


_IMPORT_PROBE = """
import sys, time
import warroom.cli as cli
cli._load_commands()  # what `warroom odds` and `warroom play` load before they run
t = time.process_time()
import warroom
warroom.game(sys.argv[1])
took = time.process_time() - t
games = ("commanders", "fall_blau", "toi_stalingrad", "campaign_commander.coral_sea",
         "campaign_commander.roads_to_stalingrad")
print(took, *(g for g in games if "warroom.games." + g in sys.modules))
"""


def _imports(gid: str) -> dict[str, Any]:
    """A fresh process loads the commands and asks for one game: the time and the games it
    imported."""
    out = subprocess.run(
        [sys.executable, "-c", _IMPORT_PROBE, gid],
        capture_output=True,
        text=True,
        check=True,
        env=dict(os.environ),
    ).stdout.split()
    return {"seconds": float(out[0]), "games": out[1:]}


def worker() -> None:
    for line in sys.stdin:
        req = json.loads(line)
        if req["cmd"] == "random":
            out = _random_games(req["game"], req["seeds"])
        elif req["cmd"] == "search":
            out = _search(req["game"], req["iterations"], req["positions"])
        elif req["cmd"] == "profile":
            out = _profile(req["game"], req["seeds"], req["top"])
        elif req["cmd"] == "imports":
            out = _imports(req["game"])
        elif req["cmd"] == "where":
            import warroom

            try:
                from warroom import _compiled  # (absent from commits before it)

                form = _compiled.MODE
            except ImportError:
                form = "pure"
            out = {"file": warroom.__file__, "form": form}
        else:
            out = {"error": f"unknown command {req['cmd']!r}"}
        print(json.dumps(out), flush=True)


# ----- the parent -------------------------------------------------------------------------------
class Side:
    """A worker process importing one side's ``src``."""

    def __init__(self, name: str, src: Path, pure: bool = False) -> None:
        self.name = name
        env = dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0")
        # the compiled modules (setup.py) or, with ``pure``, their sources (warroom/_compiled.py)
        env["WARROOM_PURE"] = "1" if pure else ""
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=str(src.parent),
        )
        got = self.ask({"cmd": "where"})
        where = got["file"]
        if not where.startswith(str(src)):
            raise SystemExit(f"the {name} worker imported {where}, not the code in {src}")
        self.form = got["form"]

    def ask(self, req: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"the {self.name} worker died (request {req})")
        out: dict[str, Any] = json.loads(line)
        return out

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def export(rev: str, into: Path) -> Path:
    """``rev``'s src folder, exported into ``into`` (no worktree, nothing left in the repository)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev, "src"],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / "src"


def rounds_of(
    old: Side, new: Side, rounds: int, req: dict[str, Any], seeds: list[int] | None = None
) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """``rounds`` (old, new) answers to ``req``, alternating which side goes first."""
    out = []
    for k in range(rounds):
        if seeds is not None:
            req = dict(req, seeds=seeds[k * len(seeds) // rounds : (k + 1) * len(seeds) // rounds])
        pair = [old, new] if k % 2 == 0 else [new, old]
        got = {side.name: side.ask(req) for side in pair}
        out.append((got["old"], got["new"]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--old", default="0c67e28", help="the commit to compare with")
    ap.add_argument(
        "--old-tree", default="", help="instead of --old: a tree whose src (compiled or not) is old"
    )
    ap.add_argument("--new", default=str(ROOT), help="the tree whose src is the new side")
    ap.add_argument(
        "--pure", action="store_true", help="the new side on its sources, not its compiled modules"
    )
    ap.add_argument("--games", default=",".join(GAMES), help=f"some of {', '.join(GAMES)}")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--scale", type=float, default=1.0, help="games and simulations per round")
    ap.add_argument("--no-search", action="store_true")
    ap.add_argument("--search-only", action="store_true")
    ap.add_argument("--positions", type=int, default=3, help="search positions per game")
    ap.add_argument(
        "--profile", type=int, default=0, metavar="N", help="only cProfile's top N, old and new"
    )
    ap.add_argument(
        "--imports", action="store_true", help="only: a command naming one game, what it loads"
    )
    args = ap.parse_args()
    if args.worker:
        worker()
        return
    games = [GAMES.get(g, g) for g in args.games.split(",") if g]
    load = os.getloadavg()
    what = args.old_tree or args.old
    print(f"old {what} vs new {args.new}; {args.rounds} rounds; load average {load[0]:.2f}")
    with tempfile.TemporaryDirectory(prefix="speed-bench-") as tmp:
        src = Path(args.old_tree) / "src" if args.old_tree else export(args.old, Path(tmp))
        old = Side("old", src)
        new = Side("new", Path(args.new) / "src", pure=args.pure)
        print(f"old runs {old.form}, new runs {new.form}")
        try:
            if args.profile:
                for gid in games:
                    profiles(old, new, gid, args.profile, max(1, int(BATCH[gid] * args.scale)))
                return
            if args.imports:
                for gid in games:
                    imports(old, new, gid, args.rounds)
                return
            header = "game                  measure              old        new     ratio (rounds)  same games"
            print(header)
            for gid in games:
                if not args.search_only:
                    n = max(1, int(BATCH[gid] * args.scale))
                    seeds = list(range(1000, 1000 + n * args.rounds))
                    # warm-up: imports, data, caches (untimed)
                    for side in (old, new):
                        side.ask({"cmd": "random", "game": gid, "seeds": [1]})
                    res = rounds_of(old, new, args.rounds, {"cmd": "random", "game": gid}, seeds)
                    same = all(o["digest"] == w["digest"] for o, w in res)
                    rate = [(o["games"] / o["cpu"], w["games"] / w["cpu"]) for o, w in res]
                    per = [
                        (1e6 * o["cpu"] / o["steps"], 1e6 * w["cpu"] / w["steps"]) for o, w in res
                    ]
                    report(gid, "random games/s", rate, higher=True, same=same)
                    report(gid, "us per step", per, higher=False, same=same)
                if not args.no_search and gid in SEARCH_ITERATIONS:
                    its = max(2, int(SEARCH_ITERATIONS[gid] * args.scale))
                    req = {
                        "cmd": "search",
                        "game": gid,
                        "iterations": its,
                        "positions": args.positions,
                    }
                    for side in (old, new):
                        side.ask(dict(req, iterations=2))  # positions and warm-up (untimed)
                    res = rounds_of(old, new, args.rounds, req)
                    same = all(o["digest"] == w["digest"] for o, w in res)
                    sims = [
                        (o["iterations"] / o["cpu"], w["iterations"] / w["cpu"]) for o, w in res
                    ]
                    report(gid, "search sims/s", sims, higher=True, same=same)
        finally:
            old.close()
            new.close()
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


def profiles(old: Side, new: Side, gid: str, top: int, games: int) -> None:
    """Each side's cProfile of the same random games, the top functions by cumulative time."""
    seeds = list(range(1000, 1000 + games))
    for side in (old, new):
        side.ask({"cmd": "random", "game": gid, "seeds": [1]})  # warm-up
        got = side.ask({"cmd": "profile", "game": gid, "seeds": seeds, "top": top})
        print(f"{gid}, {side.name}: cProfile of {games} random games through Match (CPU time,")
        print(f"{got['total']:.2f} s under the profiler); cumulative and own share of the total")
        for r in got["rows"]:
            print(f"  {100 * r['cum']:5.1f}% {100 * r['own']:5.1f}% {r['calls']:8d}  {r['name']}")


def imports(old: Side, new: Side, gid: str, rounds: int) -> None:
    """A fresh process loading the commands and asking for ``gid``, ``rounds`` times a side."""
    res = rounds_of(old, new, rounds, {"cmd": "imports", "game": gid})
    for k, side in enumerate(("old", "new")):
        secs = [pair[k]["seconds"] for pair in res]
        games = res[-1][k]["games"]
        print(
            f"{gid:<21} {side}: warroom.game() {1000 * median(secs):6.0f} ms CPU (median of"
            f" {rounds}), games imported: {', '.join(games)}",
            flush=True,
        )


def report(gid: str, what: str, pairs: list[tuple[float, float]], higher: bool, same: bool) -> None:
    ratios = [(w / o if higher else o / w) for o, w in pairs]
    rounds = " ".join(f"{r:.2f}" for r in ratios)
    print(
        f"{gid:<21} {what:<15} {median(o for o, _ in pairs):10.1f} {median(w for _, w in pairs):10.1f}"
        f"  {median(ratios):5.2f}x ({rounds})  {'yes' if same else 'NO'}",
        flush=True,
    )


if __name__ == "__main__":
    main()
