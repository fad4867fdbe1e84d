"""A tiny game for testing the engine: secret simultaneous bids, then a die.

Each round both roles secretly bid 1-3; then the higher bid (ties: a d6,
1-3 for north) scores its bid. First to 5 points wins. It has every feature
the engine must carry: simultaneous secret choices, chance, a reveal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from warroom.engine import (
    Action,
    Game,
    OptionSpec,
    OptionValue,
    Outcome,
    Rng,
    ScenarioSpec,
    Seed,
    State,
)


class DuelState(State):
    __slots__ = ("bids", "score", "target")

    def __init__(self, rng: Rng, target: int) -> None:
        super().__init__(rng)
        self.bids: dict[str, int] = {}
        self.score = {"north": 0, "south": 0}
        self.target = target


class Duel(Game[DuelState]):
    id = "duel"
    title = "Duel (test game)"
    roles = ("north", "south")
    scenarios = (ScenarioSpec("short", "To 5"), ScenarioSpec("long", "To 9"))
    options = (OptionSpec("bonus", False, "a win by 3 scores one more"),)
    hidden_information = True
    simultaneous = True

    def setup(self, scenario: str, options: Mapping[str, OptionValue], seed: Seed) -> DuelState:
        return DuelState(Rng.for_seed(seed), 5 if scenario == "short" else 9)

    def active(self, state: DuelState) -> tuple[str, ...]:
        return tuple(r for r in self.roles if r not in state.bids)

    def legal_actions(self, state: DuelState, role: str) -> Sequence[Action]:
        return [("bid", n) for n in (1, 2, 3)] if role not in state.bids else []

    def prompt_text(self, state: DuelState, role: str) -> str:
        return "Bid secretly"

    def apply(self, state: DuelState, role: str, action: Action) -> None:
        state.bids[role] = action[1]
        state.log_private([role], "bid", role=role, bid=action[1])
        state.log("bid-made", role=role)
        if len(state.bids) == 2:
            n, s = state.bids["north"], state.bids["south"]
            state.reveals += 1
            if n == s:
                roll = state.rng.die(6)
                winner = "north" if roll <= 3 else "south"
                state.log("tie", roll=roll)
            else:
                winner = "north" if n > s else "south"
            state.score[winner] += state.bids[winner]
            state.log("round", north=n, south=s, winner=winner)
            state.bids = {}

    def view(self, state: DuelState, role: str | None) -> dict[str, Any]:
        return {
            "score": dict(state.score),
            "my_bid": state.bids.get(role) if role else None,
            "bid_made": sorted(state.bids),
        }

    def outcome(self, state: DuelState) -> Outcome | None:
        for r in self.roles:
            if state.score[r] >= state.target:
                return Outcome(r, dict(state.score), summary=f"{r} wins")
        return None

    def clone(self, state: DuelState) -> DuelState:
        new = DuelState.__new__(DuelState)
        new._copy_base(state)
        new.bids = dict(state.bids)
        new.score = dict(state.score)
        new.target = state.target
        return new

    def determinize(self, state: DuelState, role: str, rng: Rng) -> DuelState:
        new = self.clone(state)
        new.rng = rng.fork(1)
        for other in self.roles:
            if other != role and other in new.bids:
                new.bids[other] = rng.choice((1, 2, 3))
        return new


DUEL = Duel()
