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
from warroom.engine.rng import Rng, ScriptedRng, SecretRng, Seed, check_seed, new_secret_seed

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
    "SecretRng",
    "Seed",
    "State",
    "Step",
    "UnknownGame",
    "WarroomError",
    "action_json",
    "check_seed",
    "game",
    "game_ids",
    "new_secret_seed",
    "to_action",
    "visible",
]
