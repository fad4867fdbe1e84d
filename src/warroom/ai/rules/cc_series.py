"""Rule-of-thumb choices shared by the Campaign Commander campaigns' rule-based players.

The prompts of the series engine (Card/Map, battle chits, whom a chit hits) are the same in
every campaign, so the campaigns' policies answer them here; each campaign keeps only its
own priorities (targets, operations, naval moves).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from warroom.engine import Action, Rng
from warroom.games.campaign_commander.state import CCState


def score_chit(game: Any, key: str) -> int:
    """How much a chit hurts the enemy (weighted by how bad a failed check is) less what it costs us."""
    c = game.data.chits[key]
    score = 0
    for e in c.effects:
        w = 3 if e.fail == "depdg" else 2 if e.fail == "dg" else 1
        if e.kind == "fortify":
            score += 1
        elif e.side == "enemy":
            score += w + e.mod
        else:
            score -= w
    return score


def card_or_map(s: CCState, role: str, actions: Sequence[Action], rng: Rng) -> Action:
    """Map when there are RPs to spend (and a fair hand, or half the time); else Card."""
    has_rp = any(n > 0 for n in s.rps[role].values())
    want_map = has_rp and (len(s.hands[role]) >= 3 or rng.random() < 0.5)
    return ("map",) if want_map and ("map",) in actions else ("card",)


def battle_step(game: Any, actions: Sequence[Action], rng: Rng) -> Action:
    """Now and then a battle card; otherwise the chit that hurts the enemy most."""
    chits = [a for a in actions if a[0] == "chit"]
    cards = [a for a in actions if a[0] == "card"]
    if cards and rng.random() < 0.3:
        return cards[0]
    if chits:
        return max(chits, key=lambda a: (score_chit(game, a[1]), a[1]))
    return actions[0]


def chit_target(game: Any, s: CCState, role: str, actions: Sequence[Action]) -> Action:
    """Whom a chit hits: our own sturdiest unit, or the enemy's shakiest."""
    b = s.battle

    def coh(a: Action) -> int:
        return int(game.cohesion(s, b, a[1])) if b is not None else 0

    return max(actions, key=coh) if s.tasks[-1][2] == role else min(actions, key=coh)
