"""Search knowledge for Roads to Stalingrad: plan only the prompts that shape the campaign,
cut simulations after about one operation and value the position (see ``cc_series``).

Weights: a logistic fit (L2 = 1) to 2,232 positions, one every 20 prompts, of 60 games
(rules against rules, rules against random, seeds 1000-1059), from the Axis side:
VP lead, VP lead x share of the decks gone, (strength lead) / 10, RP lead, hand lead.
The fit gave the RP lead a negative weight (a side with unspent RPs was a side that did
little); we set it to 0 so that the search does not learn to throw RPs away.
Log loss 0.36 (0.58 for the base rate), 82% of the winners guessed right.
"""

from __future__ import annotations

from warroom.ai.values.cc_series import make_evaluate, plans

WEIGHTS = (0.071, 0.116, 0.289, 0.0, 0.23)
BIAS = -1.358
"""The Axis's edge when all is even: negative (the Soviets win most games between equals)."""

evaluate = make_evaluate(WEIGHTS, BIAS)

SEARCH = {"depth": "24", "bias": "2", "eps": "0.05"}
"""Simulations of 24 prompts (about one operation) valued by ``evaluate``."""

__all__ = ["SEARCH", "evaluate", "plans"]
