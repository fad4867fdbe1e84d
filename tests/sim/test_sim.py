"""The simulator: reproducible records, parallel equals serial, store, report, statistics, CLI."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.engine.toy import DUEL
from tests.sim.toys import BROKEN_DUEL, FACT_DUEL
from warroom.cli import _load_commands, app
from warroom.engine import BadOption, Match
from warroom.sim import (
    Job,
    Store,
    derive_seed,
    make_cells,
    play_game,
    report,
    resolve_game,
    run,
    simulate,
    split_agents,
)
from warroom.sim.report import cell_names
from warroom.sim.runner import WorkerStats, chunks
from warroom.sim.stats import distribution, wilson

TOY = "tests.engine.toy:DUEL"


def toy_job(games: int = 40, seed: int = 5, **kw: object) -> Job:
    cells = make_cells(DUEL, ["all"], {"bonus": [False, True]}, [("random", "random")])
    return Job(TOY, cells, games, seed, **kw)  # type: ignore[arg-type]


def keys(results: list) -> list:  # type: ignore[type-arg]
    return [r.key() for r in results]


def test_same_job_and_seed_give_the_same_records_and_another_seed_other_games() -> None:
    a = run(toy_job(), workers=1)
    b = run(toy_job(), workers=1)
    assert len(a) == 160 and [r.index for r in a] == list(range(160))
    assert keys(a) == keys(b)
    c = run(toy_job(seed=6), workers=1)
    assert sum(x.fingerprint != y.fingerprint for x, y in zip(a, c, strict=True)) > 100


def test_a_stored_game_replays_to_its_result() -> None:
    job = toy_job(games=3, keep_records=True)
    for r in run(job, workers=1):
        assert r.record is not None and r.record["seed"] == r.seed
        m = Match.replay(r.record, game=DUEL)
        assert m.outcome is not None and m.outcome.winner == r.winner
        assert len(m.steps) == r.steps


def test_merged_parallel_run_equals_the_serial_one_whatever_the_chunks() -> None:
    job = toy_job(games=60)
    serial = run(job, workers=1)
    assert keys(run(job, workers=2)) == keys(serial)
    # a game depends only on the job and its index, never on which chunk carried it
    for rng in chunks(job.total, 3, per_chunk=7)[::5]:
        assert [play_game(job, i).key() for i in rng] == [serial[i].key() for i in rng]


def test_a_pool_shares_the_games_reports_each_once_and_each_workers_cpu() -> None:
    job = toy_job(games=30)
    seen: list[int] = []
    stats: dict[int, WorkerStats] = {}
    results = run(job, workers=2, on_result=lambda r: seen.append(r.index), stats=stats)
    assert sorted(seen) == list(range(120)) and [r.index for r in results] == list(range(120))
    assert len(stats) == 2 and all(0 < w.cpu < 60 and w.began < w.ended for w in stats.values())


def test_a_pool_worker_that_dies_is_an_error_not_a_hang() -> None:
    cells = make_cells(DUEL, ["short"], {"bonus": [False, True]}, [("random", "random")])
    with pytest.raises(RuntimeError, match="worker died"):
        run(Job("tests.sim.toys:DYING_DUEL", cells, 5, 1), workers=2)


def test_a_game_is_found_by_its_package_or_else_by_the_registry() -> None:
    from warroom.engine import UnknownGame, game, game_ids

    for gid in ("fall-blau", "commanders", "roads-to-stalingrad"):
        if gid in game_ids():
            assert resolve_game(gid) is game(gid)
    with pytest.raises(UnknownGame):
        resolve_game("no-such-game")


def test_game_seeds_depend_on_setup_and_index_not_on_agents_or_other_cells() -> None:
    both = make_cells(DUEL, ["short"], {}, [("random", "random"), ("random", "random")])
    assert Job(TOY, both, 5).task(1)[2] == Job(TOY, both, 5).task(6)[2]  # same index, other pairing
    one = Job(TOY, make_cells(DUEL, ["short"], {}, [("random", "random")]), 5, 9)
    two = Job(TOY, make_cells(DUEL, ["long", "short"], {}, [("random", "random")]), 5, 9)
    assert [one.task(i)[2] for i in range(5)] == [two.task(5 + i)[2] for i in range(5)]
    assert derive_seed(9, "short|bonus=false", 0) != derive_seed(9, "short|bonus=false", 1)
    assert derive_seed(9, "short|bonus=false", 0) < 2**53


def test_cells_are_checked_against_the_game() -> None:
    with pytest.raises(BadOption, match="2 role"):
        make_cells(DUEL, None, {}, [("random",)])
    with pytest.raises(BadOption, match="no option 'speed'"):
        make_cells(DUEL, None, {"speed": [1]}, [("random", "random")])
    cells = make_cells(DUEL, ["all"], {"bonus": ["yes", "no"]}, [("random", "random")])
    assert [(c.scenario, c.options) for c in cells] == [
        ("short", (("bonus", True),)),
        ("short", (("bonus", False),)),
        ("long", (("bonus", True),)),
        ("long", (("bonus", False),)),
    ]
    assert cell_names([c.to_json() for c in cells])[1] == "short bonus=false"


def test_agent_lists_keep_commas_inside_agent_options() -> None:
    assert split_agents("rules,search:iterations=200,seconds=1,random") == [
        "rules",
        "search:iterations=200,seconds=1",
        "random",
    ]


def test_wilson_interval_matches_hand_computation() -> None:
    p, lo, hi = wilson(5, 10)
    assert (
        p == 0.5 and lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    )
    p, lo, hi = wilson(0, 10)
    assert (p, lo) == (0.0, 0.0) and hi == pytest.approx(0.2775, abs=1e-4)
    d = distribution([1, 2, 3, 4])
    assert (
        d["mean"] == 2.5 and d["median"] == 2.5 and d["counts"] == {"1": 1, "2": 1, "3": 1, "4": 1}
    )
    assert d["mean_high"] - d["mean"] == pytest.approx(1.96 * math.sqrt(5 / 3) / 2, rel=1e-3)


def test_report_counts_wins_draws_points_and_facts_by_cell_scenario_and_option() -> None:
    cells = make_cells(FACT_DUEL, ["all"], {"bonus": [False, True]}, [("random", "random")])
    job = Job("tests.sim.toys:FACT_DUEL", cells, 30, 2)
    results = run(job, workers=1)
    rep = report(job, results)
    o = rep["overall"]
    north = sum(r.winner == "north" for r in results)
    assert o["games"] == 120 and o["errors"] == 0
    assert o["wins"]["north"]["count"] == north and o["wins"]["south"]["count"] == 120 - north
    assert o["draws"]["count"] == 0
    assert o["points"]["north"]["mean"] == pytest.approx(
        sum(r.points["north"] for r in results) / 120
    )
    assert o["facts"]["first_to"]["counts"] == {"5": 60, "9": 60}
    shut = sum(r.facts["shutout"] for r in results)
    assert o["facts"]["shutout"]["counts"] == {"false": 120 - shut, "true": shut}
    assert set(rep["by_scenario"]) == {"short", "long"}
    assert rep["by_scenario"]["short"]["facts"]["first_to"]["mean"] == 5
    assert {k: v["games"] for k, v in rep["by_option"]["bonus"].items()} == {
        "false": 60,
        "true": 60,
    }
    assert [c["games"] for c in rep["cells"]] == [30, 30, 30, 30]
    json.dumps(rep)


def test_a_broken_game_is_recorded_with_its_error_not_raised() -> None:
    job = Job(
        "tests.sim.toys:BROKEN_DUEL",
        make_cells(BROKEN_DUEL, None, {}, [("random", "random")]),
        30,
        1,
    )
    results = run(job, workers=1)
    broken = [r for r in results if r.error]
    assert broken and all("RuntimeError: boom" in (r.error or "") for r in broken)
    assert all(r.winner is None and not r.draw for r in broken)
    rep = report(job, results)
    assert rep["overall"]["errors"] == len(broken)
    assert rep["overall"]["wins"]["north"]["n"] == 30 - len(broken)


def test_the_store_keeps_every_game_and_the_job(tmp_path: Path) -> None:
    job = toy_job(games=10)
    with Store(tmp_path / "r.sqlite") as store:
        job_id, results = simulate(job, workers=1, store=store)
        assert job_id is not None
        assert store.job(job_id) == job
        assert [r.to_json() for r in store.results(job_id)] == [r.to_json() for r in results]
        (row,) = store.jobs()
        assert row["stored"] == row["total"] == 40 and row["seconds"] is not None


def test_plots_are_written_as_png_and_svg(tmp_path: Path) -> None:
    from warroom.sim.plots import plot_report

    cells = make_cells(FACT_DUEL, None, {}, [("random", "random")])
    job = Job("tests.sim.toys:FACT_DUEL", cells, 20, 1)
    results = run(job, workers=1)
    paths = plot_report(report(job, results), results, tmp_path)
    names = sorted(p.name for p in paths)
    assert (
        "win_rates.png" in names and "win_rates.svg" in names and "fact_loser_points.svg" in names
    )
    assert all(p.stat().st_size > 1000 for p in paths)


def test_cli_simulate_stores_and_prints_a_json_report(tmp_path: Path) -> None:
    _load_commands()
    db = str(tmp_path / "r.sqlite")
    args = ["simulate", TOY, "--agents", "random,random", "--games", "12", "--scenario", "all"]
    args += ["--option", "bonus=true", "--seed", "3", "--workers", "1", "--db", db, "--json"]
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 0, out.output
    rep = json.loads(out.stdout)
    assert rep["overall"]["games"] == 24 and rep["job_id"] == 1
    again = json.loads(CliRunner().invoke(app, args).stdout)
    assert again["overall"] == rep["overall"]
    listed = CliRunner().invoke(app, ["results", "--db", db, "--json"])
    assert [j["id"] for j in json.loads(listed.stdout)] == [1, 2]
    shown = json.loads(CliRunner().invoke(app, ["results", "1", "--db", db, "--json"]).stdout)
    assert shown["overall"] == rep["overall"]
    bad = CliRunner().invoke(
        app, ["simulate", TOY, "--agents", "random", "--option", "bonus=maybe"]
    )
    assert bad.exit_code == 2 and "true or false" in bad.output


def test_a_job_may_read_more_facts_from_the_log() -> None:
    cells = make_cells(FACT_DUEL, None, {}, [("random", "random")])
    job = Job(
        "tests.sim.toys:FACT_DUEL", cells, 20, 3, keep_records=True, facts="tests.sim.toys:ties"
    )
    results = run(job, workers=1)
    for r in results:
        assert r.record is not None
        m = Match.replay(r.record, game=FACT_DUEL)
        assert r.facts["ties"] == sum(e["kind"] == "tie" for e in m.log)
        assert "loser_points" in r.facts  # the game's own facts are kept
    rep = report(job, results)
    assert rep["overall"]["facts"]["first_tie"]["missing"] == sum(
        r.facts["ties"] == 0 for r in results
    )
    assert Job.from_json(json.loads(json.dumps(job.to_json()))) == job


def test_a_game_that_cannot_set_up_is_recorded_even_on_a_pool() -> None:
    job = Job(
        "tests.sim.toys:MISSING_DATA_DUEL", make_cells(DUEL, None, {}, [("random", "random")]), 4, 1
    )
    for workers in (1, 2):
        results = run(job, workers=workers)
        assert len(results) == 4
        assert all(r.error and "duel.toml" in r.error and "set-up" in r.error for r in results)


def test_a_game_longer_than_the_job_allows_is_given_up() -> None:
    cells = make_cells(DUEL, ["long"], {}, [("random", "random")])
    results = run(Job(TOY, cells, 10, 1, max_steps=6), workers=1)
    long = [r for r in results if r.error]
    assert long and all("no end after 6 steps" in (r.error or "") and r.steps == 6 for r in long)
    assert all(r.steps <= 6 for r in results)
