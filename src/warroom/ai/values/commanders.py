"""Search knowledge for Commanders: a value for a position cut off mid-game.

Simulations stop after about one round (a round is some thirty prompts) and are
valued by the victory-point lead and the fighting units each side still has on
the board: first to 10 VP wins, and units that can fight are tomorrow's VP.
"""

from __future__ import annotations

import math
from typing import Any

from warroom.engine import Game, State

SEARCH = {"depth": "30", "rollout": "random"}
"""Rollouts at random: the rules policy costs about 10 ms a call here, random play 50x less."""

SIDE = {"white": 0, "black": 1}
VP_WEIGHT = 0.55
UNIT_WEIGHT = 0.12
ROUTED_WEIGHT = 0.04


def evaluate(game: Game[Any], state: State, role: str) -> float:
    """The chance that ``role`` wins from here, guessed from VP and the units left."""
    s: Any = state
    me = SIDE[role]
    other = 1 - me
    from warroom.games.commanders.data import USIDE
    from warroom.games.commanders.state import ROUTED

    live = [0, 0]
    routed = [0, 0]
    for u, where in enumerate(s.loc):
        if where >= 0:
            if s.status[u] == ROUTED:
                routed[USIDE[u]] += 1
            else:
                live[USIDE[u]] += 1
    lead = VP_WEIGHT * (s.vp[me] - s.vp[other])
    lead += UNIT_WEIGHT * (live[me] - live[other]) + ROUTED_WEIGHT * (routed[me] - routed[other])
    return 1.0 / (1.0 + math.exp(-lead))
