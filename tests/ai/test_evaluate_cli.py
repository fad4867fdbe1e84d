"""``warroom evaluate`` end to end on the toy game (the registry lookup is pointed at it)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import warroom.cli.evaluate as evaluate_cli
import warroom.cli.play  # noqa: F401  (with two commands Typer expects the command name)
from tests.engine.toy import DUEL
from warroom.cli import app


@pytest.fixture
def toy_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(evaluate_cli, "game", lambda gid: DUEL)


def test_evaluate_prints_json_with_intervals(toy_registry: None) -> None:
    runner = CliRunner()
    res = runner.invoke(
        app,
        [
            "evaluate",
            "duel",
            "--agents",
            "search:iterations=30,depth=40,random",
            "--games",
            "6",
            "--seed",
            "3",
            "--json",
        ],
    )
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout[res.stdout.index("{") :])
    assert data["games"] == 6 and data["seed"] == 3
    first, second = data["agents"]
    assert first["agent"] == "search:iterations=30,depth=40" and second["agent"] == "random"
    assert first["games_by_role"] == {"north": 3, "south": 3}
    assert first["wins"] + second["wins"] + first["draws"] == 6
    low, high = first["win_rate_95"]
    assert 0.0 <= low <= first["win_rate"] <= high <= 1.0


def test_evaluate_table_and_errors(toy_registry: None) -> None:
    runner = CliRunner()
    res = runner.invoke(app, ["evaluate", "duel", "--agents", "random,random", "--games", "4"])
    assert res.exit_code == 0, res.output
    assert "random#2" in res.output and "wins by seat" in res.output
    bad = runner.invoke(app, ["evaluate", "duel", "--agents", "genius,random", "--games", "2"])
    assert bad.exit_code == 2 and "unknown agent" in bad.output
