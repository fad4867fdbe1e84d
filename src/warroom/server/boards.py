"""Where each game's board drawing lives: ``board.js`` in the game's package folder."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from functools import cache
from pathlib import Path
from typing import Any

from warroom.engine import Game


@cache
def _exporting_packages() -> dict[int, Path]:
    """id(game instance) -> folder of the package under warroom.games that exports it."""
    pkg = importlib.import_module("warroom.games")
    found: dict[int, Path] = {}
    for info in pkgutil.iter_modules(pkg.__path__):
        if not info.ispkg or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{pkg.__name__}.{info.name}")
        folder = Path(module.__file__ or "").parent
        for g in [*getattr(module, "GAMES", ()), getattr(module, "GAME", None)]:
            if g is not None:
                found[id(g)] = folder
    return found


def board_file(game: Game[Any]) -> Path | None:
    """The game's board.js: in the package exporting it, else beside the module of its class."""
    folders = []
    if id(game) in _exporting_packages():
        folders.append(_exporting_packages()[id(game)])
    module = sys.modules.get(type(game).__module__)
    if module is not None and module.__file__:
        folders.append(Path(module.__file__).parent)
    for folder in folders:
        path = folder / "board.js"
        if path.is_file():
            return path
    return None
