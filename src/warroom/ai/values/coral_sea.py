"""Search knowledge for Coral Sea: plan only the prompts that shape the campaign, cut
simulations after about one operation and value the position (see ``cc_series``).

Weights: a logistic fit (Newton, L2 = 1, draws counted as half a win) to 9,776 positions,
one every 10 prompts, of 200 games (seeds 2000-2199: rules against rules, rules against
random, random against rules), played after the rule-based player's naval fix (ships come
home to where RPs are), from Japan's side: VP lead, VP lead x share of the decks gone,
(strength lead) / 10, RP lead, hand lead. Fitted on 160 games and tested on the other 40:
log loss 0.31 (0.35 with the earlier weights, 0.64 for the base rate), 80% of the winners
guessed right. RPs got a negative weight and strength almost none (destroyed units already
count in the VP; a side with unspent RPs did little); we use 0 for RPs and a small positive
weight for strength, so that the search does not learn to throw units or RPs away.
"""

from __future__ import annotations

from warroom.ai.values.cc_series import final, make_evaluate, plans

WEIGHTS = (0.226, 2.413, 0.05, 0.0, 0.201)
BIAS = 3.088

evaluate = make_evaluate(WEIGHTS, BIAS)

SEARCH = {"depth": "24", "bias": "2", "eps": "0.05"}
"""Simulations of 24 prompts (about one operation) valued by ``evaluate``."""

__all__ = ["SEARCH", "evaluate", "final", "plans"]
