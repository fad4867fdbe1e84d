"""One package per game. A package exports ``GAME`` (or ``GAMES``) and the registry finds it.

Every game folder has the same shape: ``__init__.py`` (exports), ``rules.py``
(state and rule hooks), ``data/`` (the printed components as TOML/JSON),
``board.js`` (its SVG board for the web client), ``NOTES.md`` (rules
interpretations, our reconstructions, and the rule-to-test table).

``warroom.games`` is also callable (``warroom.games()`` lists the game ids),
whichever of the function or this package a caller's import bound to the name.
"""

from __future__ import annotations

import sys
import types


class _CallablePackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from warroom.engine.registry import game_ids

        return game_ids()


sys.modules[__name__].__class__ = _CallablePackage
