"""What the search knows about a particular game, kept by the AI layer: one module per game.

``warroom.ai.values.<game_id with _>`` may define ``evaluate(game, state, role) -> [0, 1]``
for positions where a simulation is cut off, ``reward(game, outcome, role)``, and
``SEARCH`` (default search options). The game's own rules module
(``warroom.ai.rules.<game>``) is consulted first; see ``warroom.ai.search.game_hook``.
"""
