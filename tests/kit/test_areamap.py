"""The area-map kit on its own: adjacency, border kinds, distances, paths, blocking rules."""

from __future__ import annotations

import pytest

from warroom.kit.areamap import Area, AreaMap, MapError

#   A - B - C
#   |   |   |
#   D - E - F      (B-E is a river, E-F a straits)
AREAS = [Area(x) for x in "ABCDEF"]
BORDERS = [
    ("A", "B", ""),
    ("B", "C", ""),
    ("A", "D", ""),
    ("B", "E", "river"),
    ("C", "F", ""),
    ("D", "E", ""),
    ("E", "F", "straits"),
]


@pytest.fixture
def m() -> AreaMap:
    return AreaMap(AREAS, BORDERS)


def test_adjacency_is_symmetric_and_sorted(m: AreaMap) -> None:
    assert m.neighbors["B"] == ("A", "C", "E")
    assert m.adjacent("E", "B") and not m.adjacent("A", "F")
    assert "A" in m and "Z" not in m


def test_border_kinds_both_ways(m: AreaMap) -> None:
    assert m.border("B", "E") == m.border("E", "B") == "river"
    assert m.border("A", "B") == ""
    with pytest.raises(MapError):
        m.border("A", "F")


def test_distances_with_a_limit_and_blocking(m: AreaMap) -> None:
    assert m.distances("A") == {"A": 0, "B": 1, "D": 1, "C": 2, "E": 2, "F": 3}
    assert set(m.distances("A", limit=1)) == {"A", "B", "D"}
    # E blocked: F only round by C
    assert m.distances("D", passable=lambda a: a != "E").get("F") == 4
    # rivers forbidden: E reached only through D
    no_river = m.distances("B", crossable=lambda a, b: m.border(a, b) != "river")
    assert no_river["E"] == 3


def test_multi_source_distance_and_path(m: AreaMap) -> None:
    assert m.distances({"A", "F"})["E"] == 1
    assert m.path("A", "F") == ["A", "B", "C", "F"]
    assert m.path("A", "F", passable=lambda a: a not in ("B",)) == ["A", "D", "E", "F"]
    assert m.path("A", "F", passable=lambda a: a not in ("B", "E")) is None
    assert m.distance("A", "C") == 2


def test_within_and_surrounded(m: AreaMap) -> None:
    assert m.within("E", 1) == {"E", "B", "D", "F"}
    assert m.surrounded("A", lambda a: a in ("B", "D"))
    assert not m.surrounded("A", lambda a: a == "B")


def test_bad_maps_are_refused() -> None:
    with pytest.raises(MapError):
        AreaMap([Area("A")], [("A", "Z", "")])
    with pytest.raises(MapError):
        AreaMap([Area("A")], [("A", "A", "")])
    with pytest.raises(MapError):
        AreaMap([Area("A"), Area("A")], [])
