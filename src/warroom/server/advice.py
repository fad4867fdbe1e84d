"""Help for a seat during its game: hints (warroom.ai.search.hints) and battle odds
(warroom.sim.odds.match_odds).

Both read only what the asking seat may see: they work on a copy of the match whose
state is the game's ``determinize`` for that seat's role, so a secret of the other
side (a hand, the chits in a cup, a hidden unit) can neither shape the answer nor
leak through it. They are CPU work: the app runs them on threads, never on the loop.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from warroom.engine import Match, Rng

HINT_SECONDS = (0.05, 3.0)
"""The least and most thinking time a hint may ask for."""
MAX_BATTLES = 20_000


def seat_copy(match: Match, role: str, seed: int) -> Match:
    """A copy of ``match`` in which everything ``role`` cannot see is resampled from ``seed``."""
    copy = match.clone()
    if match.game.hidden_information:
        copy.state = match.game.determinize(match.state, role, Rng(seed))
    return copy


def hint_for(match: Match, role: str, seconds: float, k: int = 3, seed: int = 0) -> dict[str, Any]:
    """The top ``k`` candidates for ``role`` (the match must be a private copy)."""
    from warroom.ai.search import hints

    seconds = min(max(seconds, HINT_SECONDS[0]), HINT_SECONDS[1])
    view = seat_copy(match, role, seed ^ 0x417)
    return {
        "role": role,
        "step": len(match.steps),
        "seconds": seconds,
        "candidates": hints(view, role, k=k, seconds=seconds, seed=seed),
    }


def is_campaign(match: Match) -> bool:
    return hasattr(match.game, "build_cup")


def odds_for(
    match: Match,
    role: str,
    area: str,
    attackers: Sequence[str],
    origin: str = "",
    battles: int = 5_000,
    seed: int = 1,
) -> dict[str, Any]:
    """Battle odds for ``role`` attacking ``area`` with its own ``attackers`` (ValueError
    on a bad request). The cups, hands and anything else ``role`` cannot see come from a
    determinized copy, so the odds are those of that seat's knowledge."""
    from warroom.sim.odds import match_odds

    if not is_campaign(match):
        raise ValueError(f"{match.game.id} has no battle odds")
    if not attackers:
        raise ValueError("name at least one attacking unit")
    battles = min(max(battles, 100), MAX_BATTLES)
    view = seat_copy(match, role, seed ^ 0x0DD5)
    return match_odds(view, area, role, list(attackers), origin=origin, battles=battles, seed=seed)
