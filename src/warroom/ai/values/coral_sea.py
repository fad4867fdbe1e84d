"""Search knowledge for Coral Sea: plan only the prompts that shape the campaign, cut
simulations after about one operation and value the position (see ``cc_series``).

Weights: a logistic fit (L2 = 1) to 1,336 positions, one every 20 prompts, of 60 games
(rules against rules, rules against random, seeds 1000-1059), from Japan's side:
VP lead, VP lead x share of the decks gone, (strength lead) / 10, RP lead, hand lead.
The fit gave strength and RPs small negative weights (destroyed units already count in
the VP; a side with unspent RPs did little); we use a small positive weight for strength
and 0 for RPs. Log loss 0.38 (0.64 for the base rate), 80% of the winners guessed right.
"""

from __future__ import annotations

from warroom.ai.values.cc_series import make_evaluate, plans

WEIGHTS = (0.169, 1.152, 0.05, 0.0, 0.214)
BIAS = 1.14

evaluate = make_evaluate(WEIGHTS, BIAS)

SEARCH = {"depth": "24", "bias": "2", "eps": "0.05"}
"""Simulations of 24 prompts (about one operation) valued by ``evaluate``."""

__all__ = ["SEARCH", "evaluate", "plans"]
