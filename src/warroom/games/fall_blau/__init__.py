"""Campaign: Fall Blau, the solitaire campaign of the German summer offensive of 1942."""

from warroom.games.fall_blau.rules import GAME, BlauState, FallBlau

__all__ = ["GAME", "BlauState", "FallBlau"]
