"""Coral Sea (Campaign Commander vol. 2): Japan against the Allies, May 1942 - spring 1943."""

from warroom.games.campaign_commander.coral_sea.rules import GAME, CoralSea

__all__ = ["GAME", "CoralSea"]
