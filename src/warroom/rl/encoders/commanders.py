"""Commanders: a frozen universe of the game's actions, with room for the rest.

An order is (unit type, sector, arrow); the phase prompts name the same parts
("go", "on", "fire", "bombard", "road"), the combat prompts unit ids. The frozen
universe (``commanders.actions.json``, written with ``--closure``) names every
combination of the parts seen, a unit or sector position widened to every unit
id an army may use and every sector (``domains``), so an index means one action
whatever the position. 32 overflow slots take anything it lacks; without the
file (or once the game's version moves on) 256 slots carry the whole prompt.
"""

from __future__ import annotations

from typing import Any

MAX_ACTIONS = 256
OVERFLOW_SLOTS = 32


def domains(game: Any) -> list[tuple[str, ...]]:
    """Every unit id and every sector id of the game's data."""
    from warroom.games.commanders.data import ALL_IDS, load

    return [tuple(ALL_IDS), tuple(load().ids)]
