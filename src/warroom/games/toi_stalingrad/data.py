"""The printed parts of the campaign as data: scenarios, the Campaign Phase Table, the
Resource Acquisitions Table. Loaded once and checked; every error names file and entry."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from warroom.engine.errors import GameDataError
from warroom.kit.data import data_path, model, read

TYPES = ("ammunition", "morale", "supply")
"""The three command types, in the column order of the Campaign Phase Table."""
SIDES = ("german", "soviet")
DIVISIONS = ("div1", "div2")
EFFECTS = {
    "ammunition": {"unarmed", "none", "replace-infantry", "halve"},
    "morale": {"elite-cut", "none", "advanced-division", "halve"},
    "supply": {"starving", "none", "objective", "halve"},
}
KINDS = (
    "veteran",
    "hex",
    "base",
    "figure",
    "specialization",
    "remove-unarmed",
    "armor",
    "card",
    "deck",
)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Objective(_Strict):
    id: str
    name: str


class Armor(_Strict):
    german: list[Literal["div1", "div2"]] = []
    soviet: list[Literal["div1", "div2"]] = []


class Restrictions(_Strict):
    """Unarmed restrictions a scenario's own set-up places on each side's squads."""

    german: int = Field(0, ge=0, le=20)
    soviet: int = Field(0, ge=0, le=20)


class Scenario(_Strict):
    id: str
    number: int = Field(ge=1, le=4)
    title: str
    advanced_hexes: int = Field(ge=0, le=20)
    initiative: Literal["german", "soviet"]
    sig33b: bool
    armor: Armor
    unarmed: Restrictions = Field(default_factory=lambda: Restrictions(german=0, soviet=0))
    objectives: list[Objective] = Field(min_length=1)


class Limits(_Strict):
    max_command: int = Field(99, ge=10, le=99)
    max_cvp: int = Field(99, ge=1, le=99)
    starting_tokens: int = Field(2, ge=0, le=10)


class Cell(_Strict):
    effect: str
    remove: int = Field(ge=0)
    tokens: int = Field(ge=0)
    text: str


class Row(_Strict):
    id: str
    low: int = Field(ge=0)
    high: int
    exhausted: bool = False
    """The row of a type that has (nearly) run out: the forfeit-0-2 option takes what is left."""
    ammunition: Cell
    morale: Cell
    supply: Cell

    def cell(self, kind: str) -> Cell:
        cell: Cell = getattr(self, kind)
        return cell


class Cost(_Strict):
    ammunition: int = Field(0, ge=0)
    morale: int = Field(0, ge=0)
    supply: int = Field(0, ge=0)
    any: int = Field(0, ge=0)

    @property
    def fixed(self) -> tuple[int, int, int]:
        return (self.ammunition, self.morale, self.supply)


class Item(_Strict):
    id: str
    name: str
    kind: str
    cost: Cost
    targets: list[str] = ["-"]
    holes: int = Field(0, ge=0, le=4)
    figures: list[str] = []
    units: dict[str, str] = {}
    limit: int = Field(0, ge=0)
    barred_by_sig33b: bool = False

    def unit(self, side: str) -> str:
        return self.units.get(side, self.name)


@dataclass(frozen=True, eq=False)
class CampaignData:
    limits: Limits
    scenarios: tuple[Scenario, ...]
    rows: tuple[Row, ...]
    items: dict[str, Item]

    def row(self, command: int) -> Row:
        for r in self.rows:
            if r.low <= command <= r.high:
                return r
        raise ValueError(f"no Campaign Phase Table row for {command} command")


@cache
def load() -> CampaignData:
    """The game's own data files, read once."""
    pkg = __package__ or "warroom.games.toi_stalingrad"
    return load_from(data_path(pkg, "campaign.toml").parent)


MAX_FILE = 64 * 1024
"""The largest campaign file a player may load, in bytes (ours is under 3 KB)."""
NAME_MARK = "# warroom-file:"
"""A first line ``# warroom-file: NAME`` names the file a campaign text came from (the CLI and
the browser add it), so errors name the player's own file; TOML reads it as a comment."""
KNOWN_KEYS = {"limits", "scenario"}


def _campaign(camp: Any, camp_file: str) -> tuple[Limits, tuple[Scenario, ...]]:
    """The campaign part (limits and the four scenarios), checked, errors naming the file."""
    if not isinstance(camp, dict):
        raise GameDataError(camp_file, "(file)", "is not a table")
    for key in camp:
        if key not in KNOWN_KEYS:
            raise GameDataError(
                camp_file, key, "unknown key: a campaign file has [limits] and [[scenario]]"
            )
    limits = model(Limits, camp.get("limits", {}), camp_file, "[limits]")
    raw_scenarios = camp.get("scenario", [])
    if not isinstance(raw_scenarios, list):
        raise GameDataError(camp_file, "scenario", "write the scenarios as [[scenario]] tables")
    scenarios = tuple(
        model(Scenario, raw, camp_file, _entry(raw, i)) for i, raw in enumerate(raw_scenarios)
    )
    if [s.number for s in scenarios] != [1, 2, 3, 4]:
        found = ", ".join(str(s.number) for s in scenarios) or "none"
        raise GameDataError(
            camp_file,
            "[[scenario]]",
            f"needs scenarios numbered 1, 2, 3, 4 in order (found {found})",
        )
    seen: set[str] = set()
    for i, s in enumerate(scenarios):
        if s.id in seen:
            raise GameDataError(camp_file, _entry(s.id, i), "two scenarios share this id")
        seen.add(s.id)
        ids = [o.id for o in s.objectives]
        if len(set(ids)) != len(ids):
            raise GameDataError(camp_file, _entry(s.id, i), "two objectives share an id")
    return limits, scenarios


def _entry(raw: Any, i: int) -> str:
    name = raw.get("id") if isinstance(raw, dict) else raw if isinstance(raw, str) else None
    return f"scenario {i + 1}" + (f" ({name})" if isinstance(name, str) and name else "")


def file_name(text: str) -> str:
    """The file a campaign text came from (its ``# warroom-file:`` line), else a generic name."""
    first = text.split("\n", 1)[0].strip()
    if first.startswith(NAME_MARK):
        return first[len(NAME_MARK) :].strip() or "campaign file"
    return "campaign file"


def named(text: str, name: str) -> str:
    """The text as the ``campaign`` option carries it: a first line naming its file."""
    clean = name.replace("\n", " ").strip() or "campaign file"
    return f"{NAME_MARK} {clean}\n{text}"


@lru_cache(maxsize=32)
def load_campaign_text(text: str) -> CampaignData:
    """A player's own campaign file (the text of a campaign.toml) with the printed tables.

    Raises GameDataError naming the file (its ``# warroom-file:`` line), the entry and the
    problem; refuses a file over ``MAX_FILE`` bytes."""
    name = file_name(text)
    size = len(text.encode("utf-8"))
    if size > MAX_FILE:
        raise GameDataError(
            name, "(file)", f"is {size:,} bytes; a campaign file may have at most {MAX_FILE:,}"
        )
    first, _, rest = text.partition("\n")
    body = rest if first.strip().startswith(NAME_MARK) else text  # lines as in the player's file
    try:
        camp = tomllib.loads(body)
    except tomllib.TOMLDecodeError as exc:
        raise GameDataError(name, "(syntax)", str(exc)) from None
    limits, scenarios = _campaign(camp, name)
    base = load()
    return CampaignData(limits, scenarios, base.rows, base.items)


def load_from(folder: Path) -> CampaignData:
    """Read and check campaign.toml and tables.toml in ``folder`` (a corrected copy, say)."""
    camp_file, table_file = "campaign.toml", "tables.toml"
    limits, scenarios = _campaign(read(folder / camp_file), camp_file)
    tables = read(folder / table_file)
    rows = tuple(
        model(
            Row, raw, table_file, f"row {raw.get('id', i + 1) if isinstance(raw, dict) else i + 1}"
        )
        for i, raw in enumerate(tables.get("row", []))
    )
    expect = 0
    for r in rows:
        if r.low != expect or r.high < r.low:
            raise GameDataError(
                table_file, f"row {r.id}", f"must start at {expect} and not be empty"
            )
        expect = r.high + 1
        for kind in TYPES:
            if r.cell(kind).effect not in EFFECTS[kind]:
                raise GameDataError(
                    table_file, f"row {r.id} {kind}", f"unknown effect {r.cell(kind).effect!r}"
                )
    if expect <= limits.max_command:
        raise GameDataError(table_file, "[[row]]", f"rows stop at {expect - 1} command")
    items: dict[str, Item] = {}
    for i, raw in enumerate(tables.get("item", [])):
        name = raw.get("id", f"item {i + 1}") if isinstance(raw, dict) else f"item {i + 1}"
        item = model(Item, raw, table_file, f"item {name}")
        if item.kind not in KINDS:
            raise GameDataError(table_file, f"item {item.id}", f"unknown kind {item.kind!r}")
        if item.id in items:
            raise GameDataError(table_file, f"item {item.id}", "defined twice")
        if item.kind == "figure" and item.holes == 0:
            raise GameDataError(table_file, f"item {item.id}", "a figure must fill holes")
        if item.figures and len(item.figures) != item.holes:
            raise GameDataError(table_file, f"item {item.id}", "figures must fill exactly `holes`")
        if (
            item.kind == "figure"
            and not item.figures
            and (item.holes != 1 or item.targets == ["-"])
        ):
            raise GameDataError(
                table_file,
                f"item {item.id}",
                "a figure item lists its figures or names one by target",
            )
        if item.kind in ("hex", "base", "armor") and item.targets != list(DIVISIONS):
            raise GameDataError(table_file, f"item {item.id}", "must target div1 and div2")
        if item.kind == "veteran" and item.targets != list(TYPES):
            raise GameDataError(table_file, f"item {item.id}", "must target the command types")
        items[item.id] = item
    return CampaignData(limits, scenarios, rows, items)
