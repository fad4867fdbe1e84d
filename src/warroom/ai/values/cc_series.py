"""Search knowledge shared by the Campaign Commander campaigns: which prompts to plan, and a
value for a position where a simulation is cut off.

A campaign is some 600-900 small prompts long and the search runs a few dozen simulations
a decision, so simulations are cut after about one operation and the position is valued by
what decides the game at the end: the victory points each side would score now, the
strength of the units each side has on the map, the RPs on the map and the cards in hand.
The weights are a logistic fit to positions of rule-based games (each campaign module keeps
its own and says how it was fitted). The value reads the position it is given, and the search
only ever gives it determinized positions (the opponent's hand and cups resampled).

Only the prompts that shape the campaign are searched: Card or Map, which RP starts an
operation, and where a moving stack goes when it may attack; the other prompts (which
unit acts next, cards, chits, targets, retreats, placement, other stack steps, and any
prompt kind this module does not know) are answered by the rule-based policy, in the real
game and in simulations.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from warroom.engine import Action, Game, State
from warroom.games.campaign_commander.model import OFF_MAP
from warroom.games.campaign_commander.state import CCState

PLANNED = frozenset({"choose", "op-rp"})
"""Task kinds the search always plans."""


def plans(game: Game[Any], state: State, role: str, actions: Sequence[Action]) -> bool:
    """Whether the search plans this prompt (else the rule-based policy answers it)."""
    s = state
    assert isinstance(s, CCState)
    if not s.tasks:
        return False
    top = s.tasks[-1][0]
    if top in PLANNED:
        return True
    if top != "op":
        return False
    op = s.op
    if op is None:
        return False
    if not op.group:
        return False  # which unit acts next: the policy (planning it cost too much, see ai.md)
    g: Any = game
    # a moving stack: planned only when it may attack (enter an area with enemy units)
    return any(a[0] == "go" and g.enemy_occupied(s, a[1], role) for a in actions)


PUBLIC = frozenset({"rp", "move", "add", "go", "land", "embark", "halt", "unload"})
"""Kinds of operation step the other side sees when they are taken (the map shows them)."""

HORIZON_CARDS = 4
"""A decision race's simulations stop once this many more cards are played or discarded
(about one Card/Map turn of each side after the current one) and are valued there."""


def observed(game: Game[Any], state: State, actor: str, action: Action) -> bool:
    """Whether the other side sees ``actor`` take ``action`` (evidence of its way of playing,
    ``warroom.ai.population``): the steps of an operation on the map (which RP starts it,
    which unit moves, where a stack goes), unless the fog hides the units (Coral Sea's
    limited intelligence). Card/Map (a secret choice until both have chosen), cards, chits
    and the owner's choices are not used."""
    s = state
    assert isinstance(s, CCState)
    if not s.tasks or action[0] not in PUBLIC:
        return False
    top = s.tasks[-1][0]
    if top not in ("op", "op-rp"):
        return False
    g: Any = game
    hide = getattr(g, "hidden_units", None)
    if hide is None:
        return True
    hidden = hide(s, g.other(actor))
    if not hidden:
        return True
    if action[0] in ("move", "add", "embark"):
        return action[1] not in hidden
    group = s.op.group if s.op is not None else []
    return not any(u in hidden for u in group)


def candidates(
    game: Game[Any], state: State, role: str, actions: Sequence[Action], default: Action
) -> list[Action]:
    """The actions a decision race compares at a planned prompt: Card and Map; every RP an
    operation may start from; where a stack that may attack goes (each attack, and halting
    or stepping elsewhere as the style would)."""
    s = state
    assert isinstance(s, CCState)
    top = s.tasks[-1][0] if s.tasks else ""
    if top == "choose":
        return [a for a in actions if a[0] in ("card", "map")]
    if top == "op-rp":
        return list(actions)
    if top == "op":
        g: Any = game
        attacks = [a for a in actions if a[0] in ("go", "land") and g.enemy_occupied(s, a[1], role)]
        rest = [a for a in actions if a[0] in ("halt", "unload")]
        return [default, *attacks, *rest]
    return [default]


def horizon(game: Game[Any], origin: State, state: State) -> bool:
    """A decision race's simulations stop ``HORIZON_CARDS`` cards after they began."""
    s: Any = state
    o: Any = origin
    return bool(s.cards_count >= o.cards_count + HORIZON_CARDS)


def features(game: Game[Any], state: State, role: str) -> list[float]:
    """What the value weighs, from ``role``'s side: VP, strength on the map, RPs, hand, and
    the VP lead scaled by how far the decks are gone (a lead late counts more)."""
    g: Any = game
    s = state
    assert isinstance(s, CCState)
    foe = g.other(role)
    vp = g.victory_points(s)
    strength = {role: 0, foe: 0}
    units = g.data.units
    for uid, u in s.units.items():
        if u.loc in OFF_MAP:
            continue
        d = units[uid]
        if d.leader:
            continue
        tv, ch, _mf = g.values(s, uid)
        strength[d.side] += tv + ch
    rps = {r: sum(s.rps.get(r, {}).values()) for r in (role, foe)}
    hand = {r: len(s.hands.get(r, ())) for r in (role, foe)}
    left = sum(len(d) for d in s.decks.values()) + hand[role] + hand[foe]
    progress = s.cards_count / (s.cards_count + left) if s.cards_count + left else 1.0
    dvp = float(vp[role] - vp[foe])
    return [
        dvp,
        dvp * progress,
        (strength[role] - strength[foe]) / 10.0,
        float(rps[role] - rps[foe]),
        float(hand[role] - hand[foe]),
    ]


def logistic(weights: Sequence[float], bias: float, xs: Sequence[float]) -> float:
    z = bias + sum(w * x for w, x in zip(weights, xs, strict=True))
    z = max(-30.0, min(30.0, z))
    return 1.0 / (1.0 + math.exp(-z))


def make_evaluate(weights: Sequence[float], bias: float) -> Any:
    """``evaluate(game, state, role)`` for a campaign from its fitted weights.

    The fit is from the first role's side (its bias is the first role's edge); the second
    role's value is the complement.
    """

    last: list[Any] = [None, None, 0.5]  # the state last valued, its fingerprint, its value

    def evaluate(game: Game[Any], state: State, role: str) -> float:
        first = game.roles[0]
        s: Any = state
        mark = (s.cards_count, len(s.tasks), len(s.destroyed), s.op.sp if s.op else -1)
        if last[0] is state and last[1] == mark:  # the search asks once for each role
            p = float(last[2])
        else:
            p = logistic(weights, bias, features(game, state, first))
            last[:] = [state, mark, p]
        return p if role == first else 1.0 - p

    return evaluate


def final(game: Game[Any], state: State, role: str) -> float:
    """A finished campaign's worth to ``role``: 0.75 for a win (0.375 a draw) and up to 0.25
    by the VP margin, so that a simulation also tells a narrow result from a wide one (most
    campaigns end a point or two apart)."""
    out = game.outcome(state)
    if out is None:
        return 0.5
    base = 1.0 if out.winner == role else 0.5 if out.winner is None else 0.0
    g: Any = game
    vp = g.victory_points(state)
    margin = float(vp[role] - vp[g.other(role)])
    return 0.75 * base + 0.25 * (0.5 + 0.5 * math.tanh(margin / 4.0))
