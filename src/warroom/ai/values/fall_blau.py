"""Search knowledge for Fall Blau: improve on the rule-based player one decision at a time.

A campaign is about seventy decisions long and a game's result is mostly the deck and the
dice, so a tree search with a few hundred simulations cannot rank a dozen actions. The
flat paired search (``Searcher._flat``) asks a narrower question at each decision: would
another action, followed by the rule-based player's play, do better than the rule-based
player's own choice on the same deck and the same dice? It switches only on clear
evidence, so it is never much worse than the rules player and better where the rules'
rules of thumb miss.

A finished game is worth more than win or lose: the VP margin to the victory line gives
the search a smoother signal (two lines that both lose by some VP are not the same).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from warroom.engine import Action, Game, State

SEARCH = {"flat": "1", "eps": "0", "depth": "100000", "z": "1.5"}

WIN = 0.7
BRILLIANT = 0.1
MARGIN = 0.2
SCALE = 2.5
"""VP: the margin's share of the reward moves from 0.1 to 0.9 over about 11 VP."""


def final(game: Game[Any], state: State, role: str) -> float:
    """A finished campaign's worth in [0, 1]: the level reached and the margin to victory."""
    g: Any = game
    victory, brilliant = g.thresholds(state)
    vp = g.final_vp(state)
    margin = 1.0 / (1.0 + math.exp(-(vp - victory + 0.5) / SCALE))
    return WIN * (vp >= victory) + BRILLIANT * (vp >= brilliant) + MARGIN * margin


def candidates(
    game: Game[Any], state: State, role: str, actions: Sequence[Action], default: Action
) -> list[Action]:
    """Every action but the frontline reorganizations other than the default's (dozens of
    near-equivalent orders whose worth is in the rules player's danger sums)."""
    return [a for a in actions if a[0] != "reorganize" or a == default]
