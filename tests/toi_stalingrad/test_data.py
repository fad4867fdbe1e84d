"""The data files load, and a broken one fails naming the file and the entry."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.toi_stalingrad.helpers import act, new
from warroom.engine import GameDataError, IllegalAction
from warroom.games.toi_stalingrad import GAME
from warroom.games.toi_stalingrad.data import load_from

DATA = Path(__file__).resolve().parents[2] / "src/warroom/games/toi_stalingrad/data"


def broken(tmp_path: Path, file: str, old: str, new_text: str) -> Path:
    for f in ("campaign.toml", "tables.toml"):
        shutil.copy(DATA / f, tmp_path / f)
    text = (tmp_path / file).read_text()
    assert old in text
    (tmp_path / file).write_text(text.replace(old, new_text, 1))
    return tmp_path


def test_the_tables_hold_every_row_and_item_of_the_printed_tables() -> None:
    data = GAME.data
    assert [(r.id, r.low) for r in data.rows] == [("0-2", 0), ("3-5", 3), ("6-9", 6), ("10+", 10)]
    assert len(data.items) == 16
    costs = {i.id: (i.cost.fixed, i.cost.any) for i in data.items.values()}
    assert costs["light-tank"] == ((1, 1, 1), 1) and costs["medium-tank"] == ((2, 2, 2), 0)
    assert costs["card"] == ((0, 0, 0), 2) and costs["urban-deck"] == ((0, 0, 0), 3)
    assert load_from(DATA).rows == data.rows  # a copy of the folder loads the same tables


def test_an_unknown_effect_names_file_and_entry(tmp_path: Path) -> None:
    folder = broken(tmp_path, "tables.toml", 'effect = "objective"', 'effect = "bonus"')
    with pytest.raises(GameDataError, match=r"tables.toml: row 6-9 supply: unknown effect 'bonus'"):
        load_from(folder)


def test_a_gap_between_rows_is_refused(tmp_path: Path) -> None:
    folder = broken(tmp_path, "tables.toml", "low = 6", "low = 7")
    with pytest.raises(GameDataError, match=r"tables.toml: row 6-9: must start at 6"):
        load_from(folder)


def test_a_bad_scenario_value_names_the_scenario(tmp_path: Path) -> None:
    folder = broken(tmp_path, "campaign.toml", 'initiative = "soviet"', 'initiative = "italian"')
    with pytest.raises(
        GameDataError, match=r"campaign.toml: scenario 4 \(scenario-4\): initiative"
    ):
        load_from(folder)


def test_an_unknown_purchase_kind_is_refused(tmp_path: Path) -> None:
    folder = broken(tmp_path, "tables.toml", 'kind = "card"', 'kind = "cards"')
    with pytest.raises(GameDataError, match=r"item card: unknown kind 'cards'"):
        load_from(folder)


def test_numbers_out_of_range_are_refused_with_the_range() -> None:
    m = new()
    with pytest.raises(IllegalAction, match="enter a number from 0 to 99"):
        act(m, "command", "ammunition", 100)
    act(m, "command", "ammunition", 99)  # no cap a real table reaches (issue 21)
    act(m, "command", "morale", 0)
    act(m, "command", "supply", 0)
    with pytest.raises(IllegalAction, match="enter a number from 0 to 99"):
        act(m, "cvp", 100)
    act(m, "cvp", 42)


def test_the_wrong_role_is_told_whose_turn_it_is() -> None:
    m = new()
    with pytest.raises(IllegalAction, match="waiting for german"):
        m.act("soviet", ("cvp", 3))
