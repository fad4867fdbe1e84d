"""The printed components of Campaign: Fall Blau, loaded from data/*.toml and checked once.

Every card effect is data from a small vocabulary (``EFFECTS``); every general's trait likewise
(``TRAITS``). A file with an unknown effect, an undefined name or a number out of range fails
to load with a GameDataError naming the file and the entry.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from warroom.engine.errors import GameDataError
from warroom.kit.data import check_names, model, read

DATA_DIR = Path(__file__).parent / "data"

ICONS = ("mountain", "fortress")

# effect name -> {parameter: kind}; kinds: ("int", low, high), "when", "icon", ("one of", ...), "bool"
_INT = "int"
EFFECTS: dict[str, dict[str, Any]] = {
    "supply": {"n": (_INT, 1, 10)},
    "lose_supply": {"n": (_INT, 1, 10)},
    "cubes": {"n": (_INT, 1, 6)},
    "cubes_all": {"n": (_INT, 1, 6)},
    "vp": {"n": (_INT, 1, 10)},
    "attack_dice": {"n": (_INT, 1, 6), "when": "when"},
    "special_attack": {"n": (_INT, 1, 6), "when": "when", "ignore_modifier": "bool"},
    "cancel_modifier": {"icon": "icon"},
    "ready": {},
    "exhaust": {"who": ("choice", "panzer", "all")},
    "lose_cubes": {"n": (_INT, 1, 6)},
    "counter_attack": {"n": (_INT, 1, 8), "vp": (_INT, 0, 10)},
    "reinforce": {"n": (_INT, 1, 5), "where": ("all", "most_vp")},
    "soviet_reroll": {"n": (_INT, 1, 3)},
    "counter_hit": {"on": (_INT, 2, 3), "when": "when"},
    "calendar": {"n": (_INT, 1, 2)},
}
IN_PLAY_EFFECTS = frozenset({"cancel_modifier", "soviet_reroll", "counter_hit"})
HAND_EFFECTS = frozenset(
    {
        "supply",
        "cubes",
        "cubes_all",
        "vp",
        "attack_dice",
        "special_attack",
        "cancel_modifier",
        "ready",
    }
)
STOP_EFFECTS = frozenset(EFFECTS) - {"attack_dice", "special_attack", "cubes", "ready"}
TARGETED = frozenset({"cubes", "ready", "special_attack"})

TRAITS: dict[str, dict[str, Any]] = {
    "full_dice_adjacent": {},
    "extra_die": {"n": (_INT, 1, 2), "when": "when"},
    "consolidate_cubes": {"n": (_INT, 1, 2)},
    "counter_shield": {"n": (_INT, 1, 2)},
    "ignore_modifier": {"icon": "icon"},
}

MISSION_CONDITIONS: dict[str, dict[str, Any]] = {
    "captures": {"n": (_INT, 1, 5)},
    "capture_tag": {"tag": "tag"},
    "capture_icon": {"icon": "icon"},
    "capture_counter": {},
    "supply_at_least": {"n": (_INT, 1, 10)},
    "vp_at_least": {"n": (_INT, 1, 40)},
}


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect from the vocabulary, with its parameters (unused ones keep their defaults)."""

    kind: str
    n: int = 0
    vp: int = 0
    when: str = "any"
    icon: str = ""
    who: str = ""
    where: str = ""
    on: int = 0
    tag: str = ""
    ignore_modifier: bool = False


@dataclass(frozen=True, slots=True)
class General:
    id: str
    index: int
    name: str
    army: str
    panzer: bool
    cubes: int
    trait: Effect
    text: str


@dataclass(frozen=True, slots=True)
class CampaignCard:
    id: str
    name: str
    vp: int
    cubes: int
    icons: tuple[str, ...]
    extra_cost: int
    unlocks: tuple[str, ...]
    tags: tuple[str, ...]
    start_unlocked: bool
    unless_captured: str
    cubes_if: int
    lat: float
    lon: float
    text: str


@dataclass(frozen=True, slots=True)
class EventCard:
    id: str
    name: str
    side: str
    text: str
    copies: int
    stop: bool
    in_play: bool
    hard: bool
    effects: tuple[Effect, ...]

    def effect(self, kind: str) -> Effect | None:
        for e in self.effects:
            if e.kind == kind:
                return e
        return None


@dataclass(frozen=True, slots=True)
class Mission:
    id: str
    name: str
    text: str
    condition: Effect
    vp: int
    supply: int


@dataclass(frozen=True, slots=True)
class Data:
    generals: dict[str, General]
    general_order: tuple[str, ...]
    campaigns: dict[str, CampaignCard]
    events: dict[str, EventCard]
    missions: dict[str, Mission]
    calendar: tuple[str, ...]
    red_circles: dict[int, int]
    thresholds: dict[str, tuple[int, int]]
    german_cubes: int
    soviet_cubes: int
    hand_limit: int
    draws_per_turn: int
    start_supply: int
    supply_max: int
    consolidate_cubes: int
    consolidate_supply: int
    general_lost_vp: int
    vp_track_max: int
    tags: frozenset[str]

    def deck(self, hard: bool) -> list[str]:
        """The event deck's card ids (one entry per copy), in data order."""
        out: list[str] = []
        for e in self.events.values():
            if hard or not e.hard:
                out.extend([e.id] * e.copies)
        return out


# ----- pydantic models of the files ---------------------------------------------------------
class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _CampaignFile(_Strict):
    german_cubes: int = Field(ge=1, le=40)
    soviet_cubes: int = Field(ge=1, le=40)
    hand_limit: int = Field(ge=1, le=10)
    draws_per_turn: int = Field(ge=1, le=5)
    start_supply: int = Field(ge=0, le=20)
    supply_max: int = Field(ge=1, le=20)
    consolidate_cubes: int = Field(ge=0, le=5)
    consolidate_supply: int = Field(ge=0, le=5)
    general_lost_vp: int = Field(ge=0, le=10)
    vp_track_max: int = Field(ge=10, le=60)
    calendar: list[str] = Field(min_length=1, max_length=30)
    thresholds: dict[str, dict[str, int]]
    red_circles: dict[str, int]


class _GeneralModel(_Strict):
    name: str
    army: str
    panzer: bool
    cubes: int = Field(ge=1, le=8)
    trait: dict[str, Any]
    text: str


class _ConditionModel(_Strict):
    unless_captured: str
    cubes: int = Field(ge=1, le=8)


class _CampaignModel(_Strict):
    name: str
    vp: int = Field(ge=0, le=10)
    cubes: int = Field(ge=1, le=8)
    icons: list[Literal["mountain", "fortress"]] = []
    extra_cost: int = Field(default=0, ge=0, le=3)
    unlocks: list[str] = []
    tags: list[str] = []
    start_unlocked: bool = False
    condition: _ConditionModel | None = None
    lat: float = Field(ge=35, le=60)
    lon: float = Field(ge=30, le=55)
    text: str


class _EventModel(_Strict):
    name: str
    side: Literal["german", "soviet"]
    text: str
    copies: int = Field(default=1, ge=1, le=4)
    stop: bool = False
    in_play: bool = False
    hard: bool = False
    effects: list[dict[str, Any]] = Field(min_length=1)


class _MissionModel(_Strict):
    name: str
    text: str
    condition: dict[str, Any]
    vp: int = Field(default=0, ge=0, le=5)
    supply: int = Field(default=0, ge=0, le=5)


# ----- checking the vocabulary --------------------------------------------------------------
def _parse_effect(
    raw: dict[str, Any],
    vocab: dict[str, dict[str, Any]],
    file: str,
    entry: str,
    tags: frozenset[str],
    key: str = "effect",
) -> Effect:
    if not isinstance(raw, dict) or key not in raw:
        raise GameDataError(file, entry, f"an effect needs a {key!r} key, got {raw!r}")
    kind = raw[key]
    if kind not in vocab:
        raise GameDataError(
            file, entry, f"unknown {key} {kind!r}; the vocabulary is: {', '.join(sorted(vocab))}"
        )
    params = vocab[kind]
    values: dict[str, Any] = {}
    for name, value in raw.items():
        if name == key:
            continue
        if name not in params:
            allowed = ", ".join(params) or "none"
            raise GameDataError(
                file, entry, f"{kind} has no parameter {name!r} (it takes: {allowed})"
            )
        spec = params[name]
        if isinstance(spec, tuple) and spec[0] == _INT:
            if not isinstance(value, int) or isinstance(value, bool):
                raise GameDataError(
                    file, entry, f"{kind}.{name} must be a whole number, got {value!r}"
                )
            if not spec[1] <= value <= spec[2]:
                raise GameDataError(
                    file, entry, f"{kind}.{name} = {value} is out of range {spec[1]}..{spec[2]}"
                )
        elif isinstance(spec, tuple):
            if value not in spec:
                raise GameDataError(
                    file, entry, f"{kind}.{name} must be one of {', '.join(spec)}, got {value!r}"
                )
        elif spec == "bool":
            if not isinstance(value, bool):
                raise GameDataError(file, entry, f"{kind}.{name} must be true or false")
        elif spec == "icon":
            if value not in ICONS:
                raise GameDataError(
                    file, entry, f"unknown icon {value!r}; icons: {', '.join(ICONS)}"
                )
        elif spec == "tag":
            if value not in tags:
                raise GameDataError(file, entry, f"no campaign card has the tag {value!r}")
        elif spec == "when":
            _check_when(value, file, entry, tags)
        values[name] = value
    for name, spec in params.items():
        if name not in values and spec != "bool":
            raise GameDataError(file, entry, f"{kind} needs the parameter {name!r}")
    return Effect(kind=kind, **values)


def _check_when(value: Any, file: str, entry: str, tags: frozenset[str]) -> None:
    if value in ("any", "panzer", "regular"):
        return
    if isinstance(value, str) and value.startswith("card:") and "card:" + value[5:] in tags:
        return
    if isinstance(value, str) and value.startswith("icon:") and value[5:] in ICONS:
        return
    if isinstance(value, str) and value.startswith("tag:") and value[4:] in tags:
        return
    raise GameDataError(
        file,
        entry,
        f"unknown condition {value!r}; use any, panzer, regular, icon:<icon>, tag:<a campaign tag>"
        " or card:<a campaign card>",
    )


# ----- loading ------------------------------------------------------------------------------
def _path(folder: Path | None, name: str) -> Path:
    return (folder or DATA_DIR) / name


def load(folder: Path | None = None) -> Data:
    """Load and check every data file (from ``folder``, default the package's data/)."""
    f_camp = _path(folder, "campaign.toml")
    raw_camp = read(f_camp)
    camp = model(_CampaignFile, raw_camp, f_camp.name, "(top level)")

    f_cards = _path(folder, "campaigns.toml")
    raw_cards = read(f_cards)
    cards: dict[str, CampaignCard] = {}
    cmodels: dict[str, _CampaignModel] = {}
    for cid, raw in raw_cards.items():
        cmodels[cid] = model(_CampaignModel, raw, f_cards.name, cid)
    for cid, c in cmodels.items():
        check_names(f_cards.name, cid, c.unlocks, cmodels, "campaign card")
        if c.condition:
            check_names(f_cards.name, cid, [c.condition.unless_captured], cmodels, "campaign card")
        cards[cid] = CampaignCard(
            id=cid,
            name=c.name,
            vp=c.vp,
            cubes=c.cubes,
            icons=tuple(c.icons),
            extra_cost=c.extra_cost,
            unlocks=tuple(c.unlocks),
            tags=tuple(c.tags),
            start_unlocked=c.start_unlocked,
            unless_captured=c.condition.unless_captured if c.condition else "",
            cubes_if=c.condition.cubes if c.condition else c.cubes,
            lat=c.lat,
            lon=c.lon,
            text=c.text,
        )
    if len(cards) != 15:
        raise GameDataError(
            f_cards.name, "(file)", f"the game has 15 campaign cards, found {len(cards)}"
        )
    if not any(c.start_unlocked for c in cards.values()):
        raise GameDataError(f_cards.name, "(file)", "no campaign card starts unlocked")
    tags = frozenset(t for c in cards.values() for t in c.tags)
    names = tags | {"card:" + c for c in cards}  # what a `when` condition may name

    f_gen = _path(folder, "generals.toml")
    raw_gen = read(f_gen)
    generals: dict[str, General] = {}
    for i, (gid, raw) in enumerate(raw_gen.items()):
        g = model(_GeneralModel, raw, f_gen.name, gid)
        trait = _parse_effect(g.trait, TRAITS, f_gen.name, gid, names)
        generals[gid] = General(gid, i, g.name, g.army, g.panzer, g.cubes, trait, g.text)
    if len(generals) != 5:
        raise GameDataError(f_gen.name, "(file)", f"the game has 5 generals, found {len(generals)}")
    for trio in itertools.combinations(generals.values(), 3):
        if sum(g.cubes for g in trio) > camp.german_cubes:
            trio_ids = ", ".join(g.id for g in trio)
            raise GameDataError(
                f_gen.name,
                trio_ids,
                f"these three need more than the {camp.german_cubes} grey cubes",
            )

    f_ev = _path(folder, "events.toml")
    raw_ev = read(f_ev)
    events: dict[str, EventCard] = {}
    for eid, raw in raw_ev.items():
        e = model(_EventModel, raw, f_ev.name, eid)
        effects = tuple(_parse_effect(x, EFFECTS, f_ev.name, eid, names) for x in e.effects)
        kinds = {x.kind for x in effects}
        allowed = STOP_EFFECTS if e.stop else HAND_EFFECTS
        for k in kinds - allowed:
            when = "resolved at once (stop)" if e.stop else "kept in hand"
            raise GameDataError(f_ev.name, eid, f"effect {k!r} cannot be on a card {when}")
        if bool(kinds & IN_PLAY_EFFECTS) != e.in_play:
            raise GameDataError(
                f_ev.name,
                eid,
                "in_play cards carry exactly the lasting effects "
                + ", ".join(sorted(IN_PLAY_EFFECTS)),
            )
        if len(kinds & TARGETED) + ("attack_dice" in kinds) > 1 or (
            "attack_dice" in kinds and len(kinds) > 1
        ):
            raise GameDataError(f_ev.name, eid, "a card has at most one effect that needs a target")
        sa = next((x for x in effects if x.kind == "special_attack"), None)
        if sa and sa.when in ("panzer", "regular"):
            raise GameDataError(
                f_ev.name, eid, "a special attack has no general: no panzer/regular"
            )
        if "counter_attack" in kinds and e.copies != 1:
            raise GameDataError(f_ev.name, eid, "a major counter-attack card has one copy")
        events[eid] = EventCard(
            eid, e.name, e.side, e.text, e.copies, e.stop, e.in_play, e.hard, effects
        )
    normal = sum(e.copies for e in events.values() if not e.hard)
    hard = sum(e.copies for e in events.values() if e.hard)
    if (normal, hard) != (27, 4):
        raise GameDataError(
            f_ev.name, "(file)", f"the deck is 27 cards plus 4 skull cards, found {normal} + {hard}"
        )

    f_mis = _path(folder, "missions.toml")
    raw_mis = read(f_mis)
    missions: dict[str, Mission] = {}
    for mid, raw in raw_mis.items():
        m = model(_MissionModel, raw, f_mis.name, mid)
        cond = _parse_effect(m.condition, MISSION_CONDITIONS, f_mis.name, mid, names, key="type")
        if m.vp == 0 and m.supply == 0:
            raise GameDataError(f_mis.name, mid, "a mission rewards vp or supply")
        missions[mid] = Mission(mid, m.name, m.text, cond, m.vp, m.supply)
    if len(missions) != 10:
        raise GameDataError(
            f_mis.name, "(file)", f"the game has 10 missions, found {len(missions)}"
        )

    red_circles: dict[int, int] = {}
    for box, n in camp.red_circles.items():
        if not box.isdigit() or not 1 <= int(box) <= camp.vp_track_max:
            raise GameDataError(f_camp.name, f"red_circles.{box}", "is not a box of the track")
        if not 1 <= n <= 5:
            raise GameDataError(
                f_camp.name, f"red_circles.{box}", f"{n} cubes is out of range 1..5"
            )
        red_circles[int(box)] = n
    thresholds: dict[str, tuple[int, int]] = {}
    for mode in ("standard", "missions"):
        t = camp.thresholds.get(mode)
        if not t or set(t) != {"victory", "brilliant"}:
            raise GameDataError(f_camp.name, f"thresholds.{mode}", "needs victory and brilliant")
        if not 0 < t["victory"] < t["brilliant"] <= camp.vp_track_max:
            raise GameDataError(f_camp.name, f"thresholds.{mode}", "needs 0 < victory < brilliant")
        thresholds[mode] = (t["victory"], t["brilliant"])

    # never more red cubes needed at once than the box holds: three full cards on the frontline
    # plus the largest major counter-attack
    deploys = sorted((max(c.cubes, c.cubes_if) for c in cards.values()), reverse=True)
    biggest_ca = max(
        (x.n for e in events.values() for x in e.effects if x.kind == "counter_attack"), default=0
    )
    if sum(deploys[:3]) + biggest_ca > camp.soviet_cubes:
        raise GameDataError(
            f_cards.name, "(file)", "three cards and a counter-attack need too many red cubes"
        )

    return Data(
        generals=generals,
        general_order=tuple(generals),
        campaigns=cards,
        events=events,
        missions=missions,
        calendar=tuple(camp.calendar),
        red_circles=red_circles,
        thresholds=thresholds,
        german_cubes=camp.german_cubes,
        soviet_cubes=camp.soviet_cubes,
        hand_limit=camp.hand_limit,
        draws_per_turn=camp.draws_per_turn,
        start_supply=camp.start_supply,
        supply_max=camp.supply_max,
        consolidate_cubes=camp.consolidate_cubes,
        consolidate_supply=camp.consolidate_supply,
        general_lost_vp=camp.general_lost_vp,
        vp_track_max=camp.vp_track_max,
        tags=tags,
    )


@cache
def default() -> Data:
    return load()
