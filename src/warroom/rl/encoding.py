"""Integer actions and array observations for a warroom game, shared by every interface.

A warroom game lists its legal actions as tuples in a stable order and shows a
role its seat as a JSON view. Learning libraries want a fixed integer action
space with a mask and a fixed-size numeric observation. An ``Encoding`` turns
one into the other, the same way for Gymnasium, PettingZoo and OpenSpiel.

Actions, in order of preference:

- **universe**: the game (``Game.action_universe(scenario, options)``) or its
  encoder module (``warroom.rl.encoders.<game_id with _>``) enumerates every
  action that can ever be listed; index ``i`` always means the same action.
- **slots** (the generic fallback): index ``i`` is the ``i``-th action the game
  lists now, for ``i < max_actions``. The meaning of an index changes from
  prompt to prompt, so the observation carries a hashed description of the
  action in every slot, and ``info["actions"]`` names them. Listed actions
  beyond ``max_actions`` cannot be chosen (the mask never offers them); the
  encoding counts how often that happened in ``truncated_prompts``.

Observations: a float32 vector built from ``Game.view(state, role)`` only, never
from the true state. The generic encoder hashes every leaf of the view (its
path and, for strings, its value) into ``view_size`` buckets; numbers add their
value, booleans 0/1, strings 1. Slot encodings append ``max_actions`` blocks of
``slot_size`` hashed tokens describing the listed actions. A game's encoder
module may replace the view part with a hand-made layout.
"""

from __future__ import annotations

import importlib
import json
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from warroom.engine import Action, Game, action_json
from warroom.engine.registry import game as lookup_game

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]

DEFAULT_MAX_ACTIONS = 64
DEFAULT_VIEW_SIZE = 256
DEFAULT_SLOT_SIZE = 8


def resolve_game(game: Game[Any] | str) -> Game[Any]:
    return lookup_game(game) if isinstance(game, str) else game


_CACHE_LIMIT = 200_000


def _bucket(key: str, size: int, memo: dict[str, int] | None = None) -> int:
    """A stable bucket for a key (crc32, the same in every process), memoized in ``memo``."""
    if memo is None:
        return zlib.crc32(key.encode()) % size
    found = memo.get(key)
    if found is None:
        found = zlib.crc32(key.encode()) % size
        if len(memo) < _CACHE_LIMIT:
            memo[key] = found
    return found


def _hash_into(value: Any, path: str, acc: list[float], size: int, memo: dict[str, int]) -> None:
    """Add every leaf of JSON data under ``path`` into its bucket of ``acc``."""
    vt = type(value)
    if vt is dict or (vt is not list and vt is not tuple and isinstance(value, Mapping)):
        items: Any = value.items()
    elif vt is list or vt is tuple:
        key = path + "#"
        b = memo.get(key)
        if b is None:
            b = _bucket(key, size, memo)
        acc[b] += len(value)
        items = enumerate(value)
    else:
        items = (("", value),)
    for k, v in items:
        sub = f"{path}/{k}"
        t = type(v)
        if t is str:
            key = f"{sub}={v}"
        elif t is int or t is float or t is bool:
            if not v:
                continue
            key = sub
        elif v is None:
            continue
        elif t is dict or t is list or t is tuple or isinstance(v, Mapping):
            _hash_into(v, sub, acc, size, memo)
            continue
        else:
            key, v = f"{sub}={v}", 1.0
        b = memo.get(key)
        if b is None:
            b = _bucket(key, size, memo)
        acc[b] += 1.0 if t is str else float(v)


def hash_view(view: Any, out: FloatArray, memo: dict[str, int] | None = None) -> None:
    """Add the hashed leaves of a JSON view into ``out`` (feature hashing).

    A number adds its value to the bucket of its path (``/units/3/strength``), a
    boolean 0 or 1, a string 1 to the bucket of path and value
    (``/units/3/area=Rossosh``); a list adds its length to ``path#``.
    """
    size = out.shape[0]
    acc = [0.0] * size
    _hash_into(view, "", acc, size, memo if memo is not None else {})
    out += np.asarray(acc, dtype=np.float32)


def action_buckets(
    action: Action, size: int, memo: dict[Action, tuple[int, ...]] | None = None
) -> tuple[int, ...]:
    """The buckets describing one action: one per (position, token) pair, hashed."""
    buckets = memo.get(action) if memo is not None else None
    if buckets is None:
        parts = action_json(action)
        buckets = tuple(_bucket(f"{i}:{json.dumps(p)}", size) for i, p in enumerate(parts))
        if memo is not None and len(memo) < _CACHE_LIMIT:
            memo[action] = buckets
    return buckets


def hash_action(
    action: Action, out: FloatArray, memo: dict[Action, tuple[int, ...]] | None = None
) -> None:
    """Describe one action in ``out``: a 1 for every (position, token) pair, hashed."""
    for b in action_buckets(action, out.shape[0], memo):
        out[b] += 1.0


ViewEncoder = Callable[[dict[str, Any], str | None, FloatArray], None]
"""Writes the numeric form of a view (from ``role``'s seat) into a zeroed array."""


@dataclass
class Encoding:
    """How one game (with one scenario and options) maps to integer actions and arrays."""

    game: Game[Any]
    scenario: str
    options: dict[str, Any]
    universe: tuple[Action, ...] | None
    max_actions: int
    view_size: int
    slot_size: int
    view_encoder: ViewEncoder | None = None
    truncated_prompts: int = 0
    _index: dict[Action, int] = field(default_factory=dict, repr=False)
    _view_memo: dict[str, int] = field(default_factory=dict, repr=False)
    _action_memo: dict[Action, tuple[int, ...]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if self.universe is not None:
            self._index = {a: i for i, a in enumerate(self.universe)}
            if len(self._index) != len(self.universe):
                raise ValueError(f"the action universe of {self.game.id} lists an action twice")
            self.max_actions = len(self.universe)
            self.slot_size = 0

    # ----- actions --------------------------------------------------------------------------
    @property
    def kind(self) -> str:
        return "universe" if self.universe is not None else "slots"

    @property
    def num_actions(self) -> int:
        return self.max_actions

    def index_of(self, action: Action, legal: Sequence[Action]) -> int:
        """The integer of a listed action (ValueError if it has none)."""
        if self.universe is not None:
            try:
                return self._index[action]
            except KeyError:
                raise ValueError(
                    f"{self.game.id} listed {action_json(action)}, which its action universe lacks"
                ) from None
        i = list(legal).index(action)
        if i >= self.max_actions:
            raise ValueError(f"{action_json(action)} is listed beyond slot {self.max_actions}")
        return i

    def action_of(self, index: int, legal: Sequence[Action]) -> Action | None:
        """The listed action an integer stands for now, or None if it is not legal."""
        if self.universe is not None:
            if 0 <= index < len(self.universe):
                action = self.universe[index]
                if action in legal:
                    return action
            return None
        if 0 <= index < min(len(legal), self.max_actions):
            return legal[index]
        return None

    def legal_indices(self, legal: Sequence[Action]) -> list[int]:
        """The integers of the listed actions, ascending."""
        if self.universe is not None:
            return sorted(self.index_of(a, legal) for a in legal)
        if len(legal) > self.max_actions:
            self.truncated_prompts += 1
        return list(range(min(len(legal), self.max_actions)))

    def mask(self, legal: Sequence[Action]) -> MaskArray:
        m = np.zeros(self.max_actions, dtype=np.int8)
        m[self.legal_indices(legal)] = 1
        return m

    # ----- observations ---------------------------------------------------------------------
    @property
    def obs_size(self) -> int:
        return self.view_size + (self.max_actions * self.slot_size if self.universe is None else 0)

    def observe(
        self, view: dict[str, Any], role: str | None, legal: Sequence[Action]
    ) -> FloatArray:
        """The observation vector: the encoded view, then (slots only) the listed actions."""
        out = np.zeros(self.obs_size, dtype=np.float32)
        head = out[: self.view_size]
        if self.view_encoder is not None:
            self.view_encoder(view, role, head)
        else:
            hash_view(view, head, self._view_memo)
        if self.universe is None and self.slot_size and legal:
            k, memo = self.slot_size, self._action_memo
            idx = [
                i * k + b
                for i, action in enumerate(legal[: self.max_actions])
                for b in action_buckets(action, k, memo)
            ]
            tail = np.bincount(idx, minlength=self.max_actions * k)
            out[self.view_size :] = tail
        return out

    def describe(self) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "actions": self.kind,
            "num_actions": self.num_actions,
            "obs_size": self.obs_size,
            "view_size": self.view_size,
            "slot_size": self.slot_size if self.universe is None else 0,
        }


def _encoder_module(game: Game[Any]) -> Any:
    name = f"warroom.rl.encoders.{game.id.replace('-', '_')}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise


def encoding_for(
    game: Game[Any] | str,
    scenario: str | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    max_actions: int | None = None,
    view_size: int | None = None,
    slot_size: int | None = None,
) -> Encoding:
    """The encoding of a game: its encoder module or ``action_universe`` hook, else slots.

    An encoder module ``warroom.rl.encoders.<game_id>`` may define
    ``action_universe(game, scenario, options)``, ``MAX_ACTIONS``, ``VIEW_SIZE`` and
    ``encode_view(view, role, out)``. A game may instead define
    ``action_universe(scenario, options)`` and ``rl_max_actions``.
    """
    g = resolve_game(game)
    scen, opts = g.check_setup(scenario, options)
    module = _encoder_module(g)
    universe: tuple[Action, ...] | None = None
    if module is not None and hasattr(module, "action_universe"):
        universe = tuple(module.action_universe(g, scen, opts))
    elif hasattr(g, "action_universe"):
        universe = tuple(g.action_universe(scen, opts))
    n: int = (
        max_actions
        or getattr(module, "MAX_ACTIONS", None)
        or getattr(g, "rl_max_actions", None)
        or DEFAULT_MAX_ACTIONS
    )
    return Encoding(
        game=g,
        scenario=scen,
        options=opts,
        universe=universe,
        max_actions=int(n),
        view_size=int(view_size or getattr(module, "VIEW_SIZE", None) or DEFAULT_VIEW_SIZE),
        slot_size=int(slot_size if slot_size is not None else DEFAULT_SLOT_SIZE),
        view_encoder=getattr(module, "encode_view", None),
    )
