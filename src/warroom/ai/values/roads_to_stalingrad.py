"""Search knowledge for Roads to Stalingrad.

By default (``SEARCH``) the search races whole ways of playing (``styles``: the rules player
and a few variants of it per side) with simulations to the end of the campaign, the other
side played by the rules player, and plays the chosen style until the next ``epoch``. With
``styles=0`` the older tree search is used: it plans only the prompts that shape the
campaign, cuts simulations after about one operation and values the position (see
``cc_series``) with the weights below.

Weights: a logistic fit (L2 = 1) to 2,302 positions, one every 20 prompts, of 60 games
(rules against rules, rules against random, seeds 1000-1059; the campaign data with VP
circles in the Axis rear), from the Axis side: VP lead, VP lead x share of the decks
gone, (strength lead) / 10, RP lead, hand lead. The fit gave strength and RPs no or a
negative weight (a side with unspent RPs was a side that did little); we use a small
positive weight for strength and 0 for RPs, so that the search does not learn to throw
units or RPs away. Log loss 0.43 (0.69 for the base rate), 78% of the winners guessed.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from warroom.ai.base import Policy
from warroom.ai.rules.roads_to_stalingrad import STYLES, policy
from warroom.ai.values.cc_series import (
    candidates,
    final,
    horizon,
    make_evaluate,
    observed,
    plans,
)
from warroom.engine import Game, State

WEIGHTS = (0.291, 0.286, 0.05, 0.0, 0.064)
BIAS = -1.689
"""The Axis's edge at an even score: negative (it starts 13 VP to 8 ahead, and a lead it
cannot keep is worth less than it looks)."""

evaluate = make_evaluate(WEIGHTS, BIAS)

SEARCH = {
    "styles": "1",
    "depth": "100000",
    "iterations": "24",
    "z": "0.5",
    "eps": "0",
}
"""Race the styles (``styles``) with simulations to the end of the campaign, against the
rules player as the model of the other side; the tree search (``styles=0``) takes its old
options from the command line (``depth=24,bias=2,eps=0.05``)."""

EPOCH_CARDS = 20
"""A style is chosen again every this many cards played or discarded (by both sides; a
campaign lasts some 40-60): two or three races a game, each some 24 simulations."""


DEFAULT = {"axis": "rules", "soviet": "massed-two"}
"""The style a race keeps without clear evidence for another. The Soviet's is the massed
style: as a fixed player it beat the rules player (138 of 200 against 111 for the rules
Soviet) and random (98 of 100 against 88), and with the rules player as the default the
search's Soviet kept it too often on 24 rollouts (9 of 20 against rules, 17 of 20 against
random, all three of its losses to random)."""


def styles(game: Game[Any], role: str) -> Sequence[tuple[str, Policy]]:
    """The ways of playing the search races for ``role``, its ``DEFAULT`` first: the rules
    player and the variants that held their own against it from this seat (``STYLES``, see
    docs/ai.md)."""
    offered: list[tuple[str, Policy]] = [("rules", policy)]
    offered += [(s.name, s) for s in STYLES.get(role, ())]
    first = DEFAULT.get(role, "rules")
    return sorted(offered, key=lambda o: o[0] != first)


def style_for(game: Game[Any], role: str, name: str) -> Policy | None:
    """A style written for one side, played by the other (``warroom.ai.styles``): the
    styles are knobs of the rules player that fit either side."""
    for group in STYLES.values():
        for st in group:
            if st.name == name:
                return st
    return None


def epoch(game: Game[Any], state: State, role: str) -> Hashable:
    """Choose again every ``EPOCH_CARDS`` cards (a count both sides see)."""
    s: Any = state
    return int(s.cards_count) // EPOCH_CARDS


__all__ = [
    "SEARCH",
    "candidates",
    "epoch",
    "evaluate",
    "final",
    "horizon",
    "observed",
    "plans",
    "style_for",
    "styles",
]
