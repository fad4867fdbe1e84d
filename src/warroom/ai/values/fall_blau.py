"""Search knowledge for Fall Blau: trust the rule-based player unless the dice say otherwise.

A campaign is about a hundred decisions long and a simulation's result is mostly the
deck, so a few dozen simulations cannot rank a dozen actions. A strong progressive
bias towards the rules policy's choice and noise-free rollouts (``eps=0``) made the
search at least as good as the rules player in the runs of docs/ai.md; without them it
was worse.
"""

from __future__ import annotations

SEARCH = {"bias": "4", "eps": "0"}
