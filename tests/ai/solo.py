"""A tiny solitaire test game with a hidden deck: draw cards, stop before going over 15.

The deck holds the cards 1..9 in an order the player cannot see. Each turn the
player draws or stops. Over 15 is a loss; stopping at 13 or more wins (15: a
"major" win, 13-14: "minor"), less is a loss. It gives the search what Fall
Blau gives it: one role, a secret deck order, levels of victory.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from warroom.engine import Action, Game, OptionValue, Outcome, Rng, State


class SoloState(State):
    __slots__ = ("deck", "drawn", "stopped")

    def __init__(self, rng: Rng) -> None:
        super().__init__(rng)
        self.deck = list(range(1, 10))
        rng.shuffle(self.deck)
        self.drawn: list[int] = []
        self.stopped = False


class Solo(Game[SoloState]):
    id = "solo"
    title = "Solo (test game)"
    roles = ("player",)
    hidden_information = True

    def setup(self, scenario: str, options: Mapping[str, OptionValue], seed: int) -> SoloState:
        return SoloState(Rng(seed))

    def active(self, state: SoloState) -> tuple[str, ...]:
        return () if self.outcome(state) else ("player",)

    def legal_actions(self, state: SoloState, role: str) -> Sequence[Action]:
        return [("draw",), ("stop",)] if self.outcome(state) is None else []

    def prompt_text(self, state: SoloState, role: str) -> str:
        return "Draw or stop"

    def apply(self, state: SoloState, role: str, action: Action) -> None:
        if action == ("stop",):
            state.stopped = True
            return
        card = state.deck.pop()
        state.drawn.append(card)
        state.reveals += 1
        state.log("draw", card=card)

    def view(self, state: SoloState, role: str | None) -> dict[str, Any]:
        return {"drawn": list(state.drawn), "left": len(state.deck), "stopped": state.stopped}

    def outcome(self, state: SoloState) -> Outcome | None:
        total = sum(state.drawn)
        if total > 15:
            return Outcome(None, {"player": total}, "bust")
        if state.stopped or not state.deck:
            if total == 15:
                return Outcome("player", {"player": total}, "major")
            if total >= 13:
                return Outcome("player", {"player": total}, "minor")
            return Outcome(None, {"player": total}, "short")
        return None

    def clone(self, state: SoloState) -> SoloState:
        new = SoloState.__new__(SoloState)
        new._copy_base(state)
        new.deck = list(state.deck)
        new.drawn = list(state.drawn)
        new.stopped = state.stopped
        return new

    def determinize(self, state: SoloState, role: str, rng: Rng) -> SoloState:
        new = self.clone(state)
        new.rng = rng.fork(2)
        new.deck.sort()  # only which cards are left is known, not their order
        rng.shuffle(new.deck)
        return new


SOLO = Solo()
