"""The agent interface and the agents every game has.

An agent chooses one of the listed actions for a role of a match. It may
read only what that role may see: rule-based policies read the state through
the same fields the role's view shows; search plans on determinized states
(``Game.determinize``), never on the true hidden state.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import pickle
import zlib
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from warroom.engine import Action, Game, Match, Rng, State

log = logging.getLogger("warroom.ai")

Policy = Callable[[Game[Any], State, str, Sequence[Action], Rng], Action]
"""A rule-based policy: (game, state, role, legal actions, rng) -> one of the actions."""


class Agent(Protocol):
    name: str

    def choose(self, match: Match, role: str) -> Action: ...


class RandomAgent:
    """Uniform over the listed actions; its own generator, so it never touches the game's dice."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self.rng = Rng(seed ^ 0xA6E47)

    def choose(self, match: Match, role: str) -> Action:
        actions = match.legal(role)
        if not actions:
            raise ValueError(f"{role} has no legal action now")
        return self.rng.choice(actions)


def rules_policy(game_id: str) -> Policy | None:
    """The game's rule-based policy: ``warroom.ai.rules.<game_id with _>.policy``, if it exists."""
    name = game_id.replace("-", "_")
    try:
        module = importlib.import_module(f"warroom.ai.rules.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"warroom.ai.rules.{name}":
            return None
        raise
    policy: Policy = module.policy
    return policy


class RulesAgent:
    """A game's rule-based policy: the priorities a decent player uses."""

    def __init__(self, game_id: str, seed: int = 0) -> None:
        policy = rules_policy(game_id)
        if policy is None:
            raise ValueError(f"no rule-based agent for {game_id} yet; use 'random' or 'search'")
        self.name = "rules"
        self.policy = policy
        self.rng = Rng(seed ^ 0x7E1E5)

    def choose(self, match: Match, role: str) -> Action:
        actions = match.legal(role)
        if not actions:
            raise ValueError(f"{role} has no legal action now")
        choice = self.policy(match.game, match.state, role, actions, self.rng)
        if choice not in actions:
            raise RuntimeError(
                f"the {match.game.id} rules policy chose an unlisted action {choice!r}"
            )
        return choice


def parse_agent_spec(spec: str) -> tuple[str, dict[str, str]]:
    """'search:iterations=2000,seconds=1' -> ('search', {'iterations': '2000', 'seconds': '1'}).

    A first option without '=' is a name: 'script:garrisons' -> ('script', {'name':
    'garrisons'})."""
    kind, _, rest = spec.partition(":")
    params: dict[str, str] = {}
    for i, part in enumerate(filter(None, rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq:
            if i == 0:
                params["name"] = part.strip()
                continue
            raise ValueError(f"agent option {part!r} in {spec!r} is not key=value")
        params[key.strip()] = value.strip()
    return kind.strip(), params


AgentFactory = Callable[[str, dict[str, str], int], Agent]

AGENT_KINDS: dict[str, AgentFactory] = {
    "random": lambda game_id, params, seed: RandomAgent(seed),
    "rules": lambda game_id, params, seed: RulesAgent(game_id, seed),
}
"""Agent kinds by name. Other modules (search) add themselves here."""

AGENT_MODULES = {
    "script": "warroom.ai.exploits",
    "style": "warroom.ai.styles",
    "ismcts": "warroom.rl.ismcts",
}
"""Where an agent kind that is not ``warroom.ai.<kind>`` registers itself (imported when the
kind is first asked for; ``ismcts`` needs the ``rl`` extra)."""


def make_agent(spec: str, game_id: str, seed: int = 0) -> Agent:
    """Build an agent from its name on the command line, e.g. 'random', 'rules', 'search:iterations=500'."""
    kind, params = parse_agent_spec(spec)
    if kind not in AGENT_KINDS:
        module = AGENT_MODULES.get(kind, f"warroom.ai.{kind}")
        with contextlib.suppress(ModuleNotFoundError):  # search registers itself on import
            importlib.import_module(module)
    if kind not in AGENT_KINDS:
        raise ValueError(
            f"unknown agent {kind!r}; the agents are: {', '.join(sorted(AGENT_KINDS))}"
        )
    return AGENT_KINDS[kind](game_id, params, seed)


def save_agent(agent: Agent) -> bytes | None:
    """An agent's memory between prompts (its generator, beliefs, style, plan, tree ...) as
    bytes, to carry it to another process or over a server restart; None for an agent that
    cannot be saved (it is then made again at each prompt, from its seed)."""
    try:
        return zlib.compress(pickle.dumps(agent, protocol=pickle.HIGHEST_PROTOCOL), 1)
    except (pickle.PicklingError, TypeError, AttributeError) as exc:
        log.warning("agent %s cannot be saved: %s", getattr(agent, "name", agent), exc)
        return None


def load_agent(blob: bytes) -> Agent:
    """The agent ``save_agent`` saved (only ever given bytes the server itself saved)."""
    agent: Agent = pickle.loads(zlib.decompress(blob))
    return agent
