"""Roads to Stalingrad (Campaign Commander vol. 1): Axis against Soviet, June 1942 - February 1943."""

from warroom.games.campaign_commander.roads_to_stalingrad.rules import GAME, RoadsToStalingrad

__all__ = ["GAME", "RoadsToStalingrad"]
