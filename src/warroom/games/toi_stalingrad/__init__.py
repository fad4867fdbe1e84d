"""Tide of Iron: Stalingrad campaign tracker (game id ``toi-stalingrad``).

The scenarios are played on the printed game; this module runs the Campaign Phase
between them and keeps the campaign sheet.
"""

from warroom.games.toi_stalingrad.rules import GAME, ToiStalingrad, ToiState

__all__ = ["GAME", "ToiStalingrad", "ToiState"]
