"""What a simulation job is: a game, a grid of cells (scenario, options, agents), a count, a seed.

Every game of a job is a pure function of the job and the game's index: its
seed is derived from the job seed, the cell's set-up and the index inside the
cell, never from the order in which workers pick games up. So the same job
gives the same records on one core, on a process pool or on a Ray cluster.

Two cells that differ only in their agents get the same game seeds (common
random numbers), which makes comparisons between agent pairings sharper.
"""

from __future__ import annotations

import hashlib
import importlib
import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from warroom.engine import BadOption, Game, OptionValue, game

SEED_BITS = 53
"""Game seeds stay below 2**53 so they survive JSON and JavaScript unchanged."""

_MASK64 = (1 << 64) - 1


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _text_hash(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def derive_seed(job_seed: int, setup_key: str, index: int) -> int:
    """The seed of game ``index`` of a cell whose set-up is ``setup_key``, in a job seeded ``job_seed``."""
    z = _mix((job_seed & _MASK64) ^ _mix(_text_hash(setup_key)))
    z = _mix(z ^ _mix((index + 1) & _MASK64))
    return z & ((1 << SEED_BITS) - 1)


def agent_seed(game_seed: int, role_index: int) -> int:
    """The seed of the agent in seat ``role_index`` of a game: independent of the game's dice."""
    return _mix(game_seed ^ _mix(0xA6E4 + role_index)) & ((1 << SEED_BITS) - 1)


def option_text(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True, slots=True)
class Cell:
    """One combination of a job's grid: a scenario, its options, and an agent per role."""

    scenario: str
    options: tuple[tuple[str, OptionValue], ...]
    agents: tuple[str, ...]

    @property
    def options_dict(self) -> dict[str, OptionValue]:
        return dict(self.options)

    @property
    def setup_key(self) -> str:
        """Scenario and options (not agents): what the game seeds are derived from."""
        return self.scenario + "|" + ",".join(f"{k}={option_text(v)}" for k, v in self.options)

    def label(self, roles: Sequence[str], defaults: Mapping[str, OptionValue] | None = None) -> str:
        """Short words for a person: scenario, non-default options, agents."""
        opts = [
            f"{k}={option_text(v)}"
            for k, v in self.options
            if defaults is None or defaults.get(k) != v
        ]
        agents = " v ".join(self.agents) if len(roles) > 1 else self.agents[0]
        return " ".join([self.scenario, *opts, agents])

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "options": dict(self.options),
            "agents": list(self.agents),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Cell:
        return cls(
            data["scenario"],
            tuple(sorted(data["options"].items())),
            tuple(data["agents"]),
        )


@dataclass(frozen=True, slots=True)
class Job:
    """Everything that decides a simulation's records.

    ``game`` is a registered game id, or ``"module:NAME"`` for a game object
    outside the registry (tests use the toy game this way).
    """

    game: str
    cells: tuple[Cell, ...]
    games: int
    """Games per cell."""
    seed: int = 1
    keep_records: bool = False
    """Store each game's full record (actions), not only its fingerprint."""
    meta: tuple[tuple[str, str], ...] = field(default=())
    max_steps: int = 0
    """Stop a game that runs longer than this many steps (recorded as an error); 0: the
    game's own bound."""
    facts: str = ""
    """Optional ``module:function`` called as f(game, match) on each finished match: more
    report facts read from the whole log (e.g. when a card was played), added to
    ``Game.report_facts``."""

    @property
    def total(self) -> int:
        return self.games * len(self.cells)

    def task(self, index: int) -> tuple[int, Cell, int]:
        """Game ``index`` of the job: (cell number, cell, game seed)."""
        if not 0 <= index < self.total:
            raise IndexError(f"game {index} is outside this job of {self.total} games")
        number, within = divmod(index, self.games)
        cell = self.cells[number]
        return number, cell, derive_seed(self.seed, cell.setup_key, within)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "cells": [c.to_json() for c in self.cells],
            "games": self.games,
            "seed": self.seed,
            "keep_records": self.keep_records,
            "meta": dict(self.meta),
            "facts": self.facts,
            "max_steps": self.max_steps,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Job:
        return cls(
            data["game"],
            tuple(Cell.from_json(c) for c in data["cells"]),
            int(data["games"]),
            int(data["seed"]),
            bool(data.get("keep_records", False)),
            tuple(sorted(data.get("meta", {}).items())),
            facts=data.get("facts", ""),
            max_steps=int(data.get("max_steps", 0)),
        )


@cache
def resolve_game(spec: str) -> Game[Any]:
    """A game by registry id, or by ``module:NAME`` for a game object outside the registry."""
    if ":" in spec:
        module_name, _, attr = spec.partition(":")
        obj = getattr(importlib.import_module(module_name), attr)
        if not isinstance(obj, Game):
            raise TypeError(f"{spec} is not a Game but a {type(obj).__name__}")
        return obj
    # the package named after the id first (fall-blau: warroom.games.fall_blau): a simulation
    # of one game need not import all the others (0.4 s of every `warroom simulate`)
    package = "warroom.games." + spec.replace("-", "_")
    try:
        module = importlib.import_module(package)
    except ModuleNotFoundError as exc:
        if exc.name != package:
            raise
    else:
        for g in (*getattr(module, "GAMES", ()), getattr(module, "GAME", None)):
            if isinstance(g, Game) and g.id == spec:
                return g
    return game(spec)


@cache
def resolve_function(spec: str) -> Any:
    """A function named ``module:name``."""
    module_name, _, attr = spec.partition(":")
    return getattr(importlib.import_module(module_name), attr)


def split_agents(text: str) -> list[str]:
    """'rules,search:iterations=200,seconds=1' -> ['rules', 'search:iterations=200,seconds=1'].

    Agents are separated by commas; a piece with '=' and no ':' continues the
    options of the agent before it, so agent options may hold commas too.
    """
    out: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if out and "=" in piece and ":" not in piece:
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


def make_cells(
    g: Game[Any],
    scenarios: Iterable[str] | None,
    sweep: Mapping[str, Sequence[Any]],
    pairings: Iterable[Sequence[str]],
) -> tuple[Cell, ...]:
    """Every combination of scenario x option values x agent pairing, checked against the game.

    ``sweep`` maps an option key to the values to try (one value: a fixed option).
    Scenario ``all`` means every scenario of the game.
    """
    chosen = list(scenarios or [])
    if not chosen:
        chosen = [g.default_scenario]
    if "all" in chosen:
        chosen = [s.id for s in g.scenarios]
    keys = list(sweep)
    pairs = [tuple(p) for p in pairings]
    for p in pairs:
        if len(p) != len(g.roles):
            raise BadOption(
                f"{g.id} has {len(g.roles)} role(s) ({', '.join(g.roles)}); "
                f"give one agent each, got {len(p)}: {','.join(p)}"
            )
    cells: list[Cell] = []
    for scen in chosen:
        for values in itertools.product(*(sweep[k] for k in keys)):
            scenario, options = g.check_setup(scen, dict(zip(keys, values, strict=True)))
            for agents in pairs:
                cells.append(Cell(scenario, tuple(sorted(options.items())), agents))
    if not cells:
        raise BadOption("the job has no games: no scenario, option value or agent pairing")
    return tuple(cells)
