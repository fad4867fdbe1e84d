"""The Campaign Commander series: one engine (series rules 1-12), one folder per campaign.

Campaigns: roads_to_stalingrad (Roads to Stalingrad), coral_sea (Coral Sea). Each is a
SeriesGame subclass with its own data/ folder and the overrides its special rules need.
"""

from warroom.games.campaign_commander.coral_sea import GAME as CORAL_SEA
from warroom.games.campaign_commander.roads_to_stalingrad import GAME as ROADS_TO_STALINGRAD
from warroom.games.campaign_commander.series import SeriesGame

GAMES = [ROADS_TO_STALINGRAD, CORAL_SEA]

__all__ = ["CORAL_SEA", "GAMES", "ROADS_TO_STALINGRAD", "SeriesGame"]
