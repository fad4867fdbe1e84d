"""Shared helpers for the Coral Sea tests: a clean board, operations, random play."""

from __future__ import annotations

from typing import Any

from warroom.engine import Match, Rng, ScriptedRng
from warroom.games.campaign_commander.coral_sea import GAME
from warroom.games.campaign_commander.model import OFF_MAP, POOL
from warroom.games.campaign_commander.state import CCState, Unit


def new_match(seed: int = 0, **options: Any) -> Match:
    return Match.new(GAME, seed=seed, options=options) if options else Match.new(GAME, seed=seed)


def clean_board(seed: int = 0, **options: Any) -> Match:
    """A match whose map is empty (every unit in the pool, no RPs), waiting for nothing."""
    m = new_match(seed, **options)
    s = m.state
    for uid in s.units:
        s.units[uid] = Unit(POOL)
    s.rps = {r: {} for r in GAME.roles}
    s.tasks = []
    s.cache = None
    m.forget()
    return m


def place(m: Match, **where: str) -> None:
    for uid, area in where.items():
        m.state.units[uid.replace("_", "-")] = Unit(area)
    m.state.cache = None
    m.forget()


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
    s = m.state
    s.hands[role] = [card, *[c for c in s.hands[role] if c != card][:4]]
    s.tasks = [("card", role)]
    s.cache = None
    m.forget()


def conserved(s: CCState) -> bool:
    return set(s.units) == set(GAME.data.units) and all(
        u.loc in OFF_MAP or u.loc in GAME.data.areas for u in s.units.values()
    )


def random_game(seed: int, options: dict[str, Any], check: bool = False) -> tuple[CCState, int]:
    s = GAME.setup("campaign", options, seed)
    rng = Rng(seed + 7)
    steps = 0
    while GAME.outcome(s) is None:
        active = GAME.active(s)
        assert active, f"seed {seed}: nobody active at step {steps}"
        role = active[rng.below(len(active))]
        acts = GAME.legal_actions(s, role)
        assert acts, f"seed {seed}: dead end for {role} at {s.tasks[-1]}"
        GAME.apply(s, role, acts[rng.below(len(acts))])
        s.events.clear()
        steps += 1
        assert steps < GAME.max_steps, f"seed {seed}: endless game"
        if check:
            assert conserved(s), f"seed {seed}: a unit went missing at step {steps}"
    return s, steps
