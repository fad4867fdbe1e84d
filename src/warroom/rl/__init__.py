"""Environments for agents: Gymnasium, PettingZoo and OpenSpiel over every warroom game.

Install the extra: ``pip install warroom[rl]``. Importing ``warroom.rl``
registers one Gymnasium id per game (``warroom/Commanders-v0``, ...);
importing ``warroom.rl.openspiel`` registers every game with pyspiel
(``warroom_commanders``, ...). See docs/rl.md for the encodings.

    from warroom.rl import gym_env, aec_env, parallel_env, openspiel_game
"""

from __future__ import annotations

import importlib.util
from typing import Any

for _needed in ("gymnasium", "pettingzoo"):
    if importlib.util.find_spec(_needed) is None:
        raise ImportError(
            f"warroom.rl needs {_needed}: install the extra with  pip install 'warroom[rl]'"
        )

from warroom.rl.encoding import Encoding, encoding_for  # noqa: E402
from warroom.rl.gym import WarroomEnv, env_name, gym_env, register_gym  # noqa: E402
from warroom.rl.petting import WarroomAEC, WarroomParallel, aec_env, parallel_env  # noqa: E402


def openspiel_game(*args: Any, **kwargs: Any) -> Any:
    """A warroom game as a pyspiel.Game (see warroom.rl.openspiel; imports pyspiel on first use)."""
    from warroom.rl.openspiel import openspiel_game as load

    return load(*args, **kwargs)


register_gym()

__all__ = [
    "Encoding",
    "WarroomAEC",
    "WarroomEnv",
    "WarroomParallel",
    "aec_env",
    "encoding_for",
    "env_name",
    "gym_env",
    "openspiel_game",
    "parallel_env",
    "register_gym",
]
