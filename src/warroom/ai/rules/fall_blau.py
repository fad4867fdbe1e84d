"""A rule-based player for Campaign: Fall Blau: the priorities of a careful German commander.

Each prompt: play lasting and free cards at once; strike the most dangerous card with air
power; attack where the exact odds of a capture are good (adding an event's black dice when
they change the odds); advance a fresh card where a strong general waits; consolidate the
worn-out; before ending the turn, reorganize the frontline when a general is likely to be wiped
out; end the turn. It reads only what the player sees (never the order of the event deck).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import comb
from typing import Any

from warroom.engine import Action, Game, Rng, State

PREFERRED_GENERALS = ("paulus", "hoth", "kleist", "ruoff", "salmuth")


@cache
def _die(mod: int, panzer: bool, white: bool) -> tuple[float, float, float, float]:
    """One attack die: P(removes 0), P(1), P(2) red cubes, P(costs a grey cube)."""
    p = [0.0, 0.0, 0.0]
    loss = 0.0
    for r in range(1, 7):
        v = r + mod
        k = (1 if v >= 3 else 0) + (1 if panzer and v == 6 else 0)
        p[k] += 1 / 6
        if white and v <= 1:
            loss += 1 / 6
    return p[0], p[1], p[2], loss


@cache
def odds(white: int, black: int, mod: int, panzer: bool, red: int) -> tuple[float, float, float]:
    """P(capture), expected red removed, expected grey lost for an Attack! order."""
    dist = [1.0]
    for i in range(white + black):
        p0, p1, p2, _ = _die(mod, panzer, i < white)
        new = [0.0] * (len(dist) + 2)
        for k, q in enumerate(dist):
            new[k] += q * p0
            new[k + 1] += q * p1
            new[k + 2] += q * p2
        dist = new
    capture = sum(q for k, q in enumerate(dist) if k >= red)
    removed = sum(q * min(k, red) for k, q in enumerate(dist))
    loss = min(white * _die(mod, panzer, True)[3], float(red))
    return capture, removed, loss


def _tail(n: int, p: float, k: int) -> float:
    """P(at least k successes in n trials of p)."""
    if k <= 0:
        return 1.0
    return sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


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


def _attack_odds(g: Any, s: Any, gi: int, slot: int, black: int) -> tuple[float, float, float]:
    cid = s.front[slot]
    mod = g._modifier(s, cid, gi)
    panzer = g.data.generals[g.gids[gi]].panzer
    return odds(g.attack_dice(s, gi, slot), black, mod, panzer, s.red[slot])


def _best_support(g: Any, s: Any, gi: int, slot: int) -> tuple[str, int]:
    best, n = "", 0
    for eid in g.support_cards(s, gi, slot):
        e = g.data.events[eid].effect("attack_dice")
        if e and e.n > n:
            best, n = eid, e.n
    return best, n


def _hit_chance(g: Any, s: Any, slot: int) -> float:
    """The chance that one Soviet counter-attack die from the card in ``slot`` hits."""
    on = 1
    for eid in s.in_play:
        for e in g.data.events[eid].effects:
            if e.kind == "counter_hit" and g._when(e.when, s.front[slot], -1):
                on = max(on, e.on)
    return on / 6


def _danger(g: Any, s: Any, slots: Sequence[int]) -> float:
    """Expected grey cubes lost in the local counter-attacks, plus a heavy price for a general
    likely to be wiped out."""
    total = 0.0
    for i, gi in enumerate(slots):
        red = s.red[i]
        if gi < 0 or not s.front[i] or red <= 0:
            continue
        p = _hit_chance(g, s, i)
        total += red * p + 8 * _tail(red, p, s.cubes[gi])
    return total


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
    if ph == "discard":  # play a card worth playing now rather than throw one away
        plays = [a for a in actions if a[0] == "play"]
        now = _card_now(g, s, plays, react=True) if plays else None
        if now is not None:
            return now
        return min((a for a in actions if a[0] == "discard"), key=lambda a: _card_value(g, a[1]))
    if ph == "react":  # between Soviet actions: only what helps before the orders step
        return _card_now(g, s, [a for a in actions if a[0] == "play"], react=True) or ("pass",)
    if ph in ("deck-out", "exhaust"):
        return min(actions, key=lambda a: s.cubes[g.data.generals[a[1]].index])
    if ph == "lose-cubes":
        return max(actions, key=lambda a: s.cubes[g.data.generals[a[1]].index])
    if ph == "support":
        gi, slot = s.attack
        best, n = _best_support(g, s, gi, slot)
        if best:
            base = _attack_odds(g, s, gi, slot, 0)[0]
            more = _attack_odds(g, s, gi, slot, n)[0]
            if more - base >= 0.12 or s.cal >= len(g.data.calendar) - 1:
                return ("support", best)
        return ("roll",)
    if ph == "second":
        options = [a for a in actions if a[0] == "second"]
        if s.supply >= 3 and options:

            def score(a: Action) -> float:
                gi = s.slots[a[2]]
                if gi < 0 or not s.ready[gi]:
                    return -1.0
                c = g.data.campaigns[a[1]]
                return s.cubes[gi] - c.cubes + c.vp * 0.3

            pick = max(options, key=score)
            if score(pick) >= 1:
                return pick
        return ("done",)
    if ph == "deploy" or ph == "reinforce":
        return actions[0]
    if ph == "orders":
        return _orders(g, s, actions)
    return actions[0]


def _card_now(g: Any, s: Any, plays: Sequence[Action], react: bool) -> Action | None:
    """A hand card worth playing now. Outside the orders step (``react``: at a full hand's draw,
    after a stop card, between local counter-attacks) no card that readies a general (the orders
    step is where that pays) and a special attack only at a card facing a general, 2+ red."""
    d = g.data
    late = len(d.calendar) - s.cal <= 1
    for a in plays:
        e = d.events[a[1]].effects[0]
        k = e.kind
        if k in ("cancel_modifier", "vp"):
            return a
        if k == "supply" and (s.supply + e.n <= d.supply_max or late):
            return a
        if k == "cubes":
            gi = d.generals[a[2]].index
            if d.generals[a[2]].cubes - s.cubes[gi] >= min(2, e.n) or (late and s.cubes[gi] < 3):
                return a
        if k == "cubes_all":
            deficit = sum(d.generals[g.gids[gi]].cubes - s.cubes[gi] for gi in g._living(s))
            if deficit >= 2:
                return a
        if k == "ready" and not react:
            gi = d.generals[a[2]].index
            if s.cubes[gi] >= 3 and s.supply >= 1 and any(s.front):
                return a
        if k == "special_attack":
            slot = a[2]
            gi = s.slots[slot]
            if react:
                if gi >= 0 and s.red[slot] >= 2:
                    return a
                continue
            if s.red[slot] >= 3 or (gi >= 0 and s.ready[gi]) or late:
                return a
    return None


def _backup(g: Any, s: Any, gid: str) -> bool:
    """Is another ready general in reach of the space in front of ``gid``?"""
    slot = s.slots.index(g.data.generals[gid].index)
    return any(
        0 <= t < len(s.slots) and t != slot and s.slots[t] >= 0 and s.ready[s.slots[t]]
        for t in (slot - 1, slot + 1)
    )


def _orders(g: Any, s: Any, actions: Sequence[Action]) -> Action:
    d = g.data
    turns_left = len(d.calendar) - s.cal  # 0 on the last turn
    late = turns_left <= 1
    by_kind: dict[str, list[Action]] = {}
    for a in actions:
        by_kind.setdefault(a[0], []).append(a)

    # 1. cards worth playing now
    card = _card_now(g, s, by_kind.get("play", []), react=False)
    if card is not None:
        return card

    # 2. attacks: exact odds of capture, the red removed, the grey lost
    best: tuple[float, Action] | None = None
    for a in by_kind.get("attack", []):
        gi = d.generals[a[1]].index
        slot = a[2]
        _, black = _best_support(g, s, gi, slot)
        capture, removed, loss = _attack_odds(g, s, gi, slot, black)
        vp = g._card_vp(s.front[slot])
        fragile = 1.5 if s.cubes[gi] <= loss + 1 else 0.5
        value = capture * (vp + 2) + 0.35 * removed - fragile * loss
        if capture < 0.45 and not late and (removed < 1.5 or s.cubes[gi] < 4):
            continue
        if best is None or value > best[0]:
            best = (value, a)
    if best and best[0] > 0:
        return best[1]

    # 3. advance a fresh card in front of a strong general (keep supply for an attack)
    adv = by_kind.get("advance", [])
    if adv and (s.supply >= 2 or late) and turns_left >= 0:

        def adv_score(a: Action) -> float:
            gi = d.generals[a[1]].index
            c = d.campaigns[a[2]]
            red = (
                c.cubes_if if c.unless_captured and c.unless_captured not in s.captured else c.cubes
            )
            mod = g._modifier(s, a[2], gi)
            panzer = d.generals[a[1]].panzer
            capture = odds(s.cubes[gi], 0, mod, panzer, red)[0]
            return c.vp * (0.5 + capture) / red - c.extra_cost * 0.2

        candidates = [a for a in adv if s.cubes[d.generals[a[1]].index] >= 3]
        if turns_left == 0:  # the last turn: only a card someone can still attack now
            candidates = [a for a in candidates if s.supply >= 2 and _backup(g, s, a[1])]
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

    # 5. before the Soviet turn: move a general out of likely destruction
    reorg = by_kind.get("reorganize", [])
    if reorg and s.supply >= 1:
        now = _danger(g, s, s.slots)
        pick, low = None, now
        for a in reorg:
            after = [d.generals[x].index if x != "-" else -1 for x in a[1:]]
            v = _danger(g, s, after)
            if v < low:
                pick, low = a, v
        if pick is not None and now - low >= 2.0:
            return pick
    return ("end-turn",)
