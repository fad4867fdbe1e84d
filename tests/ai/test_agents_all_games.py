"""Every agent on every registered game: listed actions only, no peeking, same seed same play.

The no-cheating check is generic: from a real position, ``determinize`` gives a
second state that agrees with everything the searching role can see and has
every hidden part (opponent's hand, cups, pending secret orders, future dice)
resampled. The search must analyse both exactly alike.
"""

from __future__ import annotations

from typing import Any

import pytest

import warroom
from warroom.ai import SearchAgent, SearchConfig, make_agent
from warroom.ai.base import rules_policy
from warroom.engine import Match, Rng

GAMES = warroom.games()
TINY = "search:iterations=6,depth=12"
"""A search small enough for every game in the suite (rollouts with the rules policy)."""


def _agents(gid: str) -> list[str]:
    return ["random", TINY] + (["rules"] if rules_policy(gid) else [])


def _advance(m: Match, steps: int, seed: int) -> None:
    """Random play for ``steps`` steps (or to the end)."""
    rng = Rng(seed)
    for _ in range(steps):
        if m.over:
            return
        role = m.active[0]
        legal = m.legal(role)
        m.act(role, legal[rng.below(len(legal))])


def _decision_points(gid: str, count: int, seed: int) -> list[tuple[Match, str]]:
    """Positions from random games where a role must choose among several actions."""
    found: list[tuple[Match, str]] = []
    m = Match.new(gid, seed=seed)
    rng = Rng(seed + 99)
    gap = 1
    while not m.over and len(found) < count:
        role = m.active[0]
        legal = m.legal(role)
        if len(legal) > 1 and gap <= 0:
            found.append((m.clone(), role))
            gap = 7 + rng.below(15)
        gap -= 1
        m.act(role, legal[rng.below(len(legal))])
    return found


@pytest.mark.parametrize("gid", GAMES)
def test_agents_choose_only_listed_actions(gid: str) -> None:
    for spec in _agents(gid):
        m = Match.new(gid, seed=11)
        agents: dict[str, Any] = {r: make_agent(spec, gid, i) for i, r in enumerate(m.game.roles)}
        for _ in range(15):
            if m.over:
                break
            role = m.active[0]
            legal = m.legal(role)
            action = agents[role].choose(m, role)
            assert action in legal, f"{spec} chose the unlisted {action!r} in {gid}"
            m.act(role, action)


@pytest.mark.parametrize("gid", GAMES)
def test_search_never_reads_what_its_role_cannot_see(gid: str) -> None:
    g = warroom.game(gid)
    points = _decision_points(gid, 3, seed=5)
    assert points, f"no decision with a choice in a random game of {gid}"
    for m, role in points:
        twin = m.clone()
        twin.state = g.determinize(m.state, role, Rng(1234))  # hidden parts resampled
        assert g.view(twin.state, role) == g.view(m.state, role)
        agent = SearchAgent(gid, SearchConfig(iterations=16, depth=16), seed=3)
        a, b = agent.analyse(m, role), agent.analyse(twin, role)
        assert [(c.action, c.visits, c.value) for c in a.candidates] == [
            (c.action, c.visits, c.value) for c in b.candidates
        ], f"{gid}: the search saw something {role} cannot see (step {len(m.steps)})"


@pytest.mark.parametrize("gid", GAMES)
def test_same_seed_same_choices(gid: str) -> None:
    def run() -> list[Any]:
        m = Match.new(gid, seed=2)
        agents = {r: make_agent(TINY, gid, 8 + i) for i, r in enumerate(m.game.roles)}
        for _ in range(12):
            if m.over:
                break
            role = m.active[0]
            m.act(role, agents[role].choose(m, role))
        return [(s.role, s.action) for s in m.steps]

    assert run() == run()


@pytest.mark.skipif("toi-stalingrad" not in GAMES, reason="toi-stalingrad not registered")
def test_search_leaves_recorded_results_to_the_umpire() -> None:
    """Entering a scenario's result in the Tide of Iron tracker is a fact, not a decision:
    the search gives the umpire's answer at once instead of planning it."""
    from warroom.ai.rules.toi_stalingrad import umpire

    m = Match.new("toi-stalingrad", seed=3)
    role = m.active[0]
    legal = m.legal(role)
    # the first prompt records a fact: a set-up fact of scenario 2 (asked once, first)
    assert legal[0][0] == "next-initiative" and len(legal) > 1
    agent = SearchAgent("toi-stalingrad", SearchConfig(iterations=50), seed=1)
    choice = agent.choose(m, role)
    assert choice in legal and agent.last is not None and agent.last.iterations == 0
    assert umpire(m.game, m.state, role, legal, Rng(0)) is not None
