"""The state of a Campaign Commander game: units, resource points, cards, and the task stack.

The sequence of play is a stack of small tasks (top = ``tasks[-1]``), each a tuple whose
first item names it: ("choose",) the secret Card/Map choice, ("card", role) a Card option,
("op-rp", role) choosing the resource point an operation spends, ("op", role) the
operation menu, ("place", role, what, n, src) placing resource points or units, ("battle",)
a battle turn, ("target", ...) choosing which unit a chit effect falls on, ("retreat", ...)
a retreat step, ("refuge", role, area) a fortress choice, ("redeploy", role, n, moved), ("react", role, where) a
card window for the side not acting (2.3.4), and the owners' choices ("excess", role, area)
(7.2), ("cargo", role, what, units, ship) (7.4), ("port", role, unit) (9.6.3.e) and ("leader",
role, leader, unit) (12). The
operation and the battle under way live in ``op`` and ``battle``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from mypy_extensions import mypyc_attr

from warroom.engine import Rng, State
from warroom.engine.contract import set_slot_state, slot_state
from warroom.games.campaign_commander.model import OFF_MAP


class Unit(NamedTuple):
    """The changing status of one counter (its values come from its UnitDef)."""

    loc: str
    dep: bool = False
    dg: bool = False
    iso: bool = False
    inside: bool = False  # inside a fortress


@mypyc_attr(allow_interpreted_subclasses=True)
class Units(dict[str, Unit]):
    """Unit id -> status, with an index of who stands where and a memo of facts derived from
    where the units stand and which of them are inside a fortress.

    The index is kept up to date as units move (a change of status alone leaves it as it is)
    and the memo is dropped whenever a unit changes its location or goes in or out of a
    fortress, so both always agree with the units. A copy shares them with its original until either side moves a unit (copy on
    write): copying a state costs nothing for them. The ids never change after set-up (a
    unit leaves the map by its location: pool, dead, ...), so the index keeps them in data
    order.
    """

    __slots__ = (
        "_held", "_order", "_shared", "_sides", "_where", "inside", "iso_basis", "memo", "moves",
        "touched",
    )  # fmt: skip

    def __init__(self, *args: Any, bare: bool = False) -> None:
        super().__init__(*args)
        if bare:
            return  # (``copy`` sets every field)
        self._where: dict[str, tuple[str, ...]] | None = None
        self._order: dict[str, int] | None = None  # unit id -> its place in data order
        # side -> the map areas its units stand in (``held_areas``), kept with the index
        self._held: dict[str, set[str]] | None = None
        self._sides: Any = None  # unit id -> the side it holds areas for (held_areas)
        self._shared = False  # the index is also a copy's: copy it before changing it
        self.inside = sum(1 for u in self.values() if u.inside)  # units inside a fortress
        self.memo: dict[Any, Any] = {}  # facts derived from locations (and ``inside``) alone
        self.moves = 0  # changes of location so far
        # the isolation pass's bookkeeping (isolation.update): the ids changed since it last
        # looked, and what it saw then (each side's held areas, the battle)
        self.touched: set[str] = set()
        self.iso_basis: Any = None

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its units alone: the index and memo are made again on demand (as for
        a fresh set-up), so a state can be saved (an agent's memory keeps a world)."""
        return (self.__class__, (dict(self),))

    def copy(self) -> Units:
        cls = self.__class__  # (tests use subclasses)
        new = cls.__new__(cls) if _BARE else cls(bare=True)
        dict.update(new, self)
        w = self._where
        new._where, new._order = w, self._order
        new._held, new._sides = self._held, self._sides
        new._shared = False
        if w is not None:
            new._shared = self._shared = True
        new.inside = self.inside
        new.memo = self.memo
        new.iso_basis = self.iso_basis
        new.moves = self.moves
        new.touched = set(self.touched) if self.touched else set()
        return new

    def __setitem__(self, key: str, value: Unit) -> None:
        old = self.get(key)
        super().__setitem__(key, value)
        self.touched.add(key)
        if old is None or old.inside != value.inside:
            self.inside += value.inside - (old is not None and old.inside)
            if self.memo:
                self.memo = {}
        if old is not None and old.loc == value.loc:
            return
        self.moves += 1
        if self.memo:
            self.memo = {}
        w = self._where
        if w is None:
            return
        order = self._order
        assert order is not None
        if key not in order:
            self._where = self._order = None  # a new id: the index is built again when asked
            return
        held = self._held
        if self._shared:
            w = self._where = dict(w)
            if held is not None:
                held = self._held = {k: set(v) for k, v in held.items()}
            self._shared = False
        side = self._sides.get(key) if held is not None else None
        if old is not None:
            here = w[old.loc]
            if len(here) == 1:
                del w[old.loc]
                left: tuple[str, ...] = ()
            else:
                left = w[old.loc] = tuple(u for u in here if u != key)
            if side is not None and old.loc not in OFF_MAP:
                sides = self._sides
                if not any(sides.get(u) == side for u in left):
                    held[side].discard(old.loc)  # type: ignore[index]
        if side is not None and value.loc not in OFF_MAP:
            held[side].add(value.loc)  # type: ignore[index]
        there = w.get(value.loc)
        if there is None:
            w[value.loc] = (key,)
        else:
            rank = order[key]
            i = 0
            while i < len(there) and order[there[i]] < rank:
                i += 1
            w[value.loc] = (*there[:i], key, *there[i:])

    def where(self) -> dict[str, tuple[str, ...]]:
        """Location -> unit ids there, in data order (pool, dead, ... included); the order of
        the locations is not defined."""
        w = self._where
        if w is None:
            lists: dict[str, list[str]] = {}
            for uid, u in self.items():
                lists.setdefault(u.loc, []).append(uid)
            w = self._where = {k: tuple(v) for k, v in lists.items()}
            self._order = {uid: i for i, uid in enumerate(self)}
            self._held = None
            self._shared = False
        return w

    def held_areas(self, sides: Any) -> dict[str, set[str]]:
        """Side -> the map areas where units of that side stand, ``sides`` giving the side of
        each unit that counts (unit id -> side; a unit it leaves out holds nothing). Kept up to
        date as units move; the sets are shared: read them, never change them."""
        w = self.where()
        held = self._held
        if held is None or self._sides is not sides:
            held = {side: set() for side in set(sides.values())}
            for loc, here in w.items():
                if loc in OFF_MAP:
                    continue
                for uid in here:
                    side = sides.get(uid)
                    if side is not None:
                        held[side].add(loc)
            self._held, self._sides = held, sides
        return held


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

    # (every argument has a default, as unpickling a compiled object makes it bare first)
    # (``bare``: only for ``copy``, which sets every field)
    def __init__(
        self, role: str = "", area: str = "", sp: int = 0, naval: bool = False, bare: bool = False
    ) -> None:
        self.role = role
        self.area = area  # the Active Operation marker
        self.sp = sp
        self.naval = naval  # the RP was spent in a naval area (5.2.4)
        if bare:
            return
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

    def __getstate__(self) -> Any:
        return slot_state(self)

    def __setstate__(self, state: Any) -> None:
        set_slot_state(self, state)

    def copy(self) -> Op:
        new = Op.__new__(Op) if _BARE else Op(bare=True)
        new.role, new.area, new.sp, new.naval = self.role, self.area, self.sp, self.naval
        new.acted = set(self.acted)
        new.rebuilt = self.rebuilt
        new.group = list(self.group)
        new.group_from, new.mp, new.moved = self.group_from, self.mp, self.moved
        new.path = list(self.path)
        new.volga, new.no_attack = self.volga, self.no_attack
        new.transfer, new.laden, new.embarked = self.transfer, self.laden, self.embarked
        new.stacked = self.stacked
        new.hold = list(self.hold)
        new.window = self.window
        return new


class Battle:
    """A battle under way: the sides, their units, cups and drawn chits."""

    __slots__ = (
        "area", "attacker", "crossing", "cups", "defender", "drawn", "fortified", "mods",
        "naval", "origin", "played", "plays", "stuck", "turn", "units",
    )  # fmt: skip

    def __init__(
        self,
        area: str = "",
        attacker: str = "",
        defender: str = "",
        origin: str = "",
        crossing: str = "",
        naval: bool = False,
        bare: bool = False,
    ) -> None:  # (defaults and ``bare``: see Op)
        self.area = area
        self.attacker = attacker
        self.defender = defender
        self.origin = origin  # the area the attackers came from
        self.crossing = crossing  # border kind crossed to enter ("" if none)
        self.naval = naval
        if bare:
            return
        self.units: dict[str, list[str]] = {attacker: [], defender: []}
        self.cups: dict[str, list[str]] = {attacker: [], defender: []}
        self.drawn: dict[str, list[str]] = {attacker: [], defender: []}
        self.fortified: dict[str, int] = {}  # unit -> modifier to its checks (a chit on it)
        self.mods: dict[str, int] = {attacker: 0, defender: 0}  # card modifiers to checks
        self.played: list[str] = []  # chits revealed so far (public)
        self.plays = 0
        self.stuck = False  # no chit can land a hit any more (combat.may_still_hurt)
        self.turn = attacker

    def __getstate__(self) -> Any:
        return slot_state(self)

    def __setstate__(self, state: Any) -> None:
        set_slot_state(self, state)

    def copy(self) -> Battle:
        new = Battle.__new__(Battle) if _BARE else Battle(bare=True)
        new.area, new.attacker, new.defender = self.area, self.attacker, self.defender
        new.origin, new.crossing, new.naval = self.origin, self.crossing, self.naval
        new.units = {k: list(v) for k, v in self.units.items()}
        new.cups = {k: list(v) for k, v in self.cups.items()}
        new.drawn = {k: list(v) for k, v in self.drawn.items()}
        new.fortified = dict(self.fortified)
        new.mods = dict(self.mods)
        new.played = self.played.copy()
        new.plays, new.turn, new.stuck = self.plays, self.turn, self.stuck
        return new


class CCState(State):
    __slots__ = (
        "aboard", "battle", "cache", "cards_count", "choice", "control", "decks", "destroyed",
        "discards", "ended", "flags", "forts", "hands", "initiative", "op", "ops", "permanent",
        "played", "rp_aboard", "rps", "sieges", "steps", "tasks", "units",
    )  # fmt: skip

    def __init__(self, rng: Rng | None = None, bare: bool = False) -> None:  # (see Op)
        super().__init__(rng if rng is not None else Rng(0))
        if bare:
            return
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
        new = CCState.__new__(CCState) if _BARE else CCState(self.rng, bare=True)
        new._copy_base(self)
        new.units = self.units.copy()
        new.rps = {k: v.copy() for k, v in self.rps.items()}
        new.aboard = self.aboard.copy()
        new.rp_aboard = self.rp_aboard.copy()
        new.control = self.control.copy()
        new.forts = self.forts.copy()
        new.sieges = self.sieges.copy()
        new.hands = {k: v.copy() for k, v in self.hands.items()}
        new.decks = {k: v.copy() for k, v in self.decks.items()}
        new.discards = {k: v.copy() for k, v in self.discards.items()}
        new.played = self.played.copy()
        new.permanent = self.permanent.copy()
        new.cards_count = self.cards_count
        new.choice = self.choice.copy()
        new.initiative = self.initiative
        new.tasks = self.tasks.copy()
        new.op = self.op.copy() if self.op else None
        new.battle = self.battle.copy() if self.battle else None
        new.ops = self.ops.copy()
        new.flags = self.flags.copy()
        new.destroyed = self.destroyed.copy()
        new.ended = self.ended
        new.steps = self.steps
        new.cache = None
        return new


# Copies: a compiled class (setup.py) cannot be made bare with ``cls.__new__(cls)``, which runs
# its ``__init__``, so there the copies go through the constructors, told (``bare``) to set
# nothing the copy sets (the empty containers they made were thrown away at once: about a
# quarter of a compiled clone's time); the sources make them bare with ``__new__``, which
# is quicker still there (10% of Coral Sea's pure-Python steps).
_BARE = not hasattr(CCState, "__mypyc_attrs__")
