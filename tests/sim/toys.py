"""Test games for the simulator: the engine's toy duel, with report facts, and one that breaks."""

from __future__ import annotations

from typing import Any

from tests.engine.toy import Duel, DuelState
from warroom.engine import Action, GameDataError, OptionSpec


class FactDuel(Duel):
    """The duel, reporting how many points the loser had and whether it was a shut-out."""

    def report_facts(self, state: DuelState) -> dict[str, Any]:
        low = min(state.score.values())
        return {"loser_points": low, "shutout": low == 0, "first_to": state.target}


class BrokenDuel(Duel):
    """The duel, except that a bid of 3 by north when south leads crashes the rules."""

    def apply(self, state: DuelState, role: str, action: Action) -> None:
        if role == "north" and action[1] == 3 and state.score["south"] > state.score["north"]:
            raise RuntimeError("boom")
        super().apply(state, role, action)


FACT_DUEL = FactDuel()
BROKEN_DUEL = BrokenDuel()


class GeneralsDuel(Duel):
    """The duel with Fall Blau's option shapes: three generals of five, hard and missions modes."""

    GENERALS = ("hoth", "paulus", "ruoff", "kleist", "weichs")
    options = (
        OptionSpec("generals", "hoth,paulus,ruoff", "three generals"),
        OptionSpec("hard", False, "hard mode"),
        OptionSpec("missions", False, "missions mode"),
    )


GENERALS_DUEL = GeneralsDuel()


def ties(game: Any, match: Any) -> dict[str, Any]:
    """A fact read from the log: the rounds decided by the die, and the step of the first."""
    steps = [i for i, e in enumerate(match.log) if e["kind"] == "tie"]
    return {"ties": len(steps), "first_tie": steps[0] if steps else None}


class MissingDataDuel(Duel):
    """The duel whose data file is missing: every set-up fails."""

    def setup(self, scenario: str, options: Any, seed: int) -> DuelState:
        raise GameDataError("duel.toml", "(file)", "cannot be read")


MISSING_DATA_DUEL = MissingDataDuel()


class DyingDuel(Duel):
    """The duel whose process exits without a word on a set-up with the bonus option (a crash)."""

    def setup(self, scenario: str, options: Any, seed: int) -> DuelState:
        if options.get("bonus"):
            import os

            os._exit(3)
        return super().setup(scenario, options, seed)


DYING_DUEL = DyingDuel()
