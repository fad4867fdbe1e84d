"""Golden playthroughs: two whole campaigns between rule-based players, recorded once.

Replaying each record must list the same number of legal actions at every step (a
perft-like check of the prompts), reach the same result and print the same final sheet.
A deliberate change of behaviour regenerates them (and raises the game's version).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from warroom.engine import Match
from warroom.games.toi_stalingrad import GAME

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_campaign_replays_step_for_step(path: Path) -> None:
    golden = json.loads(path.read_text())
    record = golden["record"]
    assert record["game"] == GAME.id
    m = Match.new(GAME, record["scenario"], record["options"], record["seed"])
    counts = []
    for role, action in record["actions"]:
        counts.append(len(m.legal(role)))
        m.act(role, action)
    assert counts == golden["legal_counts"]
    assert m.over and m.outcome is not None
    assert m.outcome.to_json() == golden["outcome"]
    assert m.game.render_text(m.state, None) == golden["final_text"]


def test_there_are_golden_games_of_both_variants() -> None:
    assert {p.stem.split("-")[0] for p in GOLDEN} == {"campaign", "switched"}
