"""Search knowledge for Commanders: whole order sheets compared on the same luck.

The planning phase is a sequence of about ten small prompts (one order each: a unit type
in a sector and its arrow) with about twenty choices apiece, and both sides plan in secret
at the same time: a tree over single orders learns nothing in a second. The search (``flat=1``) instead compares whole order
sheets at the first prompt of a sheet: the rule-based player's own and sheets written by
the same player in other styles (bolder, more careful, fewer orders, more spread, or
concentrated on one sector), each followed on the same determinized worlds and the same dice, and keeps the
rules sheet unless another is clearly better. In each world the other side's hidden sheet
is written by the rule-based player (``prepare``), so the sheets are judged against a
sensible opponent rather than the random orders ``determinize`` fills in. A rollout stops
when the next round's planning begins (``cutoff``) and is valued by a logistic fit on
logged positions (``evaluate``) of the VP lead, the VP a round the board now pays each
side, the units fighting and routed, and the threat to reach 10 VP at the next scoring.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import Any

from warroom.ai.population import Member
from warroom.ai.rules.commanders import Style, plan_sheet_order
from warroom.engine import Action, Game, Rng, State

SEARCH = {"flat": "1", "rollout": "rules", "eps": "0", "depth": "200", "z": "1.0"}

SIDE = {"white": 0, "black": 1}
ROLES = ("white", "black")

STYLES = (
    Style(),
    Style(noise=1.5),
    Style(threshold=1.6),
    Style(attack=1.0),
    Style(attack=-1.2),
    Style(occupy=1.0, attack=-0.5),
    Style(mass=2, attack=0.5),
    Style(mass=1, attack=1.5),
    Style(reinforce=1.0, attack=-0.5),
)
"""The sheets a search compares: the rules player's own first, then other styles."""


FEATURES = (
    "vp",
    "income",
    "units",
    "routed",
    "threat",
    "vp_late",
    "income_left",
)
"""What the value reads, each as a side's figure minus the other side's: VP, the VP a round
the board now pays (enemy objectives held, the sector majority), fighting units, routed
units, whether the VP plus that income reach the victory total, the VP lead times the share
of the rounds gone and the income lead times the share left."""

WEIGHTS = (0.2008, 0.2949, 0.0286, -0.1313, 0.3914, 0.4279, -0.2201)
BIAS = -0.0329
"""A logistic fit of "white wins" (a draw half) on ``features`` of 7,626 positions (the start
of each round's planning) of 1,600 games between rule-based players writing their sheets in
the search's styles (``bench/commanders_value_fit.py 1600 5000``, seeds 5000-6599, fitted on the first 1,200
games; on the 400 held out, log loss 0.600 against 0.645 for ``HAND_WEIGHTS`` and 0.695 for a constant). A VP lead
counts more as the rounds go, the income early hardly at all (the board changes hands), a
threat to reach the victory total by the next scoring counts on its own; routed units weigh
against their side (they miss the next round) and fighting units a little for it."""

HAND_WEIGHTS = (0.55, 0.35, 0.12, 0.04, 0.0, 0.0, 0.0)
"""The hand-set value the search used first (VP, income and units only), for comparison."""


def features(state: State, me: int) -> list[float]:
    """``FEATURES`` for side ``me`` (0 white, 1 black) in a Commanders state."""
    s: Any = state
    other = 1 - me
    from warroom.games.commanders.data import USIDE
    from warroom.games.commanders.state import ROUTED

    live = [0, 0]
    routed = [0, 0]
    for u, where in enumerate(s.loc):
        if where >= 0:
            if s.status[u] == ROUTED:
                routed[USIDE[u]] += 1
            else:
                live[USIDE[u]] += 1
    income = _income(s)
    rules = s.data.rules
    target = rules.victory_points
    gone = min(1.0, (s.round - 1) / max(1, rules.rounds))
    vp = s.vp[me] - s.vp[other]
    inc = income[me] - income[other]
    threat = float(s.vp[me] + income[me] >= target) - float(s.vp[other] + income[other] >= target)
    return [
        float(vp),
        float(inc),
        float(live[me] - live[other]),
        float(routed[me] - routed[other]),
        threat,
        vp * gone,
        inc * (1.0 - gone),
    ]


def evaluate(game: Game[Any], state: State, role: str) -> float:
    """The chance that ``role`` wins from here: a logistic of ``features`` (white's side;
    ``BIAS`` is white's edge)."""
    xs = features(state, 0)
    z = BIAS + sum(w * x for w, x in zip(WEIGHTS, xs, strict=True))
    p = 1.0 / (1.0 + math.exp(-z))
    return p if role == "white" else 1.0 - p


def _income(s: Any) -> list[int]:
    """The VP each side would score if the round ended now with the board as it is."""
    from warroom.games.commanders.state import control

    ctrl = control(s)
    out = [0, 0]
    for o in s.objectives:
        taker = 1 - o.side
        if ctrl[o.sector] == taker:
            out[taker] += o.vp
    counts = [sum(1 for x in s.data.battle if ctrl[x] == side) for side in (0, 1)]
    if counts[0] != counts[1]:
        out[0 if counts[0] > counts[1] else 1] += 1
    return out


def cutoff(game: Game[Any], origin: State, state: State) -> bool:
    """Stop a rollout when the round after the one it started in begins its planning."""
    s: Any = state
    o: Any = origin
    return bool(s.round > o.round and s.phase == "planning")


def _planning(state: State, side: int) -> bool:
    s: Any = state
    return bool(s.phase == "planning" and s.stage == "plan" and s.waiting[side])


def prepare(
    game: Game[Any], world: State, role: str, rng: Rng, others: Mapping[str, Member] | None = None
) -> State:
    """In a determinized world at planning, let the other side's member of the world (``others``,
    drawn from the search's belief about it; the rule-based player without one) write its
    sheet (``determinize`` filled a finished sheet with random orders)."""
    s: Any = world
    me = SIDE[role]
    other = 1 - me
    if not (s.phase == "planning" and s.stage == "plan" and s.waiting[me]):
        return world
    if not s.waiting[other]:
        # Determinize this world again as if the other side were still writing: the game
        # then clears its sheet instead of filling it at random.
        s.waiting[other] = True
        s.cache = [None, None]
        world = game.determinize(world, role, rng.fork(1))
    _write_as(game, world, ROLES[other], (others or {}).get(ROLES[other]), rng)
    return world


def _write_as(game: Game[Any], world: State, role: str, member: Member | None, rng: Rng) -> None:
    """Let ``member`` (a member of the population, ``warroom.ai.population``; None or the
    rules member: the rule-based player) write ``role``'s sheet to the end."""
    if member is None or member.name == "rules":
        _write(game, world, role, rng, Style())
        return
    _fill(game, world, role, lambda acts: member.choose(game, world, role, acts, rng))


def _fill(
    game: Game[Any],
    world: State,
    role: str,
    pick: Callable[[Sequence[Action]], Action],
    after: Callable[[Action], None] | None = None,
) -> list[Action]:
    """Write ``role``'s sheet to the end in ``world``: ``pick`` chooses among two or more
    legal actions (one is taken as it is), ``after`` hears each action once applied; the
    actions."""
    side = SIDE[role]
    out: list[Action] = []
    for _ in range(80):
        if not _planning(world, side):
            break
        acts = game.legal_actions(world, role)
        if not acts:
            break
        a = acts[0] if len(acts) == 1 else pick(acts)
        out.append(a)
        game.apply(world, role, a)
        world.events.clear()
        if after is not None:
            after(a)
        if a == ("done",):
            break
    return out


def plan_opens(game: Game[Any], state: State, actor: str) -> bool:
    """``actor`` is about to write its order sheet (nothing on it yet)."""
    s: Any = state
    side = SIDE[actor]
    return _planning(state, side) and s.given[side] == 0


def plan_shown(game: Game[Any], events: Sequence[Any], actor: str) -> dict[Hashable, int] | None:
    """The orders of ``actor``'s sheet the scoring phase shows both sides (its "plan" log
    entry: type, from, arrow, how many), or None when these events show none."""
    for e in events:
        if e.get("kind") == "plan" and e.get("side") == actor and "to" not in e:
            return {(t, f, a): int(n) for t, f, a, n, _carried in e["orders"]}
    return None


def plan_of(
    game: Game[Any], state: State, actor: str, member: Member, rng: Rng
) -> dict[Hashable, int]:
    """The sheet ``member`` would write for ``actor`` from ``state`` (where it opened its
    sheet), counted as ``plan_shown`` counts the shown one."""
    from warroom.games.commanders.data import TYPES

    w = _writing(game, state, actor)
    side = SIDE[actor]
    _write_as(game, w, actor, member, rng)
    ids = w.data.ids
    return {(TYPES[t], ids[f], ids[a]): n for (t, f, a), n in w.sheet[side].items()}


KEY = ("kind", "from", "to")
"""An order's key in the view."""


def _write(game: Game[Any], world: State, role: str, rng: Rng, style: Style) -> list[Action]:
    """Let the rules player in ``style`` write ``role``'s sheet to the end; the actions.

    The view is built once: while a side writes its sheet only its own orders change, and
    those are kept up to date in the copy the rules player reads.
    """
    view: dict[str, Any] | None = None

    def pick(acts: Sequence[Action]) -> Action:
        nonlocal view
        if view is None:
            view = game.view(world, role)
            view["orders"][role] = [dict(o) for o in view["orders"][role]]
        return plan_sheet_order(view, role, acts, rng, style)

    def after(a: Action) -> None:
        if view is None or a[0] not in ("order", "times"):
            return
        # keep the copy as the game would show it: the sheet, the count, the last order
        mine = view["orders"][role]
        key = a[1:4] if a[0] == "order" else tuple(view["last_order"][k] for k in KEY)
        entry = next((o for o in mine if tuple(o[k] for k in KEY) == key), None)
        if entry is None:
            entry = {"kind": key[0], "from": key[1], "to": key[2], "given": 0, "carried": 0}
            mine.append(entry)
        more = 1 if a[0] == "order" else a[1] - entry["given"]
        entry["given"] += more
        view["orders_info"][role]["given"] += more
        view["last_order"] = {k: entry[k] for k in (*KEY, "given")}

    return _fill(game, world, role, pick, after)


def _sheet_key(s: Any, side: int) -> tuple[Any, ...]:
    """The side's sheet: orders per (type, sector, arrow). Like units are one: two sheets
    that send twins the same way are one sheet."""
    return tuple(sorted(s.sheet[side].items()))


def _focus_styles(game: Game[Any], state: State, role: str) -> list[Style]:
    """Sheets that concentrate on one sector: the enemy general's, each sector of the middle
    row, and (to hold it) our own general's."""
    view = game.view(state, role)
    foe = "black" if role == "white" else "white"
    out: list[Style] = []
    for s in view["sectors"]:
        if any(o["kind"] == "general" and o["side"] == foe for o in s["objectives"]):
            out.append(Style(focus=s["id"], focus_bonus=1.5, attack=0.3))
    for s in view["sectors"]:
        if s["row"] == 1:
            out.append(Style(focus=s["id"], focus_bonus=1.5, attack=0.3))
    for s in view["sectors"]:
        if any(o["kind"] == "general" and o["side"] == role for o in s["objectives"]):
            out.append(Style(focus=s["id"], focus_bonus=1.0, reinforce=0.5, attack=-0.5))
    return out


def _writing(game: Game[Any], state: State, role: str) -> Any:
    """A copy of ``state`` in which ``role``'s "done" does not start the round's battles."""
    w: Any = game.clone(state)
    w.waiting[1 - SIDE[role]] = True
    w.cache = [None, None]
    return w


def refine(
    game: Game[Any],
    state: State,
    role: str,
    best: Sequence[Action],
    actions: Sequence[Action],
    round_: int,
    rng: Rng,
) -> list[list[Action]]:
    """More sheets to race against the best so far (``best``, the rest of the sheet from this
    prompt) when a long clock leaves time (the hard level): the best sheet without each one
    of its orders (a unit type in a sector and its arrow, all the units given it: the orders
    saved), and the sheets of ``macros``'s styles written again with other random draws
    (their ``noise``; ``round_`` numbers the draws). Sheets that give the same orders as the
    best or as each other are tried once. The search races them against the best on new
    worlds (``warroom.ai.search.Searcher._flat``)."""
    me = SIDE[role]
    if not _planning(state, me):
        return []
    w = _writing(game, state, role)
    if not _replays(game, w, role, list(best)):
        return []
    seen = {_sheet_key(w, me)}
    out: list[list[Action]] = []

    def keep(sheet: list[Action], world: Any) -> None:
        key = _sheet_key(world, me)
        if key not in seen:
            seen.add(key)
            out.append(sheet)

    for group in dict.fromkeys(a[1:4] for a in best if a[0] == "order"):
        plan: list[Action] = []
        drop = False
        for a in best:  # every order of the group goes, with its multiplier ("times")
            if a[0] == "order":
                drop = a[1:4] == group
            elif a[0] != "times":
                drop = False
            if not drop:
                plan.append(a)
        w = _writing(game, state, role)
        if _replays(game, w, role, plan):
            keep(plan, w)
    for sheet, w in _style_sheets(game, state, role, rng, 1000 * round_):
        if sheet:
            keep(sheet, w)
    return out


def _style_sheets(
    game: Game[Any], state: State, role: str, rng: Rng, draw: int
) -> Iterator[tuple[list[Action], Any]]:
    """The sheet each style (``STYLES`` and the sector focuses) writes from here, with the
    world it was written in; style ``i`` draws from ``rng.fork(draw + i)``."""
    for i, style in enumerate([*STYLES, *_focus_styles(game, state, role)]):
        w = _writing(game, state, role)
        yield _write(game, w, role, rng.fork(draw + i), style), w


def _replays(game: Game[Any], world: Any, role: str, plan: list[Action]) -> bool:
    """Play ``plan`` (a sheet from this prompt) in ``world`` while each step is legal, ending
    the sheet ("done") if it is still open; whether it all went (``plan`` gains the "done")."""
    me = SIDE[role]
    for a in plan:
        if not _planning(world, me) or a not in game.legal_actions(world, role):
            return False
        game.apply(world, role, a)
        world.events.clear()
    if _planning(world, me):
        if ("done",) not in game.legal_actions(world, role):
            return False
        plan.append(("done",))
        game.apply(world, role, ("done",))
        world.events.clear()
    return True


def macros(
    game: Game[Any], state: State, role: str, actions: Sequence[Action], rng: Rng
) -> list[list[Action]] | None:
    """Order sheets to compare at a planning prompt (None elsewhere): the rules player's
    sheet from here, the same player's sheets in other styles, sheets that concentrate on
    one sector, and stopping now. Sheets that give the same orders are tried once."""
    s: Any = state
    me = SIDE[role]
    if not _planning(state, me):
        return None
    out: list[list[Action]] = []
    seen: set[tuple[Any, ...]] = set()
    for i, (sheet, w) in enumerate(_style_sheets(game, state, role, rng, 0)):
        key = _sheet_key(w, me)
        if i > 0 and key in seen:
            continue
        seen.add(key)
        out.append(sheet)
    if ("done",) in actions:
        out.append([("done",)])
    if s.given[me] == 0 and not out[0]:
        return None
    return out
