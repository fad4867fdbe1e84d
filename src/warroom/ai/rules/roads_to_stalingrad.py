"""A rule-based player for Roads to Stalingrad: the priorities of a plain, sensible commander.

It reads only what its seat may see: the map (units, RPs, control), its own hand and its
own drawn chits. Map when it has RPs and a target, else cards; play reinforcement and
supply cards, draw up to five; in an operation repair first, then attack with the
strongest stacks where the odds look good, else move towards the nearest enemy-held
victory city; in battle reveal the chit that hurts the enemy most.

The priorities are numbers in a ``Style``; ``policy`` is the default style, and
``STYLES`` are the variants the search may pick one of for a stretch of the campaign
(see ``warroom.ai.values.roads_to_stalingrad``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True, slots=True)
class Style:
    """One way of playing: the rule-based player's priorities as numbers. Called like a
    rules policy; ``Style()`` is the rules player itself."""

    name: str = "rules"
    map_hand: int = 3
    """Map (with RPs to spend) when holding at least this many cards ..."""
    map_chance: float = 0.5
    """... or, with fewer, by this chance; else Card."""
    odds: float = 1.0
    """A stack attacks an area when its strength is at least ``odds`` times the defenders'."""
    stack: int = 3
    """Units gathered into a moving stack before it sets off."""
    idle: int = 6
    """A best unit farther than this from every goal ends the operation ..."""
    idle_chance: float = 0.5
    """... by this chance (the RP saved for a better moment)."""
    railheads: bool = True
    """Axis: Rostov and Millerovo (the Railhead Advance needs both) before anything else."""
    garrison: int = 1
    """Units that stay in each city scoring for us (the last ``garrison`` do not move)."""
    focus: int = 0
    """Aim only at the ``focus`` goal cities nearest our units (0: at all of them)."""
    hold: int = 0
    """Also treat our own scoring cities with an enemy within ``hold`` areas as goals
    (reinforce them) (0: never)."""
    battle_cards: float = 0.3
    """The chance of a battle card instead of a chit, when one may be played."""
    hunt: bool = False
    """A moving stack attacks the weakest enemy it may beat wherever it is, not only on
    the way to a goal (every enemy unit destroyed scores)."""

    def __call__(
        self, game: Game[Any], state: State, role: str, actions: Sequence[Action], rng: Rng
    ) -> Action:
        return _play(self, game, state, role, actions, rng)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # pickled and copied through the constructor: the compiled form (setup.py) of a frozen
        # dataclass cannot be filled in field by field as the plain one is
        return (Style, tuple(getattr(self, f) for f in self.__dataclass_fields__))


DEFAULT = Style()


def policy(game: Game[Any], state: State, role: str, actions: Sequence[Action], rng: Rng) -> Action:
    return _play(DEFAULT, game, state, role, actions, rng)


def _front_distance(game: Any, s: CCState, role: str) -> dict[str, int]:
    foe = game.other(role)
    spots = {
        u.loc for x, u in s.units.items() if u.loc not in OFF_MAP and game.data.units[x].side == foe
    }
    return game.data.map.distances(spots) if spots else {}


RAILHEAD_CITIES = ("Rostov", "Millerovo")
"""The Axis scores no city in the east until the first Railhead Advance, which needs these."""


def _goals(g: Any, s: CCState, role: str, st: Style = DEFAULT) -> set[str]:
    """The areas this side wants next: VP cities it does not hold.

    Before the first Railhead Advance the Axis scores nothing in the east, so it goes for
    Rostov and Millerovo (the card needs both) and holds them; afterwards for every city
    that would score for it, beginning with the ones nearest its front. A style may narrow
    the goals to the nearest few (``focus``) or add our own threatened cities (``hold``).
    """
    if st.railheads and role == "axis" and s.flags.get("railheads", 0) == 0:
        return set(RAILHEAD_CITIES)  # taken or held until the card comes
    goals = {
        a for a, ad in g.data.areas.items() if dict(ad.vp).get(role) and s.control.get(a) != role
    }
    if st.focus and len(goals) > st.focus:
        near = g.data.map.distances(_spots(g, s, role))
        goals = set(sorted(goals, key=lambda a: (near.get(a, 99), a))[: st.focus])
    if st.hold:
        front = _front_distance(g, s, role)
        goals |= {
            a
            for a, ad in g.data.areas.items()
            if dict(ad.vp).get(role) and s.control.get(a) == role and front.get(a, 99) <= st.hold
        }
    return goals


def _spots(g: Any, s: CCState, role: str) -> set[str]:
    """The areas holding our units on the map."""
    units = g.data.units
    return {u.loc for x, u in s.units.items() if u.loc not in OFF_MAP and units[x].side == role}


def _waiting_for_railhead(s: CCState, role: str) -> bool:
    """The Axis holds Rostov and Millerovo but has not yet played a Railhead Advance."""
    return (
        role == "axis"
        and s.flags.get("railheads", 0) == 0
        and all(s.control.get(a) == role for a in RAILHEAD_CITIES)
    )


def _goal_distance(g: Any, s: CCState, role: str, st: Style = DEFAULT) -> dict[str, int]:
    goals = _goals(g, s, role, st)
    return g.data.map.distances(goals) if goals else _front_distance(g, s, role)


def _play(
    st: Style, game: Game[Any], state: State, role: str, actions: Sequence[Action], rng: Rng
) -> Action:
    g: Any = game
    s = state
    assert isinstance(s, CCState)
    top = s.tasks[-1][0] if s.tasks else ""
    if top == "choose":
        if _waiting_for_railhead(s, role) and ("card",) in actions:
            return ("card",)  # the cities are ours: find and play a Railhead Advance
        return card_or_map(s, role, actions, rng, st.map_hand, st.map_chance)
    if top == "card":
        plays = [a for a in actions if a[0] == "play"]
        sudden = [a for a in plays if g.data.cards[a[1]].sudden_death]
        if sudden:
            # the game ends at once and the VP decide: only when that wins
            vp = g.victory_points(s)
            if vp[role] > vp[g.other(role)]:
                return sudden[0]
            plays = [a for a in plays if a not in sudden]
        if plays:
            return plays[0]
        if ("draw",) in actions:
            return ("draw",)
        discards = [a for a in actions if a[0] == "discard"]
        order = {"attack": 0, "event": 1, "tactics": 2, "operational": 3}

        def keep(a: Action) -> tuple[int, int]:
            c = g.data.cards[a[1]]
            precious = c.sudden_death or "railhead" in c.requires
            return (1 if precious else 0, order[c.type])

        return min(discards, key=keep)
    if top in ("op-rp", "place"):
        goal = _goal_distance(g, s, role, st)
        return min(actions, key=lambda a: (goal.get(a[1], 99), a[1]))
    if top == "battle":
        return battle_step(g, actions, rng, st.battle_cards)
    if top == "target":
        return chit_target(g, s, role, actions)
    if top == "op":
        return _operation(st, g, s, role, actions, rng)
    if top == "react":
        return react(g, s, role, actions)
    choice = owner_choice(g, s, role, actions)
    if choice is not None:
        return choice
    return actions[0]


def _operation(
    st: Style, g: Any, s: CCState, role: str, actions: Sequence[Action], rng: Rng
) -> Action:
    op = s.op
    assert op is not None
    for kind in ("rebuild", "reorg"):
        for a in actions:
            if a[0] == kind:
                return a
    if op.group:
        return _group(st, g, s, role, actions)
    events = [a for a in actions if a[0] == "event"]
    if events:
        return events[0]
    goal = _goal_distance(g, s, role, st)
    moves = [
        a
        for a in actions
        if a[0] == "move"
        and not _garrison(g, s, role, a[1], st.garrison)
        and not (goal.get(s.units[a[1]].loc) == 0 and s.control.get(s.units[a[1]].loc) == role)
    ]
    if not moves:
        return ("done",)

    def urgency(a: Action) -> tuple[int, int, str]:
        uid = a[1]
        tv, ch, _mf = g.values(s, uid)
        return (goal.get(s.units[uid].loc, 99), -(tv + ch), uid)

    best = min(moves, key=urgency)
    if goal.get(s.units[best[1]].loc, 99) > st.idle and rng.random() < st.idle_chance:
        return ("done",)
    return best


def _garrison(g: Any, s: CCState, role: str, uid: str, keep: int = 1) -> bool:
    """One of the last ``keep`` units holding a city that scores for us (or that the
    Railhead needs) stays."""
    loc = s.units[uid].loc
    ad = g.data.areas.get(loc)
    if ad is None or not (dict(ad.vp).get(role) or (role == "axis" and loc in RAILHEAD_CITIES)):
        return False
    others = [u for u in g.units_at(s, loc, role) if u != uid and not g.data.units[u].leader]
    return len(others) < keep


def _group(st: Style, g: Any, s: CCState, role: str, actions: Sequence[Action]) -> Action:
    op = s.op
    assert op is not None
    adds = [a for a in actions if a[0] == "add"]
    if adds and len(op.group) < st.stack:
        return adds[0]
    goes = [a for a in actions if a[0] == "go"]
    mine = sum(
        g.values(s, u)[0] + g.values(s, u)[1] for u in op.group if not g.data.units[u].leader
    )
    dist = _goal_distance(g, s, role, st)
    here = s.units[op.group[0]].loc
    attacks = []
    for a in goes:
        foes = g.foes_at(s, a[1], role)
        if foes and (st.hunt or dist.get(a[1], 99) <= dist.get(here, 99)):
            theirs = sum(g.values(s, u)[0] + g.values(s, u)[1] for u in foes)
            if mine >= st.odds * theirs:
                near = dist.get(a[1], 99)
                attacks.append((theirs, near, a) if st.hunt else (near, theirs, a))
    if attacks:
        return min(attacks)[2]
    safe = [a for a in goes if not g.foes_at(s, a[1], role)]
    if safe:
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


STYLES: dict[str, tuple[Style, ...]] = {
    "axis": (
        Style(name="strongholds", garrison=6),
        Style(name="garrisons", garrison=4),
    ),
    "soviet": (
        Style(name="massed-two-garrisons", stack=6, focus=2, garrison=2),
        Style(name="massed-two", stack=6, focus=2),
    ),
}
"""The variants the search may choose for each side (besides ``policy``): those that did
better than the rules player from that seat, whole campaigns against it (docs/ai.md: the
Axis that keeps up to six units in every city it scores for won 181 of 200 there, the rules
Axis 85; the Soviet that masses its stacks on the two nearest cities it wants 138-142, the
rules Soviet 111)."""
