"""Sheets: a tiny game of secret order sheets written one order at a time (test game).

Each round both sides write in secret, at the same time, up to three orders of strength 1-3,
one action each, then say ``done``. When both are done the sheets are shown: the stronger
sheet (the sum of its orders) scores a point, a tie goes to a d6 (1-3 red). First to three
points wins. How many orders a side wrote is as secret as what they are: the game's view
shows the other side only whether it has finished. It is the shape of Commanders' order
sheet in a few lines, so the engine's and the server's handling of secret steps can be tested
apart from any real game's rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from warroom.engine import Action, Game, OptionValue, Outcome, Rng, State
from warroom.engine.rng import Seed

MAX_ORDERS = 3


class SheetsState(State):
    __slots__ = ("done", "round", "score", "sheets")

    def __init__(self, rng: Rng) -> None:
        super().__init__(rng)
        self.sheets: dict[str, list[int]] = {"red": [], "blue": []}
        self.done: set[str] = set()
        self.score = {"red": 0, "blue": 0}
        self.round = 1


class Sheets(Game[SheetsState]):
    id = "sheets"
    title = "Sheets (test game)"
    roles = ("red", "blue")
    hidden_information = True
    simultaneous = True

    def setup(self, scenario: str, options: Mapping[str, OptionValue], seed: Seed) -> SheetsState:
        return SheetsState(Rng.for_seed(seed))

    def active(self, state: SheetsState) -> tuple[str, ...]:
        return tuple(r for r in self.roles if r not in state.done)

    def legal_actions(self, state: SheetsState, role: str) -> Sequence[Action]:
        if role in state.done:
            return []
        more = len(state.sheets[role]) < MAX_ORDERS
        return [("done",), *((("order", n) for n in (1, 2, 3)) if more else ())]

    def prompt_text(self, state: SheetsState, role: str) -> str:
        return f"Round {state.round}: write an order or say done"

    def label(self, state: SheetsState, role: str, action: Action) -> str:
        return "Done" if action[0] == "done" else f"Order of strength {action[1]}"

    def explain_illegal(self, state: SheetsState, role: str, action: Action) -> str | None:
        if action[:1] == ("order",) and len(state.sheets[role]) >= MAX_ORDERS:
            return f"a sheet holds at most {MAX_ORDERS} orders"
        return None

    def apply(self, state: SheetsState, role: str, action: Action) -> None:
        if action[0] == "order":
            state.sheets[role].append(action[1])
            state.log_private([role], "order", role=role, strength=action[1])
            return
        state.done.add(role)
        state.log("done", role=role)
        if len(state.done) < len(self.roles):
            return
        state.reveals += 1
        red, blue = sum(state.sheets["red"]), sum(state.sheets["blue"])
        if red == blue:
            roll = state.rng.die(6)
            winner = "red" if roll <= 3 else "blue"
            state.log("tie", roll=roll)
        else:
            winner = "red" if red > blue else "blue"
        state.score[winner] += 1
        state.log(
            "sheets", red=list(state.sheets["red"]), blue=list(state.sheets["blue"]), winner=winner
        )
        state.sheets = {"red": [], "blue": []}
        state.done = set()
        state.round += 1

    def view(self, state: SheetsState, role: str | None) -> dict[str, Any]:
        return {
            "round": state.round,
            "score": dict(state.score),
            "my_sheet": list(state.sheets[role]) if role else [],
            "done": sorted(state.done),
        }

    def outcome(self, state: SheetsState) -> Outcome | None:
        for r in self.roles:
            if state.score[r] >= 3:
                return Outcome(r, dict(state.score), summary=f"{r} wins")
        return None

    def clone(self, state: SheetsState) -> SheetsState:
        new = SheetsState.__new__(SheetsState)
        new._copy_base(state)
        new.sheets = {r: list(v) for r, v in state.sheets.items()}
        new.done = set(state.done)
        new.score = dict(state.score)
        new.round = state.round
        return new

    def determinize(self, state: SheetsState, role: str, rng: Rng) -> SheetsState:
        new = self.clone(state)
        new.rng = rng.fork(1)
        for other in self.roles:
            if other != role:
                n = rng.below(MAX_ORDERS + 1)
                new.sheets[other] = [1 + rng.below(3) for _ in range(n)]
        return new


SHEETS = Sheets()
