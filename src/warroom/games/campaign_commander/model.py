"""The printed components of a Campaign Commander campaign, loaded from its data/ folder.

Files: map.toml (areas, adjacency, rivers), units.toml (counters and set-up), cards.toml
(both decks), chits.toml (battle chits of both sides) and setup.toml (resource points and
anything else placed before play). Every name is resolved once on load; an unknown name
or a bad value is a GameDataError naming the file and the entry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from warroom.engine.errors import GameDataError
from warroom.kit.areamap import Area, AreaMap
from warroom.kit.data import check_names, model, read

POOL = "pool"  # reinforcement box
DEAD = "dead"  # destroyed
GONE = "gone"  # left the map without being destroyed (RtS Kerch)
ABSENT = "absent"  # not yet in the game (a leader before his card)
OFF_MAP = (POOL, DEAD, GONE, ABSENT)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class AreaEntry(_Strict):
    id: str
    x: int
    y: int
    kind: Literal["land", "sea"] = "land"
    terrain: Literal["clear", "mountain"] = "clear"
    city: bool = False
    vp_axis: int = 0
    vp_soviet: int = 0
    vp: dict[str, int] = Field(default_factory=dict)
    supply: bool = False
    port: bool = False
    fortress: int = 0
    control: str
    sector: str = ""
    edge: list[str] = Field(default_factory=list)
    adj: list[str]


class RiverEntry(_Strict):
    a: str
    b: str
    kind: str


class UnitEntry(_Strict):
    id: str
    name: str
    side: str
    nation: str
    type: Literal["infantry", "panzer", "tank", "cavalry", "naval", "leader"]
    naval_class: str = ""
    ss: bool = False
    front: tuple[int, int, int] = (0, 0, 0)
    depleted: tuple[int, int, int] = (0, 0, 0)
    setup: str = POOL
    tags: list[str] = Field(default_factory=list)


class EffectEntry(_Strict):
    do: str
    n: int = 0
    mod: int = 0
    fail: str = ""
    units: list[str] = Field(default_factory=list)
    filter: str = ""
    name: str = ""


class CardEntry(_Strict):
    id: str
    name: str
    deck: str
    type: Literal["tactics", "attack", "event", "operational"]
    copies: int = 1
    cost: int = 0
    text: str
    effects: list[EffectEntry] = Field(default_factory=list)
    requires: list[str] = Field(default_factory=list)
    permanent: bool = False
    reinforcement: bool = False
    sudden_death: str = ""


class ChitEffectEntry(_Strict):
    side: Literal["enemy", "own"]
    kind: Literal["check", "auto", "fortify"]
    mod: int = 0
    fail: Literal["dg", "dep", "depdg", ""] = ""
    chooser: Literal["owner", "player"] = "owner"
    filter: str = ""


class ChitEntry(_Strict):
    name: str
    side: str
    count: int
    extra: int = 0
    kind: Literal["ground", "naval"] = "ground"
    add_if: str = ""
    extra_if: str = ""
    redraw_if: str = ""
    void_if: str = ""
    effects: list[ChitEffectEntry]
    text: str


@dataclass(frozen=True, slots=True)
class UnitDef:
    id: str
    name: str
    side: str
    nation: str
    type: str
    naval_class: str
    ss: bool
    front: tuple[int, int, int]
    depleted: tuple[int, int, int]
    setup: str
    tags: frozenset[str]
    # what the type says, kept as fields: the engine asks them at every step, and a field is
    # read several times faster than a property runs (issue 22)
    naval: bool = field(init=False)
    leader: bool = field(init=False)
    armored: bool = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "naval", self.type == "naval")
        object.__setattr__(self, "leader", self.type == "leader")
        object.__setattr__(self, "armored", self.type in ("panzer", "tank"))


@dataclass(frozen=True, slots=True)
class Effect:
    do: str
    n: int = 0
    mod: int = 0
    fail: str = ""
    units: tuple[str, ...] = ()
    filter: str = ""
    name: str = ""


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name: str
    deck: str
    type: str
    cost: int
    text: str
    effects: tuple[Effect, ...]
    requires: tuple[str, ...]
    permanent: bool
    reinforcement: bool
    sudden_death: str


@dataclass(frozen=True, slots=True)
class ChitEffect:
    side: str
    kind: str
    mod: int
    fail: str
    chooser: str
    filter: str


@dataclass(frozen=True, slots=True)
class ChitDef:
    name: str
    side: str
    count: int
    extra: int
    kind: str
    add_if: str
    extra_if: str
    redraw_if: str
    void_if: str
    effects: tuple[ChitEffect, ...]
    text: str


@dataclass(frozen=True, slots=True)
class AreaDef:
    id: str
    kind: str
    terrain: str
    x: int
    y: int
    city: bool
    vp: tuple[tuple[str, int], ...]
    supply: bool
    port: bool
    fortress: int
    control: str
    sector: str
    edge: tuple[str, ...]


class CampaignData:
    """Everything printed for one campaign, resolved and checked."""

    def __init__(self, folder: Path, roles: tuple[str, ...]) -> None:
        self.roles = roles
        self.folder = folder
        self._load_map()
        self._load_units()
        self._load_cards()
        self._load_chits()
        self._load_setup()

    def _raw(self, name: str) -> Any:
        return read(self.folder / name)

    def _load_map(self) -> None:
        raw = self._raw("map.toml")
        entries = [
            model(AreaEntry, e, "map.toml", f"area {e.get('id', i)}")
            for i, e in enumerate(raw.get("area", []))
        ]
        ids = {e.id for e in entries}
        self.areas: dict[str, AreaDef] = {}
        borders: list[tuple[str, str, str]] = []
        for e in entries:
            if e.id in self.areas:
                raise GameDataError("map.toml", f"area {e.id}", "defined twice")
            check_names("map.toml", f"area {e.id}", e.adj, ids, "neighbour area")
            if e.control not in (*self.roles, ""):
                raise GameDataError("map.toml", f"area {e.id}", f"unknown side {e.control!r}")
            vp = dict(e.vp)
            if e.vp_axis:
                vp["axis"] = e.vp_axis
            if e.vp_soviet:
                vp["soviet"] = e.vp_soviet
            self.areas[e.id] = AreaDef(
                e.id, e.kind, e.terrain, e.x, e.y, e.city, tuple(sorted(vp.items())),
                e.supply, e.port, e.fortress, e.control, e.sector, tuple(e.edge),
            )  # fmt: skip
            borders.extend((e.id, b, "") for b in e.adj)
        pairs = {(a, b) for (a, b, _k) in borders}
        for i, r in enumerate(raw.get("river", [])):
            rv = model(RiverEntry, r, "map.toml", f"river {i}")
            check_names("map.toml", f"river {rv.a}-{rv.b}", (rv.a, rv.b), ids, "area")
            if (rv.a, rv.b) not in pairs and (rv.b, rv.a) not in pairs:
                raise GameDataError("map.toml", f"river {rv.a}-{rv.b}", "the areas do not border")
            borders.append((rv.a, rv.b, rv.kind))
        self.map = AreaMap(
            (
                Area(a.id, a.kind, a.terrain, a.x, a.y, frozenset(self._tags(a)))
                for a in self.areas.values()
            ),
            borders,
        )

    @staticmethod
    def _tags(a: AreaDef) -> list[str]:
        tags = []
        for flag in ("city", "supply", "port"):
            if getattr(a, flag):
                tags.append(flag)
        return tags

    def _load_units(self) -> None:
        raw = self._raw("units.toml")
        self.units: dict[str, UnitDef] = {}
        for i, e in enumerate(raw.get("unit", [])):
            u = model(UnitEntry, e, "units.toml", f"unit {e.get('id', i)}")
            if u.id in self.units:
                raise GameDataError("units.toml", f"unit {u.id}", "defined twice")
            if u.side not in self.roles:
                raise GameDataError("units.toml", f"unit {u.id}", f"unknown side {u.side!r}")
            if u.setup not in OFF_MAP and u.setup not in self.areas:
                raise GameDataError("units.toml", f"unit {u.id}", f"unknown area {u.setup!r}")
            if u.type != "leader" and min(*u.front, *u.depleted) < 1:
                raise GameDataError("units.toml", f"unit {u.id}", "every value is at least 1")
            self.units[u.id] = UnitDef(
                u.id, u.name, u.side, u.nation, u.type, u.naval_class, u.ss, u.front,
                u.depleted, u.setup, frozenset(u.tags),
            )  # fmt: skip

    def _load_cards(self) -> None:
        raw = self._raw("cards.toml")
        self.cards: dict[str, CardDef] = {}
        self.decks: dict[str, list[str]] = {r: [] for r in self.roles}
        for i, e in enumerate(raw.get("card", [])):
            c = model(CardEntry, e, "cards.toml", f"card {e.get('id', i)}")
            if c.deck not in self.roles:
                raise GameDataError("cards.toml", f"card {c.id}", f"unknown deck {c.deck!r}")
            for eff in c.effects:
                check_names("cards.toml", f"card {c.id}", eff.units, self.units, "unit")
            for k in range(c.copies):
                cid = c.id if c.copies == 1 else f"{c.id}-{k + 1}"
                if cid in self.cards:
                    raise GameDataError("cards.toml", f"card {c.id}", "id used twice")
                self.cards[cid] = CardDef(
                    cid, c.name, c.deck, c.type, c.cost, c.text,
                    tuple(Effect(f.do, f.n, f.mod, f.fail, tuple(f.units), f.filter, f.name)
                          for f in c.effects),
                    tuple(c.requires), c.permanent, c.reinforcement, c.sudden_death,
                )  # fmt: skip
                self.decks[c.deck].append(cid)

    def _load_chits(self) -> None:
        raw = self._raw("chits.toml")
        self.chits: dict[str, ChitDef] = {}
        for i, e in enumerate(raw.get("chit", [])):
            c = model(ChitEntry, e, "chits.toml", f"chit {e.get('name', i)}")
            if c.side not in self.roles:
                raise GameDataError("chits.toml", f"chit {c.name}", f"unknown side {c.side!r}")
            key = f"{c.side}:{c.name}"
            if key in self.chits:
                raise GameDataError("chits.toml", f"chit {c.name}", "defined twice for a side")
            self.chits[key] = ChitDef(
                key, c.side, c.count, c.extra, c.kind, c.add_if, c.extra_if, c.redraw_if,
                c.void_if,
                tuple(ChitEffect(f.side, f.kind, f.mod, f.fail, f.chooser, f.filter)
                      for f in c.effects),
                c.text,
            )  # fmt: skip

    def _load_setup(self) -> None:
        raw = self._raw("setup.toml")
        self.setup_rps: dict[str, dict[str, int]] = {}
        for role in self.roles:
            rps = raw.get("rp", {}).get(role, {})
            check_names("setup.toml", f"rp.{role}", rps, self.areas, "area")
            self.setup_rps[role] = {k: int(v) for k, v in rps.items()}
        self.settings: dict[str, Any] = dict(raw.get("settings", {}))
