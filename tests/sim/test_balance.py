"""The balance report: the strongest agent per game, every mode or scenario, intervals, advantage."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from tests.engine.toy import DUEL
from warroom.cli import _load_commands, app
from warroom.sim import report, run
from warroom.sim.ready import READY, STRONGEST, strongest


def test_fall_blau_balance_plays_the_search_in_each_of_the_four_modes() -> None:
    ready = READY["balance"]
    job = ready.job("fall-blau", None, 7, [])
    assert job.games == STRONGEST["fall-blau"].games
    assert {c.agents for c in job.cells} == {("search:iterations=100",)}
    modes = {(c.options_dict["hard"], c.options_dict["missions"]) for c in job.cells}
    assert modes == {(False, False), (False, True), (True, False), (True, True)}
    # every registered game has an agent named in the table, with the reason
    for gid in ("commanders", "roads-to-stalingrad", "coral-sea", "toi-stalingrad"):
        assert strongest(gid).why and READY["balance"].job(gid, 1, 1, []).cells


def test_balance_of_fall_blau_through_the_cli_with_a_tiny_budget(tmp_path: Path) -> None:
    _load_commands()
    args = [
        "report",
        "balance",
        "fall-blau",
        "--games",
        "1",
        "--agents",
        "search:iterations=2",
        "--workers",
        "1",
        "--db",
        "none",
        "--plot",
        str(tmp_path),
        "--json",
    ]
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 0, out.output
    rep = json.loads(out.stdout)
    rows = rep["ready"]["rows"]
    assert [r["setup"] for r in rows] == ["standard", "missions", "hard", "hard+missions"]
    for r in rows:
        assert r["games"] == 1 and r["errors"] == 0
        assert set(r["levels"]) == {"defeat", "victory", "brilliant"}
        wins = r["wins"]["german"]
        assert wins["count"] == r["levels"]["victory"]["count"] + r["levels"]["brilliant"]["count"]
        assert wins["low"] <= wins["rate"] <= wins["high"]
    assert (tmp_path / "balance.png").stat().st_size > 0
    assert (tmp_path / "balance.svg").exists()
    # the terminal table and an error for a bad budget
    text = CliRunner().invoke(app, args[:-3])
    assert text.exit_code == 0 and "brilliant" in text.stdout and "hard+missions" in text.stdout
    bad = CliRunner().invoke(app, [*args[:-1], "--games", "0"])
    assert bad.exit_code == 2 and "--games must be at least 1" in bad.output


def test_two_agents_are_played_with_the_seats_swapped_and_the_side_advantage_pooled() -> None:
    ready = READY["balance"]
    job = ready.build(DUEL, 6, 3, ["random,search:iterations=3"])
    pairs = [(c.scenario, c.agents) for c in job.cells]
    assert pairs == [
        ("short", ("random", "search:iterations=3")),
        ("short", ("search:iterations=3", "random")),
        ("long", ("random", "search:iterations=3")),
        ("long", ("search:iterations=3", "random")),
    ]
    job = type(job)("tests.engine.toy:DUEL", job.cells, job.games, job.seed, meta=job.meta)
    rep = report(job, run(job, workers=1))
    s = ready.summary(job, rep)
    a, b = rep["roles"]
    for row in s["rows"]:
        w = row["wins"]
        adv = row["advantage"]
        assert abs(adv["rate"] - (w[a]["count"] - w[b]["count"]) / row["games"]) < 1e-12
        assert adv["low"] <= adv["rate"] <= adv["high"]
    for setup in ("short", "long"):
        rows = [r for r in s["rows"] if r["setup"] == setup]
        pooled = s["pooled"][setup]
        assert pooled["n"] == sum(r["games"] for r in rows) == 12
        diff = sum(r["wins"][a]["count"] - r["wins"][b]["count"] for r in rows)
        assert abs(pooled["rate"] - diff / 12) < 1e-12
    rep["ready"] = s
    json.dumps(rep)
    console = Console(record=True, width=120)
    ready.render(job, rep, console)
    assert "side advantage, every pairing pooled" in console.export_text()
