"""Search knowledge for Roads to Stalingrad: plan only the prompts that shape the campaign,
cut simulations after about one operation and value the position (see ``cc_series``).

Weights: a logistic fit (L2 = 1) to 2,302 positions, one every 20 prompts, of 60 games
(rules against rules, rules against random, seeds 1000-1059; the campaign data with VP
circles in the Axis rear), from the Axis side: VP lead, VP lead x share of the decks
gone, (strength lead) / 10, RP lead, hand lead. The fit gave strength and RPs no or a
negative weight (a side with unspent RPs was a side that did little); we use a small
positive weight for strength and 0 for RPs, so that the search does not learn to throw
units or RPs away. Log loss 0.43 (0.69 for the base rate), 78% of the winners guessed.
"""

from __future__ import annotations

from warroom.ai.values.cc_series import final, make_evaluate, plans

WEIGHTS = (0.291, 0.286, 0.05, 0.0, 0.064)
BIAS = -1.689
"""The Axis's edge at an even score: negative (it starts 13 VP to 8 ahead, and a lead it
cannot keep is worth less than it looks)."""

evaluate = make_evaluate(WEIGHTS, BIAS)

SEARCH = {"depth": "24", "bias": "2", "eps": "0.05"}
"""Simulations of 24 prompts (about one operation) valued by ``evaluate``."""

__all__ = ["SEARCH", "evaluate", "final", "plans"]
