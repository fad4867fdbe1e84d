"""Commanders' printed components, loaded once from data/*.toml and checked on load.

Everything the hot path needs is derived here once: adjacency, bombardment lines,
the modifier table as nested tuples, the unit catalogue.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from warroom.engine import GameDataError
from warroom.kit.data import check_names, data_path, model, read

PKG = "warroom.games.commanders"
SIDES = ("white", "black")
TYPES = ("infantry", "cavalry", "artillery")
INF, CAV, ART = 0, 1, 2
ARMY = (20, 8, 2)
"""Units of each type in each army of the named set-ups: 20 infantry, 8 cavalry, 2 artillery."""
BOX = (30, 12, 4)
"""Units of each type of one colour in the box: a custom army's mix is agreed within these."""
PER_SIDE = sum(ARMY)
"""Units in an army (30 in every set-up: a custom one only changes the mix)."""
N_UNITS = 2 * PER_SIDE
NO_MOD = None
"""A table cell for a form of attack the unit does not have (printed as '-')."""

# ----- pydantic models of the files ---------------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RulesFile(_Strict):
    sector_capacity: int = Field(gt=0)
    border_limit: int = Field(gt=0)
    zone_spaces: int = Field(gt=0)
    orders: int = Field(gt=0)
    rounds: int = Field(gt=0)
    victory_points: int = Field(gt=0)
    vp_pool: int = Field(ge=0)
    success_above: int
    fast_ranged: int
    spent: int
    reaction: int
    bombard_range_1: int
    bombard_range_2: int
    artillery_token: int
    capture_vp_infantry: int
    capture_vp_cavalry: int
    capture_vp_artillery: int
    command_vp: int
    morale: int = Field(gt=0)
    forest_border_limit: int = Field(gt=0)
    river_border_limit: int = Field(gt=0)
    road_moves: int = Field(ge=0)
    forest_ranged: int
    forest_melee: int
    uphill_melee: int
    downhill_melee: int
    river_melee: int
    building_attack: int


class SectorEntry(_Strict):
    id: str
    row: int
    col: int
    name: dict[Literal["A", "B"], str]
    reserve: Literal["white", "black"] | None = None


class ObjectiveEntry(_Strict):
    side: Literal["white", "black"]
    kind: Literal["general", "flag", "rose"]
    sector: str
    vp: int = Field(gt=0)


class MarkerEntry(_Strict):
    kind: Literal["general", "flag", "rose"]
    vp: int = Field(gt=0)
    count: int = Field(1, gt=0)
    """How many of this marker each colour has in the box."""


class BorderTerrain(_Strict):
    a: str
    b: str
    features: list[Literal["river", "bridge", "road"]]


class TerrainSide(_Strict):
    sectors: dict[str, list[Literal["forest", "hill", "building"]]] = {}
    borders: list[BorderTerrain] = []


class BoardFile(_Strict):
    sector: list[SectorEntry]
    objective: list[ObjectiveEntry]
    marker: list[MarkerEntry]
    terrain: dict[Literal["A", "B"], TerrainSide]


class Composition(_Strict):
    infantry: int = Field(0, ge=0)
    cavalry: int = Field(0, ge=0)
    artillery: int = Field(0, ge=0)

    def counts(self) -> tuple[int, int, int]:
        return (self.infantry, self.cavalry, self.artillery)


class SetupEntry(_Strict):
    title: str
    description: str = ""
    right: Composition
    centre: Composition
    left: Composition
    reserve: Composition
    black_swaps_wings: bool = False
    custom: bool = False


Cell = tuple[int | None, int | None]


class ModifierFile(_Strict):
    columns: list[str]
    rows: dict[str, list[tuple[int | Literal["-"], int | Literal["-"]]]]


# ----- the derived, frozen board ------------------------------------------------------------

ROW_NAMES = (
    "attacking-infantry",
    "attacking-cavalry",
    "attacking-artillery",
    "square",
    "passive-infantry",
    "passive-cavalry",
    "passive-artillery",
)
COL_NAMES = (*ROW_NAMES, "routed", "none")
COL_ROUTED = 7
COL_NONE = 8


@dataclass(frozen=True, slots=True)
class Terrain:
    forest: frozenset[int]
    hill: frozenset[int]
    building: frozenset[int]
    river: frozenset[tuple[int, int]]
    bridge: frozenset[tuple[int, int]]
    road: frozenset[tuple[int, int]]

    def sector_features(self, s: int) -> list[str]:
        return [
            name
            for name, group in (
                ("forest", self.forest),
                ("hill", self.hill),
                ("building", self.building),
            )
            if s in group
        ]

    def border_features(self, a: int, b: int) -> list[str]:
        key = (min(a, b), max(a, b))
        return [
            name
            for name, group in (("river", self.river), ("bridge", self.bridge), ("road", self.road))
            if key in group
        ]


@dataclass(frozen=True, slots=True)
class Setup:
    id: str
    title: str
    description: str
    right: tuple[int, int, int]
    centre: tuple[int, int, int]
    left: tuple[int, int, int]
    reserve: tuple[int, int, int]
    black_swaps_wings: bool
    custom: bool


@dataclass(frozen=True, slots=True)
class Objective:
    side: int
    kind: str
    sector: int
    vp: int


@dataclass(frozen=True, slots=True)
class Data:
    rules: RulesFile
    ids: tuple[str, ...]
    index: dict[str, int]
    names: dict[str, tuple[str, ...]]
    rows: tuple[int, ...]
    cols: tuple[int, ...]
    reserve_of: tuple[int, int]
    """Sector index of each side's reserve."""
    home: tuple[tuple[int, ...], tuple[int, ...]]
    """Each side's home row (the three sectors next to its reserve)."""
    adj: tuple[tuple[int, ...], ...]
    lines: tuple[
        tuple[tuple[tuple[int, int, int], ...], ...], tuple[tuple[tuple[int, int, int], ...], ...]
    ]
    """lines[side][sector]: (target, range, sector in between or -1) for bombardment."""
    distance: tuple[tuple[int, ...], ...]
    objectives_a: tuple[Objective, ...]
    markers: tuple[tuple[str, int], ...]
    """Each kind of objective marker (kind, VP), in the box's order."""
    marker_box: tuple[int, ...]
    """How many of each marker one colour has."""
    terrain: dict[str, Terrain]
    setups: dict[str, Setup]
    table: tuple[tuple[Cell, ...], ...]
    """table[row][col] = (ranged, melee); None where that attack does not exist."""
    battle: tuple[int, ...]


def _load_rules() -> RulesFile:
    return model(RulesFile, read(data_path(PKG, "rules.toml")), "rules.toml", "(top)")


def _load_table() -> tuple[tuple[Cell, ...], ...]:
    raw = model(ModifierFile, read(data_path(PKG, "modifiers.toml")), "modifiers.toml", "(top)")
    if tuple(raw.columns) != COL_NAMES:
        raise GameDataError("modifiers.toml", "columns", f"expected {list(COL_NAMES)}")
    rows: list[tuple[Cell, ...]] = []
    for name in ROW_NAMES:
        if name not in raw.rows:
            raise GameDataError("modifiers.toml", f"rows.{name}", "missing row")
        cells = raw.rows[name]
        width = len(COL_NAMES) if name.startswith("attacking") else 3
        if len(cells) != width:
            raise GameDataError("modifiers.toml", f"rows.{name}", f"expected {width} cells")
        row: list[Cell] = []
        for r, m in cells:
            row.append((None if r == "-" else r, None if m == "-" else m))
        while len(row) < len(COL_NAMES):
            row.append((None, None))  # a defender never faces a routed unit or nobody
        rows.append(tuple(row))
    extra = set(raw.rows) - set(ROW_NAMES)
    if extra:
        raise GameDataError("modifiers.toml", f"rows.{sorted(extra)[0]}", "unknown row")
    return tuple(rows)


def _setups() -> dict[str, Setup]:
    raw = read(data_path(PKG, "setups.toml"))
    out: dict[str, Setup] = {}
    for key, entry in raw.items():
        s = model(SetupEntry, entry, "setups.toml", key)
        parts = (s.right, s.centre, s.left, s.reserve)
        if not s.custom:
            total = tuple(sum(p.counts()[t] for p in parts) for t in range(3))
            if total != ARMY:
                raise GameDataError(
                    "setups.toml", key, f"the army must be {ARMY} (inf, cav, art), got {total}"
                )
            for wing, p in zip(("right", "centre", "left"), parts, strict=False):
                if sum(p.counts()) > 6:
                    raise GameDataError("setups.toml", f"{key}.{wing}", "more than 6 units")
        out[key] = Setup(
            key,
            s.title,
            s.description,
            s.right.counts(),
            s.centre.counts(),
            s.left.counts(),
            s.reserve.counts(),
            s.black_swaps_wings,
            s.custom,
        )
    return out


@cache
def load() -> Data:
    rules = _load_rules()
    board = model(BoardFile, read(data_path(PKG, "board.toml")), "board.toml", "(top)")
    ids = tuple(s.id for s in board.sector)
    if len(set(ids)) != len(ids):
        raise GameDataError("board.toml", "sector", "duplicate sector id")
    index = {sid: i for i, sid in enumerate(ids)}
    battle = tuple(i for i, s in enumerate(board.sector) if s.reserve is None)
    if len(battle) != 9:
        raise GameDataError("board.toml", "sector", f"expected 9 battle sectors, got {len(battle)}")
    reserves = {s.reserve: i for i, s in enumerate(board.sector) if s.reserve}
    if set(reserves) != {"white", "black"}:
        raise GameDataError("board.toml", "sector", "expected one reserve per side")
    reserve_of = (reserves["white"], reserves["black"])
    rows = tuple(s.row for s in board.sector)
    cols = tuple(s.col for s in board.sector)
    grid = {(rows[i], cols[i]): i for i in battle}
    home = (
        tuple(sorted((i for i in battle if rows[i] == 0), key=lambda i: cols[i])),
        tuple(sorted((i for i in battle if rows[i] == 2), key=lambda i: cols[i])),
    )
    adj: list[list[int]] = [[] for _ in ids]
    for i in battle:
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            j = grid.get((rows[i] + dr, cols[i] + dc))
            if j is not None:
                adj[i].append(j)
    for side in (0, 1):
        r = reserve_of[side]
        for h in home[side]:
            adj[r].append(h)
            adj[h].append(r)
    # bombardment lines: forward (towards the enemy), left and right; range 1 or 2 straight
    lines: list[list[tuple[tuple[int, int, int], ...]]] = [[], []]
    for side in (0, 1):
        fwd = 1 if side == 0 else -1
        for i in range(len(ids)):
            out: list[tuple[int, int, int]] = []
            if i in battle:
                for dr, dc in ((fwd, 0), (0, 1), (0, -1)):
                    j = grid.get((rows[i] + dr, cols[i] + dc))
                    if j is None:
                        continue
                    out.append((j, 1, -1))
                    k = grid.get((rows[i] + 2 * dr, cols[i] + 2 * dc))
                    if k is not None:
                        out.append((k, 2, j))
            lines[side].append(tuple(sorted(out)))
    # movement distance (for advanced ordering by distance)
    n = len(ids)
    dist = [[99] * n for _ in range(n)]
    for a in range(n):
        dist[a][a] = 0
        frontier = [a]
        while frontier:
            nxt = []
            for x in frontier:
                for y in adj[x]:
                    if dist[a][y] == 99:
                        dist[a][y] = dist[a][x] + 1
                        nxt.append(y)
            frontier = nxt
    objectives: list[Objective] = []
    for k, o in enumerate(board.objective):
        check_names("board.toml", f"objective[{k}]", [o.sector], index, "sector")
        objectives.append(Objective(SIDES.index(o.side), o.kind, index[o.sector], o.vp))
    terrain: dict[str, Terrain] = {}
    for side_name, t in board.terrain.items():
        groups: dict[str, set[int]] = {"forest": set(), "hill": set(), "building": set()}
        for sid, feats in t.sectors.items():
            check_names("board.toml", f"terrain.{side_name}.sectors", [sid], index, "sector")
            if index[sid] not in battle:
                raise GameDataError("board.toml", f"terrain.{side_name}", f"{sid} is a reserve")
            for f in feats:
                groups[f].add(index[sid])
        bgroups: dict[str, set[tuple[int, int]]] = {"river": set(), "bridge": set(), "road": set()}
        for k, b in enumerate(t.borders):
            entry = f"terrain.{side_name}.borders[{k}]"
            check_names("board.toml", entry, [b.a, b.b], index, "sector")
            ia, ib = index[b.a], index[b.b]
            if ib not in adj[ia]:
                raise GameDataError("board.toml", entry, f"{b.a} and {b.b} do not touch")
            if "bridge" in b.features and "river" not in b.features:
                raise GameDataError("board.toml", entry, "a bridge needs a river")
            for feat in b.features:
                bgroups[feat].add((min(ia, ib), max(ia, ib)))
        terrain[side_name] = Terrain(
            frozenset(groups["forest"]),
            frozenset(groups["hill"]),
            frozenset(groups["building"]),
            frozenset(bgroups["river"]),
            frozenset(bgroups["bridge"]),
            frozenset(bgroups["road"]),
        )
    names = {side: tuple(s.name.get(side, s.id) for s in board.sector) for side in ("A", "B")}
    # side B turned round (its second orientation): every sector changes place with the one
    # opposite it through the centre, so the terrain faces the other army
    turn = _turned(rows, cols, reserve_of)
    if "B" in terrain:
        tb = terrain["B"]
        terrain["B2"] = Terrain(
            frozenset(turn[s] for s in tb.forest),
            frozenset(turn[s] for s in tb.hill),
            frozenset(turn[s] for s in tb.building),
            *(
                frozenset((min(turn[a], turn[b]), max(turn[a], turn[b])) for a, b in group)
                for group in (tb.river, tb.bridge, tb.road)
            ),
        )
    names["B2"] = tuple(
        names["B"][i if i in reserve_of else turn[i]] for i in range(len(ids))
    )  # each army keeps its own reserve's name
    return Data(
        rules=rules,
        ids=ids,
        index=index,
        names=names,
        rows=rows,
        cols=cols,
        reserve_of=reserve_of,
        home=home,
        adj=tuple(tuple(sorted(a)) for a in adj),
        lines=(tuple(lines[0]), tuple(lines[1])),
        distance=tuple(tuple(d) for d in dist),
        objectives_a=tuple(objectives),
        markers=tuple((m.kind, m.vp) for m in board.marker),
        marker_box=tuple(m.count for m in board.marker),
        terrain=terrain,
        setups=_setups(),
        table=_load_table(),
        battle=battle,
    )


def _turned(
    rows: tuple[int, ...], cols: tuple[int, ...], reserve_of: tuple[int, int]
) -> tuple[int, ...]:
    """Each sector's counterpart when the board is turned round (a half turn)."""
    where = {(r, c): i for i, (r, c) in enumerate(zip(rows, cols, strict=True))}
    out = []
    for i, (r, c) in enumerate(zip(rows, cols, strict=True)):
        if i in reserve_of:
            out.append(reserve_of[1 - reserve_of.index(i)])
        else:
            out.append(where[(2 - r, 2 - c)])
    return tuple(out)


Mix = tuple[int, int, int]
"""An army's infantry, cavalry and artillery."""


@dataclass(frozen=True, slots=True)
class Catalogue:
    """The units of a game: both armies' mixes, each unit's type and id (``w-i1`` ...).

    Units are numbered 0..59, white 0..29 and black 30..59; within a side infantry first,
    then cavalry, then artillery. The named set-ups use 20/8/2; a custom set-up may agree
    another mix, so the type and id of a unit number belong to the game, not the module."""

    mix: tuple[Mix, Mix]
    utype: tuple[int, ...]
    uid: tuple[str, ...]
    uindex: dict[str, int]
    first: tuple[Mix, Mix]
    """The first unit number of each type, per side."""


@cache
def catalogue(white: Mix = ARMY, black: Mix = ARMY) -> Catalogue:
    utype: list[int] = []
    uid: list[str] = []
    first: list[Mix] = []
    for side, mix in enumerate((white, black)):
        if sum(mix) != PER_SIDE:
            raise ValueError(f"an army has {PER_SIDE} units, not {sum(mix)} {mix}")
        base = side * PER_SIDE
        first.append((base, base + mix[0], base + mix[0] + mix[1]))
        for t in range(3):
            for k in range(mix[t]):
                utype.append(t)
                uid.append(f"{'wb'[side]}-{'ica'[t]}{k + 1}")
    return Catalogue(
        (white, black),
        tuple(utype),
        tuple(uid),
        {x: u for u, x in enumerate(uid)},
        (first[0], first[1]),
    )


STANDARD = catalogue()
UTYPE = STANDARD.utype
"""The types of the named set-ups' units (a game's own are ``CmdState.ut``)."""
USIDE = tuple(u // PER_SIDE for u in range(N_UNITS))
UID = STANDARD.uid
UINDEX = STANDARD.uindex
ALL_IDS = tuple(f"{s}-{'ica'[t]}{k + 1}" for s in "wb" for t in range(3) for k in range(BOX[t]))
"""Every unit id any army may use (a custom mix within the box)."""


def side_units(side: int) -> range:
    return range(side * PER_SIDE, (side + 1) * PER_SIDE)


def describe_data() -> dict[str, Any]:
    """A small summary for tests and docs."""
    d = load()
    return {"sectors": list(d.ids), "setups": sorted(d.setups)}
