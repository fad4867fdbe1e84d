"""A four-area Campaign Commander campaign on the series engine, for battle-odds tests.

``MiniCampaign(cups)`` fills each side's cup with the chits given (by side:Name) instead
of every chit of that side, so a test can make the odds computable by hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from warroom.games.campaign_commander.series import SeriesGame
from warroom.games.campaign_commander.state import Battle, CCState


class MiniCampaign(SeriesGame):
    id = "cc-mini"
    title = "Campaign Commander test strip"
    roles = ("axis", "soviet")
    data_folder = Path(__file__).parent

    def __init__(self, cups: Mapping[str, Sequence[str]] | None = None) -> None:
        super().__init__()
        self.cups = {k: list(v) for k, v in (cups or {}).items()}

    def build_cup(self, s: CCState, b: Battle, role: str) -> list[str]:
        if role in self.cups:
            return list(self.cups[role])
        return super().build_cup(s, b, role)


MINI = MiniCampaign()
