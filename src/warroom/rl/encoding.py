"""Integer actions and array observations for a warroom game, shared by every interface.

A warroom game lists its legal actions as tuples in a stable order and shows a
role its seat as a JSON view. Learning libraries want a fixed integer action
space with a mask and a fixed-size numeric observation. An ``Encoding`` turns
one into the other, the same way for Gymnasium, PettingZoo and OpenSpiel.

Actions: ``Discrete(len(universe) + slots)``. The universe (an encoder module's
or the game's ``action_universe``, or a frozen file written by
``python -m warroom.rl.universe``) gives each action it names a fixed index.
The slots after it name, in listed order, the listed actions the universe
lacks: every listed action when there is no universe (the generic fallback:
index ``i`` is the ``i``-th listed action), the rare ones a frozen universe
missed otherwise. A slot's meaning changes from prompt to prompt, so the
observation describes the action in each slot. Listed actions beyond the last
slot cannot be chosen (the mask never offers them); ``truncated_prompts``
counts such prompts.

Observations: a float32 vector built from ``Game.view(state, role)`` only, never
from the true state. The generic encoder hashes every leaf of the view (its
path and, for strings, its value) into ``view_size`` buckets; numbers add their
value, booleans 0/1, strings 1. Then ``slots`` blocks of ``slot_size`` hashed
tokens describe the actions in the slots. A game's encoder
module may replace the view part with a hand-made layout.
"""

from __future__ import annotations

import importlib
import json
import warnings
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from warroom.engine import Action, Game, action_json, to_action
from warroom.engine.registry import game as lookup_game

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]

DEFAULT_MAX_ACTIONS = 64
DEFAULT_OVERFLOW = 16
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
    get = memo.get
    for k, v in items:
        t = type(v)
        if t is str:
            key = f"{path}/{k}={v}"
            w = 1.0
        elif t is int or t is float:
            if not v:
                continue
            key = f"{path}/{k}"
            w = v
        elif t is bool:
            if not v:
                continue
            key = f"{path}/{k}"
            w = 1.0
        elif v is None:
            continue
        elif t is dict or t is list or t is tuple or isinstance(v, Mapping):
            _hash_into(v, f"{path}/{k}", acc, size, memo)
            continue
        else:
            key = f"{path}/{k}={v}"
            w = 1.0
        b = get(key)
        if b is None:
            b = _bucket(key, size, memo)
        acc[b] += w


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
    """How one game (with one scenario and options) maps to integer actions and arrays.

    Indices ``0 .. len(universe)-1`` name the actions of the universe (always the
    same action); the ``slots`` indices after them name, in listed order, the
    listed actions the universe lacks (all of them when there is no universe).
    """

    game: Game[Any]
    scenario: str
    options: dict[str, Any]
    universe: tuple[Action, ...]
    slots: int
    view_size: int
    slot_size: int
    view_encoder: ViewEncoder | None = None
    source: str = "slots"
    truncated_prompts: int = 0
    _index: dict[Action, int] = field(default_factory=dict, repr=False)
    _view_memo: dict[str, int] = field(default_factory=dict, repr=False)
    _action_memo: dict[Action, tuple[int, ...]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._index = {a: i for i, a in enumerate(self.universe)}
        if len(self._index) != len(self.universe):
            raise ValueError(f"the action universe of {self.game.id} lists an action twice")
        if self.slots <= 0 and not self.universe:
            raise ValueError(f"{self.game.id}: an encoding needs a universe or some slots")

    # ----- actions --------------------------------------------------------------------------
    @property
    def kind(self) -> str:
        if not self.universe:
            return "slots"
        return "universe" if not self.slots else "universe+slots"

    @property
    def num_actions(self) -> int:
        return len(self.universe) + self.slots

    @property
    def max_actions(self) -> int:
        """The size of the integer action space (the same as ``num_actions``)."""
        return self.num_actions

    def slot_actions(self, legal: Sequence[Action]) -> list[Action]:
        """The listed actions the universe lacks, in listed order (all of them without one)."""
        if not self._index:
            return list(legal)
        index = self._index
        return [a for a in legal if a not in index]

    def index_of(self, action: Action, legal: Sequence[Action]) -> int:
        """The integer of a listed action (ValueError if it has none)."""
        found = self._index.get(action)
        if found is not None:
            return found
        j = self.slot_actions(legal).index(action)
        if j >= self.slots:
            raise ValueError(f"{action_json(action)} is listed beyond the last slot")
        return len(self.universe) + j

    def action_of(self, index: int, legal: Sequence[Action]) -> Action | None:
        """The listed action an integer stands for now, or None if it is not legal."""
        u = len(self.universe)
        if 0 <= index < u:
            action = self.universe[index]
            return action if action in legal else None
        extra = self.slot_actions(legal)
        j = index - u
        if 0 <= j < min(len(extra), self.slots):
            return extra[j]
        return None

    def legal_indices(self, legal: Sequence[Action]) -> list[int]:
        """The integers of the listed actions, ascending."""
        index, u = self._index, len(self.universe)
        known = sorted(index[a] for a in legal if a in index) if index else []
        n_extra = len(legal) - len(known)
        if n_extra > self.slots:
            self.truncated_prompts += 1
        return known + list(range(u, u + min(n_extra, self.slots)))

    def choices(self, legal: Sequence[Action]) -> list[list[Any]]:
        """``[index, action as JSON]`` for every listed action an index can choose, by index."""
        index, u = self._index, len(self.universe)
        known = sorted((index[a], a) for a in legal if a in index) if index else []
        out: list[list[Any]] = [[i, action_json(a)] for i, a in known]
        extra = self.slot_actions(legal)[: self.slots]
        out.extend([u + j, action_json(a)] for j, a in enumerate(extra))
        return out

    def mask(self, legal: Sequence[Action]) -> MaskArray:
        m = np.zeros(self.num_actions, dtype=np.int8)
        m[self.legal_indices(legal)] = 1
        return m

    # ----- observations ---------------------------------------------------------------------
    @property
    def obs_size(self) -> int:
        return self.view_size + self.slots * self.slot_size

    def observe(
        self, view: dict[str, Any], role: str | None, legal: Sequence[Action]
    ) -> FloatArray:
        """The observation vector: the encoded view, then a description of each slot's action."""
        out = np.zeros(self.obs_size, dtype=np.float32)
        head = out[: self.view_size]
        if self.view_encoder is not None:
            self.view_encoder(view, role, head)
        else:
            hash_view(view, head, self._view_memo)
        if self.slots and self.slot_size and legal:
            k, memo = self.slot_size, self._action_memo
            idx = [
                i * k + b
                for i, action in enumerate(self.slot_actions(legal)[: self.slots])
                for b in action_buckets(action, k, memo)
            ]
            if idx:
                out[self.view_size :] = np.bincount(idx, minlength=self.slots * k)
        return out

    def describe(self) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "actions": self.kind,
            "source": self.source,
            "universe": len(self.universe),
            "slots": self.slots,
            "num_actions": self.num_actions,
            "obs_size": self.obs_size,
            "view_size": self.view_size,
            "slot_size": self.slot_size,
        }


def encoder_module(game: Game[Any]) -> Any:
    """The game's module ``warroom.rl.encoders.<game_id with _>``, or None."""
    name = f"warroom.rl.encoders.{game.id.replace('-', '_')}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise


UNIVERSE_FILE = "{}.actions.json"
"""A frozen universe beside the encoders: ``encoders/<game_id with _>.actions.json``."""


def universe_path(game_id: str) -> Path:
    return Path(__file__).parent / "encoders" / UNIVERSE_FILE.format(game_id.replace("-", "_"))


def load_universe(game_id: str, version: str | None = None) -> tuple[Action, ...] | None:
    """The frozen universe of a game, if one was written (``python -m warroom.rl.universe``).

    A file written for another ``version`` of the game is ignored, with a warning.
    """
    path = universe_path(game_id)
    if not path.exists():
        return None
    data = json.loads(path.read_text())
    if data.get("game") != game_id:
        raise ValueError(f"{path.name} is the action universe of {data.get('game')!r}")
    if version is not None and str(data.get("version")) != str(version):
        warnings.warn(
            f"{path.name} was written for version {data.get('version')} of {game_id}, "
            f"not {version}: ignored (python -m warroom.rl.universe {game_id} writes it again)",
            stacklevel=2,
        )
        return None
    return tuple(to_action(a) for a in data["actions"])


def encoding_for(
    game: Game[Any] | str,
    scenario: str | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    max_actions: int | None = None,
    view_size: int | None = None,
    slot_size: int | None = None,
    universe: bool = True,
) -> Encoding:
    """The encoding of a game, its parts looked up in this order.

    Universe: an encoder module ``warroom.rl.encoders.<game_id with _>`` defining
    ``action_universe(game, scenario, options)``; a game method
    ``action_universe(scenario, options)``; a frozen file
    ``encoders/<game_id with _>.actions.json``; none (``universe=False`` skips them).
    Slots: ``max_actions``, else the module's ``MAX_ACTIONS`` (``OVERFLOW_SLOTS``
    with a universe), else the game's ``rl_max_actions``, else 64 without a
    universe and 16 with one. View: the module's ``VIEW_SIZE`` and
    ``encode_view(view, role, out)``, else 256 hashed buckets.
    """
    g = resolve_game(game)
    scen, opts = g.check_setup(scenario, options)
    module = encoder_module(g)
    found: tuple[Action, ...] | None = None
    source = "slots"
    if universe:
        if module is not None and hasattr(module, "action_universe"):
            found, source = tuple(module.action_universe(g, scen, opts)), "encoder module"
        elif hasattr(g, "action_universe"):
            found, source = tuple(g.action_universe(scen, opts)), "game"
        else:
            found = load_universe(g.id, g.version)
            source = "frozen file" if found is not None else source
    if found:
        slots = max_actions or getattr(module, "OVERFLOW_SLOTS", None) or DEFAULT_OVERFLOW
    else:
        slots = (
            max_actions
            or getattr(module, "MAX_ACTIONS", None)
            or getattr(g, "rl_max_actions", None)
            or DEFAULT_MAX_ACTIONS
        )
    return Encoding(
        game=g,
        scenario=scen,
        options=opts,
        universe=found or (),
        slots=int(slots),
        view_size=int(view_size or getattr(module, "VIEW_SIZE", None) or DEFAULT_VIEW_SIZE),
        slot_size=int(slot_size if slot_size is not None else DEFAULT_SLOT_SIZE),
        view_encoder=getattr(module, "encode_view", None),
        source=source,
    )
