"""Help for a seat during its game: hints (warroom.ai.search.advise) and battle odds
(warroom.sim.odds.match_odds).

Both read only what the asking seat may see: they work on a copy of the match whose
state is the game's ``determinize`` for that seat's role, so a secret of the other
side (a hand, the chits in a cup, a hidden unit) can neither shape the answer nor
leak through it. They are CPU work: the app runs them on threads, never on the loop.

What ``match_odds`` reads: unit positions and status, areas, borders, control, cards in
play and flags (all public), and each side's cup via the campaign's ``build_cup``; the
battle is set up fresh, so no chit drawn in a battle under way and no card in a hand is
used. It is still handed the determinized copy, so a hook that looked at a hand or a
deck would see a guess, not the truth.
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
    """The top ``k`` moves the search measured for ``role`` (the match must be a private
    copy): ``warroom.ai.search.advise`` (win chances with their simulations and intervals, and
    plain words when the search did not run or measured too little)."""
    from warroom.ai.search import advise

    seconds = min(max(seconds, HINT_SECONDS[0]), HINT_SECONDS[1])
    view = seat_copy(match, role, seed ^ 0x417)
    out = advise(view, role, k=k, seconds=seconds, seed=seed)
    # the seat's own step counter: the record's length would count the other side's secrets
    return {"role": role, "step": match.shown(role), **out, "seconds": seconds}


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
    g: Any = match.game
    units: Any = getattr(match.state, "units", {})
    battles = min(max(battles, 100), MAX_BATTLES)
    if area not in g.data.areas:
        raise ValueError(f"no area {area!r} in {g.id}")
    near = set(g.data.map.neighbors[area])
    for uid in attackers:
        if uid not in g.data.units:
            raise ValueError(f"no unit {uid!r} in {g.id}")
        if g.data.units[uid].side != role:
            raise ValueError(f"{uid} is not a unit of {role}")
        loc = units[uid].loc
        if loc != area and loc not in near:
            raise ValueError(f"{uid} is not in or next to {area}")
    if origin and origin not in near:
        raise ValueError(f"{origin!r} is not next to {area}")
    if not origin:  # where the first unit from outside comes from (it decides any crossing)
        origin = next((units[u].loc for u in attackers if units[u].loc != area), "")
    if not g.foes_at(match.state, area, role):
        raise ValueError(f"no enemy units in {area}")
    view = seat_copy(match, role, seed ^ 0x0DD5)
    return match_odds(view, area, role, list(attackers), origin=origin, battles=battles, seed=seed)
