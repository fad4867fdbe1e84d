"""Islands and the Australia box supplied by sea (series 9.6.6 read with campaign 1.a, 1.i).

A sea area is impassable to ground units only "unless they are being transported by naval
units" (1.a): it does not close a unit in. A unit on an island, or in the Australia box,
is isolated only when the enemy holds every sea area (and land area) around it: a
blockade. Both tests fail on 0c67e28, where every single-area island and Australia were
isolated for ever (-1 cohesion, no reorganization, no rebuilding).
"""

from __future__ import annotations

import pytest

from warroom.games.campaign_commander.state import Unit

from ..campaign_commander.test_caches import isolation_checked
from .helpers import clean_board, operation, place

JAPAN, ALLIES = "japan", "allies"


@pytest.mark.pure  # (isolation_checked replaces the isolation pass: see test_caches.py)
def test_9_6_6_an_island_is_isolated_only_by_enemy_ships_in_every_sea_around_it() -> None:
    calls = [0]
    with isolation_checked(calls):  # the quick isolation pass agrees with a full one
        _blockade()
    assert calls[0] > 5


def _blockade() -> None:
    m = clean_board()
    place(m, au_7="Tulagi", jp_desron2="Iron Bottom Sound", jp_8f="Rabaul")
    m.state.units["au-7"] = Unit("Tulagi", dg=True)
    operation(m, ALLIES, "Tulagi")
    assert not m.state.units["au-7"].iso  # Indispensable Strait is open sea
    assert ("reorg", "au-7") in m.legal(ALLIES)
    m.act(ALLIES, ("done",))
    # Japan's 8th Fleet closes the strait: Tulagi is blockaded
    operation(m, JAPAN, "Rabaul")
    m.act(JAPAN, ("move", "jp-8f"))
    m.act(JAPAN, ("go", "Pacific Ocean"))
    m.act(JAPAN, ("go", "Indispensable Strait"))
    assert m.state.units["au-7"].iso
    m.act(JAPAN, ("halt",))  # (the operation ends: nothing else it could do)
    operation(m, ALLIES, "Tulagi")
    assert ("reorg", "au-7") not in m.legal(ALLIES)  # 9.6.6.g
    m.act(ALLIES, ("done",))
    # the blockade lifts when a ship sails away
    m.state.rps[JAPAN]["Iron Bottom Sound"] = 1
    m.state.rp_aboard["jp-desron2"] = 1
    m.state.tasks = [("op-rp", JAPAN)]
    m.state.cache = None
    m.forget()
    m.act(JAPAN, ("rp", "Iron Bottom Sound", "jp-desron2"))
    m.act(JAPAN, ("move", "jp-desron2"))
    m.act(JAPAN, ("go", "The Slot"))
    assert not m.state.units["au-7"].iso


def test_1i_the_australia_box_is_not_isolated_and_its_units_recover() -> None:
    m = clean_board()
    place(m, au_18="Australia")
    m.state.units["au-18"] = Unit("Australia", dep=True, dg=True)
    operation(m, ALLIES, "Australia")
    acts = m.legal(ALLIES)
    assert not m.state.units["au-18"].iso
    assert ("reorg", "au-18") in acts and ("rebuild", "au-18") in acts
    m.act(ALLIES, ("rebuild", "au-18"))
    assert not m.state.units["au-18"].dep
