"""Commanders' state: slotted, flat lists indexed by unit number, cheap to clone.

Units are numbered 0..59: white 0..29, black 30..59; within a side infantry, then cavalry,
then artillery (20/8/2 in the named set-ups; the game's catalogue is ``ut``/``uid``/``uix``).
A unit's place is ``loc`` (a sector index, or one of the negative codes below); its
condition is ``status``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from warroom.engine import Rng, State
from warroom.games.commanders.data import (
    ARMY,
    N_UNITS,
    PER_SIDE,
    Data,
    Mix,
    Objective,
    catalogue,
    load,
)

FRESH, SPENT, ROUTED = 0, 1, 2
STATUS_NAMES = ("fresh", "spent", "routed")
GONE, CAPTURED, UNPLACED = -1, -2, -3
"""loc codes: destroyed or merged away, captured by the enemy, not yet placed (custom set-up)."""

Key = tuple[int, int, int]
"""An order as the sheet writes it: (unit type, the sector its units stand in, the sector the
arrow points at). The sheet counts orders per key ("2C: mid-west -> mid-centre")."""
Go = tuple[str, int, int]
"""A unit's choice for the phase now: (how, sector, the order's arrow or -1). ``how`` is
"go" (its order's first action: a move or an attack along the arrow), "on" (a cavalry
unit's second move, any way), "fire" (a gun's close attack along its arrow), "bombard",
"ruin" (bombarding the building), "road" (the road's extra move)."""


@dataclass(frozen=True, slots=True)
class Config:
    """Everything fixed for a whole game: scenario and options. Shared by every clone."""

    scenario: str
    board: str
    terrain: bool
    objectives: bool
    orders_random: bool
    orders_distance: bool
    morale: bool
    mix: tuple[Mix, Mix] = (ARMY, ARMY)
    """Each army's infantry, cavalry and artillery."""
    markers: tuple[int, ...] = ()
    """With objectives: how many of each marker (data ``markers``) each side places."""
    markers_anywhere: bool = False
    """With objectives: markers go on any battle sector, not only on the side's home row."""


class Combat:
    """The battles of one movement phase, fought in lockstep in every battle zone."""

    __slots__ = (
        "attacks",
        "captures",
        "cav_fought",
        "charged",
        "dice",
        "enter",
        "hit_any",
        "leaving",
        "mover",
        "react",
        "rerolled",
        "rerolls",
        "sheltered",
        "split",
        "step",
        "targets",
        "waiting",
        "zone_of",
        "zones",
    )

    def __init__(self) -> None:
        self.zones: list[tuple[int, int, list[int], list[int]]] = []
        """(sector a, sector b, white units by space, black units by space), a < b."""
        self.mover: dict[int, tuple[int, int]] = {}
        """Attacking units: (from sector, to sector)."""
        self.zone_of: dict[int, int] = {}
        self.attacks: dict[tuple[int, int], list[int]] = {}
        """(side, attacked sector) -> zones it attacks through."""
        self.rerolls: dict[tuple[int, int], int] = {}
        self.react: dict[int, str] = {}
        self.targets: dict[int, int] = {}
        self.dice: dict[int, list[int]] = {}
        self.hit_any: set[int] = set()
        self.step = "ranged"
        self.enter: dict[tuple[int, int], int] = {}
        """(side, sector) the side may enter after the combat -> chosen (fast phase)."""
        self.cav_fought: set[int] = set()
        """Cavalry that rolled in melee (spent unless it hit)."""
        self.charged: set[int] = set()
        """Cavalry that countercharged."""
        self.split: dict[int, int] = {}
        """Defenders a side has put in a battle zone of its own choosing (secret until placed)."""
        self.captures: dict[int, int] = {}
        """Units taken in this combat -> their captor: captured only if the captor survives
        the combat (neither routed nor removed by its end), destroyed otherwise."""
        self.sheltered: set[int] = set()
        """Units put into their sector's building in this combat: they take no part in it."""
        self.waiting: dict[tuple[int, int], list[int]] = {}
        """Victors whose target is held only by enemy units that won elsewhere and may leave
        it: (side, sector) -> the units; they enter once the sector is empty."""
        self.leaving: dict[int, str] = {}
        """Withdrawals chosen at the second placement, "withdraw" or "garrison" (each side's
        secret until both have chosen)."""
        self.rerolled: list[tuple[int, int, int, int]] = []
        """Re-rolls made at this step, (side, unit, die index, the die before): the other side
        sees the old die until both sides are done."""

    def copy(self) -> Combat:
        new = Combat.__new__(Combat)
        new.zones = [(a, b, list(w), list(k)) for a, b, w, k in self.zones]
        new.mover = dict(self.mover)
        new.zone_of = dict(self.zone_of)
        new.attacks = {k: list(v) for k, v in self.attacks.items()}
        new.rerolls = dict(self.rerolls)
        new.react = dict(self.react)
        new.targets = dict(self.targets)
        new.dice = {k: list(v) for k, v in self.dice.items()}
        new.hit_any = set(self.hit_any)
        new.step = self.step
        new.enter = dict(self.enter)
        new.charged = set(self.charged)
        new.cav_fought = set(self.cav_fought)
        new.split = dict(self.split)
        new.captures = dict(self.captures)
        new.sheltered = set(self.sheltered)
        new.waiting = {k: list(v) for k, v in self.waiting.items()}
        new.leaving = dict(self.leaving)
        new.rerolled = list(self.rerolled)
        return new


class CmdState(State):
    __slots__ = (
        "actors",
        "acts",
        "admit",
        "after",
        "allowed",
        "cache",
        "captured",
        "carried",
        "cfg",
        "combat",
        "data",
        "extra",
        "garrison",
        "given",
        "go",
        "last",
        "loc",
        "markers_left",
        "moved",
        "need",
        "objectives",
        "pending",
        "phase",
        "place_left",
        "plan_base",
        "pool",
        "rallies",
        "road",
        "round",
        "ruined",
        "saved",
        "sheet",
        "spend",
        "square",
        "stage",
        "status",
        "summary",
        "tired",
        "tokens",
        "uid",
        "uix",
        "ut",
        "vp",
        "waiting",
        "winner",
    )

    def __init__(self, rng: Rng, cfg: Config) -> None:
        super().__init__(rng)
        self.cfg = cfg
        self.data: Data = load()
        cat = catalogue(*cfg.mix)
        self.ut: tuple[int, ...] = cat.utype
        """Each unit's type (the game's catalogue: shared, never changed)."""
        self.uid: tuple[str, ...] = cat.uid
        self.uix: dict[str, int] = cat.uindex
        self.round = 1
        self.phase = "planning"
        self.stage = ""
        self.loc: list[int] = [UNPLACED] * N_UNITS
        self.status: list[int] = [FRESH] * N_UNITS
        self.square: list[bool] = [False] * N_UNITS
        self.sheet: list[dict[Key, int]] = [{}, {}]
        """Each side's order sheet this round: orders per (type, from, to)."""
        self.carried: list[dict[Key, int]] = [{}, {}]
        """Of them, how many a unit has carried out (acting shows an order to the enemy)."""
        self.acts: dict[int, int] = {}
        """Phases a unit acted in this round (cavalry may act in two, the others in one)."""
        self.moved: dict[int, int] = {}
        """Sectors a unit moved this round."""
        self.tired: set[int] = set()
        """Units that may do nothing more this round (reacted, withdrew, a charge that hit
        nothing, held back from a won sector, entered a forest, ...)."""
        self.actors: set[int] = set()
        """Units that acted in the phase now (spent at its end unless cavalry may go on)."""
        self.road: set[int] = set()
        """Units that took the road's extra move this round."""
        self.go: dict[int, Go] = {}
        """The choices made so far in the phase now (each side's secret until both are done)."""
        self.rallies: list[list[str]] = [[], []]
        """The rallies each side has chosen (secret until both are done)."""
        self.given = [0, 0]
        self.last: list[Key | None] = [None, None]
        """The last order each side wrote this round (the one ("times", n) gives to n units)."""
        self.allowed = [10, 10]
        self.extra = [0, 0]
        """1 while a side still has its extra command-sector order (advanced ordering)."""
        self.saved = [0, 0]
        self.waiting = [False, False]
        self.vp = [0, 0]
        self.pool = 10
        self.captured: list[list[int]] = [[], []]
        """Enemy units each side captured this round, paid in VP at scoring."""
        self.tokens: dict[int, int] = {}
        """Artillery unit -> sector holding its artillery token."""
        self.objectives: tuple[Objective, ...] = ()
        self.markers_left: list[tuple[int, ...]] = [(), ()]
        """Objective markers still to place: indices into data ``markers`` (repeated)."""
        self.place_left: list[list[int]] = [[0, 0, 0, 0], [0, 0, 0, 0]]
        """Custom set-up: units still to place on right wing, centre, left wing, reserve."""
        self.spend: set[int] = set()
        self.combat: Combat | None = None
        self.garrison: dict[int, int] = {}
        """Terrain: sector -> the infantry unit inside its building."""
        self.ruined: tuple[int, ...] = ()
        """Terrain: sectors whose building artillery destroyed."""
        self.winner = -1
        """-1 while playing; 0 white, 1 black, 2 a draw."""
        self.summary = ""
        self.need: dict[tuple[int, int], tuple[tuple[int, ...], int]] = {}
        """Capacity questions now open: (side, sector) -> (units that want in, room)."""
        self.admit: dict[tuple[int, int], tuple[int, ...]] = {}
        """The units a side chose to let in first, per question (secret until moved)."""
        self.pending: Any = None
        """Moves worked out before a capacity question, carried out after it."""
        self.after = ""
        """The stage that follows the capacity question."""
        self.cache: list[object] = [None, None]
        self.plan_base: list[Any] = [None, None]
        """Each side's possible orders this round (computed once per planning phase)."""

    def log(self, kind: str, **data: Any) -> None:
        # the sectors' names differ on board side B: a log line names them as the board does
        if self.cfg.board != "A":
            data["board"] = self.cfg.board
        super().log(kind, **data)

    def log_private(self, roles: Sequence[str], kind: str, **data: Any) -> None:
        if self.cfg.board != "A":
            data["board"] = self.cfg.board
        super().log_private(roles, kind, **data)

    def first_of(self, side: int) -> Mix:
        """The first unit number of each type (infantry, cavalry, artillery) of a side."""
        return catalogue(*self.cfg.mix).first[side]

    def clone(self) -> CmdState:
        new = CmdState.__new__(CmdState)
        new._copy_base(self)
        new.cfg = self.cfg
        new.data = self.data
        new.ut = self.ut
        new.uid = self.uid
        new.uix = self.uix
        new.round = self.round
        new.phase = self.phase
        new.stage = self.stage
        new.loc = self.loc[:]
        new.status = self.status[:]
        new.square = self.square[:]
        new.sheet = [dict(self.sheet[0]), dict(self.sheet[1])]
        new.carried = [dict(self.carried[0]), dict(self.carried[1])]
        new.acts = dict(self.acts)
        new.moved = dict(self.moved)
        new.tired = set(self.tired)
        new.actors = set(self.actors)
        new.road = set(self.road)
        new.go = dict(self.go)
        new.rallies = [self.rallies[0][:], self.rallies[1][:]]
        new.need = self.need
        new.admit = dict(self.admit) if self.admit else {}
        new.pending = self.pending
        new.after = self.after
        new.given = self.given[:]
        new.last = self.last[:]
        new.allowed = self.allowed[:]
        new.extra = self.extra[:]
        new.saved = self.saved[:]
        new.waiting = self.waiting[:]
        new.vp = self.vp[:]
        new.pool = self.pool
        new.captured = [self.captured[0][:], self.captured[1][:]]
        new.tokens = dict(self.tokens)
        new.objectives = self.objectives
        new.markers_left = self.markers_left[:]
        new.place_left = [self.place_left[0][:], self.place_left[1][:]]
        new.spend = set(self.spend)
        new.combat = self.combat.copy() if self.combat is not None else None
        new.garrison = dict(self.garrison)
        new.ruined = self.ruined
        new.winner = self.winner
        new.summary = self.summary
        new.plan_base = self.plan_base[:]
        new.cache = self.cache[:]  # immutable tuples: safe to share until the next apply
        return new


def control(st: CmdState) -> list[int]:
    """Who controls each sector: 0 white, 1 black, -1 nobody.

    A side controls a sector where it has a non-routed unit; an empty sector holding a
    side's general or flag is that side's while no enemy unit stands in it (nobody's when
    it holds both sides' markers); each reserve always belongs to its side.
    """
    d = st.data
    n = len(d.ids)
    loc = st.loc
    status = st.status
    live_w = [0] * n
    live_b = [0] * n
    any_w = [0] * n
    any_b = [0] * n
    for u in range(PER_SIDE):
        s = loc[u]
        if s >= 0:
            any_w[s] = 1
            if status[u] != ROUTED:
                live_w[s] = 1
    for u in range(PER_SIDE, N_UNITS):
        s = loc[u]
        if s >= 0:
            any_b[s] = 1
            if status[u] != ROUTED:
                live_b[s] = 1
    out = [
        0 if w and not b else 1 if b and not w else -1 for w, b in zip(live_w, live_b, strict=True)
    ]
    claims: dict[int, int] = {}
    for o in st.objectives:
        s = o.sector
        if o.kind != "rose" and out[s] == -1 and not (any_b if o.side == 0 else any_w)[s]:
            claims[s] = claims.get(s, 0) | (1 << o.side)
    for s, who in claims.items():
        if who != 3:  # a general or flag of each side in one empty sector: the claims cancel
            out[s] = who - 1
    for s, g in st.garrison.items():
        if out[s] == 1 - (g >= PER_SIDE):
            out[s] = -1  # nobody holds a sector whose building the enemy occupies
    out[d.reserve_of[0]] = 0
    out[d.reserve_of[1]] = 1
    return out


def held(st: CmdState) -> list[int]:
    """Who has fighting units in each sector outside its building: 0, 1 or -1 (-2 both)."""
    n = len(st.data.ids)
    loc = st.loc
    status = st.status
    inside = st.garrison.values() if st.garrison else ()
    w = [0] * n
    b = [0] * n
    for u in range(PER_SIDE):
        s = loc[u]
        if s >= 0 and status[u] != ROUTED and u not in inside:
            w[s] = 1
    for u in range(PER_SIDE, N_UNITS):
        s = loc[u]
        if s >= 0 and status[u] != ROUTED and u not in inside:
            b[s] = 1
    return [(-2 if y else 0) if x else (1 if y else -1) for x, y in zip(w, b, strict=True)]


def has_building(st: CmdState, s: int) -> bool:
    return st.cfg.terrain and s in st.data.terrain[st.cfg.board].building and s not in st.ruined


def occupancy(st: CmdState) -> list[int]:
    """Units (any side, routed too) in each sector."""
    out = [0] * len(st.data.ids)
    for s in st.loc:
        if s >= 0:
            out[s] += 1
    return out
