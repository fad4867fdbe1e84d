"""Ready reports build the grid the question needs and summarise it per row."""

from __future__ import annotations

import json

from rich.console import Console

from tests.engine.toy import DUEL
from tests.sim.toys import GENERALS_DUEL
from warroom.sim import report, run
from warroom.sim.ready import READY, general_choices


def test_fall_blau_report_covers_ten_choices_of_generals_in_four_modes() -> None:
    choices = general_choices(GENERALS_DUEL)
    assert len(choices) == len(set(choices)) == 10 and "hoth,paulus,ruoff" in choices
    ready = READY["fall-blau-generals"]
    job = ready.build(GENERALS_DUEL, 2, 1, ["random"])
    assert len(job.cells) == 40
    modes = {(c.options_dict["hard"], c.options_dict["missions"]) for c in job.cells}
    assert modes == {(False, False), (False, True), (True, False), (True, True)}
    job = type(job)("tests.sim.toys:GENERALS_DUEL", job.cells, job.games, job.seed)
    rep = report(job, run(job, workers=1))
    summary = ready.summary(job, rep)
    assert len(summary["rows"]) == 10
    assert all(
        set(r["modes"]) == {"standard", "hard", "missions", "hard+missions"}
        for r in summary["rows"]
    )
    assert sum(m["wins"]["n"] for r in summary["rows"] for m in r["modes"].values()) == 80
    rep["ready"] = summary
    json.dumps(rep)
    ready.render(job, rep, Console(quiet=True))


def test_setups_report_crosses_every_scenario_with_every_pairing() -> None:
    ready = READY["commanders-setups"]
    job = ready.build(DUEL, 3, 2, [])
    # the duel has no rule-based agent: random against random only, on both scenarios
    assert [(c.scenario, c.agents) for c in job.cells] == [
        ("short", ("random", "random")),
        ("long", ("random", "random")),
    ]
    job = ready.build(DUEL, 3, 2, ["random,random", "search:iterations=5,random"])
    assert len(job.cells) == 4 and job.cells[1].agents == ("search:iterations=5", "random")
    job = type(job)("tests.engine.toy:DUEL", job.cells, job.games, job.seed)
    rep = report(job, run(job, workers=1))
    s = ready.summary(job, rep)
    assert [r["scenario"] for r in s["rows"]] == ["short", "long"]
    assert set(s["rows"][0]["pairings"]) == {"random v random", "search:iterations=5 v random"}


def test_campaign_report_dates_winter_and_the_initiative_on_roads_to_stalingrad() -> None:
    import dataclasses

    ready = READY["campaign"]
    job = ready.job(None, 1, 4, ["random"])
    assert job.game == "roads-to-stalingrad" and job.facts == "warroom.sim.facts:campaign_commander"
    assert [c.agents for c in job.cells] == [("random", "random")] * len(job.cells)
    job = dataclasses.replace(job, cells=job.cells[:1])
    results = run(job, workers=1)
    assert results[0].error is None
    facts = results[0].facts
    assert facts["ended"] and facts["sequences"] > 0 and facts["cards"] > 0
    assert facts["winter_card"] is None or 0 < facts["winter_card"] <= facts["cards"]
    rep = report(job, results)
    rep["ready"] = ready.summary(job, rep)
    assert rep["ready"]["cells"][0]["facts"]["sequences"]["mean"] == facts["sequences"]
    ready.render(job, rep, Console(quiet=True))
