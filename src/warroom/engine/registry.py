"""The registry of games: every package under ``warroom.games`` that exports GAME or GAMES.

Listing the games imports them all; asking for one game by id imports only the module
``WHERE`` names for it (a command that names its game starts quicker), or, for an id it does
not name, all of them. A test keeps ``WHERE`` in step with what the packages export.
"""

from __future__ import annotations

import gc
import importlib
import pkgutil
from functools import cache
from typing import Any

from warroom.engine.contract import Game
from warroom.engine.errors import UnknownGame, excerpt

_SETTLED: set[str] = set()
GC_YOUNG = 50_000
"""New containers between two passes of the cyclic collector over the youngest ones (Python's
default is 700)."""


def _settle(module: str) -> None:
    """A game's module and data are made once per process and kept for as long as it runs:
    once a game is loaded, everything made so far is moved out of the cyclic collector's sight
    (``gc.freeze``), whose full passes would otherwise walk all of it again and again (they took
    10-15% of a campaign's random games: docs/architecture.md, "Speed (issue 22)"). Reference
    counting still frees any of it that is let go.

    The collector also looks at the youngest containers less often (``GC_YOUNG``): a game
    step makes and drops many containers and keeps a few (a match keeps every state), so
    passes every 700 of them mostly walked the same kept states again (4-8% of Coral Sea's
    random games, 2-3% of its search). Reference cycles, which only the collector frees,
    wait a little longer for it. A threshold set higher, or the collector switched off, is
    left as it is."""
    if module not in _SETTLED:
        _SETTLED.add(module)
        gc.freeze()
        young, *older = gc.get_threshold()
        if 0 < young < GC_YOUNG and gc.isenabled():
            gc.set_threshold(GC_YOUNG, *older)


@cache
def _all() -> dict[str, Game[Any]]:
    pkg = importlib.import_module("warroom.games")  # the package, not warroom.games()
    found: dict[str, Game[Any]] = {}
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        if not info.ispkg or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{pkg.__name__}.{info.name}")
        _settle(module.__name__)
        games: list[Game[Any]] = list(getattr(module, "GAMES", ()))
        if hasattr(module, "GAME"):
            games.append(module.GAME)
        for g in games:
            if g.id in found:
                raise RuntimeError(f"two games claim the id {g.id!r}")
            found[g.id] = g
    return found


WHERE: dict[str, str] = {
    "commanders": "warroom.games.commanders",
    "coral-sea": "warroom.games.campaign_commander.coral_sea",
    "fall-blau": "warroom.games.fall_blau",
    "roads-to-stalingrad": "warroom.games.campaign_commander.roads_to_stalingrad",
    "toi-stalingrad": "warroom.games.toi_stalingrad",
}
"""Game id -> the module whose ``GAME`` it is."""


def game_ids() -> list[str]:
    return sorted(_all())


def game(game_id: str) -> Game[Any]:
    where = WHERE.get(game_id)
    if where is not None and _all.cache_info().currsize == 0:
        found = getattr(importlib.import_module(where), "GAME", None)
        if found is not None and found.id == game_id:
            _settle(where)
            return found
    games = _all()
    if game_id not in games:
        raise UnknownGame(
            f"no game {excerpt(repr(game_id))}; the games are: {', '.join(sorted(games)) or 'none'}"
        )
    return games[game_id]
