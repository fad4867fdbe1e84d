"""The data files: the components the rulebook fixes, and load errors that name file and entry."""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

import pytest

from warroom.engine import GameDataError
from warroom.games.fall_blau.data import DATA_DIR, load

D = load()


def test_component_counts() -> None:
    assert len(D.generals) == 5 and len(D.campaigns) == 15 and len(D.missions) == 10
    assert len(D.deck(False)) == 27 and len(D.deck(True)) == 31


def test_generals_as_the_issue_fixes_them() -> None:
    assert D.generals["hoth"].panzer and D.generals["kleist"].panzer
    assert not any(D.generals[g].panzer for g in ("paulus", "salmuth", "ruoff"))
    for trio in itertools.combinations(D.generals.values(), 3):
        assert sum(g.cubes for g in trio) <= D.german_cubes


def test_campaign_cards_the_rulebook_fixes() -> None:
    c = D.campaigns
    assert c["voronezh"].vp == 1 and c["voronezh"].start_unlocked
    assert [x.id for x in c.values() if x.start_unlocked] == ["voronezh"]
    assert c["astrakhan"].cubes == 5
    assert (c["elista"].cubes, c["elista"].unless_captured, c["elista"].cubes_if) == (
        2,
        "grozny",
        4,
    )
    assert "fortress" in c["stalingrad"].icons
    for cid in ("grozny", "elbrus", "tuapse"):
        assert "mountain" in c[cid].icons


def test_every_card_can_be_unlocked() -> None:
    reach = {c.id for c in D.campaigns.values() if c.start_unlocked}
    frontier = list(reach)
    while frontier:
        for u in D.campaigns[frontier.pop()].unlocks:
            if u not in reach:
                reach.add(u)
                frontier.append(u)
    assert reach == set(D.campaigns)


def test_vp_total_makes_the_thresholds_meaningful() -> None:
    total = sum(c.vp for c in D.campaigns.values())
    assert D.thresholds["standard"] == (27, 30) and D.thresholds["missions"] == (32, 36)
    assert 30 < total < 45


def test_named_event_cards_exist() -> None:
    names = {e.name for e in D.events.values()}
    for name in (
        "Luftwaffe Support",
        "Dora Rail-Gun",
        "General Zhukov",
        "Chuikov",
        "Allied Romanian Mountain Corps",
        "Pionier Battalions",
    ):
        assert name in names
    assert sum(1 for e in D.events.values() if e.effect("counter_attack")) >= 3


def _copy(tmp_path: Path) -> Path:
    for f in DATA_DIR.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_unknown_effect_names_file_and_entry(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit(folder / "events.toml", 'effect = "supply", n = 2 }]', 'effect = "teleport", n = 2 }]')
    with pytest.raises(GameDataError) as err:
        load(folder)
    assert err.value.file == "events.toml" and err.value.entry == "supply-column"
    assert "teleport" in str(err.value)


def test_undefined_card_name_names_file_and_entry(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit(folder / "campaigns.toml", 'unlocks = ["rostov"]', 'unlocks = ["rostow"]')
    with pytest.raises(GameDataError) as err:
        load(folder)
    assert (err.value.file, err.value.entry) == ("campaigns.toml", "millerovo")
    assert "rostow" in str(err.value)


def test_number_out_of_range_names_file_and_entry(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit(folder / "events.toml", 'n = 3, when = "any" }]', 'n = 30, when = "any" }]')
    with pytest.raises(GameDataError) as err:
        load(folder)
    assert (err.value.file, err.value.entry) == ("events.toml", "luftwaffe-support")
    assert "out of range" in str(err.value)


def test_cube_count_out_of_range_names_file_and_entry(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit(folder / "campaigns.toml", "vp = 7\ncubes = 5", "vp = 7\ncubes = 12")
    with pytest.raises(GameDataError) as err:
        load(folder)
    assert (err.value.file, err.value.entry) == ("campaigns.toml", "stalingrad")


def test_unknown_condition_and_tag(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit(folder / "events.toml", 'when = "tag:oil"', 'when = "tag:gold"')
    with pytest.raises(GameDataError) as err:
        load(folder)
    assert (err.value.file, err.value.entry) == ("events.toml", "brandenburger")


def test_three_generals_that_do_not_fit_the_cubes(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit(folder / "generals.toml", "cubes = 5", "cubes = 8")  # Paulus 8 + 4 + 4 + ... > 16
    _edit(folder / "generals.toml", "cubes = 4", "cubes = 5")  # Hoth 5: 8 + 5 + 4 = 17
    with pytest.raises(GameDataError) as err:
        load(folder)
    assert err.value.file == "generals.toml" and "grey cubes" in str(err.value)


def test_unknown_mission_condition(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit(folder / "missions.toml", 'type = "captures", n = 2', 'type = "pillage", n = 2')
    with pytest.raises(GameDataError) as err:
        load(folder)
    assert (err.value.file, err.value.entry) == ("missions.toml", "schwerpunkt")
