"""PettingZoo: every role of a warroom game is an agent.

``aec_env(GAME)`` is an AEC environment: ``agent_selection`` is the role the
game asks now (when several are asked at once for secret choices, the first in
role order; its choice stays hidden from the others until the game reveals it).
``parallel_env(GAME)`` steps every role that is asked now at once, for games
with simultaneous secret choices; a role not asked this step has an all-zero
mask and its action is ignored.

Each observation is ``{"observation": float32 vector, "action_mask": int8}``, as
PettingZoo's classic games have it, built from that role's view only. Rewards
are 0 until the end, then +1 / -1 / 0 (win, loss, draw) or the victory points
with ``reward="points"``. A masked-out index ends the game: the offender scores
-1, the others 0, with ``infos[agent]["illegal_action"]``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from warroom.engine import Action, Game, Match, Rng
from warroom.rl.encoding import Encoding, encoding_for, resolve_game
from warroom.rl.gym import terminal_reward


class _Seats:
    """What the AEC and Parallel environments share: the match, spaces, observations."""

    def _setup(
        self,
        game: Game[Any] | str,
        scenario: str | None,
        options: Mapping[str, Any] | None,
        reward: str,
        max_actions: int | None,
        max_steps: int | None,
        render_mode: str | None,
    ) -> None:
        self.game = resolve_game(game)
        if reward not in ("win", "points"):
            raise ValueError(f"reward is 'win' or 'points', got {reward!r}")
        self.encoding: Encoding = encoding_for(
            self.game, scenario, options, max_actions=max_actions
        )
        self.scenario, self.options = self.encoding.scenario, self.encoding.options
        self.reward_kind = reward
        self.max_steps = max_steps or self.game.max_steps
        self.render_mode = render_mode
        self.possible_agents = list(self.game.roles)
        n, size = self.encoding.num_actions, self.encoding.obs_size
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.match: Match | None = None
        self._rng = Rng(0)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _new_match(self, seed: int | None) -> Match:
        if seed is not None:
            self._rng = Rng(seed)
        self.match = Match.new(self.game, self.scenario, self.options, self._rng.below(2**62))
        return self.match

    def _observation(self, agent: str) -> dict[str, np.ndarray]:
        m = self.match
        assert m is not None
        legal = m.legal(agent)
        view = self.game.view(m.state, agent)
        return {
            "observation": self.encoding.observe(view, agent, legal),
            "action_mask": self.encoding.mask(legal),
        }

    def _info(self, agent: str) -> dict[str, Any]:
        m = self.match
        assert m is not None
        legal = m.legal(agent)
        return {"actions": self.encoding.choices(legal)}

    def _final_rewards(self) -> dict[str, float]:
        m = self.match
        assert m is not None
        out = m.outcome
        return {
            a: terminal_reward(out, a, self.reward_kind, len(self.possible_agents)) if out else 0.0
            for a in self.possible_agents
        }

    def render(self) -> str | None:
        if self.render_mode == "ansi" and self.match is not None:
            return self.game.render_text(self.match.state, None)
        return None

    def close(self) -> None:
        pass


class WarroomAEC(_Seats, AECEnv[str, dict[str, np.ndarray], int]):
    """A warroom game as a PettingZoo AEC environment (one role acts per step)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        game: Game[Any] | str,
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        reward: str = "win",
        max_actions: int | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        AECEnv.__init__(self)
        self._setup(game, scenario, options, reward, max_actions, max_steps, render_mode)
        self.metadata = {
            "name": f"warroom_{self.game.id.replace('-', '_')}_v0",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        self.agents: list[str] = []

    def _infos_for(self, selected: str) -> dict[str, dict[str, Any]]:
        """The agent to act gets its ``actions``; the others an empty dict (nothing to choose)."""
        return {a: self._info(a) if a == selected else {} for a in self.agents}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._observation(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        m = self._new_match(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.agent_selection = m.active[0]
        self.infos = self._infos_for(self.agent_selection)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        m = self.match
        assert m is not None
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        legal = m.legal(agent)
        chosen = self.encoding.action_of(int(action), legal)
        if chosen is None:
            for a in self.agents:
                self.terminations[a] = True
                self.rewards[a] = -1.0 if a == agent else 0.0
                self.infos[a] = {"illegal_action": a == agent}
        else:
            m.act(agent, chosen)
            if m.over:
                self.rewards = self._final_rewards()
                for a in self.agents:
                    self.terminations[a] = True
            elif len(m.steps) >= self.max_steps:
                for a in self.agents:
                    self.truncations[a] = True
            if m.over or len(m.steps) >= self.max_steps:
                out = m.outcome
                for a in self.agents:
                    self.infos[a] = {"outcome": out.to_json()} if out else {}
            else:
                self.agent_selection = m.active[0]
                self.infos = self._infos_for(self.agent_selection)
        self._accumulate_rewards()


class WarroomParallel(_Seats, ParallelEnv[str, dict[str, np.ndarray], int]):
    """A warroom game as a PettingZoo Parallel environment: every role asked now acts at once."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        game: Game[Any] | str,
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        reward: str = "win",
        max_actions: int | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        self._setup(game, scenario, options, reward, max_actions, max_steps, render_mode)
        self.metadata = {
            "name": f"warroom_{self.game.id.replace('-', '_')}_parallel_v0",
            "render_modes": ["ansi"],
        }
        self.agents: list[str] = []

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        self._new_match(seed)
        self.agents = list(self.possible_agents)
        return (
            {a: self._observation(a) for a in self.agents},
            {a: self._info(a) for a in self.agents},
        )

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[
        dict[str, dict[str, np.ndarray]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        m = self.match
        if m is None or not self.agents:
            raise RuntimeError("the game is over (or never began): call reset()")
        asked = list(m.active)
        chosen: dict[str, Action] = {}
        offender = None
        for agent in asked:
            legal = m.legal(agent)
            action = (
                self.encoding.action_of(int(actions[agent]), legal) if agent in actions else None
            )
            if action is None:
                offender = agent
                break
            chosen[agent] = action
        rewards = dict.fromkeys(self.agents, 0.0)
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if offender is not None:
            rewards[offender] = -1.0
            infos[offender]["illegal_action"] = True
            done = True
        else:
            for agent in asked:
                if agent not in m.active:
                    raise RuntimeError(
                        f"{self.game.id}: {agent} was asked together with "
                        f"{', '.join(asked)} but not after the others chose"
                    )
                m.act(agent, chosen[agent])
            done = m.over
            if done:
                rewards = self._final_rewards()
        truncated = not done and len(m.steps) >= self.max_steps
        obs = {a: self._observation(a) for a in self.agents}
        if done or truncated:
            out = m.outcome
            for a in self.agents:
                if out:
                    infos[a]["outcome"] = out.to_json()
        else:
            infos = {a: self._info(a) for a in self.agents}
        terms = dict.fromkeys(self.agents, done)
        truncs = dict.fromkeys(self.agents, truncated)
        if done or truncated:
            self.agents = []
        return obs, rewards, terms, truncs, infos


def aec_env(
    game: Game[Any] | str,
    scenario: str | None = None,
    options: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> WarroomAEC:
    """A PettingZoo AEC environment with every role of ``game`` as an agent."""
    return WarroomAEC(game, scenario, options, **kwargs)


def parallel_env(
    game: Game[Any] | str,
    scenario: str | None = None,
    options: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> WarroomParallel:
    """A PettingZoo Parallel environment: the roles asked at once (secret choices) act together."""
    return WarroomParallel(game, scenario, options, **kwargs)
