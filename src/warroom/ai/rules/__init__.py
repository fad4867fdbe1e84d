"""Rule-based policies, one module per game, named after the game id (hyphens become _).

Each module defines ``policy(game, state, role, actions, rng) -> action``.
"""
