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


def card_or_map(
    s: CCState, role: str, actions: Sequence[Action], rng: Rng, hand: int = 3, chance: float = 0.5
) -> Action:
    """Map when there are RPs to spend (and a fair hand, ``hand`` cards or more, or else with
    probability ``chance``); else Card."""
    has_rp = any(n > 0 for n in s.rps[role].values())
    want_map = has_rp and (len(s.hands[role]) >= hand or rng.random() < chance)
    return ("map",) if want_map and ("map",) in actions else ("card",)


def battle_step(
    game: Any, actions: Sequence[Action], rng: Rng, cards_chance: float = 0.3
) -> Action:
    """Now and then (``cards_chance``) a battle card; otherwise the chit that hurts the enemy most."""
    chits = [a for a in actions if a[0] == "chit"]
    cards = [a for a in actions if a[0] == "card"]
    if cards and rng.random() < cards_chance:
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


def react(game: Any, s: CCState, role: str, actions: Sequence[Action]) -> Action:
    """The other side's card window (2.3.4). In its operation: play the first card offered
    (a campaign offers only cards meant for that moment, e.g. Coral Sea's Air Attack). In a
    battle: answer a chit that threatens our units with a card that steadies them or hits
    back; otherwise keep the cards for our own turns."""
    cards = [a for a in actions if a[0] == "react"]
    top = s.tasks[-1]
    if not cards:
        return ("pass",)
    if top[2] != "battle":
        return cards[0]
    b = s.battle
    if b is None or not b.played:
        return ("pass",)
    chit = game.data.chits[b.played[-1]]
    threat = any(e.side == "enemy" and e.kind in ("check", "auto") for e in chit.effects)
    if not threat:
        return ("pass",)
    for a in cards:
        if any(e.do in ("steady", "hit") for e in game.data.cards[a[1]].effects):
            return a
    return ("pass",)


def owner_choice(game: Any, s: CCState, role: str, actions: Sequence[Action]) -> Action | None:
    """The owner's choices of series rules 7.2, 7.4, 9.6.3.e and 12 (None: not one of them)."""
    top = s.tasks[-1][0] if s.tasks else ""

    def worth(a: Action) -> tuple[int, int, str]:
        tv, ch, _mf = game.values(s, a[1])
        return (tv + ch, -int(s.units[a[1]].dep), a[1])

    if top in ("excess", "cargo"):
        return min(actions, key=worth)  # the least valuable unit takes the loss
    if top == "port":
        return actions[0]  # the nearest friendly port
    if top == "leader":
        return ("remain", actions[0][1])  # the leader stays with the units holding on
    return None


def stack_top(game: Any, s: CCState, role: str, actions: Sequence[Action]) -> Action | None:
    """Limited intelligence (Coral Sea 12): what goes on top of a stack the enemy may see
    only the top of. A resource point marker when there is one (it shows no unit at all),
    else the weakest unit, a decoy that tells little. Only a choice that makes it so is
    taken (None otherwise): each stack is arranged once, as it stands."""
    tops = [a for a in actions if a[0] == "top"]
    for area in sorted({a[1] for a in tops}):
        if s.rps[role].get(area, 0) > 0:
            want: Action = ("top", area, "rp")
        else:
            here = game.units_at(s, area, role)
            weakest = min(here, key=lambda u: (sum(game.values(s, u)[:2]), u))
            want = ("top", area, weakest)
        if want in tops:
            return want
    return None
