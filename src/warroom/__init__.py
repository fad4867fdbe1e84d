"""warroom: an engine and web application for board wargames.

The public face used by every layer above the games and by outside scripts::

    import warroom
    game = warroom.game("commanders")
    match = warroom.Match.new(game, scenario="marengo", options={}, seed=7)
    p = match.prompt(match.active[0])
    match.act(p.role, p.actions[0])
    again = warroom.Match.replay(match.record())
    warroom.games()        # ids of every registered game
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import warroom.games as _games_package
from warroom import _compiled  # noqa: F401  (compiled modules or their sources: chosen first)
from warroom.engine import (
    BadOption,
    BadRecord,
    BadScenario,
    BadSetup,
    GameDataError,
    IllegalAction,
    Match,
    NotYourTurn,
    Outcome,
    Prompt,
    UnknownGame,
    WarroomError,
    game,
    game_ids,
)

__version__ = "0.1.0"


if TYPE_CHECKING:

    def games() -> list[str]:
        """The ids of every registered game."""
        return game_ids()

else:
    # the package itself, which is callable (warroom/games/__init__.py): ``warroom.games()``
    # lists the ids and ``import warroom.games.commanders as c`` still finds the subpackage
    games = _games_package


__all__ = [
    "BadOption",
    "BadRecord",
    "BadScenario",
    "BadSetup",
    "GameDataError",
    "IllegalAction",
    "Match",
    "NotYourTurn",
    "Outcome",
    "Prompt",
    "UnknownGame",
    "WarroomError",
    "__version__",
    "game",
    "games",
]
