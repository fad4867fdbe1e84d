"""Search knowledge for Commanders: whole order sheets compared on the same luck.

The planning phase is a sequence of a dozen small prompts (one order each) with about
120 choices apiece, and both sides plan in secret at the same time: a tree over single
orders learns nothing in a second. The search (``flat=1``) instead compares whole order
sheets at the first prompt of a sheet: the rule-based player's own and a few sheets
written by the same player in other styles (bolder, more careful, fewer orders, more
spread), each followed on the same determinized worlds and the same dice, and keeps the
rules sheet unless another is clearly better. In each world the other side's hidden sheet
is written by the rule-based player (``prepare``), so the sheets are judged against a
sensible opponent rather than the random orders ``determinize`` fills in. A rollout stops
when the next round's planning begins (``cutoff``) and is valued by the victory-point lead
the VP a round the board now pays each side, and the fighting units each side still has
(``evaluate``): first to 10 VP wins, and units that can fight are tomorrow's VP.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from warroom.ai.rules.commanders import Style, plan_sheet_order
from warroom.engine import Action, Game, Rng, State

SEARCH = {"flat": "1", "rollout": "rules", "eps": "0", "depth": "200", "z": "1.0"}

SIDE = {"white": 0, "black": 1}
ROLES = ("white", "black")
VP_WEIGHT = 0.55
UNIT_WEIGHT = 0.12
ROUTED_WEIGHT = 0.04
INCOME_WEIGHT = 0.35
"""Per VP a round the board now pays a side (enemy objectives held, the sector majority):
worth a bit less than a VP in hand, since the other side may take it back."""

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


def evaluate(game: Game[Any], state: State, role: str) -> float:
    """The chance that ``role`` wins from here, guessed from VP and the units left."""
    s: Any = state
    me = SIDE[role]
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
    lead = VP_WEIGHT * (s.vp[me] - s.vp[other])
    lead += UNIT_WEIGHT * (live[me] - live[other]) + ROUTED_WEIGHT * (routed[me] - routed[other])
    income = _income(s)
    lead += INCOME_WEIGHT * (income[me] - income[other])
    return 1.0 / (1.0 + math.exp(-lead))


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


def prepare(game: Game[Any], world: State, role: str, rng: Rng) -> State:
    """In a determinized world at planning, let the rule-based player write the other side's
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
    _write(game, world, ROLES[other], rng, Style())
    return world


def _write(game: Game[Any], world: State, role: str, rng: Rng, style: Style) -> list[Action]:
    """Let the rules player in ``style`` write ``role``'s sheet to the end; the actions.

    The view is built once: while a side writes its sheet only its own orders change, and
    those are kept up to date in the copy the rules player reads.
    """
    s: Any = world
    side = SIDE[role]
    out: list[Action] = []
    view: dict[str, Any] | None = None
    for _ in range(80):
        if not _planning(world, side):
            break
        acts = game.legal_actions(world, role)
        if not acts:
            break
        if len(acts) == 1:
            a = acts[0]
        else:
            if view is None:
                view = game.view(world, role)
                view["orders"][role] = list(view["orders"][role] or [])
            a = plan_sheet_order(view, role, acts, rng, style)
        out.append(a)
        game.apply(world, role, a)
        s.events.clear()
        if view is not None and a[0] == "order":
            view["orders"][role].append({"unit": a[1], "kind": a[2], "to": a[3]})
            view["orders_info"][role]["given"] += 1
        if a == ("done",):
            break
    return out


def macros(
    game: Game[Any], state: State, role: str, actions: Sequence[Action], rng: Rng
) -> list[list[Action]] | None:
    """Order sheets to compare at a planning prompt (None elsewhere): the rules player's
    sheet from here, the same player's sheets in other styles, and stopping now."""
    s: Any = state
    me = SIDE[role]
    if not _planning(state, me):
        return None
    out: list[list[Action]] = []
    for i, style in enumerate(STYLES):
        w: Any = game.clone(state)
        w.waiting[1 - me] = True  # our "done" must not start the round's battles here
        w.cache = [None, None]
        out.append(_write(game, w, role, rng.fork(i), style))
    if ("done",) in actions:
        out.append([("done",)])
    if s.given[me] == 0 and not out[0]:
        return None
    return out
