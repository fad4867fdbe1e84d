"""OpenSpiel: every warroom game registered as a Python game for ``pyspiel``.

    import pyspiel, warroom.rl.openspiel
    game = pyspiel.load_game("warroom_commanders(scenario=marengo)")

Short names are ``warroom_<game id with _>``. Parameters: ``scenario``, one per
game option (hyphens become underscores), ``seed`` (the base of the seeds the
chance nodes draw; with ``sampled=true``, the first initial state's seed, each
further ``new_initial_state`` taking the next one), ``max_steps`` (0: the game's
own bound; a game cut short there ends as a draw, returns 0), ``chance_seeds``
and ``sampled`` (below) and, for games with simultaneous secret choices,
``turn_based``.

The game type is declared from the game's header:

- dynamics: SIMULTANEOUS for games with secret simultaneous choices (a node where
  several roles are asked at once is a simultaneous node; a role not asked there
  has the single action 0, which does nothing), SEQUENTIAL otherwise. With
  ``turn_based=true`` the roles asked at once choose one after the other in role
  order, each choice hidden from the others until the game reveals it, as the
  engine itself plays them; OpenSpiel's MCTS and IS-MCTS need that form.
- chance: EXPLICIT_STOCHASTIC for a game with chance. The dice live inside the
  state and are rolled from its generator while an action is applied, so the
  only chance is the seed: ``SEED_DRAWS`` chance nodes at the root, each of
  ``SEED_BASE`` equally likely outcomes, draw it (``seed`` plus a number below
  2**32), and that seed fixes the set-up and every later die. Nobody sees the
  draw. With ``chance_seeds=K`` one chance node draws one of K seeds (seed,
  seed+1, ...) instead, so tree-walking algorithms (CFR, exploitability) run on
  a game of K possible worlds, an approximation of the real dice that grows
  with K. A state is thus a function of its history, and OpenSpiel's
  ``serialize_game_and_state`` / ``deserialize_game_and_state`` round-trip it
  (the Python state's attributes are pickled, the warroom state with its
  generator among them). ``sampled=true`` declares SAMPLED_STOCHASTIC instead
  (no chance nodes; each ``new_initial_state`` takes the next seed): OpenSpiel
  cannot serialize such a Python game, since it asks the game for a generator
  state (``GetRNGState``) that a game written in Python has no way to provide.
  DETERMINISTIC for a game without chance.
- information: IMPERFECT_INFORMATION when the game hides anything.
- utility: ZERO_SUM for two roles (+1 / -1, 0 for a draw), GENERAL_SUM otherwise.

Actions are the integers of ``warroom.rl.encoding``. Observation strings are the
role's JSON view; information-state strings add the role's own past actions.
The observation tensor is the encoded view. ``resample_from_infostate`` is the
game's ``determinize`` (hidden parts and the future dice resampled), so IS-MCTS
(``open_spiel.python.algorithms.ismcts``) plans without seeing what it may not.
Plain MCTS plans on clones of the true state, future dice included: use it on
perfect-information games only, knowing the dice are fixed by the state.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

try:
    import pyspiel
except ImportError as exc:  # pragma: no cover - only without the extra
    raise ImportError(
        "warroom.rl.openspiel needs open_spiel: install the extra with  pip install 'warroom[rl]'"
    ) from exc

from warroom.engine import Action, Game, Rng, State, action_json
from warroom.rl.encoding import Encoding, encoding_for, resolve_game
from warroom.rl.gym import terminal_reward

PREFIX = "warroom_"

SEED_DRAWS = 4
"""Chance nodes at the root that draw a seed, one base-``SEED_BASE`` digit each."""
SEED_BASE = 256


def short_name(game_id: str) -> str:
    return PREFIX + game_id.replace("-", "_")


def _param(key: str) -> str:
    return key.replace("-", "_")


Recipe = tuple[Any, ...]
"""How a box's state was made, newest step first, as a chain of small tuples shared by
copies: ``("seed", n)`` (the set-up), ``("act", parent, role, action)`` or ``("resample",
parent, role, seed)`` (the game's ``determinize`` for ``role`` from ``Rng(seed)``)."""


class _Box:
    """The warroom state inside an OpenSpiel state; OpenSpiel's clone deep-copies it cheaply.

    A box pickles (OpenSpiel's ``serialize``) as its recipe, never as the game state: the
    state is made again by the set-up, the actions and the resamplings it came from, the
    engine's own way of saving a game (seed and actions), so nothing of a game's state
    classes needs to pickle."""

    __slots__ = ("legal", "recipe", "shared", "state", "strings", "tensors", "views")

    def __init__(self, shared: _Shared, state: State, recipe: Recipe) -> None:
        self.shared = shared
        self.state = state
        self.recipe = recipe
        self.forget()

    def __reduce__(self) -> tuple[Any, ...]:
        steps: list[tuple[Any, ...]] = []
        r = self.recipe
        while r[0] != "seed":
            steps.append((r[0], *r[2:]))
            r = r[1]
        steps.reverse()
        return (_rebuild_box, (self.shared, r[1], [(k, *_json_step(rest)) for k, *rest in steps]))

    def forget(self) -> None:
        """Drop what was worked out from the state (after it changes)."""
        self.legal: dict[str, list[Action]] = {}
        self.views: dict[str, dict[str, Any]] = {}
        self.strings: dict[str, str] = {}
        self.tensors: dict[str, np.ndarray] = {}

    def view_of(self, role: str) -> dict[str, Any]:
        found = self.views.get(role)
        if found is None:
            found = self.views[role] = self.shared.game.view(self.state, role)
        return found

    def string_of(self, role: str) -> str:
        found = self.strings.get(role)
        if found is None:
            view = self.view_of(role)
            found = self.strings[role] = json.dumps(view, sort_keys=True, separators=(",", ":"))
        return found

    def tensor_of(self, role: str) -> np.ndarray:
        found = self.tensors.get(role)
        if found is None:
            enc = self.shared.encoding
            found = enc.observe(self.view_of(role), role, self.legal_of(role))
            self.tensors[role] = found
        return found

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        new = _Box(self.shared, self.shared.game.clone(self.state), self.recipe)
        # the copy is the same position: what was worked out still holds (never mutated)
        new.legal, new.views = dict(self.legal), dict(self.views)
        new.strings, new.tensors = dict(self.strings), dict(self.tensors)
        return new

    def legal_of(self, role: str) -> list[Action]:
        found = self.legal.get(role)
        if found is None:
            g = self.shared.game
            found = list(g.legal_actions(self.state, role)) if role in self.active() else []
            self.legal[role] = found
        return found

    def active(self) -> tuple[str, ...]:
        g = self.shared.game
        if g.outcome(self.state) is not None:
            return ()
        return g.active(self.state)


def _json_step(rest: list[Any]) -> tuple[Any, ...]:
    """A recipe step's role and action (as JSON lists) or role and seed, for pickling."""
    role, what = rest
    return (role, action_json(what)) if isinstance(what, tuple) else (role, what)


def _rebuild_box(shared: _Shared, seed: int, steps: list[tuple[Any, ...]]) -> _Box:
    """A box made again from its recipe (see ``_Box.__reduce__``)."""
    from warroom.engine import to_action

    g = shared.game
    state = shared.setup(seed)
    recipe: Recipe = ("seed", seed)
    for kind, role, what in steps:
        if kind == "act":
            action = to_action(what)
            g.apply(state, role, action)
            state.events.clear()
            recipe = ("act", recipe, role, action)
        else:
            state = g.determinize(state, role, Rng(what))
            recipe = ("resample", recipe, role, what)
    return _Box(shared, state, recipe)


class _Shared:
    """What every state of one loaded OpenSpiel game shares (never copied)."""

    def __init__(
        self,
        game: Game[Any],
        encoding: Encoding,
        turn_based: bool,
        max_steps: int,
        chance_seeds: int,
        first_seed: int,
        sampled: bool = False,
    ) -> None:
        self.game = game
        self.encoding = encoding
        self.turn_based = turn_based
        self.max_steps = max_steps
        self.chance_seeds = chance_seeds
        self.first_seed = first_seed
        self.index = {r: i for i, r in enumerate(game.roles)}
        self.draws = 0 if sampled or not game.chance else 1 if chance_seeds else SEED_DRAWS
        """Chance nodes at the root (0: the seed is not drawn by chance nodes)."""
        self.outcomes = chance_seeds or SEED_BASE
        """Outcomes of each of those chance nodes."""

    def setup(self, seed: int) -> State:
        return self.game.setup(self.encoding.scenario, self.encoding.options, seed)

    def seed_of(self, drawn: Sequence[int]) -> int:
        """The seed the root's chance draws stand for: ``first_seed`` plus their number."""
        n = 0
        for d in reversed(drawn):
            n = n * self.outcomes + d
        return self.first_seed + n

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (OpenSpiel's state serialization) as the loaded game's name and parameters,
        # never as the game's data: unpickling finds or rebuilds the same loaded game.
        return (_shared_of, (self.key,))

    key: str = ""
    """The loaded pyspiel game's string (its name and parameters)."""


_LOADED: dict[str, _Shared] = {}


def _shared_of(key: str) -> _Shared:
    found = _LOADED.get(key)
    if found is None:
        game: Any = pyspiel.load_game(key)
        found = game._shared
    return found


def _game_type(game: Game[Any], turn_based: bool, sampled: bool) -> pyspiel.GameType:
    T = pyspiel.GameType
    params: dict[str, Any] = {
        "scenario": game.default_scenario,
        "seed": 0,
        "max_steps": 0,
        "chance_seeds": 0,
        "sampled": False,
    }
    for o in game.options:
        params[_param(o.key)] = o.default
    if game.simultaneous:
        params["turn_based"] = False
    n = len(game.roles)
    return T(
        short_name=short_name(game.id),
        long_name=f"warroom {game.title}",
        dynamics=T.Dynamics.SIMULTANEOUS
        if game.simultaneous and not turn_based
        else T.Dynamics.SEQUENTIAL,
        chance_mode=T.ChanceMode.DETERMINISTIC
        if not game.chance
        else T.ChanceMode.SAMPLED_STOCHASTIC
        if sampled
        else T.ChanceMode.EXPLICIT_STOCHASTIC,
        information=T.Information.IMPERFECT_INFORMATION
        if game.hidden_information or game.simultaneous
        else T.Information.PERFECT_INFORMATION,
        utility=T.Utility.ZERO_SUM if n == 2 else T.Utility.GENERAL_SUM,
        reward_model=T.RewardModel.TERMINAL,
        max_num_players=n,
        min_num_players=n,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class WarroomSpielGame(pyspiel.Game):
    """Base of the per-game classes ``register_openspiel`` makes."""

    warroom_game: Game[Any]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        g = self.warroom_game
        params = dict(params or {})
        turn_based = bool(params.get("turn_based", False))
        options = {o.key: params[_param(o.key)] for o in g.options if _param(o.key) in params}
        encoding = encoding_for(g, params.get("scenario") or None, options)
        n = len(g.roles)
        max_steps = int(params.get("max_steps", 0)) or g.max_steps
        seeds = int(params.get("chance_seeds", 0))
        sampled = bool(params.get("sampled", False))
        if seeds < 0:
            raise ValueError(f"chance_seeds is 0 or more, got {seeds}")
        shared = _Shared(
            g, encoding, turn_based, max_steps, seeds, int(params.get("seed", 0)), sampled
        )
        super().__init__(
            _game_type(g, turn_based, sampled),
            pyspiel.GameInfo(
                num_distinct_actions=encoding.num_actions,
                max_chance_outcomes=shared.outcomes if shared.draws else 0,
                num_players=n,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0 if n == 2 else None,
                max_game_length=max_steps,
            ),
            params,
        )
        shared.key = str(self)
        _LOADED.setdefault(shared.key, shared)
        self._shared = shared
        self._next_seed = shared.first_seed

    def max_chance_nodes_in_history(self) -> int:
        return self._shared.draws

    def new_initial_state(self) -> WarroomSpielState:
        sh = self._shared
        if sh.draws:
            return WarroomSpielState(self, sh, None)
        seed = self._next_seed
        if sh.game.chance:  # sampled: each new state takes the next seed
            self._next_seed += 1
        return WarroomSpielState(self, sh, _Box(sh, sh.setup(seed), ("seed", seed)))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> WarroomObserver:
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return WarroomObserver(self._shared, recall)


class WarroomSpielState(pyspiel.State):
    """An OpenSpiel state holding a warroom state; actions are applied by the game's rules.

    In a game with chance the first nodes are explicit chance nodes drawing the seed
    (``_Shared.draws`` of them): ``_box`` is None until the last one, ``_drawn`` the
    digits drawn so far.
    """

    def __init__(
        self,
        game: WarroomSpielGame,
        shared: _Shared,
        box: _Box | None,
        mine: tuple[tuple[int, ...], ...] | None = None,
        steps: int = 0,
    ) -> None:
        super().__init__(game)
        self._sh = shared
        self._box = box
        self._mine = mine or tuple(() for _ in shared.game.roles)
        self._steps = steps
        self._drawn: tuple[int, ...] = ()

    # ----- who acts -------------------------------------------------------------------------
    def _asked(self) -> tuple[str, ...]:
        if self._box is None or self._steps >= self._sh.max_steps:
            return ()
        return self._box.active()

    def current_player(self) -> int:
        if self._box is None:
            return int(pyspiel.PlayerId.CHANCE)
        asked = self._asked()
        if not asked:
            return int(pyspiel.PlayerId.TERMINAL)
        if self._simultaneous_node(asked):
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return self._sh.index[asked[0]]

    def _simultaneous_node(self, asked: tuple[str, ...]) -> bool:
        sh = self._sh
        return len(asked) > 1 and sh.game.simultaneous and not sh.turn_based

    def _legal_actions(self, player: int) -> list[int]:
        sh = self._sh
        role = sh.game.roles[player]
        asked = self._asked()
        if self._box is None or not asked:
            return []
        if self._simultaneous_node(asked):
            if role not in asked:
                return [0]  # not asked at this simultaneous node: one action that does nothing
            return sh.encoding.legal_indices(self._box.legal_of(role))
        if role != asked[0]:
            return []
        return sh.encoding.legal_indices(self._box.legal_of(role))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        k = self._sh.outcomes
        return [(i, 1.0 / k) for i in range(k)] if self._box is None else []

    # ----- acting ---------------------------------------------------------------------------
    def _act(self, role: str, index: int) -> None:
        box, sh = self._box, self._sh
        assert box is not None
        action = sh.encoding.action_of(index, box.legal_of(role))
        if action is None:
            raise pyspiel.SpielError(f"{index} is not a legal action of {role} now")
        sh.game.apply(box.state, role, action)
        box.state.events.clear()
        box.recipe = ("act", box.recipe, role, action)
        box.forget()
        i = sh.index[role]
        self._mine = tuple((*h, index) if j == i else h for j, h in enumerate(self._mine))
        self._steps += 1

    def _apply_action(self, action: int) -> None:
        if self._box is None:
            sh = self._sh
            if not 0 <= int(action) < sh.outcomes:
                raise pyspiel.SpielError(
                    f"{action} is not a chance outcome (0 to {sh.outcomes - 1})"
                )
            self._drawn = (*self._drawn, int(action))
            if len(self._drawn) == sh.draws:
                seed = sh.seed_of(self._drawn)
                self._box = _Box(sh, sh.setup(seed), ("seed", seed))
            return
        self._act(self._sh.game.roles[self.current_player()], int(action))

    def _apply_actions(self, actions: Sequence[int]) -> None:
        for role in self._asked():
            self._act(role, int(actions[self._sh.index[role]]))

    def _action_to_string(self, player: int, action: int) -> str:
        sh = self._sh
        if player < 0 or self._box is None:
            if self._sh.draws == 1:
                return f"seed {self._sh.first_seed + int(action)}"
            return f"seed digit {len(self._drawn) + 1} of {self._sh.draws}: {int(action)}"
        role = sh.game.roles[player]
        chosen = sh.encoding.action_of(int(action), self._box.legal_of(role))
        if chosen is None:
            return f"{role}:{action}"
        return f"{role}:{json.dumps(action_json(chosen))}"

    # ----- the end --------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self._box is not None and not self._asked()

    def returns(self) -> list[float]:
        g = self._sh.game
        out = g.outcome(self._box.state) if self._box is not None else None
        if out is None:
            return [0.0] * len(g.roles)
        return [terminal_reward(out, r, "win", len(g.roles)) for r in g.roles]

    # ----- hidden information ---------------------------------------------------------------
    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any
    ) -> WarroomSpielState:
        """A state the player cannot tell from this one: the game's determinize."""
        sh = self._sh
        if self._box is None:
            return WarroomSpielState(self.get_game(), sh, None)  # nothing drawn is seen
        seed = int(probability_sampler() * 2**53)
        role = sh.game.roles[player_id]
        new = sh.game.determinize(self._box.state, role, Rng(seed))
        box = _Box(sh, new, ("resample", self._box.recipe, role, seed))
        return WarroomSpielState(self.get_game(), sh, box, self._mine, self._steps)

    def view_of(self, player: int) -> dict[str, Any]:
        """The JSON view of ``player``'s seat (empty before the seed is drawn)."""
        if self._box is None:
            return {}
        return self._box.view_of(self._sh.game.roles[player])

    def view_string(self, player: int) -> str:
        if self._box is None:
            return "{}"
        return self._box.string_of(self._sh.game.roles[player])

    def view_tensor(self, player: int) -> np.ndarray:
        if self._box is None:
            return np.zeros(self._sh.encoding.obs_size, np.float32)
        return self._box.tensor_of(self._sh.game.roles[player])

    def own_history(self, player: int) -> tuple[int, ...]:
        return self._mine[player]

    def __str__(self) -> str:
        if self._box is None:
            return f"(before the seed is drawn: {len(self._drawn)} of {self._sh.draws} digits)"
        view = self._sh.game.view(self._box.state, None)
        return json.dumps(view, sort_keys=True, default=str)


class WarroomObserver:
    """OpenSpiel's PyObserver: strings and tensors from one role's view only."""

    def __init__(self, shared: _Shared, perfect_recall: bool) -> None:
        self.shared = shared
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(shared.encoding.obs_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: WarroomSpielState, player: int) -> None:
        self.tensor[:] = state.view_tensor(player)

    def string_from(self, state: WarroomSpielState, player: int) -> str:
        text = state.view_string(player)
        if self.perfect_recall:
            return f"{text}|mine:{','.join(map(str, state.own_history(player)))}"
        return text


_REGISTERED: dict[str, type[WarroomSpielGame]] = {}


def register_game(game: Game[Any] | str) -> str:
    """Register one warroom game (an id or a Game instance) with pyspiel; returns its short name."""
    g = resolve_game(game)
    name = short_name(g.id)
    if name in _REGISTERED:
        if _REGISTERED[name].warroom_game is not g:
            raise ValueError(f"another game is already registered with pyspiel as {name}")
        return name
    cls = type(f"WarroomSpiel_{g.id.replace('-', '_')}", (WarroomSpielGame,), {"warroom_game": g})
    pyspiel.register_game(_game_type(g, turn_based=False, sampled=False), cls)
    _REGISTERED[name] = cls
    return name


def register_openspiel() -> list[str]:
    """Register every registered warroom game with pyspiel (idempotent); returns the short names."""
    import warroom

    return [register_game(gid) for gid in warroom.games()]


def openspiel_game(
    game: Game[Any] | str,
    scenario: str | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    seed: int = 0,
    turn_based: bool = False,
    max_steps: int = 0,
    chance_seeds: int = 0,
    sampled: bool = False,
) -> pyspiel.Game:
    """Load a warroom game as a pyspiel.Game (registering it first if needed)."""
    g = resolve_game(game)
    name = register_game(g)
    params: dict[str, Any] = {"seed": seed, "max_steps": max_steps, "chance_seeds": chance_seeds}
    if sampled:
        params["sampled"] = True
    if scenario:
        params["scenario"] = scenario
    for key, value in (options or {}).items():
        params[_param(key)] = value
    if turn_based:
        if not g.simultaneous:
            raise ValueError(f"{g.id} has no simultaneous choices; it is turn-based already")
        params["turn_based"] = True
    return pyspiel.load_game(name, params)


register_openspiel()
