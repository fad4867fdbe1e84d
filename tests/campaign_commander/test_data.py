"""The campaign's data files: sizes the rules ask for, named places and cards, clear errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import warroom
from warroom.engine import GameDataError
from warroom.games.campaign_commander.model import CampaignData

GAME = warroom.game("roads-to-stalingrad")
DATA = Path(GAME.data_folder)


def test_map_has_every_named_place_and_a_sensible_size() -> None:
    areas = GAME.data.areas
    assert 70 <= len(areas) <= 110
    for name in ("Voronezh", "Rossosh", "Buturlinovka", "Millerovo", "Rostov", "Stalingrad",
                 "Maikop", "Grozny", "Elista", "Kerch", "Poltava", "Dnepropetrovsk",
                 "Saratov", "Astrakhan"):  # fmt: skip
        assert areas[name].city, name
    kinds = {GAME.data.map.border(a, b) for a in areas for b in GAME.data.map.neighbors[a]}
    assert {"", "minor", "major", "volga", "straits"} <= kinds
    assert any(a.terrain == "mountain" for a in areas.values())
    assert {a.sector for a in areas.values()} == {"A", "B"}
    assert any(a.supply and "east" in a.edge for a in areas.values())


def test_two_decks_of_seventy_cards_with_every_named_card() -> None:
    cards = GAME.data.cards
    assert len(cards) == 70
    names = {(c.deck, c.name) for c in cards.values()}
    for deck in ("axis", "soviet"):
        assert (deck, "Winter Arrives") in names and (deck, "Directive 45") in names
    assert sum(1 for c in cards.values() if c.name == "Railhead Advance") == 3
    for name in ("Reorganization of the STAVKA", "Order 225", "Cavalry Corps",
                 "Zhukov in Command", "Katyushas", "26th Tank Corps"):  # fmt: skip
        assert ("soviet", name) in names
    for name in ("Backhand Blow", "Strategic Redeployment"):
        assert ("axis", name) in names
    assert any(c.sudden_death for c in cards.values())


def test_data_errors_name_the_file_and_the_entry(tmp_path: Path) -> None:
    for f in DATA.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    units = (tmp_path / "units.toml").read_text()
    (tmp_path / "units.toml").write_text(
        units.replace('setup = "Kursk" },', 'setup = "Atlantis" },', 1)
    )
    with pytest.raises(GameDataError) as err:
        CampaignData(tmp_path, GAME.roles)
    assert "units.toml" in str(err.value) and "Atlantis" in str(err.value)
    shutil.copy(DATA / "units.toml", tmp_path / "units.toml")
    cards = (tmp_path / "cards.toml").read_text()
    (tmp_path / "cards.toml").write_text(
        cards.replace('units = ["it-2", "it-alp"]', 'units = ["it-9"]')
    )
    with pytest.raises(GameDataError) as err:
        CampaignData(tmp_path, GAME.roles)
    assert "cards.toml" in str(err.value) and "ax-italians" in str(err.value)
