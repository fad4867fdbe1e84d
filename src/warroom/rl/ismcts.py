"""OpenSpiel's information-set MCTS as a warroom agent: ``make_agent("ismcts", game, seed)``.

The agent plays through our OpenSpiel adapter (``warroom.rl.openspiel``): at each decision it
wraps the match's state in an OpenSpiel state (games with simultaneous choices in their
turn-based form) and asks ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` for a move. The
bot plans on ``resample_from_infostate``, which is the game's ``determinize`` for the role, so
it sees no more than the seat. Options: ``iterations`` (simulations a decision, default 200),
``c`` (UCT constant, default 2: OpenSpiel's rewards are -1..1), ``rollout`` ('random', the
default: OpenSpiel's ``RandomRolloutEvaluator``; or 'rules': our rules player plays the
rollouts), ``rollouts`` (rollouts a leaf, default 1) and ``depth`` (steps a rollout plays
before it is scored as a draw, default 2000).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from warroom.ai.base import AGENT_KINDS, rules_policy
from warroom.engine import Action, Match, Rng
from warroom.engine import game as lookup_game


class _Rollouts:
    """An OpenSpiel evaluator whose rollouts are played by a policy (ours or uniform)."""

    def __init__(
        self, game_id: str, rollouts: int, depth: int, rng: np.random.RandomState, rules: bool
    ) -> None:
        self.policy = rules_policy(game_id) if rules else None
        self.rollouts = rollouts
        self.depth = depth
        self.rng = rng

    def evaluate(self, state: Any) -> np.ndarray:
        total: np.ndarray | None = None
        for _ in range(self.rollouts):
            working = state.clone()
            steps = 0
            while not working.is_terminal() and steps < self.depth:
                if working.is_chance_node():
                    outcomes, probs = zip(*working.chance_outcomes(), strict=True)
                    working.apply_action(int(self.rng.choice(outcomes, p=probs)))
                    continue
                player = working.current_player()
                legal = working.legal_actions(player)
                if self.policy is not None:
                    working.apply_action(self._rules_index(working, player, legal))
                else:
                    working.apply_action(int(self.rng.choice(legal)))
                steps += 1
            returns = np.array(
                working.returns() if working.is_terminal() else [0.0] * working.num_players()
            )
            total = returns if total is None else total + returns
        assert total is not None
        return total / self.rollouts

    def _rules_index(self, working: Any, player: int, legal: list[int]) -> int:
        box, sh = working._box, working._sh
        role = sh.game.roles[player]
        actions = box.legal_of(role)
        seed = int(self.rng.randint(0, 2**31 - 1))
        assert self.policy is not None
        choice = self.policy(sh.game, box.state, role, actions, Rng(seed))
        index = sh.encoding.index_of(choice, actions)
        return int(index) if index is not None and index in legal else int(self.rng.choice(legal))

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


class ISMCTSAgent:
    """OpenSpiel's Python IS-MCTS bot playing a seat (see the module's docstring)."""

    def __init__(self, game_id: str, params: dict[str, str], seed: int = 0) -> None:
        from open_spiel.python.algorithms import ismcts

        from warroom.rl.openspiel import openspiel_game

        known = {"iterations", "c", "rollout", "rollouts", "depth"}
        unknown = set(params) - known
        if unknown:
            raise ValueError(
                f"unknown ismcts option {', '.join(sorted(unknown))}; the options are: "
                f"{', '.join(sorted(known))}"
            )
        g = lookup_game(game_id)
        self.name = "ismcts"
        self.game = g
        self.spiel = openspiel_game(g, turn_based=g.simultaneous)
        rollout = params.get("rollout", "random")
        if rollout not in ("random", "rules"):
            raise ValueError(f"ismcts rollout is 'random' or 'rules', got {rollout!r}")
        self.rng = np.random.RandomState(seed & 0x7FFFFFFF)
        evaluator = _Rollouts(
            g.id,
            int(params.get("rollouts", 1)),
            int(params.get("depth", 2000)),
            self.rng,
            rollout == "rules",
        )
        self.bot = ismcts.ISMCTSBot(
            self.spiel,
            evaluator,
            float(params.get("c", 2.0)),
            int(params.get("iterations", 200)),
            random_state=self.rng,
        )

    def _state(self, match: Match) -> Any:
        """An OpenSpiel state holding a copy of the match's state (the bot only ever plans
        on its ``resample_from_infostate``, i.e. on ``determinize`` for the role asked)."""
        from warroom.rl.openspiel import WarroomSpielState, _Box

        sh = self.spiel._shared
        recipe: tuple[Any, ...] = ("seed", match.seed)
        for st in match.steps:
            recipe = ("act", recipe, st.role, st.action)
        box = _Box(sh, self.game.clone(match.state), recipe)
        return WarroomSpielState(self.spiel, sh, box)

    def choose(self, match: Match, role: str) -> Action:
        legal = match.legal(role)
        if not legal:
            raise ValueError(f"{role} has no legal action now")
        if len(legal) == 1:
            return legal[0]
        state = self._state(match)
        if state.current_player() != self.game.roles.index(role):
            raise ValueError(f"ismcts: {role} is not the role OpenSpiel asks now")
        index = self.bot.step(state)
        action = self.spiel._shared.encoding.action_of(int(index), legal)
        return action if action is not None else legal[0]


def _make(game_id: str, params: dict[str, str], seed: int) -> ISMCTSAgent:
    return ISMCTSAgent(game_id, params, seed)


AGENT_KINDS["ismcts"] = _make
