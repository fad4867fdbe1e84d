"""Series rule 4: the Operational Sequence (secret Card/Map choice, its three outcomes) and the end.

Each sequence begins with both roles choosing Card or Map in secret (both are active at
once); when both have chosen, the choices are revealed and resolved:
both Map: each rolls a d10, the side with the initiative adds 2 (and wins ties); the
winner conducts one operation. Both Card: the side with the initiative takes a Card
option first, then the other. One of each: the Map side conducts its operation, then the
Card side takes its Card option.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.engine import Action
from warroom.games.campaign_commander.state import CCState

if TYPE_CHECKING:
    from warroom.games.campaign_commander.series import SeriesGame

CHOICES = ("card", "map")


def choose_actions(g: SeriesGame, s: CCState, role: str) -> list[Action]:
    """Card, or Map when the side has a resource point on the map: choosing Map is choosing to
    conduct an operation (4.2.1), and every operation spends one RP from the map (4.2.2,
    5.2); without one it could only win the roll-off to do nothing (see NOTES.md)."""
    if role in s.choice:
        return []
    if not any(n > 0 for n in s.rps[role].values()):
        return [("card",)]
    return [(c,) for c in CHOICES]


def roll_off(g: SeriesGame, s: CCState, why: str) -> tuple[str, dict[str, int], dict[str, int]]:
    """Both roll a d10; the initiative side adds 2 and wins ties. Without initiative, ties are
    rolled again. Returns (winner, rolls, totals)."""
    while True:
        rolls = {r: s.rng.die(10) for r in g.roles}
        totals = {r: rolls[r] + g.sequence_modifier(s, r) for r in g.roles}
        a, b = g.roles
        s.log("roll-off", why=why, rolls=dict(rolls), totals=dict(totals), sides=10)
        if totals[a] != totals[b]:
            return (a if totals[a] > totals[b] else b), rolls, totals
        if s.initiative is not None:
            return s.initiative, rolls, totals


def apply_choice(g: SeriesGame, s: CCState, role: str, action: Action) -> None:
    s.choice[role] = action[0]
    s.log_private([role], "my-choice", role=role, choice=action[0])
    s.log("chose", role=role)
    if len(s.choice) < len(g.roles):
        return
    s.reveals += 1
    choice = dict(s.choice)
    s.choice = {}
    s.tasks.pop()
    s.log("choices", **choice)
    a, b = g.roles
    if choice[a] == choice[b] == "map":
        winner, _, _ = roll_off(g, s, "map")
        s.log("map-winner", role=winner)
        s.tasks.append(("op-rp", winner))
    elif choice[a] == choice[b] == "card":
        first = s.initiative
        if first is None:
            first, _, _ = roll_off(g, s, "card-order")
        second = g.other(first)
        s.tasks.append(("card", second))
        s.tasks.append(("card", first))
    else:
        mapper = a if choice[a] == "map" else b
        s.tasks.append(("card", g.other(mapper)))
        s.tasks.append(("op-rp", mapper))


def end_game(g: SeriesGame, s: CCState, why: str, **data: object) -> None:
    if not s.ended:
        s.ended = why
        s.tasks = []
        s.log("game-end", why=why, **data)
