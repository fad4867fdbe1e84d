"""Shared helpers for the Coral Sea tests: a clean board, operations, random play."""

from __future__ import annotations

from typing import Any

from warroom.engine import Match, Rng, ScriptedRng
from warroom.games.campaign_commander import naval
from warroom.games.campaign_commander.coral_sea import GAME
from warroom.games.campaign_commander.invariants import violations
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
    s.aboard = {}
    s.rp_aboard = {}
    s.tasks = []
    s.cache = None
    m.forget()
    return m


def place(m: Match, **where: str) -> None:
    """Put units where named; ground units placed at sea go aboard their side's ships there
    (in counter order, as at the set-up), like any RPs already listed at sea."""
    for uid, area in where.items():
        m.state.units[uid.replace("_", "-")] = Unit(area)
    stow(m)


def stow(m: Match) -> None:
    """Whatever lies at sea and is not aboard a ship yet goes aboard (set-up order)."""
    naval.embark_setup(GAME, m.state)
    m.state.cache = None
    m.forget()


def aboard(m: Match, ship: str, *units: str, rp: int = 0) -> None:
    """Put ``units`` (and ``rp`` RPs) aboard ``ship``, where it is."""
    s = m.state
    area = s.units[ship].loc
    for uid in units:
        s.units[uid] = Unit(area)
        s.aboard[uid] = ship
    if rp:
        assert s.rp_aboard.get(ship, 0) + rp <= GAME.ship_capacity(s, ship)[1], "one RP a ship"
        s.rp_aboard[ship] = s.rp_aboard.get(ship, 0) + rp
        s.rps[GAME.data.units[ship].side][area] = (
            s.rps[GAME.data.units[ship].side].get(area, 0) + rp
        )
    s.cache = None
    m.forget()


def operation(
    m: Match, role: str, area: str, dice: list[int] | None = None, ship: str = ""
) -> None:
    """Start an operation of ``role`` spending an RP put at ``area`` (at sea: aboard
    ``ship``, else aboard the first of its ships there with room)."""
    s = m.state
    if GAME.data.areas[area].kind == "sea":
        ship = ship or next(
            x for x in naval.ships_at(GAME, s, area, role) if naval.rp_room(GAME, s, x) > 0
        )
        aboard(m, ship, rp=1)
    else:
        s.rps[role][area] = s.rps[role].get(area, 0) + 1
    s.tasks = [("op-rp", role)]
    s.cache = None
    m.forget()
    if dice is not None:
        s.rng = ScriptedRng(dice)
    spend(m, role, area, ship)


def spend(m: Match, role: str, area: str, ship: str = "") -> None:
    """Spend the RP at ``area`` (aboard ``ship`` at sea) to start the operation. (On 0c67e28,
    where an RP at sea was aboard no ship, the RP of the area: so that the tests of issue 18
    fail there on the rule they check, not on the form of this action.)"""
    act = ("rp", area, ship) if ship else ("rp", area)
    if act not in m.legal(role) and ("rp", area) in m.legal(role):
        act = ("rp", area)
    m.act(role, act)


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
            broken = violations(GAME, s)
            assert not broken, f"seed {seed}, step {steps}: {broken}"
    return s, steps
