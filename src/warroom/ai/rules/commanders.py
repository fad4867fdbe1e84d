"""A rule-based Commanders player: the priorities of a careful general.

It reads only what its side may see (the game's view): its own units and sheet, the
enemy units on the board, the enemy orders already carried out, the objectives.

The sheet (an order is a unit type in a sector and an arrow), in order of priority:

- bombard the most crowded enemy sector in range with every gun;
- attack only with a local superiority (concentrate first: reinforce a sector from the
  reserve before it attacks), preferring sectors that score (the enemy general and flags),
  and never send cavalry at a sector full of infantry that may form squares;
- occupy free neutral sectors (the sector count pays 1 VP a round);
- keep orders back to rally routed units.

The round, phase by phase: cavalry rides in the fast phase where its arrow meets no
infantry (it keeps its second move), otherwise it waits for the infantry; the guns fire at
the most crowded sector along their arrow; in combined arms every order goes, a cavalry
unit that has moved once rides on where it can take a weak or free sector; the rest moves
in the non-combat phase; the road's extra move goes to a thin friendly or free sector.

In combat: form squares and countercharge when offered, capture routed units, re-roll the
worst of its own dice or the best of the enemy's, always enter; attacked from several
sides, put each defender where the attackers are most numerous (infantry where cavalry
charges, for the squares); short of room, infantry first, then cavalry, then guns; a
company goes into a building when it can; turning board side B, the river before its own
army.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from warroom.engine import Action, Game, Rng, State

SIDE = {"white": 0, "black": 1}


@dataclass(frozen=True)
class Style:
    """Knobs of the order sheet, so a search can try other plans in the same spirit."""

    threshold: float = 0.5
    """An order is given only if it scores above this (higher: fewer orders, more saved)."""
    attack: float = 0.0
    """Added to the score of an attack (negative: a more careful general)."""
    occupy: float = 0.0
    """Added to the score of a move into a free sector."""
    noise: float = 0.2
    """Random spread added to every score (larger: other plans)."""
    mass: int = 3
    """Units a sector needs (and no fewer than the enemy's) before its units attack out of it."""
    reinforce: float = 0.0
    """Added to the score of a move that reinforces a friendly sector."""
    focus: str = ""
    """A sector the sheet concentrates on: orders into it score ``focus_bonus`` more, and
    attacks into it need only ``focus_mass`` units where they start."""
    focus_bonus: float = 0.0
    focus_mass: int = 2


STYLE = Style()


def _counts(view: dict[str, Any]) -> dict[str, dict[str, dict[str, int]]]:
    """sector -> side -> {"infantry": n, "cavalry": n, "artillery": n, "routed": n}."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for u in view["units"]:
        if u["where"] != "board" or u["sector"] is None:
            continue
        cell = out.setdefault(u["sector"], {}).setdefault(
            u["side"], {"infantry": 0, "cavalry": 0, "artillery": 0, "routed": 0}
        )
        if u["status"] == "routed":
            cell["routed"] += 1
        else:
            cell[u["type"]] += 1
    return out


def _strength(cell: dict[str, int] | None) -> int:
    if not cell:
        return 0
    return cell["infantry"] + cell["cavalry"] + cell["artillery"]


def policy(game: Game[Any], state: State, role: str, actions: Sequence[Action], rng: Rng) -> Action:
    if len(actions) == 1:
        return actions[0]
    # The stage is public (the view shows it); the whole view is built only where needed.
    stage = getattr(state, "stage", None)
    if not isinstance(stage, str):
        stage = game.view(state, role)["stage"]
    if stage == "plan":
        return _plan(game.view(state, role), role, actions, rng, STYLE)
    if stage in ("choose", "road"):
        return _act_now(game.view(state, role), role, actions)
    if stage == "place":
        return _place(actions, role)
    if stage == "react":
        for a in actions:
            if a[0] == "react":
                return a
        return ("done",)
    if stage in ("ranged-target", "melee-target"):
        return _target(game.view(state, role), actions)
    if stage in ("ranged-reroll", "melee-reroll"):
        return _reroll(game.view(state, role), role, actions)
    if stage == "orient":
        # as printed the river covers white's front; turned round, black's
        return ("orient", 1 if role == "white" else 2)
    if stage == "split":
        return _split(game.view(state, role), role, actions)
    if stage == "capacity":
        return _admit(game.view(state, role), actions)
    if stage == "withdraw":
        # a company in the building keeps the sector contested; attackers fight on
        return next((a for a in actions if a[0] == "garrison"), ("done",))
    if stage == "enter":
        return next(a for a in actions if a[0] == "enter")
    if stage == "rally":
        for a in actions:
            if a[0] == "rally" and a[1] not in ("infantry", "cavalry"):
                return a
        for a in actions:
            if a[0] == "rally":
                return a
        return ("done",)
    return actions[rng.below(len(actions))]


# ----- the round: who acts now -------------------------------------------------------------


def _act_now(view: dict[str, Any], role: str, actions: Sequence[Action]) -> Action:
    """Which ordered units act in this phase (see the module's words)."""
    foe = "black" if role == "white" else "white"
    counts = _counts(view)
    sectors = {s["id"]: s for s in view["sectors"]}
    phase = view["phase"]

    def enemy(sid: str) -> dict[str, int] | None:
        return counts.get(sid, {}).get(foe)

    def mine(sid: str) -> int:
        return _strength(counts.get(sid, {}).get(role))

    if view["stage"] == "road":
        return _road(view, role, actions)
    if phase == "bombard":
        shots = [a for a in actions if a[0] == "bombard" and len(a) == 4]
        if shots:
            return max(shots, key=lambda a: _strength(enemy(a[3])))
        return ("done",)
    # a cavalry unit that moved once rides on where it takes a weak or a free sector
    best_on: Action | None = None
    best_score = 0.0
    for a in actions:
        if a[0] != "on":
            continue
        to = a[3]
        s = sectors[to]
        foe_there = enemy(to)
        if s["reserve"]:
            continue
        if s["control"] == foe:
            if foe_there and foe_there["infantry"] >= 1:
                continue  # squares wait for it
            score = 2.0 + sum(o["vp"] for o in s["objectives"] if o["side"] == foe)
        elif s["control"] is None:
            score = 1.5 if not foe_there else 0.0
        else:
            score = 0.5 if mine(to) < 2 else 0.0
        if score > best_score:
            best_on, best_score = a, score
    if best_on is not None:
        return best_on
    if phase == "fast":
        for a in actions:
            if a[0] != "go":
                continue
            foe_there = enemy(a[3])
            if not foe_there or (foe_there["infantry"] == 0 and _strength(foe_there) <= mine(a[2])):
                return a
        return ("done",)
    if phase == "combined":
        goes = [a for a in actions if a[0] == "go"]
        if any(a[0] == "fire" for a in actions):
            return goes[0] if goes else ("done",)  # the guns keep their move for later
        return ("all",) if ("all",) in actions else (goes[0] if goes else ("done",))
    return ("all",) if ("all",) in actions else ("done",)


def _road(view: dict[str, Any], role: str, actions: Sequence[Action]) -> Action:
    """Take the road's extra move into a thin friendly or free battle sector."""
    counts = _counts(view)
    sectors = {s["id"]: s for s in view["sectors"]}
    best: Action = ("done",)
    best_n = 4
    for a in actions:
        if a[0] != "road":
            continue
        s = sectors[a[3]]
        if s["reserve"] or s["control"] not in (role, None):
            continue
        n = _strength(counts.get(a[3], {}).get(role))
        if n < best_n:
            best, best_n = a, n
    return best


# ----- combat choices ----------------------------------------------------------------------


def _split(view: dict[str, Any], role: str, actions: Sequence[Action]) -> Action:
    """Each defender to the zone with most attackers not yet matched; infantry faces cavalry."""
    units = {u["id"]: u for u in view["units"]}
    placed: dict[str, int] = {}
    for zone in view["defend"].values():
        for sid in zone.split("|"):
            placed[sid] = placed.get(sid, 0) + 1
    best: Action = ("done",)
    best_score = -99.0
    for a in actions:
        if a[0] != "defend":
            continue
        me = units[a[1]]
        attackers = [
            units[x["unit"]]["type"]
            for x in view["attacks"]
            if x["from"] == a[2] and x["to"] == me["sector"] and units[x["unit"]]["side"] != role
        ]
        score = 2.0 * (len(attackers) - placed.get(a[2], 0))
        if me["type"] == "infantry" and "cavalry" in attackers:
            score += 1
        if me["type"] == "cavalry" and "infantry" in attackers:
            score += 0.5
        if me["type"] == "artillery":
            score -= 0.5 * len(attackers)
        if score > best_score:
            best, best_score = a, score
    return best


def _admit(view: dict[str, Any], actions: Sequence[Action]) -> Action:
    """Short of room: infantry first (it holds ground), then cavalry, then the guns."""
    units = {u["id"]: u for u in view["units"]}
    rank = {"infantry": 0, "cavalry": 1, "artillery": 2}
    admits = [a for a in actions if a[0] == "admit"]
    if not admits:
        return ("done",)
    return min(admits, key=lambda a: rank[units[a[1]]["type"]])


PLACE = {
    "right": (2, 4, 0),
    "centre": (4, 0, 2),
    "left": (6, 0, 0),
}
"""The custom set-up it likes (Marengo's wings): placed as near to it as the army allows."""


def _place(actions: Sequence[Action], role: str) -> Action:
    places = [a for a in actions if a[0] == "place"]
    if places:
        wing = places[0][1]
        want = next((v for k, v in PLACE.items() if k in wing), PLACE["left"])
        return min(places, key=lambda a: sum(abs(a[2 + t] - want[t]) for t in range(3)))
    home = role[0] + "-"  # its own home row (markers may be allowed anywhere)
    for a in actions:
        if a[0] == "objective" and a[1] == "general" and a[3] == home + "centre":
            return a
    return next((a for a in actions if a[0] == "objective" and a[3].startswith(home)), actions[0])


def _target(view: dict[str, Any], actions: Sequence[Action]) -> Action:
    units = {u["id"]: u for u in view["units"]}

    def score(a: Action) -> int:
        t = units[a[2]]
        if t["status"] == "routed":
            return 3 if t["type"] == "artillery" else 2
        return {"artillery": 1, "cavalry": 0, "infantry": 0}[t["type"]]

    return max(actions, key=score)


def _reroll(view: dict[str, Any], role: str, actions: Sequence[Action]) -> Action:
    units = {u["id"]: u for u in view["units"]}
    dice = view["dice"]
    best: Action = ("done",)
    gain = 0
    for a in actions:
        if a[0] != "reroll":
            continue
        value = dice[a[1]][a[2]]
        mine = units[a[1]]["side"] == role
        g = (4 - value) if mine else (value - 3)
        if g > gain:
            best, gain = a, g
    return best


# ----- the order sheet ---------------------------------------------------------------------


def plan_sheet_order(
    view: dict[str, Any], role: str, actions: Sequence[Action], rng: Rng, style: Style
) -> Action:
    """The next entry of the order sheet in the given style, from ``role``'s view (a
    planning prompt only)."""
    if len(actions) == 1:
        return actions[0]
    return _plan(view, role, actions, rng, style)


def _plan(
    view: dict[str, Any], role: str, actions: Sequence[Action], rng: Rng, style: Style
) -> Action:
    me = role
    foe = "black" if role == "white" else "white"
    counts = _counts(view)
    sectors = {s["id"]: s for s in view["sectors"]}
    info = view["orders_info"][me]
    mine_orders = view["orders"][me] or []
    routed_home = sum(1 for u in view["units"] if u["side"] == me and u["where"] == "routed-box")
    keep_back = min(3, routed_home // 2)
    # how many of my units already head into each sector this round
    heading: dict[str, int] = {}
    for o in mine_orders:
        heading[o["to"]] = heading.get(o["to"], 0) + o["given"]

    def value_of(sid: str) -> int:
        s = sectors[sid]
        v = sum(o["vp"] for o in s["objectives"] if o["side"] == foe)
        return v + (1 if s["control"] != me else 0)

    lines = _lines(view, role)

    def pick(given: int) -> Action:
        """The best next order (or done) with ``given`` orders on the sheet."""
        if given >= info["allowed"] - keep_back:
            return ("done",)
        best: Action = ("done",)
        best_score = style.threshold
        for a in actions:
            if a[0] != "order":
                continue  # ("times", n) is the last order named n - given times
            score = _score(a) + rng.random() * style.noise
            if score > best_score:
                best, best_score = a, score
        return best

    def _score(a: Action) -> float:
        kind, frm, to = a[1], a[2], a[3]
        here = counts.get(frm, {}).get(me)
        there_foe = counts.get(to, {}).get(foe)
        there_me = counts.get(to, {}).get(me)
        target = sectors[to]
        score = 0.0
        if kind == "artillery":
            # a gun's arrow: the best sector it may bombard along it, else a move
            shots = [
                _strength(counts.get(t, {}).get(foe)) - (0.5 if r == 2 else 0.0)
                for t, r in lines.get((frm, to), ())
            ]
            best_shot = max(shots, default=0.0)
            if best_shot > 0:
                score = 3 + best_shot - (1 if target["reserve"] else 0)
            elif (
                sectors[frm]["reserve"]
                and target["control"] == me
                and _strength(there_me) + heading.get(to, 0) < 5
            ):
                score = 1.0 + style.reinforce
        elif target["control"] == foe:
            # attack only with superiority, counting the units already sent
            mass = heading.get(to, 0) + 1
            enemy = _strength(there_foe)
            if kind == "cavalry" and there_foe and there_foe["infantry"] >= 2:
                score = 0  # squares wait for it
            elif (
                _strength(here) >= (style.focus_mass if to == style.focus else style.mass)
                and _strength(here) >= enemy
            ):
                score = 2 + value_of(to) + (mass if mass <= enemy + 1 else 0)
                if kind == "cavalry" and there_foe:
                    score += 1 if there_foe["cavalry"] + there_foe["infantry"] <= 1 else 0
            if sectors[frm]["reserve"]:
                score = 0
            if score > 0:
                score += style.attack
        elif target["control"] is None and not target["reserve"]:
            score = 1.5 + value_of(to) - 0.3 * heading.get(to, 0) + style.occupy
        elif target["control"] == me and not target["reserve"]:
            # reinforce a thin friendly sector from the reserve or a crowded one
            if sectors[frm]["reserve"] and _strength(there_me) + heading.get(to, 0) < 5:
                score = 1.2 + 0.1 * (5 - _strength(there_me)) + style.reinforce
            elif _strength(here) >= 5 and _strength(there_me) + heading.get(to, 0) < 3:
                score = 0.8 + style.reinforce
        if to == style.focus and score > 0:
            score += style.focus_bonus
        return score

    given = info["given"]
    best = pick(given)
    last = view.get("last_order")
    times = [a[1] for a in actions if a[0] == "times"]
    if not times or last is None or best[1:] != (last["kind"], last["from"], last["to"]):
        return best
    # the same order again: how many more in a row (the book's multiplier, one action)
    n = last["given"] + 1
    while n < max(times):
        heading[best[3]] = heading.get(best[3], 0) + 1
        given += 1
        if pick(given) != best:
            break
        n += 1
    return ("times", n)


def _lines(view: dict[str, Any], role: str) -> dict[tuple[str, str], list[tuple[str, int]]]:
    """(gun's sector, arrow) -> the sectors it may bombard along it, with the range: ahead,
    left or right, one or two away in a straight line (never out of a reserve)."""
    pos = {(s["row"], s["col"]): s["id"] for s in view["sectors"] if not s["reserve"]}
    fwd = 1 if role == "white" else -1
    out: dict[tuple[str, str], list[tuple[str, int]]] = {}
    for (r, c), sid in pos.items():
        for dr, dc in ((fwd, 0), (0, 1), (0, -1)):
            one = pos.get((r + dr, c + dc))
            if one is None:
                continue
            two = pos.get((r + 2 * dr, c + 2 * dc))
            out[(sid, one)] = [(one, 1)] + ([(two, 2)] if two else [])
    return out
