"""The state of a Campaign Commander game: units, resource points, cards, and the task stack.

The sequence of play is a stack of small tasks (top = ``tasks[-1]``), each a tuple whose
first item names it: ("choose",) the secret Card/Map choice, ("card", role) a Card option,
("op-rp", role) choosing the resource point an operation spends, ("op", role) the
operation menu, ("place", role, what, n, src) placing resource points or units, ("battle",)
a battle turn, ("target", ...) choosing which unit a chit effect falls on, ("retreat", ...)
a retreat step, ("refuge", role, area) a fortress choice, ("redeploy", role, n, moved), ("react", role, where) a
card window for the side not acting (2.3.4), and the owners' choices ("excess", role, area)
(7.2), ("cargo", role, what, units) (7.4), ("port", role, unit) (9.6.3.e) and ("leader",
role, leader, unit) (12). The
operation and the battle under way live in ``op`` and ``battle``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from warroom.engine import Rng, State


class Unit(NamedTuple):
    """The changing status of one counter (its values come from its UnitDef)."""

    loc: str
    dep: bool = False
    dg: bool = False
    iso: bool = False
    inside: bool = False  # inside a fortress


class Units(dict[str, Unit]):
    """Unit id -> status, with a lazily built index of who stands where (dropped on any change)."""

    __slots__ = ("_where", "memo")

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self._where: dict[str, list[str]] | None = None
        self.memo: dict[Any, Any] = {}  # facts derived from the units alone, until a change

    def __setitem__(self, key: str, value: Unit) -> None:
        self._where = None
        if self.memo:
            self.memo = {}
        super().__setitem__(key, value)

    def where(self) -> dict[str, list[str]]:
        """Location -> unit ids there, in data order (pool, dead, ... included)."""
        w = self._where
        if w is None:
            w = {}
            for uid, u in self.items():
                w.setdefault(u.loc, []).append(uid)
            self._where = w
        return w


class Op:
    """An On-Board Operation under way."""

    __slots__ = (
        "acted",
        "area",
        "embarked",
        "group",
        "group_from",
        "hold",
        "laden",
        "moved",
        "mp",
        "naval",
        "no_attack",
        "path",
        "rebuilt",
        "role",
        "sp",
        "stacked",
        "transfer",
        "volga",
        "window",
    )  # fmt: skip

    def __init__(self, role: str, area: str, sp: int, naval: bool) -> None:
        self.role = role
        self.area = area  # the Active Operation marker
        self.sp = sp
        self.naval = naval  # the RP was spent in a naval area (5.2.4)
        self.acted: set[str] = set()
        self.rebuilt = False
        self.group: list[str] = []  # units moving together now
        self.group_from = ""
        self.mp = 0  # movement (or range) left to the group
        self.moved = False  # the group has taken its first step
        self.path: list[str] = []
        self.volga = False  # crossed the Volga: may not attack (RtS 1.b.I)
        self.no_attack = False
        self.transfer = ""  # the one embark/disembark: "embark:<area>" or "land:<area>"
        self.laden = False  # the 2-range cost of carrying ground units at sea was paid
        self.embarked = False  # the naval group paid the 2 range of embarking (7.1.6)
        self.stacked = ""  # the area where the moving group paid for stacking (8.2)
        self.hold: list[str] = []  # a naval group waiting for the battle its landing began
        self.window = -1  # state.steps when the opponent's card window (2.3.4) last closed

    def copy(self) -> Op:
        new = Op.__new__(Op)
        for k in Op.__slots__:
            v = getattr(self, k)
            setattr(new, k, v.copy() if isinstance(v, (list, set)) else v)
        return new


class Battle:
    """A battle under way: the sides, their units, cups and drawn chits."""

    __slots__ = (
        "area", "attacker", "crossing", "cups", "defender", "drawn", "fortified", "mods",
        "naval", "origin", "played", "plays", "stuck", "turn", "units",
    )  # fmt: skip

    def __init__(
        self, area: str, attacker: str, defender: str, origin: str, crossing: str, naval: bool
    ) -> None:
        self.area = area
        self.attacker = attacker
        self.defender = defender
        self.origin = origin  # the area the attackers came from
        self.crossing = crossing  # border kind crossed to enter ("" if none)
        self.naval = naval
        self.units: dict[str, list[str]] = {attacker: [], defender: []}
        self.cups: dict[str, list[str]] = {attacker: [], defender: []}
        self.drawn: dict[str, list[str]] = {attacker: [], defender: []}
        self.fortified: dict[str, int] = {}  # unit -> modifier to its checks (a chit on it)
        self.mods: dict[str, int] = {attacker: 0, defender: 0}  # card modifiers to checks
        self.played: list[str] = []  # chits revealed so far (public)
        self.plays = 0
        self.stuck = False  # no chit can land a hit any more (combat.may_still_hurt)
        self.turn = attacker

    def copy(self) -> Battle:
        new = Battle.__new__(Battle)
        new.area, new.attacker, new.defender = self.area, self.attacker, self.defender
        new.origin, new.crossing, new.naval = self.origin, self.crossing, self.naval
        new.units = {k: list(v) for k, v in self.units.items()}
        new.cups = {k: list(v) for k, v in self.cups.items()}
        new.drawn = {k: list(v) for k, v in self.drawn.items()}
        new.fortified = dict(self.fortified)
        new.mods = dict(self.mods)
        new.played = list(self.played)
        new.plays, new.turn, new.stuck = self.plays, self.turn, self.stuck
        return new


class CCState(State):
    __slots__ = (
        "aboard", "battle", "cache", "cards_count", "choice", "control", "decks", "destroyed",
        "discards", "ended", "flags", "forts", "hands", "initiative", "op", "ops", "permanent",
        "played", "rp_aboard", "rps", "sieges", "steps", "tasks", "units",
    )  # fmt: skip

    def __init__(self, rng: Rng) -> None:
        super().__init__(rng)
        self.units: Units = Units()
        self.rps: dict[str, dict[str, int]] = {}
        # naval transport (series 7): ground unit -> the ship it is aboard, and ship -> the
        # RPs it carries; an RP in a sea area is always aboard a ship there (it is counted
        # in ``rps`` too, at the ship's area)
        self.aboard: dict[str, str] = {}
        self.rp_aboard: dict[str, int] = {}
        self.control: dict[str, str] = {}
        self.forts: dict[str, str] = {}  # fortress area -> owner
        self.sieges: dict[str, str] = {}  # besieged fortress area -> besieging side
        self.hands: dict[str, list[str]] = {}
        self.decks: dict[str, list[str]] = {}
        self.discards: dict[str, list[str]] = {}  # face down
        self.played: list[tuple[str, str]] = []  # (role, card) face up, in order
        self.permanent: dict[str, str] = {}  # card name -> role that played it
        self.cards_count = 0  # cards played or discarded by both players
        self.choice: dict[str, str] = {}  # the secret Card/Map choices made so far
        self.initiative: str | None = None
        self.tasks: list[tuple[Any, ...]] = []
        self.op: Op | None = None
        self.battle: Battle | None = None
        self.ops: dict[str, int] = {}  # operations conducted by each side
        self.flags: dict[str, Any] = {}  # campaign bookkeeping (ints and strs only)
        self.destroyed: list[str] = []  # units destroyed, in order
        self.ended = ""  # why the game ended ("" while it goes on)
        self.steps = 0
        self.cache: tuple[str, list[Any]] | None = None  # (role, legal actions) of this moment

    def clone(self) -> CCState:
        new = CCState.__new__(CCState)
        new._copy_base(self)
        new.units = Units(self.units)
        new.rps = {k: dict(v) for k, v in self.rps.items()}
        new.aboard = dict(self.aboard)
        new.rp_aboard = dict(self.rp_aboard)
        new.control = dict(self.control)
        new.forts = dict(self.forts)
        new.sieges = dict(self.sieges)
        new.hands = {k: list(v) for k, v in self.hands.items()}
        new.decks = {k: list(v) for k, v in self.decks.items()}
        new.discards = {k: list(v) for k, v in self.discards.items()}
        new.played = list(self.played)
        new.permanent = dict(self.permanent)
        new.cards_count = self.cards_count
        new.choice = dict(self.choice)
        new.initiative = self.initiative
        new.tasks = list(self.tasks)
        new.op = self.op.copy() if self.op else None
        new.battle = self.battle.copy() if self.battle else None
        new.ops = dict(self.ops)
        new.flags = dict(self.flags)
        new.destroyed = list(self.destroyed)
        new.ended = self.ended
        new.steps = self.steps
        new.cache = None
        return new
