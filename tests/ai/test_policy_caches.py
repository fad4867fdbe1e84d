"""The Coral Sea rule-based player's kept answers against a full recomputation (issue 22).

The player asks the same questions at nearly every decision of a search's playouts: which
land areas are worth taking (``_targets``, whose islands and their VP never change) and how
far each area is over land from a set of goals (``_land_distance``, on a map that never
changes). Both keep what the map alone decides. Over random games of both rule sets, their
answers must equal the ones worked out from scratch from the rule's words, at every step.
"""

from __future__ import annotations

from typing import Any

import pytest

import warroom
from warroom.ai.rules import coral_sea as rules
from warroom.engine import Match, Rng
from warroom.games.campaign_commander.state import CCState

STYLES = (
    rules.DEFAULT,
    rules.ALLIED,
    rules.Style("near", reach=1),
    rules.Style("focus", focus=("Tulagi", "Port Moresby", "Lae"), hold=True),
)


def targets_from_scratch(g: Any, s: CCState, role: str, st: rules.Style) -> set[str]:
    """``_targets`` as its docstring says, nothing kept."""
    areas = g.data.areas
    if st.focus:
        first = {
            a
            for a in st.focus
            if areas[a].kind == "land"
            and (
                s.control.get(a) != role
                or (st.hold and not any(not g.data.units[x].naval for x in g.units_at(s, a, role)))
            )
        }
        if first:
            return first
    out: set[str] = set()
    for island, members in g.islands.items():
        if island == "Australia" or not any(dict(areas[a].vp).get(role) for a in members):
            continue
        missing = [a for a in members if s.control.get(a) != role]
        if missing and (len(missing) == len(members) or len(missing) <= st.reach):
            out.update(a for a in missing if areas[a].kind == "land")
    return out


def land_from_scratch(g: Any, goal: set[str]) -> dict[str, int]:
    """Breadth first over land areas only, from every goal at once."""
    areas = g.data.map.areas
    dist = dict.fromkeys(goal, 0)
    ring = list(goal)
    while ring:
        nxt = []
        for a in ring:
            for b in g.data.map.neighbors[a]:
                if b not in dist and areas[b].kind == "land":
                    dist[b] = dist[a] + 1
                    nxt.append(b)
        ring = nxt
    return dist


@pytest.mark.parametrize("options", [{}, {"air-attacks": True, "limited-intelligence": True}])
def test_the_kept_targets_and_land_distances_match_a_recomputation(
    options: dict[str, Any],
) -> None:
    g: Any = warroom.game("coral-sea")
    checked = 0
    for seed in (3, 4):
        m = Match.new("coral-sea", options=options, seed=seed)
        rng = Rng(seed)
        while not m.over:
            role = m.active[rng.below(len(m.active))]
            s = m.state
            assert isinstance(s, CCState)
            if len(m.steps) % 3 == 0:
                for st in STYLES:
                    want = targets_from_scratch(g, s, role, st)
                    assert rules._targets(g, s, role, st) == want, (seed, len(m.steps), st.name)
                goal = rules._targets(g, s, role) | set(rules._enemy_spots(g, s, role))
                for _ in range(2):  # worked out, then kept
                    assert rules._land_distance(g, goal) == land_from_scratch(g, goal)
                checked += 1
            acts = m.legal(role)
            # mostly the rules player's choices (they reach the battles and landings), now
            # and then a random one
            pick = rules.policy(g, s, role, acts, rng) if rng.random() < 0.7 else None
            m.act(role, pick if pick is not None else acts[rng.below(len(acts))])
    assert checked > 200
