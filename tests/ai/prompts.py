"""Roads to Stalingrad played at random until a prompt of the kind a test needs."""

from __future__ import annotations

from warroom.ai.search import game_hook
from warroom.engine import Action, Match, Rng, game


def walk_to_prompt(
    seed: int, moves: int, planned: bool, more_than: int, steps: int = 400
) -> tuple[Match, str, list[Action]]:
    """A Roads to Stalingrad match (``seed``) played at random (``Rng(moves)``) until the
    first prompt of more than ``more_than`` legal moves that the campaign search plans
    (``planned``: Card or Map, an operation, an attack) or leaves to the chosen style (not
    ``planned``); the match, the role to act and its legal moves."""
    g = game("roads-to-stalingrad")
    plans = game_hook(g.id, "plans")
    m = Match.new(g, seed=seed)
    rng = Rng(moves)
    for _ in range(steps):
        role = m.active[0]
        legal = m.legal(role)
        if (
            len(legal) > more_than
            and bool(plans(g, g.determinize(m.state, role, Rng(1)), role, legal)) == planned
        ):
            return m, role, legal
        m.act(role, rng.choice(legal))
    kind = "planned" if planned else "left to the style"
    raise AssertionError(f"no prompt {kind} in {steps} steps")
