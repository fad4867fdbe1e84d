"""Gymnasium: one role of a warroom game, the other roles played by fixed warroom agents.

    import gymnasium as gym, warroom.rl
    env = gym.make("warroom/Commanders-v0", opponent="random")
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(
        env.action_space.sample(mask=info["action_mask"]))

Observation: a float32 vector from the role's view (see ``warroom.rl.encoding``).
``info`` holds ``action_mask`` (int8, 1 = legal), ``actions`` (``[index, action]``
for every legal index), ``view`` (the JSON view of the role's seat), ``prompt`` and,
at the end, ``outcome``. Reward: 0 until the end, then +1 for a win, -1 for a
loss, 0 for a draw (a solitaire game has no draw: not winning is a loss;
``reward="points"``: the role's victory points instead).
An index the mask does not offer ends the episode with reward -1 and
``info["illegal_action"]`` (as PettingZoo's classic games do), or raises
``IllegalAction`` with ``illegal="raise"``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from warroom.ai.base import Agent, make_agent
from warroom.engine import Action, Game, IllegalAction, Match, Outcome
from warroom.rl.encoding import Encoding, FloatArray, encoding_for, resolve_game

OpponentSpec = str | Agent | Mapping[str, str | Agent]


def json_copy(value: Any) -> Any:
    """A fresh copy of JSON data (views may share lists with the state or with each other)."""
    return json.loads(json.dumps(value))


def terminal_reward(outcome: Outcome, role: str, reward: str, roles: int = 2) -> float:
    """+1 win, -1 loss, 0 draw; a solitaire game has no draw: not winning is losing.

    ``reward="points"``: the role's victory points instead.
    """
    if reward == "points":
        return float(outcome.points.get(role, 0.0))
    if outcome.winner == role:
        return 1.0
    return 0.0 if outcome.winner is None and roles > 1 else -1.0


class WarroomEnv(gymnasium.Env[FloatArray, np.int64]):
    """One seat of a warroom game as a Gymnasium environment with an action mask."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: Game[Any] | str,
        role: str | None = None,
        opponent: OpponentSpec = "random",
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        reward: str = "win",
        illegal: str = "lose",
        max_actions: int | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.game = resolve_game(game)
        self.role = role or self.game.roles[0]
        if self.role not in self.game.roles:
            raise ValueError(
                f"{self.role!r} is not a role of {self.game.id}; roles: {', '.join(self.game.roles)}"
            )
        if reward not in ("win", "points"):
            raise ValueError(f"reward is 'win' or 'points', got {reward!r}")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal is 'lose' or 'raise', got {illegal!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', got {render_mode!r}")
        self.encoding: Encoding = encoding_for(
            self.game, scenario, options, max_actions=max_actions
        )
        self.scenario, self.options = self.encoding.scenario, self.encoding.options
        self.opponent = opponent
        self.reward_kind = reward
        self.illegal = illegal
        self.max_steps = max_steps or self.game.max_steps
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(self.encoding.num_actions)
        self.observation_space = spaces.Box(
            -np.inf, np.inf, shape=(self.encoding.obs_size,), dtype=np.float32
        )
        self.match: Match | None = None
        self.decisions = 0
        """Actions this role took in the episode (the others' count may be secret)."""
        self.opponents: dict[str, Agent] = {}
        self._legal: list[Action] = []
        self._done = True

    # ----- helpers --------------------------------------------------------------------------
    def _make_agents(self, seed: int) -> dict[str, Agent]:
        agents: dict[str, Agent] = {}
        for i, other in enumerate(r for r in self.game.roles if r != self.role):
            spec = self.opponent
            if isinstance(spec, Mapping):
                spec = spec[other]
            agents[other] = (
                make_agent(spec, self.game.id, seed + 7919 * (i + 1))
                if isinstance(spec, str)
                else spec
            )
        return agents

    def _advance(self) -> None:
        """Let the other roles act until this role must choose alone, or the game ends.

        When this role and others are asked at once (secret simultaneous choices),
        the others choose first, so a fixed agent never sees this role's choice.
        """
        m = self.match
        assert m is not None
        while not m.over and len(m.steps) < self.max_steps:
            others = [r for r in m.active if r != self.role]
            if not others:
                return
            role = others[0]
            m.act(role, self.opponents[role].choose(m, role))

    def _observe(self) -> tuple[FloatArray, dict[str, Any]]:
        m = self.match
        assert m is not None
        self._legal = m.legal(self.role)
        view = self.game.view(m.state, self.role)
        obs = self.encoding.observe(view, self.role, self._legal)
        info: dict[str, Any] = {
            "action_mask": self.encoding.mask(self._legal),
            "actions": self.encoding.choices(self._legal),
            "view": json_copy(view),
            "prompt": self.game.prompt_text(m.state, self.role) if self._legal else "",
            "decisions": self.decisions,
        }
        if m.outcome is not None:
            info["outcome"] = m.outcome.to_json()
        return obs, info

    # ----- the Gymnasium API ----------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[FloatArray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**62))
        self.match = Match.new(self.game, self.scenario, self.options, game_seed)
        self.decisions = 0
        self.opponents = self._make_agents(game_seed)
        self._done = False
        self._advance()
        return self._observe()

    def step(self, action: Any) -> tuple[FloatArray, float, bool, bool, dict[str, Any]]:
        m = self.match
        if m is None or self._done:
            raise RuntimeError("the episode is over (or never began): call reset()")
        chosen = self.encoding.action_of(int(action), self._legal)
        if chosen is None:
            if self.illegal == "raise":
                raise IllegalAction(
                    f"index {int(action)} is not a legal action for {self.role} now "
                    f"({len(self._legal)} legal: see info['action_mask'])",
                    role=self.role,
                    legal_count=len(self._legal),
                )
            self._done = True
            obs, info = self._observe()
            info["illegal_action"] = True
            return obs, -1.0, True, False, info
        m.act(self.role, chosen)
        self.decisions += 1
        self._advance()
        obs, info = self._observe()
        outcome = m.outcome
        terminated = outcome is not None
        truncated = not terminated and len(m.steps) >= self.max_steps
        reward = (
            terminal_reward(outcome, self.role, self.reward_kind, len(self.game.roles))
            if outcome
            else 0.0
        )
        self._done = terminated or truncated
        return obs, reward, terminated, truncated, info

    def render(self) -> str | None:
        if self.render_mode == "ansi" and self.match is not None:
            return self.game.render_text(self.match.state, self.role)
        return None

    def action_masks(self) -> np.ndarray:
        """The current mask (the name sb3-contrib's MaskablePPO looks for)."""
        return self.encoding.mask(self._legal)


def gym_env(
    game: Game[Any] | str,
    role: str | None = None,
    opponent: OpponentSpec = "random",
    scenario: str | None = None,
    options: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> WarroomEnv:
    """A Gymnasium environment for ``role`` of ``game`` (a registered id or a Game instance).

    ``opponent`` plays every other role: an agent name as on the command line
    ("random", "rules", "search:iterations=200"), an Agent, or a dict by role.
    Keyword arguments: ``reward`` ("win" or "points"), ``illegal`` ("lose" or
    "raise"), ``max_actions`` (the number of slots), ``max_steps``, ``render_mode``.
    """
    return WarroomEnv(game, role, opponent, scenario, options, **kwargs)


def env_name(game_id: str) -> str:
    """'fall-blau' -> 'warroom/FallBlau-v0'."""
    return "warroom/" + "".join(p.capitalize() for p in game_id.split("-")) + "-v0"


def register_gym() -> list[str]:
    """Register one Gymnasium id per registered warroom game (idempotent); returns the ids."""
    import warroom

    ids = []
    for gid in warroom.games():
        name = env_name(gid)
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name,
                entry_point="warroom.rl.gym:gym_env",
                kwargs={"game": gid},
            )
        ids.append(name)
    return ids
