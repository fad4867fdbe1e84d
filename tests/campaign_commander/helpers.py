"""Shared helpers: a clean board for rulebook examples, fixed cups, random play."""

from __future__ import annotations

from typing import Any

from warroom.engine import Match, Rng, ScriptedRng
from warroom.games.campaign_commander.invariants import violations
from warroom.games.campaign_commander.model import OFF_MAP, POOL
from warroom.games.campaign_commander.roads_to_stalingrad.rules import RoadsToStalingrad
from warroom.games.campaign_commander.state import Battle, CCState, Unit

AXIS_CUP = ["axis:Assault", "axis:Assault", "axis:Flank Attack", "axis:Air Strike"]
SOVIET_CUP = ["soviet:Poor Coordination", "soviet:Human Wave"]


class FixedCups(RoadsToStalingrad):
    """Roads to Stalingrad with cups filled in a fixed order (the last chit is drawn first)."""

    def __init__(self, cups: dict[str, list[str]] | None = None) -> None:
        super().__init__()
        self.fixed = cups or {"axis": AXIS_CUP, "soviet": SOVIET_CUP}

    def build_cup(self, s: CCState, b: Battle, role: str) -> list[str]:
        return list(self.fixed[role])

    def order_cup(self, s: CCState, cup: list[str]) -> None:
        pass


def clean_board(game: Any, seed: int = 0) -> Match:
    """A match whose map is empty (every unit in the pool, no RPs), waiting for nothing."""
    m = Match.new(game, seed=seed)
    s = m.state
    for uid in s.units:
        s.units[uid] = Unit(POOL)
    s.rps = {r: {} for r in game.roles}
    s.aboard = {}
    s.rp_aboard = {}
    s.tasks = []
    s.cache = None
    m.forget()
    return m


def place(m: Match, **where: str) -> None:
    for uid, area in where.items():
        m.state.units[uid.replace("_", "-")] = Unit(area)
    m.state.cache = None
    m.forget()


def start_operation(m: Match, role: str, dice: list[int]) -> None:
    m.state.rng = ScriptedRng(dice)
    m.state.tasks = [("op-rp", role)]
    m.state.cache = None
    m.forget()


def conserved(game: Any, s: CCState) -> bool:
    """Every unit is on a real area, in the pool, destroyed, gone or absent."""
    return set(s.units) == set(game.data.units) and all(
        u.loc in OFF_MAP or u.loc in game.data.areas for u in s.units.values()
    )


def random_game(game: Any, seed: int, check_every_step: bool = False) -> tuple[CCState, int]:
    s = game.setup(game.default_scenario, {}, seed)
    rng = Rng(seed + 7)
    steps = 0
    while game.outcome(s) is None:
        active = game.active(s)
        assert active, f"seed {seed}: nobody active at step {steps}"
        role = active[rng.below(len(active))]
        acts = game.legal_actions(s, role)
        assert acts, f"seed {seed}: dead end for {role} at {s.tasks[-1]}"
        game.apply(s, role, acts[rng.below(len(acts))])
        steps += 1
        assert steps < game.max_steps, f"seed {seed}: endless game"
        if check_every_step:
            assert conserved(game, s), f"seed {seed}: a unit went missing at step {steps}"
            broken = violations(game, s)
            assert not broken, f"seed {seed}, step {steps}: {broken}"
    return s, steps


def operation(m: Match, role: str, area: str, dice: list[int] | None = None) -> None:
    """Start an operation of ``role`` spending an RP put at ``area``."""
    s = m.state
    s.rps[role][area] = s.rps[role].get(area, 0) + 1
    s.tasks = [("op-rp", role)]
    s.cache = None
    m.forget()
    if dice is not None:
        s.rng = ScriptedRng(dice)
    m.act(role, ("rp", area))


def card_turn(m: Match, role: str, card: str) -> None:
    """Give ``role`` the card and a Card option."""
    s = m.state
    s.hands[role] = [card, *[c for c in s.hands[role] if c != card][:4]]
    s.tasks = [("card", role)]
    s.cache = None
    m.forget()
