"""The combat dice roll modifiers table, cell by cell, against the rulebook's printed table.

The expected values are typed here again from the rulebook (row: my unit, column: the enemy
unit opposing it; r = ranged, m = melee, None = that attack does not exist), so a slip in
data/modifiers.toml fails this test.
"""

from __future__ import annotations

import pytest

from tests.commanders.util import new
from warroom.engine import Match
from warroom.games.commanders.combat import MELEE, RANGED, modifier
from warroom.games.commanders.data import COL_NAMES, ROW_NAMES, UINDEX, load
from warroom.games.commanders.state import SPENT, Combat

N = None
# columns: att-inf, att-cav, att-art, square, passive inf, passive cav, passive art, routed, none
PRINTED: dict[str, list[tuple[int | None, int | None]]] = {
    "attacking-infantry": [
        (-1, 0),
        (-1, -1),
        (-1, 1),
        (0, 0),
        (-1, 1),
        (-1, 0),
        (-1, 1),
        (0, 0),
        (1, 1),
    ],
    "attacking-cavalry": [(N, 1), (N, 0), (N, 2), (N, -3), (N, 1), (N, 1), (N, 2), (N, 2), (N, 2)],
    "attacking-artillery": [(2, N), (2, N), (1, N), (3, N), (2, N), (2, N), (1, N), (1, N), (2, N)],
    "square": [(-1, 0), (-1, 0), (-2, 0)],
    "passive-infantry": [(0, 0), (0, -1), (-1, 0)],
    "passive-cavalry": [(N, -1), (N, -1), (N, N)],
    "passive-artillery": [(0, N), (0, N), (-1, N)],
}

CELLS = [
    (row, col, cell)
    for row, cells in PRINTED.items()
    for col, cell in zip(COL_NAMES, cells, strict=False)
]


@pytest.mark.parametrize(("row", "col", "cell"), CELLS, ids=[f"{r}/{c}" for r, c, _ in CELLS])
def test_cell(row: str, col: str, cell: tuple[int | None, int | None]) -> None:
    table = load().table
    assert table[ROW_NAMES.index(row)][COL_NAMES.index(col)] == cell


def test_defenders_have_only_the_attacker_columns() -> None:
    table = load().table
    for r in ROW_NAMES[3:]:
        for c in COL_NAMES[3:]:
            assert table[ROW_NAMES.index(r)][COL_NAMES.index(c)] == (None, None)


def test_special_modifiers() -> None:
    r = load().rules
    assert (r.spent, r.reaction, r.bombard_range_1, r.bombard_range_2) == (-1, -1, -3, -4)
    assert r.fast_ranged == -2 and r.artillery_token == 1 and r.success_above == 3


def _battle() -> tuple[Match, Combat]:
    """A hand-made battle zone: white infantry and cavalry attack; black infantry defends."""
    m = new("marengo", {}, 1)
    st = m.state
    cb = Combat()
    wi, wc, bi = UINDEX["w-i1"], UINDEX["w-c1"], UINDEX["b-i1"]
    cb.zones.append((4, 7, [wi, wc], [bi]))
    cb.mover = {wi: (4, 7), wc: (4, 7)}
    cb.zone_of = {wi: 0, wc: 0, bi: 0}
    st.combat = cb
    return m, cb


def test_modifier_sums_spent_fast_and_unopposed() -> None:
    m, cb = _battle()
    st = m.state
    wi, wc, bi = UINDEX["w-i1"], UINDEX["w-c1"], UINDEX["b-i1"]
    # attacking infantry vs passive infantry facing it
    assert modifier(st, cb, wi, bi, RANGED, fast=False) == -1
    assert modifier(st, cb, wi, bi, MELEE, fast=False) == 1
    # -2 to ranged rolls in the fast movement phase
    assert modifier(st, cb, wi, bi, RANGED, fast=True) == -3
    # the defender facing the attacking infantry
    assert modifier(st, cb, bi, wi, RANGED, fast=False) == 0
    # a spent defender adds -1
    st.status[bi] = SPENT
    assert modifier(st, cb, bi, wi, MELEE, fast=False) == -1
    # unopposed cavalry (space 2, nobody facing it) attacking that infantry: +1 and +2
    assert modifier(st, cb, wc, bi, MELEE, fast=False) == 3
    # against a square: -3, plus +2 when unopposed
    st.square[bi] = True
    st.status[bi] = 0
    assert modifier(st, cb, wc, bi, MELEE, fast=False) == -1
