"""A rule-based player for Campaign: Fall Blau: the priorities of a careful German commander.

Each prompt: play the lasting and free cards at once; attack where the dice are likely to
capture (with an event's black dice when they are needed); advance a fresh card where a strong
general waits; consolidate the worn-out; end the turn. It reads only what the player sees (never
the order of the event deck).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from warroom.engine import Action, Game, Rng, State

PREFERRED_GENERALS = ("paulus", "hoth", "kleist", "ruoff", "salmuth")


def _p_hit(mod: int) -> float:
    return (4 + mod) / 6


def _card_value(game: Any, eid: str) -> float:
    e = game.data.events[eid].effects[0]
    k = e.kind
    if k == "vp":
        return 10.0
    if k == "special_attack":
        return 3.0 + e.n * 0.5
    if k == "attack_dice":
        return 1.5 + e.n * 0.5 + (1.0 if e.when == "any" else 0.0)
    if k == "cancel_modifier":
        return 4.0
    if k in ("supply", "cubes", "cubes_all"):
        return 2.0 + e.n * 0.3
    return 2.0


def _expected(game: Any, s: Any, gi: int, slot: int, black: int = 0) -> float:
    cid = s.front[slot]
    mod = game._modifier(s, cid, gi)
    p = _p_hit(mod)
    dice = game.attack_dice(s, gi, slot)
    bonus = 1 / 6 if game.data.generals[game.gids[gi]].panzer and mod == 0 else 0.0
    return (dice + black) * (p + bonus)


def _best_support(game: Any, s: Any, gi: int, slot: int) -> tuple[str, int]:
    best, n = "", 0
    for eid in game.support_cards(s, gi, slot):
        e = game.data.events[eid].effect("attack_dice")
        if e and e.n > n:
            best, n = eid, e.n
    return best, n


def policy(game: Game[Any], state: State, role: str, actions: Sequence[Action], rng: Rng) -> Action:
    g: Any = game
    s: Any = state
    ph = s.phase
    if len(actions) == 1:
        return actions[0]
    if ph == "general":
        ids = {a[1] for a in actions}
        for gid in PREFERRED_GENERALS:
            if gid in ids:
                return ("general", gid)
    if ph == "discard":
        return min(actions, key=lambda a: _card_value(g, a[1]))
    if ph in ("deck-out", "exhaust"):
        return min(actions, key=lambda a: s.cubes[g.data.generals[a[1]].index])
    if ph == "lose-cubes":
        return max(actions, key=lambda a: s.cubes[g.data.generals[a[1]].index])
    if ph == "support":
        gi, slot = s.attack
        need = s.red[slot]
        if _expected(g, s, gi, slot) < need + 0.5:
            best, _ = _best_support(g, s, gi, slot)
            if best:
                return ("support", best)
        return ("roll",)
    if ph == "second":
        options = [a for a in actions if a[0] == "second"]
        if s.supply >= 3 and options:

            def score(a: Action) -> float:
                gi = s.slots[a[2]]
                if gi < 0:
                    return -1.0
                c = g.data.campaigns[a[1]]
                return s.cubes[gi] - c.cubes + c.vp * 0.3

            pick = max(options, key=score)
            if score(pick) >= 1:
                return pick
        return ("done",)
    if ph == "orders":
        return _orders(g, s, actions)
    return actions[0]


def _orders(g: Any, s: Any, actions: Sequence[Action]) -> Action:
    d = g.data
    late = s.cal >= len(d.calendar) - 1
    by_kind: dict[str, list[Action]] = {}
    for a in actions:
        by_kind.setdefault(a[0], []).append(a)

    # 1. cards worth playing now
    for a in by_kind.get("play", []):
        e = d.events[a[1]].effects[0]
        k = e.kind
        if k in ("cancel_modifier", "vp"):
            return a
        if k == "supply" and s.supply + e.n <= d.supply_max:
            return a
        if k == "cubes":
            gi = d.generals[a[2]].index
            if d.generals[a[2]].cubes - s.cubes[gi] >= min(2, e.n):
                return a
        if k == "cubes_all":
            deficit = sum(d.generals[g.gids[gi]].cubes - s.cubes[gi] for gi in g._living(s))
            if deficit >= 2:
                return a
        if k == "ready":
            gi = d.generals[a[2]].index
            if s.cubes[gi] >= 3 and s.supply >= 2 and any(s.front):
                return a
        if k == "special_attack":
            slot = a[2]
            gi = s.slots[slot]
            if s.red[slot] >= 2 or (gi >= 0 and s.ready[gi]):
                return a

    # 2. attacks likely to capture
    best: tuple[float, Action] | None = None
    for a in by_kind.get("attack", []):
        gi = d.generals[a[1]].index
        slot = a[2]
        red = s.red[slot]
        cubes = s.cubes[gi]
        _, black = _best_support(g, s, gi, slot)
        exp = _expected(g, s, gi, slot, black)
        if red > 0 and exp < red * 0.9 and not late:
            continue
        if cubes <= 2 and red >= 2 and not late:
            continue
        vp = g._card_vp(s.front[slot])
        score = vp + 2 * min(1.0, exp / max(red, 1)) + (1 if s.slots[slot] == gi else 0)
        if best is None or score > best[0]:
            best = (score, a)
    if best:
        return best[1]

    # 3. advance a fresh card in front of a strong general (keep supply for an attack)
    adv = by_kind.get("advance", [])
    if adv and (s.supply >= 2 or late):

        def adv_score(a: Action) -> float:
            gi = d.generals[a[1]].index
            c = d.campaigns[a[2]]
            cubes = (
                c.cubes_if if c.unless_captured and c.unless_captured not in s.captured else c.cubes
            )
            mod = g._modifier(s, a[2], gi)
            return c.vp / cubes + s.cubes[gi] * 0.2 + mod * 0.5 - c.extra_cost * 0.2

        candidates = [a for a in adv if s.cubes[d.generals[a[1]].index] >= 3]
        if candidates:
            return max(candidates, key=adv_score)

    # 4. consolidate the worn-out, or to fill the depot
    cons = by_kind.get("consolidate", [])
    if cons and not late:

        def need(a: Action) -> int:
            gi = d.generals[a[1]].index
            return d.generals[a[1]].cubes - s.cubes[gi]

        worst = max(cons, key=need)
        if need(worst) > 0 or s.supply <= d.supply_max - 2:
            return worst

    # 5. a frontline card facing nobody while a ready general has nothing in front: reorganize
    for a in by_kind.get("reorganize", []):
        if s.supply >= 3 and _reorg_gain(g, s, a) > 0:
            return a
    return ("end-turn",)


def _reorg_gain(g: Any, s: Any, a: Action) -> int:
    """How many more frontline cards face a general after this reorganization."""
    d = g.data
    after = [d.generals[x].index if x != "-" else -1 for x in a[1:]]

    def faced(slots: list[int]) -> int:
        return sum(1 for i, c in enumerate(s.front) if c and slots[i] >= 0 and s.ready[slots[i]])

    return faced(after) - faced(list(s.slots))
