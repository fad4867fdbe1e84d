"""A rule-based player for Roads to Stalingrad: the priorities of a plain, sensible commander.

It reads only what its seat may see: the map (units, RPs, control), its own hand and its
own drawn chits. Map when it has RPs and a target, else cards; play reinforcement and
supply cards, draw up to five; in an operation repair first, then attack with the
strongest stacks where the odds look good, else move towards the nearest enemy-held
victory city; in battle reveal the chit that hurts the enemy most.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from warroom.ai.rules.cc_series import (
    battle_step,
    card_or_map,
    chit_target,
    owner_choice,
    react,
)
from warroom.engine import Action, Game, Rng, State
from warroom.games.campaign_commander.model import OFF_MAP
from warroom.games.campaign_commander.state import CCState


def _front_distance(game: Any, s: CCState, role: str) -> dict[str, int]:
    foe = game.other(role)
    spots = {
        u.loc for x, u in s.units.items() if u.loc not in OFF_MAP and game.data.units[x].side == foe
    }
    return game.data.map.distances(spots) if spots else {}


def policy(game: Game[Any], state: State, role: str, actions: Sequence[Action], rng: Rng) -> Action:
    g: Any = game
    s = state
    assert isinstance(s, CCState)
    top = s.tasks[-1][0] if s.tasks else ""
    if top == "choose":
        return card_or_map(s, role, actions, rng)
    if top == "card":
        plays = [a for a in actions if a[0] == "play"]
        for a in plays:
            if g.data.cards[a[1]].sudden_death:
                return a
        if plays:
            return plays[0]
        if ("draw",) in actions:
            return ("draw",)
        discards = [a for a in actions if a[0] == "discard"]
        order = {"attack": 0, "event": 1, "tactics": 2, "operational": 3}
        return min(discards, key=lambda a: order[g.data.cards[a[1]].type])
    if top in ("op-rp", "place"):
        front = _front_distance(g, s, role)
        return min(actions, key=lambda a: (front.get(a[1], 99), a[1]))
    if top == "battle":
        return battle_step(g, actions, rng)
    if top == "target":
        return chit_target(g, s, role, actions)
    if top == "op":
        return _operation(g, s, role, actions, rng)
    if top == "react":
        return react(g, s, role, actions)
    choice = owner_choice(g, s, role, actions)
    if choice is not None:
        return choice
    return actions[0]


def _operation(g: Any, s: CCState, role: str, actions: Sequence[Action], rng: Rng) -> Action:
    op = s.op
    assert op is not None
    for kind in ("rebuild", "reorg"):
        for a in actions:
            if a[0] == kind:
                return a
    if op.group:
        return _group(g, s, role, actions)
    events = [a for a in actions if a[0] == "event"]
    if events:
        return events[0]
    moves = [a for a in actions if a[0] == "move"]
    if not moves:
        return ("done",)
    front = _front_distance(g, s, role)

    def urgency(a: Action) -> tuple[int, int, str]:
        uid = a[1]
        tv, ch, _mf = g.values(s, uid)
        return (front.get(s.units[uid].loc, 99), -(tv + ch), uid)

    best = min(moves, key=urgency)
    if front.get(s.units[best[1]].loc, 99) > 6 and rng.random() < 0.5:
        return ("done",)
    return best


def _group(g: Any, s: CCState, role: str, actions: Sequence[Action]) -> Action:
    op = s.op
    assert op is not None
    adds = [a for a in actions if a[0] == "add"]
    if adds and len(op.group) < 3:
        return adds[0]
    goes = [a for a in actions if a[0] == "go"]
    mine = sum(
        g.values(s, u)[0] + g.values(s, u)[1] for u in op.group if not g.data.units[u].leader
    )
    attacks = []
    for a in goes:
        foes = g.foes_at(s, a[1], role)
        if foes:
            theirs = sum(g.values(s, u)[0] + g.values(s, u)[1] for u in foes)
            if mine >= theirs:
                attacks.append((theirs, a))
    if attacks:
        return min(attacks)[1]
    targets = {
        a for a, ad in g.data.areas.items() if dict(ad.vp).get(role) and s.control.get(a) != role
    }
    safe = [a for a in goes if not g.foes_at(s, a[1], role)]
    if targets and safe:
        dist = g.data.map.distances(targets)
        here = s.units[op.group[0]].loc
        best = min(safe, key=lambda a: (dist.get(a[1], 99), a[1]))
        if dist.get(best[1], 99) < dist.get(here, 99) or not op.moved:
            return best
    if ("halt",) in actions:
        return ("halt",)
    if safe:
        return safe[0]
    if goes:
        return goes[0]  # never cancel while a step exists: cancelling could loop forever
    return ("cancel",) if ("cancel",) in actions else actions[-1]
