"""The Campaign Commander series: one engine (series rules 1-12), one folder per campaign.

Campaigns: roads_to_stalingrad (Roads to Stalingrad), coral_sea (Coral Sea). Each is a
SeriesGame subclass with its own data/ folder and the overrides its special rules need.

The names below are imported when first asked for, so that a program naming one campaign
(``warroom.game("coral-sea")``) does not load the other.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["CORAL_SEA", "GAMES", "ROADS_TO_STALINGRAD", "SeriesGame"]


def __getattr__(name: str) -> Any:
    if name == "CORAL_SEA":
        return importlib.import_module(f"{__name__}.coral_sea").GAME
    if name == "ROADS_TO_STALINGRAD":
        return importlib.import_module(f"{__name__}.roads_to_stalingrad").GAME
    if name == "GAMES":
        return [__getattr__("ROADS_TO_STALINGRAD"), __getattr__("CORAL_SEA")]
    if name == "SeriesGame":
        return importlib.import_module(f"{__name__}.series").SeriesGame
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
