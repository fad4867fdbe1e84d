"""Search knowledge for Coral Sea: which ways of playing the search races (``styles``), when
it chooses again (``epoch``), and, for a tree search cut off early, the value of a position.

**Styles** (the default, ``SEARCH``): the search plays whole campaigns from the position
once per style and keeps its side's first style unless another clearly does better against
the other side as it models it (a population, ``warroom.ai.population``; see docs/ai.md).
The first style is each side's best in the style game (every style of one side against every
style of the other, Coral Sea NOTES, "Balance"): for Japan ``guadalcanal``, which does at
least as well as the rules player against every Allied style; for the Allies, since session
6 of issue 23, ``pacific`` (one screen, in the Pacific Ocean, and ships that stay in port
without a reachable purpose), which does better than the rules player's two screens against
every Japanese style (docs/ai.md, "Session 6 samples: Coral Sea Allied seat"). The styles are
variants of the rule-based player (``warroom.ai.rules.coral_sea.Style``).

**Value** (the tree search, ``styles=0``): a logistic fit (Newton, L2 = 1, draws counted as
half a win) to 9,776 positions, one every 10 prompts, of 200 games (seeds 2000-2199: rules
against rules, rules against random, random against rules), played after the rule-based
player's naval fix (ships come home to where RPs are), from Japan's side: VP lead, VP lead x
share of the decks gone, (strength lead) / 10, RP lead, hand lead. Fitted on 160 games and
tested on the other 40: log loss 0.31 (0.35 with the earlier weights, 0.64 for the base
rate), 80% of the winners guessed right. RPs got a negative weight and strength almost none
(destroyed units already count in the VP; a side with unspent RPs did little); we use 0 for
RPs and a small positive weight for strength, so that the search does not learn to throw
units or RPs away.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from warroom.ai.base import Policy
from warroom.ai.rules.coral_sea import ALLIED, PACIFIC, SINGLE, STRAIT, Style
from warroom.ai.values.cc_series import (
    candidates,
    final,
    horizon,
    make_evaluate,
    observed,
    plans,
)
from warroom.engine import Game, State
from warroom.games.campaign_commander.state import CCState

WEIGHTS = (0.226, 2.413, 0.05, 0.0, 0.201)
BIAS = 3.088

evaluate = make_evaluate(WEIGHTS, BIAS)

FOOTHOLD = ("Finschhafen",)
"""Japan's first landing in the rules player's games: one area of New Guinea held keeps the
Allies from scoring the whole island (8 VP)."""
BOUGAINVILLE = ("Buin", "Buka")

PACIFIC_SCREEN = Style("pacific", station=(PACIFIC,), moor=True)
"""The Allied answer to Japan's Bougainville plan (``guadalcanal``, ``solomons``): one screen,
in the Pacific Ocean (the way from Rabaul and Kavieng to Buka and around to Tulagi), and
ships that keep to port unless they have somewhere to go (``moor``), so that they are there
to hold Buin and carry troops instead of ending stranded at sea (docs/ai.md, "Session 6
samples: Coral Sea Allied seat")."""

STYLES: dict[str, tuple[Style, ...]] = {
    "japan": (
        Style(
            "guadalcanal",
            focus=(*FOOTHOLD, *BOUGAINVILLE, "Lunga", "Cape Esperance"),
            haven=True,
        ),
        Style(),
        Style("bougainville", focus=FOOTHOLD + BOUGAINVILLE),
        Style("solomons", focus=(*FOOTHOLD, *BOUGAINVILLE, "Tulagi"), haven=True),
        Style("buin", focus=BOUGAINVILLE, haven=True, hand=0),
        Style("screen", station=("Solomon Sea",)),
    ),
    "allies": (
        PACIFIC_SCREEN,  # the default since session 6: the Pacific Ocean only, moored ships
        ALLIED,  # the rules player: screens in Indispensable Strait and the Pacific Ocean
        SINGLE,  # the rules player before the second screen
        Style("strait-solomon", station=(STRAIT, "Solomon Sea")),
        Style("haven", haven=True),
        Style("map", hand=0),
    ),
}
"""Per side: the style a race keeps by default first (for the Allies the Pacific screen), then
the styles the search may switch to."""

EPOCH_CARDS = 6
"""The search chooses its style again every this many cards played."""


def styles(game: Game[Any], role: str) -> Sequence[tuple[str, Policy]]:
    """The ways of playing ``role`` the search races, the default first."""
    return [(st.name, st) for st in STYLES[role]]


def epoch(game: Game[Any], state: State, role: str) -> Hashable:
    """A new choice of style every ``EPOCH_CARDS`` cards (public: cards played so far)."""
    assert isinstance(state, CCState)
    return state.cards_count // EPOCH_CARDS


SEARCH = {"styles": "1", "depth": "100000", "iterations": "32", "z": "1.0", "eps": "0"}
"""Races of whole campaigns (``depth`` to the end) between the styles, against the rules
player itself (``eps=0``); the tree search's earlier defaults were ``depth=24``, ``bias=2``,
``eps=0.05``."""

__all__ = [
    "SEARCH",
    "STRAIT",
    "STYLES",
    "candidates",
    "epoch",
    "evaluate",
    "final",
    "horizon",
    "observed",
    "plans",
    "styles",
]
