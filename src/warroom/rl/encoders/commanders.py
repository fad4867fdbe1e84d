"""Commanders: a frozen universe of (unit, order, sector) actions, with room for long prompts.

An order prompt lists every (unit, order, sector) the side may still write: in
random play over every scenario up to 231 actions, two prompts in three over 64.
The frozen universe (``commanders.actions.json``, written with ``--closure``)
names every combination of the parts seen, a unit or sector position widened
to every unit or sector (``domains``), so an index means one order of one unit
(8893 actions; random games on fresh seeds list none it lacks). 32 overflow
slots take anything it lacks; without the file (or once the game's version
moves on) 256 slots carry the whole prompt.
"""

from __future__ import annotations

from typing import Any

MAX_ACTIONS = 256
OVERFLOW_SLOTS = 32


def domains(game: Any) -> list[tuple[str, ...]]:
    """Every unit id and every sector id of the game's data."""
    from warroom.games.commanders.data import UID, load

    return [tuple(UID), tuple(load().ids)]
