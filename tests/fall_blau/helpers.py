"""Building Fall Blau positions for rule tests: a real set-up, then a known hand, deck and frontline."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from warroom.engine import Action, ScriptedRng
from warroom.games.fall_blau import BlauState
from warroom.games.fall_blau.data import load
from warroom.games.fall_blau.rules import FallBlau

RULES_DATA = Path(__file__).with_name("rules_data")
"""A fixed copy of the components (as they stood before the issue-21 balance: Paulus 6 cubes,
Hoth 5, ...). The rule tests drive the real rules on it, so balancing the shipped data in
src/warroom/games/fall_blau/data does not rewrite every expected number of a rule test;
test_data.py, test_play.py and test_policy.py check the shipped data."""
G = FallBlau(load(RULES_DATA))
ROLE = "german"


def new(generals: str = "hoth,paulus,ruoff", seed: int = 1, **options: Any) -> BlauState:
    """Turn 1 (Early July), orders step, with the two cards drawn put back on the deck (empty hand).

    Seeds whose first two draws were stop cards are skipped, so the position is the book's.
    """
    while True:
        s = G.setup("standard", {"generals": generals, **options}, seed)
        book = (
            s.phase == "orders"
            and s.cal == 1
            and all(s.ready[g] for g in s.chosen)
            and s.supply == 5
        )
        if book and not s.discard and not s.in_play and not any(s.front):
            break
        seed += 1
    assert s.phase == "orders" and s.cal == 1
    s.deck.extend(s.hand)
    s.hand = []
    return s


def place(s: BlauState, slot: int, cid: str, red: int) -> None:
    """Put a card on the frontline with ``red`` cubes, taking them from the pool."""
    if cid in s.queue:
        s.queue.remove(cid)
    s.red_pool += s.red[slot]
    s.front[slot] = cid
    s.red[slot] = red
    s.red_pool -= red


def dice(s: BlauState, *rolls: int) -> None:
    s.rng = ScriptedRng(list(rolls), seed=5)


def act(s: BlauState, *action: Any) -> None:
    a: Action = tuple(action)
    legal = G.legal_actions(s, ROLE)
    assert a in legal, f"{a} is not legal; legal: {legal}"
    G.apply(s, ROLE, a)


def legal(s: BlauState) -> list[Action]:
    return list(G.legal_actions(s, ROLE))


def gi(gid: str) -> int:
    return G.data.generals[gid].index


def cubes(s: BlauState, gid: str) -> int:
    return s.cubes[gi(gid)]


def conserved(s: BlauState) -> bool:
    d = G.data
    return (
        s.grey_pool + sum(s.cubes) == d.german_cubes
        and s.red_pool + sum(s.red) == d.soviet_cubes
        and all(x >= 0 for x in (*s.cubes, *s.red, s.grey_pool, s.red_pool))
    )
