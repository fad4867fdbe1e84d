"""The game contract: what every game module provides, and the small values it trades in.

A game is a state machine that prompts. The engine owns the loop (Match);
a game fills in these hooks. Actions are small tuples of str/int that are also
JSON lists. ``apply`` mutates the state it is given and is only ever called
with an action that ``legal_actions`` listed, so games never re-validate.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from mypy_extensions import mypyc_attr

from warroom.engine.errors import BadOption, BadScenario, excerpt
from warroom.engine.rng import Rng, Seed

Action = tuple[Any, ...]
"""An action: a tuple of str, int or nested tuples, e.g. ("move", "48pz", "Rossosh")."""

Event = dict[str, Any]
"""A structured log entry: {"kind": ..., ids involved ...}. A "to" key (list of roles)
makes it private to those roles; without it every role and observer sees it."""

OptionValue = bool | int | str


def to_action(value: Any) -> Action:
    """Turn a JSON list (or tuple) into an action tuple, recursively."""
    if isinstance(value, (list, tuple)):
        return tuple(to_action(v) if isinstance(v, (list, tuple)) else v for v in value)
    raise TypeError(
        f"an action is a list or tuple, got {type(value).__name__}: {excerpt(repr(value))}"
    )


def action_json(action: Action) -> list[Any]:
    return [action_json(v) if isinstance(v, tuple) else v for v in action]


@dataclass(frozen=True, slots=True)
class ScenarioSpec:
    id: str
    title: str
    description: str = ""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game: a boolean switch, an int, or a choice among strings."""

    key: str
    default: OptionValue
    help: str = ""
    choices: tuple[OptionValue, ...] = ()
    low: int | None = None
    high: int | None = None
    file: str = ""
    """For a string option that holds a file's text: the file types a client offers (".toml")."""
    label: str = ""
    """The option's name for people, a short phrase ("Hard Mode", "Row 0-2 forfeits the command
    left"): the lobby's label. Empty: the key in words (a key such as ``forfeit-0-2`` reads
    badly that way, so every game of the project names its options)."""

    @property
    def name(self) -> str:
        """``label``, or the key in words when the game gives none."""
        return self.label or self.key.replace("-", " ").replace("_", " ").capitalize()

    def check(self, value: Any) -> OptionValue:
        """Coerce a value from the command line or JSON, or raise BadOption naming what is allowed."""
        kind = type(self.default)
        if kind is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("1", "true", "yes", "on"):
                return True
            if isinstance(value, str) and value.lower() in ("0", "false", "no", "off"):
                return False
            raise BadOption(f"option {self.key!r} is true or false, got {excerpt(repr(value))}")
        if kind is int:
            try:
                number = int(value)
            except (TypeError, ValueError):
                raise BadOption(
                    f"option {self.key!r} is a whole number, got {excerpt(repr(value))}"
                ) from None
            if (self.low is not None and number < self.low) or (
                self.high is not None and number > self.high
            ):
                raise BadOption(
                    f"option {self.key!r} must be between {self.low} and {self.high}, got {number}"
                )
            return number
        text = str(value)
        if self.choices and text not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise BadOption(
                f"option {self.key!r} must be one of {allowed}; got {excerpt(repr(text))}"
            )
        return text


@dataclass(frozen=True, slots=True)
class Prompt:
    """What a role is asked now: a short text and every legal action, with labels for people."""

    role: str
    text: str
    actions: tuple[Action, ...]
    labels: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "role": self.role,
            "text": self.text,
            "actions": [action_json(a) for a in self.actions],
            "labels": list(self.labels),
        }


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game."""

    winner: str | None
    points: Mapping[str, float] = field(default_factory=dict)
    level: str = ""
    summary: str = ""

    @property
    def draw(self) -> bool:
        return self.winner is None

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "draw": self.draw,
            "points": dict(self.points),
            "level": self.level,
            "summary": self.summary,
        }


def declared_fields(cls: type) -> tuple[str, ...]:
    """The attributes ``cls`` itself declares, in the order of its ``__slots__``. A class
    compiled by mypyc has no ``__slots__``: it lists its attributes, its bases' too, in
    ``__mypyc_attrs__``; there, its own are taken in sorted order, which is the order in which
    the compiled states declare their slots, so both forms give the same snapshot
    (tests/engine/test_compiled.py)."""
    d = cls.__dict__
    slots = d.get("__slots__")
    if slots is not None:
        return (slots,) if isinstance(slots, str) else tuple(slots)
    attrs = d.get("__mypyc_attrs__")
    if attrs is None:
        return ()
    inherited = {a for b in cls.__mro__[1:] for a in b.__dict__.get("__mypyc_attrs__", ())}
    return tuple(sorted(a for a in attrs if a not in inherited and not a.startswith("__")))


def slot_state(obj: Any) -> tuple[None, dict[str, Any]]:
    """What pickling keeps of a slotted object (its ``__getstate__``): every attribute it has,
    in the form Python gives a slotted object, the same whether the class is compiled
    (mypyc: setup.py) or not, so that a state saved by either form loads in the other."""
    out = dict(getattr(obj, "__dict__", {}))
    for cls in type(obj).__mro__:
        for k in declared_fields(cls):
            if k not in ("__weakref__", "__dict__") and hasattr(obj, k):
                out[k] = getattr(obj, k)
    return (None, out)


def set_slot_state(obj: Any, state: Any) -> None:
    """``slot_state``'s reverse (the object's ``__setstate__``); also takes a plain dict."""
    parts = state if isinstance(state, tuple) else (state,)
    for part in parts:
        for k, v in (part or {}).items():
            setattr(obj, k, v)


@mypyc_attr(allow_interpreted_subclasses=True)
class State:
    """Base of every game state: the generator, the events of the last step, a reveal counter.

    ``reveals`` goes up whenever the game shows a role something it did not
    know (a card drawn, orders revealed, a chit pulled): undo never goes back
    past a reveal or a roll of the dice. ``events`` collects the log entries
    of the step being applied; the Match drains it after every action, so a
    clone starts with an empty list and AI search never pays for the log.
    """

    __slots__ = ("events", "reveals", "rng")

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.events: list[Event] = []
        self.reveals = 0

    def __getstate__(self) -> Any:
        return slot_state(self)

    def __setstate__(self, state: Any) -> None:
        set_slot_state(self, state)

    def _copy_base(self, other: State) -> None:
        """For clone(): copy the base fields of ``other`` into self (events start empty)."""
        self.rng = other.rng.copy()
        self.events = []
        self.reveals = other.reveals

    def log(self, kind: str, **data: Any) -> None:
        data["kind"] = kind
        self.events.append(data)

    def log_private(self, roles: Sequence[str], kind: str, **data: Any) -> None:
        data["kind"] = kind
        data["to"] = list(roles)
        self.events.append(data)


S = TypeVar("S", bound=State)


def plain(obj: Any) -> Any:
    """Plain JSON-ready data from states made of slotted objects, dataclasses and containers."""
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, (list, tuple)):
        return [plain(v) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted((plain(v) for v in obj), key=repr)
    if isinstance(obj, dict):
        return {str(k): plain(v) for k, v in sorted(obj.items(), key=lambda kv: repr(kv[0]))}
    if isinstance(obj, Rng):
        return {"rng": obj.s}
    out: dict[str, Any] = {"__type__": type(obj).__name__}
    if hasattr(obj, "__dict__"):
        for k, v in vars(obj).items():
            out[k] = plain(v)
    for cls in type(obj).__mro__:
        for k in declared_fields(cls):
            if k in ("events", "__weakref__", "__dict__"):
                continue
            if hasattr(obj, k):
                out[k] = plain(getattr(obj, k))
    return out


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC, Generic[S]):
    """A game module's declarative header and rule hooks."""

    id: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str] = "1"
    roles: ClassVar[tuple[str, ...]]
    scenarios: ClassVar[tuple[ScenarioSpec, ...]] = (ScenarioSpec("standard", "Standard"),)
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    chance: ClassVar[bool] = True
    hidden_information: ClassVar[bool] = False
    simultaneous: ClassVar[bool] = False
    max_steps: ClassVar[int] = 100_000
    """A bound no legal game reaches; fuzzers treat more steps as an endless game."""

    # ----- set-up ---------------------------------------------------------------------------
    @property
    def default_scenario(self) -> str:
        return self.scenarios[0].id

    def check_setup(
        self, scenario: str | None, options: Mapping[str, Any] | None
    ) -> tuple[str, dict[str, OptionValue]]:
        """Resolve defaults and refuse unknown scenarios and options, naming what is allowed."""
        scen = scenario or self.default_scenario
        ids = [s.id for s in self.scenarios]
        if scen not in ids:
            raise BadScenario(
                f"{self.id} has no scenario {excerpt(repr(scen))}; choose one of {', '.join(ids)}"
            )
        specs = {o.key: o for o in self.options}
        resolved: dict[str, OptionValue] = {o.key: o.default for o in self.options}
        for key, value in (options or {}).items():
            if key not in specs:
                allowed = ", ".join(specs) or "none"
                raise BadOption(
                    f"{self.id} has no option {excerpt(repr(key))}; its options are: {allowed}"
                )
            resolved[key] = specs[key].check(value)
        self.check_options(scen, resolved)
        return scen, resolved

    def check_options(self, scenario: str, options: Mapping[str, OptionValue]) -> None:
        """Hook: refuse combinations of options that cannot go together (raise BadOption)."""

    @abstractmethod
    def setup(self, scenario: str, options: Mapping[str, OptionValue], seed: Seed) -> S:
        """The first state. ``scenario`` and ``options`` are already checked; the generator
        is ``Rng.for_seed(seed)`` (a secret seed gives the cryptographic one)."""

    # ----- play -----------------------------------------------------------------------------
    @abstractmethod
    def active(self, state: S) -> tuple[str, ...]:
        """The roles that must act now (several at once for secret simultaneous choices)."""

    @abstractmethod
    def legal_actions(self, state: S, role: str) -> Sequence[Action]:
        """Every legal action of ``role`` now, in a stable order; empty if it is not active."""

    @abstractmethod
    def prompt_text(self, state: S, role: str) -> str:
        """A short question for a person: what must be decided now."""

    @abstractmethod
    def apply(self, state: S, role: str, action: Action) -> None:
        """Apply a listed action to ``state`` in place, appending events to ``state.events``."""

    @abstractmethod
    def view(self, state: S, role: str | None) -> dict[str, Any]:
        """JSON-ready: what ``role`` may see; ``None`` is an observer."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """None until the game is over."""

    @abstractmethod
    def clone(self, state: S) -> S:
        """An independent copy sharing nothing mutable with ``state``."""

    # ----- optional hooks with sensible defaults --------------------------------------------
    def explain_illegal(self, state: S, role: str, action: Action) -> str | None:
        """Why an unlisted action is not allowed, if the game can say more than 'not listed'."""
        return None

    def label(self, state: S, role: str, action: Action) -> str:
        """A person's words for an action."""
        return " ".join(str(part) for part in action)

    def describe_event(self, event: Event) -> str:
        """A person's words for a log entry."""
        parts = [f"{k}={v}" for k, v in event.items() if k not in ("kind", "to")]
        return f"{event['kind']}: " + ", ".join(parts) if parts else str(event["kind"])

    def role_name(self, role: str) -> str:
        """A role as a player reads it ("Axis", "German side")."""
        return role.replace("-", " ").title()

    def choice_group(self, state: S, role: str, action: Action) -> str:
        """The group of a choice when a long prompt is asked in two steps in the terminal
        (e.g. "Move a unit"); "" for the words before the first ": " of its label."""
        return ""

    log_headings: ClassVar[Mapping[str, int]] = {}
    """Log entry kinds that open a part of the log, by level: 1 a turn, round or scenario,
    2 an operation, battle or phase within it (the page and the terminal print them as
    headers, so the log reads as a report by turns)."""

    def event_heading(self, event: Event) -> int:
        """0 for an ordinary log line; 1 or 2 for one that opens a part (``log_headings``)."""
        return self.log_headings.get(event["kind"], 0)

    def render_text(self, state: S, role: str | None) -> str:
        """The board as text for the terminal (from the role's view only)."""
        import json

        return json.dumps(self.view(state, role), indent=1, default=str)

    def determinize(self, state: S, role: str, rng: Rng) -> S:
        """A state consistent with everything ``role`` knows, with the rest resampled from ``rng``.

        Search agents plan on these, so they never read what their role cannot see.
        The result must depend only on ``role``'s view and ``rng``; the future dice
        count as hidden, so the generator inside is replaced too. The default suits
        games whose only secret is the future dice.
        """
        if self.hidden_information:
            raise NotImplementedError(
                f"{self.id} has hidden information and must define determinize"
            )
        new = self.clone(state)
        new.rng = rng.fork(0x5EED)
        return new

    def report_facts(self, state: S) -> dict[str, Any]:
        """Facts about a finished game that simulation reports count, e.g. {"winter_turn": 6}.

        Values are JSON scalars: numbers are summarised as distributions, strings
        and booleans counted. The default has none.
        """
        return {}

    def snapshot(self, state: S) -> Any:
        """The whole state as plain JSON data, secrets and dice included (never sent to a role).

        Used to check that a replayed record reaches the same state, and by the
        server to check a stored snapshot against its record.
        """
        return plain(state)

    def spec(self) -> dict[str, Any]:
        """The declarative header as JSON (for clients and docs)."""
        return {
            "id": self.id,
            "title": self.title,
            "version": self.version,
            "roles": list(self.roles),
            "scenarios": [
                {"id": s.id, "title": s.title, "description": s.description} for s in self.scenarios
            ],
            "options": [
                {
                    "key": o.key,
                    "label": o.name,
                    "default": o.default,
                    "help": o.help,
                    "choices": list(o.choices),
                    "low": o.low,
                    "high": o.high,
                    "file": o.file,
                }
                for o in self.options
            ],
            "chance": self.chance,
            "hidden_information": self.hidden_information,
            "simultaneous": self.simultaneous,
        }
