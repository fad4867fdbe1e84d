"""Simulation at scale: many games with chosen agents, on this machine or on Ray; stored, reported.

    from warroom.sim import Job, make_cells, simulate, report
    g = warroom.game("commanders")
    job = Job("commanders", make_cells(g, ["marengo"], {}, [("rules", "random")]), games=200, seed=1)
    job_id, results = simulate(job, workers=2)
    report(job, results)["overall"]["wins"]["white"]   # {"rate": ..., "low": ..., "high": ...}

Each game's seed comes from the job seed, the cell's set-up and the game's
index, so the same job gives the same records however many workers play it.
"""

from warroom.sim.api import report, simulate
from warroom.sim.job import Cell, Job, derive_seed, make_cells, resolve_game, split_agents
from warroom.sim.runner import GameResult, play_game, run
from warroom.sim.store import DEFAULT_DB, Store

__all__ = [
    "DEFAULT_DB",
    "Cell",
    "GameResult",
    "Job",
    "Store",
    "derive_seed",
    "make_cells",
    "play_game",
    "report",
    "resolve_game",
    "run",
    "simulate",
    "split_agents",
]
