"""The registry of games: every package under ``warroom.games`` that exports GAME or GAMES."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from warroom.engine.contract import Game
from warroom.engine.errors import UnknownGame, excerpt


@cache
def _all() -> dict[str, Game[Any]]:
    pkg = importlib.import_module("warroom.games")  # the package, not warroom.games()
    found: dict[str, Game[Any]] = {}
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        if not info.ispkg or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{pkg.__name__}.{info.name}")
        games: list[Game[Any]] = list(getattr(module, "GAMES", ()))
        if hasattr(module, "GAME"):
            games.append(module.GAME)
        for g in games:
            if g.id in found:
                raise RuntimeError(f"two games claim the id {g.id!r}")
            found[g.id] = g
    return found


def game_ids() -> list[str]:
    return sorted(_all())


def game(game_id: str) -> Game[Any]:
    games = _all()
    if game_id not in games:
        raise UnknownGame(
            f"no game {excerpt(repr(game_id))}; the games are: {', '.join(sorted(games)) or 'none'}"
        )
    return games[game_id]
