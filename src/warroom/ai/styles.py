"""Fixed styles as agents: ``make_agent("style:NAME", game, seed)`` plays one of the search's
styles (``warroom.ai.values.<game>.styles``) for the whole game, as a person with one habit
would.

A style is often written for one side (Coral Sea's Japanese "bougainville"). In a seat whose
side has no style of that name the agent plays the game's ``style_for(game, role, name)``
where it offers one (Roads to Stalingrad's styles are knobs that fit either side), else the
rules player; ``styles_of(game)`` lists every style name with the sides it is written for.
"""

from __future__ import annotations

from typing import Any

from warroom.ai.base import AGENT_KINDS, Policy, rules_policy
from warroom.engine import Action, Game, Match, Rng


def styles_of(game: Game[Any]) -> dict[str, list[str]]:
    """Each style name (the rules player's own left out) -> the roles it is written for."""
    from warroom.ai.search import game_hook

    hook = game_hook(game.id, "styles")
    out: dict[str, list[str]] = {}
    if hook is None:
        return out
    for role in game.roles:
        for name, _ in hook(game, role):
            if name != "rules":
                out.setdefault(name, []).append(role)
    return out


def style_policy(game: Game[Any], role: str, name: str) -> tuple[Policy | None, str]:
    """The policy of style ``name`` for ``role`` and how it was found: 'own' (written for
    that side), 'fitted' (the game's ``style_for``) or 'rules' (None: the rules player)."""
    from warroom.ai.search import game_hook

    hook = game_hook(game.id, "styles")
    if hook is not None:
        for n, p in hook(game, role):
            if n == name:
                return p, "own"
    fit = game_hook(game.id, "style_for")
    if fit is not None:
        found = fit(game, role, name)
        if found is not None:
            return found, "fitted"
    return None, "rules"


class StyleAgent:
    """Plays one named style for whichever side it sits on (see the module's docstring)."""

    def __init__(self, game_id: str, name: str, seed: int = 0) -> None:
        import warroom

        game = warroom.game(game_id)
        known = styles_of(game)
        if name not in known:
            raise ValueError(
                f"no style {name!r} for {game_id}; its styles: {', '.join(known) or 'none'}"
            )
        self.style = name
        self.name = f"style:{name}"
        self.rules = rules_policy(game_id)
        self.rng = Rng(seed ^ 0x57F1E)
        self._policies: dict[str, Policy | None] = {}

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "_policies": {}}  # found again from the game (closures)

    def choose(self, match: Match, role: str) -> Action:
        actions = match.legal(role)
        if not actions:
            raise ValueError(f"{role} has no legal action now")
        if role not in self._policies:
            self._policies[role] = style_policy(match.game, role, self.style)[0]
        policy = self._policies[role] or self.rules
        if policy is None:
            return actions[self.rng.below(len(actions))]
        choice = policy(match.game, match.state, role, actions, self.rng)
        if choice not in actions:
            raise RuntimeError(f"the {self.name} style chose an unlisted action {choice!r}")
        return choice


def _make_style(game_id: str, params: dict[str, str], seed: int) -> StyleAgent:
    if "name" not in params:
        raise ValueError("name the style: style:NAME")
    return StyleAgent(game_id, params["name"], seed)


AGENT_KINDS["style"] = _make_style
