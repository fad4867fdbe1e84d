"""Campaign: Fall Blau: the German summer offensive of 1942 as a solitaire game.

The turn (rulebook "How to play"): 1 adjust the calendar, 2 ready the generals, 3 draw two
events (discard first when the hand holds five; stop cards resolve at once), 4 issue orders
(Advance, Attack!, Consolidate; reorganize the frontline; play events), 5 local Soviet
counter-attacks. The sequence is a stack of small tasks (``state.tasks``); a task that needs the
player's decision sets ``state.phase`` and waits for an action.

The frontline has three slots, left to right. ``slots[i]`` is the index of the general standing
there (-1: none), ``front[i]`` the card facing that slot ("" none) and ``red[i]`` its red cubes.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping, Sequence
from itertools import permutations
from typing import Any, ClassVar

from warroom.engine import (
    Action,
    BadOption,
    Game,
    OptionSpec,
    OptionValue,
    Outcome,
    Rng,
    ScriptedRng,
    Seed,
    State,
)
from warroom.games.fall_blau import present
from warroom.games.fall_blau.data import Data, EventCard, default

# the four base-6 digits (plus one: dice) of every number below 6**4, lowest digit first
_DIGITS4 = tuple((x % 6 + 1, x // 6 % 6 + 1, x // 36 % 6 + 1, x // 216 + 1) for x in range(1296))
# the first n of them, for n up to 4
_FIRST_DICE = tuple(tuple(d[:n] for d in _DIGITS4) for n in range(5))


def roll(rng: Rng, n: int) -> list[int]:
    """n six-sided dice from the state's generator, several per number of it (deterministic)."""
    if isinstance(rng, ScriptedRng):
        return rng.dice(n)  # scripted dice in tests
    if 0 < n <= 8:  # most rolls: one number, one or two table rows (the loop below, unrolled)
        z = rng.next64()
        if n <= 4:
            return [*_FIRST_DICE[n][z % 1296]]
        return [*_DIGITS4[z % 1296], *_FIRST_DICE[n - 4][z // 1296 % 1296]]
    out: list[int] = []
    digits = _DIGITS4
    while n > 0:
        # one number of the generator gives up to 12 dice (base-6 digits of a 64-bit value,
        # lowest first; the bias is below 1e-10)
        z = rng.next64()
        k = 12 if n > 12 else n
        n -= k
        while k >= 4:
            out += digits[z % 1296]
            z //= 1296
            k -= 4
        if k:
            out += digits[z % 1296][:k]
    return out


ROLE = "german"
SLOTS = 3
NONE = -1
ADJ_OR_FRONT = ((0, 1), (0, 1, 2), (1, 2))
END_TURN: Action = ("end-turn",)
ORDERS_TASK = ("orders",)
DRAW_TASK = ("draw",)
REACT_TASK = ("react",)
PASS: Action = ("pass",)
# how a hand card is offered in the orders step: as it is, not at all (attack dice), at a
# frontline card, at a general short of cubes, at an exhausted general
_PLAIN, _SKIP, _SPECIAL, _CUBES, _READY = range(5)
# how a card of a hand with targets is offered: (its kind, its play action or its play actions
# by slot / general, the cards a special attack may strike)
_Play = tuple[int, Any, frozenset[str]]
# mission conditions, coded (see _mission_met)
_M_SUPPLY, _M_VP, _M_CAPTURES, _M_COUNTER, _M_CARDS = range(5)


class BlauState(State):
    __slots__ = (
        "attack",
        "cal",
        "captured",
        "chosen",
        "ctx",
        "cubes",
        "deck",
        "discard",
        "front",
        "grey_pool",
        "hand",
        "hard",
        "in_play",
        "lost",
        "mactive",
        "mdeck",
        "mdone",
        "missions",
        "month_caps",
        "mseen",
        "over",
        "phase",
        "queue",
        "ready",
        "red",
        "red_pool",
        "removed",
        "slots",
        "supply",
        "tasks",
        "turn",
        "vp",
    )

    def __init__(self, rng: Rng) -> None:
        super().__init__(rng)
        self.hard = False
        self.missions = False
        self.phase = ""
        self.ctx: tuple[Any, ...] = ()
        self.tasks: list[tuple[Any, ...]] = []
        self.cal = 0
        self.turn = 0
        self.supply = 0
        self.vp = 0
        self.chosen: tuple[int, ...] = ()
        self.cubes = [0] * 5
        self.ready = [False] * 5
        self.lost = [False] * 5
        self.slots = [NONE] * SLOTS
        self.front = [""] * SLOTS
        self.red = [0] * SLOTS
        self.red_pool = 0
        self.grey_pool = 0
        self.queue: list[str] = []
        self.captured: list[str] = []
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.hand: list[str] = []
        self.in_play: list[str] = []
        self.removed: list[str] = []
        self.mdeck: list[str] = []
        self.mactive: list[str] = []
        self.mdone: list[str] = []
        self.month_caps: list[str] = []
        self.mseen: tuple[int, ...] = ()  # what the missions were last checked against
        self.attack: tuple[Any, ...] = ()
        self.over = ""


def _parse_generals(value: str, data: Data) -> tuple[str, ...]:
    ids = tuple(p.strip().lower() for p in value.split(",") if p.strip())
    known = ", ".join(data.general_order)
    for gid in ids:
        if gid not in data.generals:
            raise BadOption(f"option 'generals': no general {gid!r}; choose three of {known}")
    if len(ids) != 3 or len(set(ids)) != 3:
        raise BadOption(
            f"option 'generals' names three different generals, left to right (e.g. hoth,paulus,ruoff); "
            f"got {value!r}; the generals are {known}"
        )
    return ids


class FallBlau(Game[BlauState]):
    id = "fall-blau"
    title = "Campaign: Fall Blau"
    version = "4"
    roles = (ROLE,)
    log_headings: ClassVar[Mapping[str, int]] = {"calendar": 1, "end": 1}
    options = (
        OptionSpec(
            "hard", False, "Hard Mode: the four skull events join the deck", label="Hard Mode"
        ),
        OptionSpec(
            "missions",
            False,
            "Missions Mode: two missions each month; 32/36 VP to win",
            label="Missions Mode",
        ),
        OptionSpec(
            "generals",
            "",
            "three generals left to right, e.g. hoth,paulus,ruoff (default: choose in the game)",
            label="Generals, left to right",
        ),
    )
    chance = True
    hidden_information = True
    simultaneous = False
    max_steps = 5_000
    levels = ("defeat", "victory", "brilliant")
    """The outcome's levels, worst first (reports show each)."""

    def __init__(self, data: Data | None = None) -> None:
        self.data = data or default()
        d = self.data
        self.gids = d.general_order
        self.ev_order = {eid: i for i, eid in enumerate(d.events)}
        self._ev_key = self.ev_order.__getitem__
        self._decks = (tuple(d.deck(False)), tuple(d.deck(True)))  # by Hard Mode
        self.early = frozenset(i + 1 for i in range(0, len(d.calendar), 3))
        self.cost = {c.id: 1 + c.extra_cost for c in d.campaigns.values()}
        self.start = [d.generals[g].cubes for g in self.gids]
        self.first_effect = {e.id: e.effects[0] for e in d.events.values()}
        self.hand_limit = d.hand_limit
        self._supply_max = d.supply_max
        self._gi = {g: i for i, g in enumerate(self.gids)}  # general id -> index
        self._panzer = [d.generals[g].panzer for g in self.gids]
        self._traits = [d.generals[g].trait for g in self.gids]
        self._ignore_icon = [t.icon if t.kind == "ignore_modifier" else "" for t in self._traits]
        self._icons = {c.id: c.icons for c in d.campaigns.values()}
        self._tags = {c.id: c.tags for c in d.campaigns.values()}
        # per event card: the icon it cancels while in play, the condition of its attack dice
        self._cancel_icon: dict[str, str] = {}
        self._support_when: dict[str, str] = {}
        for e in d.events.values():
            cm = e.effect("cancel_modifier")
            self._cancel_icon[e.id] = cm.icon if cm else ""
            ad = e.effect("attack_dice")
            if ad:
                self._support_when[e.id] = ad.when
        self._cons_cubes = [
            d.consolidate_cubes
            + (d.generals[g].trait.n if d.generals[g].trait.kind == "consolidate_cubes" else 0)
            for g in self.gids
        ]
        self._draws = d.draws_per_turn
        # the tasks left under a stopped draw: orders, then the draws still to come
        self._left_tasks = [(ORDERS_TASK, *(DRAW_TASK,) * n) for n in range(d.draws_per_turn)]
        # what a drawn stop card pushes on the task stack: its place, then its effects in order
        self._stop_tasks: dict[str, tuple[tuple[Any, ...], ...]] = {
            e.id: (
                (
                    REACT_TASK,
                    ("place", e.id),
                    *(("effect", e.id, i) for i in reversed(range(len(e.effects)))),
                )
                if e.stop
                else ()
            )
            for e in d.events.values()
        }
        self._effects = {e.id: e.effects for e in d.events.values()}
        # the lasting effects a counter-attack reads: (is a re-roll, when, hit-on or re-rolls)
        self._lasting: dict[str, tuple[tuple[bool, str, int], ...]] = {
            e.id: tuple(
                (x.kind == "soviet_reroll", x.when, x.n if x.kind == "soviet_reroll" else x.on)
                for x in e.effects
                if x.kind in ("counter_hit", "soviet_reroll")
            )
            for e in d.events.values()
        }
        # [left][middle][right] general index (-1, no general, is the last entry): the other
        # orders of the frontline, then end-turn (a table of pure results, built on first use)
        n = len(self.gids) + 1
        self._lasting_of: dict[tuple[str, ...], tuple[int, tuple[tuple[str, int], ...]]] = {}
        self._reorg: list[list[list[tuple[Action, ...] | None]]] = [
            [[None] * n for _ in range(n)] for _ in range(n)
        ]
        self._adv = [{c: ("advance", g, c) for c in d.campaigns} for g in self.gids]
        self._att = [tuple(("attack", g, t) for t in range(SLOTS)) for g in self.gids]
        self._cons = [("consolidate", g) for g in self.gids]
        self.shield = [
            d.generals[g].trait.n if d.generals[g].trait.kind == "counter_shield" else 0
            for g in self.gids
        ]
        self._slots_of: dict[Action, list[int]] = {}  # reorganize action -> new slots
        # how each hand card is offered in the orders step
        self._hand_kind: dict[str, int] = {}
        self._play_plain: dict[str, Action] = {}
        for e in d.events.values():
            k = e.effects[0].kind
            self._hand_kind[e.id] = {
                "attack_dice": _SKIP,
                "special_attack": _SPECIAL,
                "cubes": _CUBES,
                "ready": _READY,
            }.get(k, _PLAIN)
            self._play_plain[e.id] = ("play", e.id)
        # the frontline cards each special attack may strike
        self.targets: dict[str, frozenset[str]] = {}
        for e in d.events.values():
            sa = e.effect("special_attack")
            if sa:
                ok = [c.id for c in d.campaigns.values() if self._when(sa.when, c.id, NONE)]
                ok += [x.id for x in d.events.values() if x.effect("counter_attack")]
                if sa.when != "any":
                    ok = [c for c in ok if c in d.campaigns]
                self.targets[e.id] = frozenset(ok)
        # each mission's test: (code, number, the campaign cards that satisfy it)
        camps = d.campaigns
        self._mcond: dict[str, tuple[int, int, frozenset[str]]] = {}
        for m in d.missions.values():
            c = m.condition
            code = {
                "supply_at_least": _M_SUPPLY,
                "vp_at_least": _M_VP,
                "captures": _M_CAPTURES,
                "capture_counter": _M_COUNTER,
            }.get(c.kind, _M_CARDS)
            cards = frozenset(camps)
            if c.kind == "capture_tag":
                cards = frozenset(x for x in camps if c.tag in camps[x].tags)
            elif c.kind == "capture_icon":
                cards = frozenset(x for x in camps if c.icon in camps[x].icons)
            self._mcond[m.id] = (code, c.n, cards)
        # Attack! cost of each frontline card ("": no card, never affordable)
        self._atk_cost: dict[str, int] = {e: 1 for e in d.events}
        self._atk_cost.update(self.cost)
        self._atk_cost[""] = 1 << 30
        # the frontline cards an Attack! may strike with 0, 1, ... supply
        self._top_cost = max(k for c, k in self._atk_cost.items() if c)
        self._afford = [
            frozenset(c for c, k in self._atk_cost.items() if c and k <= supply)
            for supply in range(self._top_cost + 1)
        ]
        # [slot][general][mask of attackable cards]: his attacks from that slot, then consolidate
        self._gen_orders = [
            [
                [
                    (
                        *(self._att[gi][t] for t in ADJ_OR_FRONT[slot] if mask >> t & 1),
                        self._cons[gi],
                    )
                    for mask in range(8)
                ]
                for gi in range(len(self.gids))
            ]
            for slot in range(SLOTS)
        ]
        self._hand_plays: dict[tuple[str, ...], tuple[Action, ...] | list[_Play]] = {}
        # the play actions of cards with a target: by slot (special attacks) or by general
        self._play_at: dict[str, tuple[Action, ...]] = {
            e.id: tuple(("play", e.id, t) for t in range(SLOTS))
            if self._hand_kind[e.id] == _SPECIAL
            else tuple(("play", e.id, g) for g in self.gids)
            for e in d.events.values()
        }

    # ----- set-up ---------------------------------------------------------------------------
    def check_options(self, scenario: str, options: Mapping[str, OptionValue]) -> None:
        value = str(options.get("generals", ""))
        if value:
            _parse_generals(value, self.data)

    def setup(self, scenario: str, options: Mapping[str, OptionValue], seed: Seed) -> BlauState:
        d = self.data
        s = BlauState(Rng.for_seed(seed))
        s.hard = bool(options.get("hard", False))
        s.missions = bool(options.get("missions", False))
        s.supply = d.start_supply
        s.grey_pool = d.german_cubes
        s.red_pool = d.soviet_cubes
        s.queue = [c.id for c in d.campaigns.values() if c.start_unlocked]
        s.deck = list(self._decks[s.hard])
        s.rng.shuffle(s.deck)
        if s.missions:
            s.mdeck = list(d.missions)
            s.rng.shuffle(s.mdeck)
        chosen = str(options.get("generals", ""))
        if chosen:
            for gid in _parse_generals(chosen, d):
                self._place_general(s, d.generals[gid].index)
            s.tasks.append(("turn",))
        else:
            s.phase = "general"
        self._run(s)
        return s

    def _place_general(self, s: BlauState, gi: int) -> None:
        slot = len(s.chosen)
        s.chosen = (*s.chosen, gi)
        s.slots[slot] = gi
        g = self.data.generals[self.gids[gi]]
        s.cubes[gi] = g.cubes
        s.grey_pool -= g.cubes
        s.ready[gi] = True
        s.events.append({"general": g.id, "slot": slot, "cubes": g.cubes, "kind": "general"})

    # ----- the task loop --------------------------------------------------------------------
    def _run(self, s: BlauState) -> None:
        tasks = s.tasks
        while not s.over:
            while not s.phase and tasks and not s.over:
                task = tasks.pop()
                kind = task[0]
                if kind == "draw":
                    self._task_draw(s)
                elif kind == "orders":
                    s.phase = "orders"
                elif kind == "turn":
                    self._task_turn(s)
                elif kind == "effect":
                    self._task_effect(s, task[1], task[2])
                elif kind == "place":
                    self._task_place(s, task[1])
                elif kind == "reinforce":
                    self._reinforce_most_vp(s, task[1])
                elif kind == "react":
                    self._task_react(s)
                elif kind == "locals":
                    if self._local_counter_attacks(s, task[1]) and not s.over:
                        self._task_turn(s)
                else:  # pragma: no cover - every task kind is listed above
                    raise AssertionError(f"unknown task {task!r}")
                tasks = s.tasks  # _end replaces the list
            if s.over or not (s.missions and s.mactive):
                return
            seen = (s.supply, s.vp, len(s.month_caps), len(s.mactive), len(s.mdeck))
            if seen == s.mseen:
                return
            s.mseen = seen
            before = len(tasks)
            self._check_missions(s)  # missions pay as soon as they are met
            if s.phase or len(tasks) == before:
                return

    def _task_turn(self, s: BlauState) -> None:
        if not self._advance_calendar(s):
            return
        s.turn += 1
        lost = s.lost
        ready = s.ready
        for gi in s.chosen:
            if not lost[gi]:
                ready[gi] = True
        # step 3 at once: the draws, then orders. When a draw stops (a stop card's tasks, a
        # full hand, an empty deck), what is left waits on the task stack, in the order that
        # pushing (orders, draw, draw) would have left it.
        tasks = s.tasks
        left = self._draws
        while left:
            left -= 1
            before = len(tasks)
            self._task_draw(s)
            if s.phase or len(tasks) != before:
                tasks[before:before] = self._left_tasks[left]
                return
        s.phase = "orders"

    def _advance_calendar(self, s: BlauState) -> bool:
        """Move the white cube one box on; False when it entered the Soviet Winter Offensive."""
        d = self.data
        s.cal += 1
        if s.cal > len(d.calendar):
            s.events.append({"box": "Soviet Winter Offensive", "kind": "calendar"})
            self._end(s, "winter")
            return False
        s.events.append({"box": d.calendar[s.cal - 1], "turn": s.turn + 1, "kind": "calendar"})
        if s.cal in self.early:
            s.month_caps = []
            if s.missions:
                for mid in s.mactive:
                    s.events.append({"mission": mid, "kind": "mission-expired"})
                s.mactive = []
                for _ in range(2):
                    if s.mdeck:
                        mid = s.mdeck.pop()
                        s.mactive.append(mid)
                        s.reveals += 1
                        s.events.append({"mission": mid, "kind": "mission"})
        return True

    def _end(self, s: BlauState, why: str) -> None:
        s.over = why
        s.phase = ""
        s.tasks = []
        out = self.outcome(s)
        assert out is not None
        s.events.append(
            {
                "reason": why,
                "vp": s.vp,
                "final": out.points[ROLE],
                "level": out.level,
                "kind": "end",
            }
        )

    # ----- events ---------------------------------------------------------------------------
    def _task_draw(self, s: BlauState) -> None:
        hand = s.hand
        if len(hand) >= self.hand_limit:
            s.phase = "discard"  # the discard action draws again
            return
        if not s.deck:
            if not s.discard:
                s.events.append({"kind": "deck-empty"})
                return
            ready = self._ready_generals(s)
            if len(ready) > 1:
                s.phase = "deck-out"
                return
            if ready:
                self._exhaust(s, ready[0], "deck-out")
            self._reshuffle(s)
        cid = s.deck.pop()
        s.reveals += 1
        s.events.append({"card": cid, "kind": "draw"})
        stop_tasks = self._stop_tasks[cid]
        if stop_tasks:
            s.tasks += stop_tasks
        else:
            insort(hand, cid, key=self._ev_key)  # the hand is kept in card order

    def _reshuffle(self, s: BlauState) -> None:
        s.deck = s.discard
        s.discard = []
        s.rng.shuffle(s.deck)
        s.events.append({"cards": len(s.deck), "kind": "reshuffle"})

    def _task_place(self, s: BlauState, cid: str) -> None:
        """Where a resolved stop card goes: in play, on the frontline, or the discard pile."""
        card = self.data.events[cid]
        if card.in_play:
            s.in_play.append(cid)
        elif cid not in s.front:
            s.discard.append(cid)

    def _task_effect(self, s: BlauState, cid: str, i: int) -> None:
        e = self.data.events[cid].effects[i]
        k = e.kind
        d = self.data
        if k == "supply":
            self._gain_supply(s, e.n)
        elif k == "lose_supply":
            lost = min(e.n, s.supply)
            s.supply -= lost
            s.events.append({"change": -lost, "supply": s.supply, "kind": "supply"})
        elif k == "cubes_all":
            for gi in self._living(s):
                self._add_cubes(s, gi, e.n)
        elif k == "vp":
            self._gain_vp(s, e.n)
        elif k == "exhaust":
            if e.who == "choice":
                ready = self._ready_generals(s)
                if len(ready) > 1:
                    s.phase, s.ctx = "exhaust", (cid,)
                elif ready:
                    self._exhaust(s, ready[0], cid)
            else:
                for gi in self._ready_generals(s):
                    if e.who == "all" or d.generals[self.gids[gi]].panzer:
                        self._exhaust(s, gi, cid)
        elif k == "lose_cubes":
            living = self._living(s)
            if len(living) > 1:
                s.phase, s.ctx = "lose-cubes", (cid, e.n)
            elif living:
                self._lose_cubes(s, living[0], e.n, cid)
        elif k == "counter_attack":
            self._major_counter_attack(s, cid, e.n)
        elif k == "reinforce":
            if e.where == "all":
                for slot in range(SLOTS):
                    if s.front[slot]:
                        self._add_red(s, slot, e.n, cid)
            else:
                self._reinforce_most_vp(s, e.n)
        elif k == "calendar":
            for _ in range(e.n):
                if not self._advance_calendar(s):
                    return
                s.turn += 1  # a turn skipped: the turn number keeps to the calendar box
        # soviet_reroll, counter_hit: lasting effects, read where they apply

    def _gain_supply(self, s: BlauState, n: int) -> None:
        new = s.supply + n
        if new > self._supply_max:
            new = self._supply_max
        s.events.append({"change": new - s.supply, "supply": new, "kind": "supply"})
        s.supply = new

    def _gain_vp(self, s: BlauState, n: int) -> None:
        s.vp += n
        s.events.append({"change": n, "vp": s.vp, "kind": "vp"})
        extra = self.data.red_circles.get(s.vp)
        if extra:
            s.tasks.append(("reinforce", extra))

    def _add_cubes(self, s: BlauState, gi: int, n: int) -> None:
        cubes = s.cubes
        add = self.start[gi] - cubes[gi]
        if n < add:
            add = n
        if s.grey_pool < add:
            add = s.grey_pool
        if add > 0:
            cubes[gi] += add
            s.grey_pool -= add
            s.events.append(
                {"general": self.gids[gi], "change": add, "cubes": s.cubes[gi], "kind": "cubes"}
            )

    def _short(self, s: BlauState, cid: str, wanted: int, placed: int) -> None:
        """The 20 Soviet cubes are all on the board: only ``placed`` of ``wanted`` go on ``cid``."""
        s.events.append(
            {"card": cid, "wanted": wanted, "placed": placed, "pool": 0, "kind": "red-short"}
        )

    def _add_red(self, s: BlauState, slot: int, n: int, why: str) -> None:
        add = min(n, s.red_pool)
        if add < n:
            self._short(s, s.front[slot], n, add)
        s.red[slot] += add
        s.red_pool -= add
        s.events.append(
            {
                "card": s.front[slot],
                "slot": slot,
                "change": add,
                "red": s.red[slot],
                "why": why,
                "kind": "reinforce",
            }
        )

    def _reinforce_most_vp(self, s: BlauState, n: int) -> None:
        best = self._most_vp_slots(s)
        if len(best) > 1:
            s.phase, s.ctx = "reinforce", (n, tuple(best))
        elif best:
            self._add_red(s, best[0], n, "red-circle")

    def _most_vp_slots(self, s: BlauState) -> list[int]:
        vps = [(self._card_vp(c), i) for i, c in enumerate(s.front) if c]
        if not vps:
            return []
        top = max(v for v, _ in vps)
        return [i for v, i in vps if v == top]

    def _card_vp(self, cid: str) -> int:
        card = self.data.campaigns.get(cid)
        if card:
            return card.vp
        e = self.data.events[cid].effect("counter_attack")
        return e.vp if e else 0

    def _card_icons(self, cid: str) -> tuple[str, ...]:
        card = self.data.campaigns.get(cid)
        return card.icons if card else ()

    def _card_tags(self, cid: str) -> tuple[str, ...]:
        card = self.data.campaigns.get(cid)
        return card.tags if card else ()

    # ----- generals -------------------------------------------------------------------------
    def _living(self, s: BlauState) -> list[int]:
        return [gi for gi in s.chosen if not s.lost[gi]]

    def _ready_generals(self, s: BlauState) -> list[int]:
        return [gi for gi in s.chosen if s.ready[gi] and not s.lost[gi]]

    def _exhaust(self, s: BlauState, gi: int, why: str) -> None:
        if s.ready[gi]:
            s.ready[gi] = False
            s.events.append({"general": self.gids[gi], "why": why, "kind": "exhaust"})

    def _lose_cubes(self, s: BlauState, gi: int, n: int, why: str) -> None:
        n = min(n, s.cubes[gi])
        if n <= 0:
            return
        s.cubes[gi] -= n
        s.grey_pool += n
        s.events.append(
            {
                "general": self.gids[gi],
                "lost": n,
                "cubes": s.cubes[gi],
                "why": why,
                "kind": "losses",
            }
        )
        if s.cubes[gi] == 0:
            s.lost[gi] = True
            s.ready[gi] = False
            s.slots[s.slots.index(gi)] = NONE
            s.events.append({"general": self.gids[gi], "kind": "general-lost"})
            if not self._living(s):
                self._end(s, "generals")

    # ----- counter-attacks ------------------------------------------------------------------
    def _counter_attack(self, s: BlauState, slot: int, dice: int, why: str, local: bool) -> None:
        """``dice`` Soviet dice at the general in ``slot``; each 1 (or less than ``on``) hits."""
        gi = s.slots[slot]
        if gi == NONE or dice <= 0:
            return
        on = 1
        rerolls = 0
        if s.in_play:
            key = tuple(s.in_play)
            effects = self._lasting_of.get(key)
            if effects is None:
                effects = self._lasting_in_play(key)
            if local:
                rerolls = effects[0]
            for when, value in effects[1]:
                # the card that attacks: a major counter-attack on a full frontline is not
                # the campaign card it stands in front of
                if value > on and self._when(when, why, gi):
                    on = value
        rng = s.rng
        rolls = roll(rng, dice)
        rerolled: list[int] = []
        if rerolls:
            plain = type(rng) is Rng
            for j, r in enumerate(rolls):  # each missed die at most once, left to right
                if r > on:
                    r = rng.below(6) + 1 if plain else rng.die()
                    rolls[j] = r
                    rerolled.append(r)
                    rerolls -= 1
                    if not rerolls:
                        break
        hits = rolls.count(1) if on == 1 else sum(1 for r in rolls if r <= on)
        saved = self.shield[gi]
        if hits < saved:
            saved = hits
        s.events.append(
            {
                "card": s.front[slot] or why,
                "general": self.gids[gi],
                "dice": rolls,
                "sides": 6,
                "rerolled": rerolled,
                "hit_on": on,
                "hits": hits,
                "saved": saved,
                "local": local,
                "kind": "counter-attack",
            }
        )
        if hits > saved:
            self._lose_cubes(s, gi, hits - saved, why)

    def _lasting_in_play(self, in_play: tuple[str, ...]) -> tuple[int, tuple[tuple[str, int], ...]]:
        """What the cards in play do to a counter-attack: the re-rolls of a local one, and each
        (condition, hit-on) (memoized: a pure result)."""
        rerolls = 0
        hit_on: list[tuple[str, int]] = []
        for eid in in_play:
            for is_reroll, when, value in self._lasting[eid]:
                if is_reroll:
                    rerolls += value
                else:
                    hit_on.append((when, value))
        if len(self._lasting_of) > 4096:  # a bound on the memo, never reached in play
            self._lasting_of.clear()
        result = (rerolls, tuple(hit_on))
        self._lasting_of[in_play] = result
        return result

    def _local_counter_attacks(self, s: BlauState, start: int) -> bool:
        """Step 5 from slot ``start``: False when it stopped for cards played between two local
        counter-attacks (a ``locals`` task then waits under the ``react`` phase)."""
        front = s.front
        red = s.red
        slots = s.slots
        for slot in range(start, SLOTS):
            if s.over:
                return True
            cid = front[slot]
            if cid and slots[slot] != NONE and red[slot] > 0:
                self._counter_attack(s, slot, red[slot], cid, True)
                if (
                    s.hand
                    and not s.over
                    and any(
                        front[t] and slots[t] != NONE and red[t] > 0 for t in range(slot + 1, SLOTS)
                    )
                    and self._hand_actions(s, [])
                ):
                    s.tasks.append(("locals", slot + 1))
                    s.phase = "react"
                    return False
        return True

    def _task_react(self, s: BlauState) -> None:
        """A window to play cards in answer to a stop card, unless the orders step (where every
        card may be played) comes next or the hand has nothing playable."""
        tasks = s.tasks
        if s.hand and not (tasks and tasks[-1] == ORDERS_TASK) and self._hand_actions(s, []):
            s.phase = "react"

    def _major_slots(self, s: BlauState) -> list[int]:
        """Where a major counter-attack may deploy (several: the player's choice)."""
        empty = [i for i in range(SLOTS) if not s.front[i]]
        pool = empty or list(range(SLOTS))
        facing = [i for i in pool if s.slots[i] != NONE]
        if not facing:
            return pool
        low = min(s.cubes[s.slots[i]] for i in facing)
        return [i for i in facing if s.cubes[s.slots[i]] == low]

    def _major_counter_attack(self, s: BlauState, cid: str, n: int) -> None:
        where = self._major_slots(s)
        if len(where) > 1:
            s.phase, s.ctx = "deploy", (cid, n, tuple(where))
        else:
            self._deploy_major(s, cid, n, where[0])

    def _deploy_major(self, s: BlauState, cid: str, n: int, slot: int) -> None:
        k = min(n, s.red_pool)
        if k < n:
            self._short(s, cid, n, k)
        if not s.front[slot]:
            s.front[slot] = cid
            s.red[slot] = k
            s.red_pool -= k
            s.events.append({"card": cid, "slot": slot, "red": k, "kind": "major-deploy"})
            self._counter_attack(s, slot, k, cid, local=False)
        else:
            s.events.append(
                {
                    "card": cid,
                    "slot": slot,
                    "red": k,
                    "joins": s.front[slot],
                    "kind": "major-deploy",
                }
            )
            self._counter_attack(s, slot, k, cid, local=False)
            if not s.over:
                self._add_red(s, slot, k, cid)

    # ----- missions -------------------------------------------------------------------------
    def _mission_met(self, s: BlauState, mid: str) -> bool:
        k, n, cards = self._mcond[mid]
        if k == _M_SUPPLY:
            return s.supply >= n
        if k == _M_VP:
            return s.vp >= n
        if k == _M_CAPTURES:
            return len(s.month_caps) >= n
        if k == _M_COUNTER:  # a captured card that is no campaign card
            return not cards.issuperset(s.month_caps)
        return not cards.isdisjoint(s.month_caps)  # a card with the tag / icon

    def _check_missions(self, s: BlauState) -> None:
        mcond = self._mcond
        changed = True
        while changed and not s.over:
            changed = False
            for mid in s.mactive:
                k, n, cards = mcond[mid]
                if k == _M_SUPPLY:  # _mission_met inlined
                    met = s.supply >= n
                elif k == _M_VP:
                    met = s.vp >= n
                elif k == _M_CAPTURES:
                    met = len(s.month_caps) >= n
                elif k == _M_COUNTER:
                    met = not cards.issuperset(s.month_caps)
                else:
                    met = not cards.isdisjoint(s.month_caps)
                if met:
                    m = self.data.missions[mid]
                    s.mactive.remove(mid)
                    s.mdone.append(mid)
                    s.events.append(
                        {"mission": mid, "vp": m.vp, "supply": m.supply, "kind": "mission-done"}
                    )
                    if m.supply:
                        self._gain_supply(s, m.supply)
                    if m.vp:
                        self._gain_vp(s, m.vp)
                    changed = True
                    break

    # ----- orders ---------------------------------------------------------------------------
    def _when(self, when: str, cid: str, gi: int) -> bool:
        """Does a condition of the vocabulary hold for the card ``cid`` and the general ``gi``?"""
        if when == "any":
            return True
        if when == "panzer":
            return gi != NONE and self._panzer[gi]
        if when == "regular":
            return gi != NONE and not self._panzer[gi]
        if when.startswith("icon:"):
            return when[5:] in self._icons.get(cid, ())
        if when.startswith("card:"):
            return when[5:] == cid
        return when[4:] in self._tags.get(cid, ())

    def _modifier(self, s: BlauState, cid: str, gi: int, ignore: bool = False) -> int:
        """-1 when the card has an icon that neither a card in play nor the general cancels."""
        icons = self._icons.get(cid)
        if not icons or ignore:
            return 0
        own = self._ignore_icon[gi] if gi != NONE else ""
        cancel = self._cancel_icon
        for icon in icons:
            if icon == own:
                continue
            for eid in s.in_play:
                if cancel[eid] == icon:
                    break
            else:
                return -1
        return 0

    def attack_cost(self, s: BlauState, slot: int) -> int:
        return self.cost.get(s.front[slot], 1)

    def attack_dice(self, s: BlauState, gi: int, slot: int) -> int:
        """White dice of general ``gi`` against the card in ``slot``."""
        t = self._traits[gi]
        n = s.cubes[gi]
        if s.slots[slot] != gi and t.kind != "full_dice_adjacent":
            n = (n + 1) // 2
        if t.kind == "extra_die":
            cid = s.front[slot]
            if self._when(t.when, cid, gi):
                n += t.n
        return n

    def support_cards(self, s: BlauState, gi: int, slot: int) -> list[str]:
        cid = s.front[slot]
        out = []
        support = self._support_when
        for eid in dict.fromkeys(s.hand):  # the hand is kept in card order
            when = support.get(eid)
            if when is not None and self._when(when, cid, gi):
                out.append(eid)
        return out

    def _distinct_hand(self, s: BlauState) -> list[str]:
        return list(dict.fromkeys(s.hand))  # the hand is kept in card order

    def _resolve_attack(self, s: BlauState, gi: int, slot: int, support: str) -> None:
        g = self.data.generals[self.gids[gi]]
        cid = s.front[slot]
        mod = self._modifier(s, cid, gi)
        white = roll(s.rng, self.attack_dice(s, gi, slot))
        black: list[int] = []
        if support:
            s.hand.remove(support)
            s.discard.append(support)
            e = self.data.events[support].effect("attack_dice")
            assert e is not None
            black = roll(s.rng, e.n)
        hits = 0
        bonus = 0
        ones = 0
        panzer = g.panzer
        for r in white:
            r += mod
            if r >= 3:
                hits += 1
                if panzer and r == 6:
                    bonus += 1
            elif r <= 1:
                ones += 1
        for r in black:
            r += mod
            if r >= 3:
                hits += 1
                if panzer and r == 6:
                    bonus += 1
        before = s.red[slot]
        removed = min(hits + bonus, before)
        losses = min(ones, before)  # the overkill rule
        s.red[slot] -= removed
        s.red_pool += removed
        s.events.append(
            {
                "general": g.id,
                "card": cid,
                "slot": slot,
                "white": white,
                "black": black,
                "sides": 6,
                "modifier": mod,
                "support": support,
                "hits": hits,
                "panzer_bonus": bonus,
                "removed": removed,
                "red": s.red[slot],
                "losses": losses,
                "kind": "attack",
            }
        )
        s.ready[gi] = False  # the order exhausts him (the "attack" entry says so)
        if s.red[slot] == 0:
            self._capture(s, slot)
        if losses and not s.over:
            self._lose_cubes(s, gi, losses, "attack")

    def _capture(self, s: BlauState, slot: int) -> None:
        cid = s.front[slot]
        s.front[slot] = ""
        s.red_pool += s.red[slot]
        s.red[slot] = 0
        s.month_caps.append(cid)
        card = self.data.campaigns.get(cid)
        if card:
            s.captured.append(cid)
            s.events.append({"card": cid, "vp": card.vp, "kind": "capture"})
            for u in card.unlocks:
                if u not in s.queue and u not in s.captured and u not in s.front:
                    s.queue.append(u)
                    s.events.append({"card": u, "kind": "unlock"})
            self._gain_vp(s, card.vp)
            if len(s.captured) == len(self.data.campaigns):
                self._end(s, "all-captured")
        else:
            s.removed.append(cid)
            vp = self._card_vp(cid)
            s.events.append({"card": cid, "vp": vp, "kind": "capture"})
            if vp:
                self._gain_vp(s, vp)

    def _deploy(self, s: BlauState, cid: str, slot: int) -> None:
        card = self.data.campaigns[cid]
        n = card.cubes
        if card.unless_captured and card.unless_captured not in s.captured:
            n = card.cubes_if
        k = min(n, s.red_pool)
        if k < n:
            self._short(s, cid, n, k)
        s.queue.remove(cid)
        s.front[slot] = cid
        s.red[slot] = k
        s.red_pool -= k
        s.events.append({"card": cid, "slot": slot, "red": k, "kind": "deploy"})

    def _second_slots(self, s: BlauState, slot: int) -> list[int]:
        return [i for i in (slot - 1, slot + 1) if 0 <= i < SLOTS and not s.front[i]]

    # ----- the hooks ------------------------------------------------------------------------
    def active(self, state: BlauState) -> tuple[str, ...]:
        return () if state.over else (ROLE,)

    def legal_actions(self, state: BlauState, role: str) -> Sequence[Action]:
        """The orders step here (the other steps: ``_prompt_actions``): per frontline slot its
        general's advances, attacks and consolidate, then the hand's plays, the reorganizations
        and end-turn (a third of every random game's time went here: the parts are looked up in
        tables built once)."""
        s = state
        if s.phase != "orders" or role != ROLE or s.over:
            return self._prompt_actions(s, role)
        supply = s.supply
        f0, f1, f2 = s.front
        slots = s.slots
        ready = s.ready
        # which of the three frontline cards may be attacked (a card there, supply enough)
        top = self._top_cost
        aff = self._afford[supply if supply < top else top]  # supply is never negative
        mask = (f0 in aff) | (f1 in aff) << 1 | (f2 in aff) << 2
        tbl = self._gen_orders
        queue = s.queue if supply >= 1 else None
        out: list[Action] = []
        gi = slots[0]
        if gi != NONE and ready[gi]:
            if queue and not f0:
                adv = self._adv[gi]
                for c in queue:
                    out.append(adv[c])
            out += tbl[0][gi][mask]
        gi = slots[1]
        if gi != NONE and ready[gi]:
            if queue and not f1:
                adv = self._adv[gi]
                for c in queue:
                    out.append(adv[c])
            out += tbl[1][gi][mask]
        gi = slots[2]
        if gi != NONE and ready[gi]:
            if queue and not f2:
                adv = self._adv[gi]
                for c in queue:
                    out.append(adv[c])
            out += tbl[2][gi][mask]
        if s.hand:
            self._hand_actions(s, out)
        if supply >= 1:
            reorg = self._reorg[slots[0]][slots[1]][slots[2]]
            if reorg is None:
                reorg = self._reorganizations(slots)
            out += reorg
        else:
            out.append(END_TURN)
        return out

    def _hand_actions(self, s: BlauState, out: list[Action]) -> list[Action]:
        """The hand's plays (attack-dice cards aside: they go with an attack), added to ``out``."""
        hand = s.hand
        if hand:
            f0, f1, f2 = s.front
            ready = s.ready
            key = tuple(hand)
            plays = self._hand_plays.get(key)
            if plays is None:
                plays = self._hand_template(key)
            if isinstance(plays, tuple):
                out += plays
            else:  # cards with targets, which depend on the state
                append = out.append
                for k, at, targets in plays:
                    if k == _PLAIN:
                        append(at)
                    elif k == _SPECIAL:
                        red = s.red
                        if red[0] > 0 and f0 in targets:
                            append(at[0])
                        if red[1] > 0 and f1 in targets:
                            append(at[1])
                        if red[2] > 0 and f2 in targets:
                            append(at[2])
                    elif k == _CUBES:
                        if s.grey_pool:
                            lost = s.lost
                            cubes = s.cubes
                            start = self.start
                            for gi in s.chosen:
                                if not lost[gi] and cubes[gi] < start[gi]:
                                    append(at[gi])
                    else:  # _READY
                        lost = s.lost
                        for gi in s.chosen:
                            if not lost[gi] and not ready[gi]:
                                append(at[gi])
        return out

    def _prompt_actions(self, s: BlauState, role: str) -> list[Action]:
        """Every step but the orders: small prompts."""
        if s.over or role != ROLE:
            return []
        ph = s.phase
        gids = self.gids
        if ph == "support":
            gi, slot = s.attack
            return [("support", c) for c in self.support_cards(s, gi, slot)] + [("roll",)]
        if ph == "second":
            slot = s.slots.index(s.ctx[0])
            return [("second", c, i) for c in s.queue for i in self._second_slots(s, slot)] + [
                ("done",)
            ]
        if ph == "discard":  # or play a card to make room (cards may be played at any time)
            return self._hand_actions(s, [("discard", c) for c in self._distinct_hand(s)])
        if ph == "react":
            return [*self._hand_actions(s, []), PASS]
        if ph == "deck-out" or ph == "exhaust":
            return [("exhaust", gids[gi]) for gi in self._ready_generals(s)]
        if ph == "lose-cubes":
            return [("lose", gids[gi]) for gi in self._living(s)]
        if ph == "deploy":
            return [("deploy", i) for i in s.ctx[2]]
        if ph == "reinforce":
            return [("reinforce", i) for i in s.ctx[1]]
        if ph == "general":
            return [("general", g) for i, g in enumerate(gids) if i not in s.chosen]
        return []  # pragma: no cover

    def _hand_template(self, hand: tuple[str, ...]) -> tuple[Action, ...] | list[_Play]:
        """What a hand offers in the orders step (memoized per hand: a pure result).

        A tuple of play actions when every card's play is fixed; else a list in hand order of
        (kind, play action(s), targets), which ``legal_actions`` expands with the state."""
        kinds = self._hand_kind
        cards = [c for c in dict.fromkeys(hand) if kinds[c] != _SKIP]
        result: tuple[Action, ...] | list[_Play]
        if all(kinds[c] == _PLAIN for c in cards):
            result = tuple(self._play_plain[c] for c in cards)
        else:
            none: frozenset[str] = frozenset()
            result = [
                (_PLAIN, self._play_plain[c], none)
                if kinds[c] == _PLAIN
                else (kinds[c], self._play_at[c], self.targets.get(c, none))
                for c in cards
            ]
        self._hand_plays[hand] = result
        return result

    def _reorganizations(self, slots: list[int]) -> tuple[Action, ...]:
        """Every other left-to-right order of the frontline, then end-turn (memoized)."""
        gids = self.gids
        key = tuple(slots)
        reorg: list[Action] = []
        seen = {key}
        for perm in permutations(key):
            if perm not in seen:
                seen.add(perm)
                reorg.append(("reorganize", *(gids[x] if x != NONE else "-" for x in perm)))
        result = (*reorg, END_TURN)  # end-turn comes last
        self._reorg[key[0]][key[1]][key[2]] = result
        return result

    def explain_illegal(self, state: BlauState, role: str, action: Action) -> str | None:
        s = state
        if not action or not isinstance(action[0], str):
            return None
        kind = action[0]
        orders = ("advance", "attack", "consolidate", "play", "reorganize", "end-turn")
        if kind in orders and s.phase != "orders":
            return f"orders wait: now {present.PHASE_TEXT.get(s.phase, s.phase)}"
        if kind in ("advance", "attack", "consolidate") and len(action) > 1:
            g = self.data.generals.get(str(action[1]))
            if g is None:
                return f"no general {action[1]!r}"
            if g.index not in s.chosen or s.lost[g.index]:
                return f"{g.name} is not on the frontline"
            if not s.ready[g.index]:
                return f"{g.name} is exhausted until the next turn"
            if kind == "advance" and s.front[s.slots.index(g.index)]:
                return f"a card already stands in front of {g.name}"
            if kind in ("advance", "attack") and s.supply < 1:
                return "no supply left"
        if kind == "attack" and len(action) > 2 and isinstance(action[2], int):
            if not 0 <= action[2] < SLOTS or not s.front[action[2]]:
                return "no card in that frontline space"
            if s.supply < self.attack_cost(s, action[2]):
                return f"this attack costs {self.attack_cost(s, action[2])} supply"
            return "a general attacks only the card in front of him or in the space beside"
        if kind == "reorganize" and s.supply < 1:
            return "reorganizing the frontline costs 1 supply"
        return None

    def prompt_text(self, state: BlauState, role: str) -> str:
        return present.prompt(self, state)

    def apply(self, state: BlauState, role: str, action: Action) -> None:
        s = state
        kind = action[0]
        ph = s.phase
        s.phase = ""
        gi_of = self._gi
        if ph == "orders":
            if kind == "reorganize":  # a third of a random game: the short way
                s.supply -= 1
                new = self._slots_of.get(action)
                if new is None:
                    new = [gi_of[x] if x != "-" else NONE for x in action[1:]]
                    self._slots_of[action] = new
                s.slots = list(new)
                s.events.append(
                    {"order": list(action[1:]), "supply": s.supply, "kind": "reorganize"}
                )
                s.phase = "orders"
                if s.missions and s.mactive:
                    # the missions were checked at the end of the step before and spending
                    # supply meets none: only note what they were checked against
                    s.mseen = (s.supply, s.vp, len(s.month_caps), len(s.mactive), len(s.mdeck))
                return
            before = len(s.tasks)
            if kind == "end-turn":
                s.events.append({"kind": "end-turn"})
                # step 5 of this turn, then the next turn (no task stack round-trip)
                if self._local_counter_attacks(s, 0) and not s.over:
                    self._task_turn(s)
                s.ctx = ()
            elif kind == "consolidate":
                gi = gi_of[action[1]]
                s.events.append({"order": "consolidate", "general": action[1], "kind": "order"})
                self._add_cubes(s, gi, self._cons_cubes[gi])
                self._gain_supply(s, self.data.consolidate_supply)
                s.ready[gi] = False
            elif kind == "play":
                self._play(s, action)
            elif kind == "advance":
                gi = gi_of[action[1]]
                slot = s.slots.index(gi)
                s.supply -= 1
                s.events.append(
                    {"order": "advance", "general": action[1], "supply": s.supply, "kind": "order"}
                )
                self._deploy(s, action[2], slot)
                s.ready[gi] = False
                if self._panzer[gi] and s.supply >= 1 and s.queue and self._second_slots(s, slot):
                    s.phase, s.ctx = "second", (gi,)
            elif kind == "attack":
                gi = gi_of[action[1]]
                slot = action[2]
                s.supply -= self.attack_cost(s, slot)
                s.events.append(
                    {
                        "order": "attack",
                        "general": action[1],
                        "card": s.front[slot],
                        "supply": s.supply,
                        "kind": "order",
                    }
                )
                if self.support_cards(s, gi, slot):
                    s.phase, s.attack = "support", (gi, slot)
                else:
                    self._resolve_attack(s, gi, slot, "")
            if kind != "end-turn" and not s.over:
                if s.phase or len(s.tasks) != before:
                    s.tasks.insert(before, ORDERS_TASK)  # back to orders after what came up
                else:
                    s.phase = "orders"
        elif ph == "support":
            gi, slot = s.attack
            s.attack = ()
            self._resolve_attack(s, gi, slot, action[1] if kind == "support" else "")
        elif ph == "second":
            if kind == "second":
                s.supply -= 1
                s.events.append(
                    {"order": "second-card", "card": action[1], "supply": s.supply, "kind": "order"}
                )
                self._deploy(s, action[1], action[2])
        elif ph == "discard":
            if kind == "play":
                before = len(s.tasks)
                self._play(s, action)
                s.tasks.insert(before, DRAW_TASK)  # after what the card brought up
            else:
                s.hand.remove(action[1])
                s.discard.append(action[1])
                s.events.append({"card": action[1], "kind": "discard"})
                s.tasks.append(DRAW_TASK)
        elif ph == "react":
            if kind == "play":
                before = len(s.tasks)
                self._play(s, action)
                s.tasks.insert(before, REACT_TASK)  # another card, or go on
        elif ph == "deck-out":
            self._exhaust(s, gi_of[action[1]], "deck-out")
            self._reshuffle(s)
            s.tasks.append(("draw",))
        elif ph == "exhaust":
            self._exhaust(s, gi_of[action[1]], s.ctx[0])
        elif ph == "lose-cubes":
            self._lose_cubes(s, gi_of[action[1]], s.ctx[1], s.ctx[0])
        elif ph == "deploy":
            self._deploy_major(s, s.ctx[0], s.ctx[1], action[1])
        elif ph == "reinforce":
            self._add_red(s, action[1], s.ctx[0], "red-circle")
        elif ph == "general":
            self._place_general(s, gi_of[action[1]])
            if len(s.chosen) < SLOTS:
                s.phase = "general"
            else:
                s.tasks.append(("turn",))
        if not s.phase:
            s.ctx = ()
            self._run(s)
        elif s.missions and s.mactive:
            self._run(s)  # a decision waits: only the missions to check

    def _play(self, s: BlauState, action: Action) -> None:
        eid = action[1]
        card: EventCard = self.data.events[eid]
        s.hand.remove(eid)
        s.events.append({"card": eid, "kind": "play"})
        if card.in_play:
            s.in_play.append(eid)
        else:
            s.discard.append(eid)
        for e in card.effects:
            k = e.kind
            if k == "supply":
                self._gain_supply(s, e.n)
            elif k == "vp":
                self._gain_vp(s, e.n)
            elif k == "cubes":
                self._add_cubes(s, self.data.generals[action[2]].index, e.n)
            elif k == "cubes_all":
                for gi in self._living(s):
                    self._add_cubes(s, gi, e.n)
            elif k == "ready":
                gi = self.data.generals[action[2]].index
                s.ready[gi] = True
                s.events.append({"general": action[2], "kind": "ready-general"})
            elif k == "special_attack":
                slot = action[2]
                cid = s.front[slot]
                mod = self._modifier(s, cid, NONE, e.ignore_modifier)
                rolls = roll(s.rng, e.n)
                hits = sum(1 for r in rolls if r + mod >= 3)
                removed = min(hits, s.red[slot])
                s.red[slot] -= removed
                s.red_pool += removed
                s.events.append(
                    {
                        "card": cid,
                        "slot": slot,
                        "by": eid,
                        "black": rolls,
                        "sides": 6,
                        "modifier": mod,
                        "removed": removed,
                        "red": s.red[slot],
                        "kind": "special-attack",
                    }
                )
            # cancel_modifier: lasting, read from in_play

    # ----- the rest of the contract ---------------------------------------------------------
    def thresholds(self, s: BlauState) -> tuple[int, int]:
        return self.data.thresholds["missions" if s.missions else "standard"]

    def final_vp(self, s: BlauState) -> int:
        lost = sum(1 for gi in s.chosen if s.lost[gi])
        return s.vp - self.data.general_lost_vp * lost

    def outcome(self, state: BlauState) -> Outcome | None:
        if not state.over:
            return None
        final = self.final_vp(state)
        victory, brilliant = self.thresholds(state)
        if final >= brilliant:
            level, winner = "brilliant", ROLE
        elif final >= victory:
            level, winner = "victory", ROLE
        else:
            level, winner = "defeat", None
        words = {"brilliant": "Brilliant Victory", "victory": "Victory", "defeat": "Defeat"}
        return Outcome(
            winner,
            {ROLE: final},
            level=level,
            summary=f"{words[level]} with {final} VP (victory {victory}, brilliant {brilliant}).",
        )

    def report_facts(self, state: BlauState) -> dict[str, Any]:
        """What simulation reports count about a finished game."""
        s = state
        return {
            "final_vp": self.final_vp(s),
            "captured": len(s.captured),
            "generals_lost": sum(1 for gi in s.chosen if s.lost[gi]),
            "turns": s.turn,
            "end": s.over,
            "stalingrad_taken": "stalingrad" in s.captured,
        }

    def clone(self, state: BlauState) -> BlauState:
        s = state
        # list.copy(): about half the cost of list() on CPython 3.11, and clone runs every step
        # of a search
        n = BlauState.__new__(BlauState)
        n._copy_base(s)
        n.hard = s.hard
        n.missions = s.missions
        n.phase = s.phase
        n.ctx = s.ctx
        n.tasks = s.tasks.copy()
        n.cal = s.cal
        n.turn = s.turn
        n.supply = s.supply
        n.vp = s.vp
        n.chosen = s.chosen
        n.cubes = s.cubes.copy()
        n.ready = s.ready.copy()
        n.lost = s.lost.copy()
        n.slots = s.slots.copy()
        n.front = s.front.copy()
        n.red = s.red.copy()
        n.red_pool = s.red_pool
        n.grey_pool = s.grey_pool
        n.queue = s.queue.copy()
        n.captured = s.captured.copy()
        n.deck = s.deck.copy()
        n.discard = s.discard.copy()
        n.hand = s.hand.copy()
        n.in_play = s.in_play.copy()
        n.removed = s.removed.copy()
        n.mdeck = s.mdeck.copy()
        n.mactive = s.mactive.copy()
        n.mdone = s.mdone.copy()
        n.month_caps = s.month_caps.copy()
        n.mseen = s.mseen
        n.attack = s.attack
        n.over = s.over
        return n

    def determinize(self, state: BlauState, role: str, rng: Rng) -> BlauState:
        """The deck orders (events and missions) and the future dice are the only secrets."""
        n = self.clone(state)
        n.deck = sorted(n.deck, key=self.ev_order.__getitem__)
        rng = rng.copy()
        rng.shuffle(n.deck)
        n.mdeck = sorted(n.mdeck)
        rng.shuffle(n.mdeck)
        n.rng = rng.fork(0xB1A0)
        return n

    def view(self, state: BlauState, role: str | None) -> dict[str, Any]:
        return present.view(self, state)

    def label(self, state: BlauState, role: str, action: Action) -> str:
        return present.label(self, state, action)

    def describe_event(self, event: dict[str, Any]) -> str:
        return present.describe(self, event)

    def render_text(self, state: BlauState, role: str | None) -> str:
        return present.render(self, state)


GAME = FallBlau()
