"""The engine: the game contract, the match, the random generator, errors, the registry."""

from warroom.engine.contract import (
    Action,
    Event,
    Game,
    OptionSpec,
    OptionValue,
    Outcome,
    Prompt,
    ScenarioSpec,
    State,
    action_json,
    to_action,
)
from warroom.engine.errors import (
    BadOption,
    BadRecord,
    BadScenario,
    BadSetup,
    GameDataError,
    IllegalAction,
    NotYourTurn,
    UnknownGame,
    WarroomError,
)
from warroom.engine.match import Match, Step, visible
from warroom.engine.registry import game, game_ids
from warroom.engine.rng import Rng, ScriptedRng

__all__ = [
    "Action",
    "BadOption",
    "BadRecord",
    "BadScenario",
    "BadSetup",
    "Event",
    "Game",
    "GameDataError",
    "IllegalAction",
    "Match",
    "NotYourTurn",
    "OptionSpec",
    "OptionValue",
    "Outcome",
    "Prompt",
    "Rng",
    "ScenarioSpec",
    "ScriptedRng",
    "State",
    "Step",
    "UnknownGame",
    "WarroomError",
    "action_json",
    "game",
    "game_ids",
    "to_action",
    "visible",
]
