"""A rule-based player for the Tide of Iron Stalingrad campaign tracker.

The scenarios themselves are played on the table, so when this policy has to
*enter* a scenario's result it makes one up: modest random numbers (that is what
lets agents fuzz the campaign). In the Campaign Phase it plays sensibly:

- command is valued row by row of the Campaign Phase Table (a CVP is worth seven
  command), which decides the loser's penalty, the winner's pick of type, and
  whether to halve 10+ command for a CVP;
- purchases follow a fixed priority: buy off an unarmed restriction, flip Veteran
  cards (permanent), armor where a division has some, full squad bases, extra
  cards, decks, specializations, advanced hexes; "any" costs are paid from the
  type there is most of.

It reads only public state (the campaign has no secrets).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from warroom.engine import Action, Game, Rng, State

TYPES = ("ammunition", "morale", "supply")
CVP_WORTH = 7.0

PRIORITY = (
    "remove-unarmed",
    "veteran",
    "medium-tank",
    "light-tank",
    "base",
    "heavy-weapon",
    "officer",
    "elite",
    "regulars",
    "card",
    "artillery-deck",
    "urban-deck",
    "antitank",
    "engineer",
    "flamethrower",
    "hex",
)


def value(command: int) -> float:
    """What ``command`` of one type is worth after the Campaign Phase Table, in command."""
    if command <= 2:
        return -2.0 + command * 0.5
    if command <= 5:
        return float(command - 2)
    if command <= 9:
        return float(command - 2) + 2.0
    return max(CVP_WORTH + value(command // 2), float(command - 2) + 2.0)


def _payment_key(have: dict[str, int], pay_text: str) -> float:
    from warroom.games.toi_stalingrad.purchases import parse_pay

    pay = parse_pay(pay_text) or (0, 0, 0)
    left = [have[t] - p for t, p in zip(TYPES, pay, strict=True)]
    return float(sum(x * x for x in left))


def policy(game: Game[Any], state: State, role: str, actions: Sequence[Action], rng: Rng) -> Action:
    from warroom.games.toi_stalingrad.rules import ToiStalingrad, ToiState, other

    assert isinstance(game, ToiStalingrad) and isinstance(state, ToiState)
    kind = actions[0][0]
    side = game.acting_side(state) or "german"
    if kind == "command":
        return actions[min(len(actions) - 1, 1 + rng.below(10))]
    if kind == "cvp":
        return actions[min(len(actions) - 1, rng.below(9))]
    if kind == "initiative":
        return actions[rng.below(len(actions))]
    task = state.tasks[0]
    number = int(task[3]) if task[0] == "ask" and len(task) > 3 else len(state.results) % 4 + 1
    nxt = state.data.scenarios[number - 1]
    if kind == "next-initiative":
        return ("next-initiative", nxt.initiative)
    if kind == "sig33b":
        return ("sig33b", "yes" if nxt.sig33b else "no")
    if kind == "armor":
        divs = set(getattr(nxt.armor, side))
        choice = "both" if len(divs) == 2 else (next(iter(divs)) if divs else "none")
        return ("armor", choice)
    have = dict(state.command[side])
    if kind == "penalty":
        each = sum(value(have[t] - 1) for t in TYPES)
        worst_two = min(
            sum(value(have[t] - (2 if t == pick else 0)) for t in TYPES) for pick in TYPES
        )
        return ("penalty", "one-each" if each >= worst_two else "two-of-one")
    if kind == "penalty-type":
        theirs = state.command[other(side)]
        return min(actions, key=lambda a: value(max(0, theirs[a[1]] - 2)) - value(theirs[a[1]]))
    if kind in ("halve", "keep"):
        c = have[task[2]]
        halve = CVP_WORTH + value(c // 2) >= float(c - 2) + 2.0
        return ("halve",) if halve and ("halve",) in actions else ("keep",)
    if kind in ("replace", "advanced", "objective"):
        return actions[0]
    if kind == "pay":  # "any" costs from the type there is most of
        return min(actions, key=lambda a: _payment_key(have, a[1]))
    # purchases
    buys = [a for a in actions if a[0] == "buy"]
    for item in PRIORITY:
        options = [a for a in buys if a[1] == item]
        if options:  # the target whose cheapest payment leaves the command most even
            return min(
                options,
                key=lambda a: min(
                    _payment_key(have, p) for p in game._payments(state, side, a[1], a[2])
                ),
            )
    return ("done",) if ("done",) in actions else actions[0]


TABLE_KINDS = frozenset(("command", "cvp", "initiative", "next-initiative", "sig33b", "armor"))
"""Prompts that record how a scenario went on the printed game: facts, not decisions."""


def umpire(
    game: Game[Any], state: State, role: str, actions: Sequence[Action], rng: Rng
) -> Action | None:
    """The neutral answer to a prompt that records a scenario's result; None for a decision.

    Entering a result is not a choice a player makes to win (a player who makes one up can
    simply claim a victory), so ``warroom evaluate`` answers these prompts the same way for
    every agent from one generator per game (modest made-up results, as the policy does), and
    search does not plan them: strength is measured on the Campaign Phase decisions.
    """
    if actions and actions[0][0] in TABLE_KINDS:
        return policy(game, state, role, actions, rng)
    return None
