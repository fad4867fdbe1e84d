"""The series engine's kept facts against a full recomputation, over random games.

Each cache the engine keeps to go faster must give what a recomputation from the state gives:
the index of who stands where, the areas each side holds and the memo of facts derived from
the locations (``Units``), the answers the game keeps for every state (``SeriesGame.keep``:
supply reach, RtS placement chains, retreat distances), the isolation pass that looks only at
the units whose marker may have changed, and the legal actions kept for the moment.

Then each cache on its own: a game played twice in step, once as the engine plays it and
once with that one cache switched off (every answer worked out again whenever asked), must
offer the same actions, log the same events and reach the same state at every step.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import warroom
from warroom.ai.base import rules_policy
from warroom.engine import Rng
from warroom.engine.contract import plain
from warroom.games.campaign_commander import isolation
from warroom.games.campaign_commander.state import Battle, CCState, Op, Units

# (the caches are switched off by replacing parts of the engine, which its compiled form does
# not allow: tests/engine/test_compiled.py runs these on the sources)
pytestmark = pytest.mark.pure

GAMES = (
    ("roads-to-stalingrad", {}),
    ("coral-sea", {}),
    ("coral-sea", {"air-attacks": True, "limited-intelligence": True}),
)


def fresh(s: CCState) -> CCState:
    """A copy of ``s`` that keeps nothing: units without index, memo or isolation basis."""
    new = s.clone()
    new.units = Units(dict(s.units))
    return new


def index_of(units: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for uid, u in units.items():
        out.setdefault(u.loc, []).append(uid)
    return {k: tuple(v) for k, v in out.items()}


@contextmanager
def isolation_checked(calls: list[int]) -> Iterator[None]:
    """Every isolation pass is also done in full on a copy: the same markers, the same log."""
    quick = isolation.update

    def both(g: Any, s: CCState, full: bool = False) -> None:
        twin = fresh(s)
        start = len(s.events)
        quick(g, s, full)
        quick(g, twin, True)
        assert dict(s.units) == dict(twin.units)
        assert s.events[start:] == twin.events
        calls[0] += 1

    isolation.update = both  # type: ignore[assignment]
    try:
        yield
    finally:
        isolation.update = quick  # type: ignore[assignment]


def play(gid: str, options: dict[str, Any], seed: int, steps: int) -> tuple[int, int]:
    """A game for ``steps`` steps, every kept fact checked after each one: the rule-based
    players (whose fronts meet, so that units are cut off) with one choice in five random.
    Returns the steps and the Isolated markers set or cleared."""
    g: Any = warroom.game(gid)
    policy = rules_policy(gid)
    assert policy is not None
    s = g.setup(g.default_scenario, options, seed)
    rng = Rng(seed)
    done = marks = 0
    while g.outcome(s) is None and done < steps:
        role = g.active(s)[rng.below(len(g.active(s)))]
        acts = g.legal_actions(s, role)
        g.keep = lambda key, make: make()  # nothing kept by the game either
        try:
            assert list(acts) == list(g.legal_actions(fresh(s), role)), f"step {done}"
        finally:
            del g.keep
        assert s.units.where() == index_of(s.units), f"step {done}"
        assert isolation.held(g, s) == isolation.held(g, fresh(s)), f"step {done}"
        if done % 3 == 0:
            s = g.clone(s)  # copies share the index and memo until one of them moves a unit
        if rng.below(5):
            act = policy(g, s, role, acts, rng)
        else:
            act = acts[rng.below(len(acts))]
        g.apply(s, role, act)
        marks += sum(1 for e in s.events if e["kind"] in ("isolated", "supplied"))
        s.events.clear()
        done += 1
    return done, marks


@pytest.mark.parametrize(("gid", "options"), GAMES)
def test_kept_facts_match_a_recomputation(gid: str, options: dict[str, Any]) -> None:
    calls = [0]
    with isolation_checked(calls):
        played = [play(gid, options, seed, 100_000) for seed in range(2)]
    assert sum(n for n, _ in played) > 600 and calls[0] > 200
    if gid == "roads-to-stalingrad":
        assert sum(k for _, k in played) >= 3  # markers did change along the way
    # (in Coral Sea islands are isolated only by a blockade, which these players seldom
    # lay: tests/coral_sea/test_islands.py checks the quick pass where markers change)


@pytest.mark.slow
@pytest.mark.parametrize(("gid", "options"), GAMES)
def test_kept_facts_match_a_recomputation_over_whole_games(
    gid: str, options: dict[str, Any]
) -> None:
    calls = [0]
    with isolation_checked(calls):
        played = [play(gid, options, seed, 100_000) for seed in range(10, 20)]
    if gid == "roads-to-stalingrad":  # (Coral Sea: see the test above)
        assert sum(k for _, k in played) >= 40


def test_a_copy_moving_a_unit_leaves_the_original_index_alone() -> None:
    g: Any = warroom.game("roads-to-stalingrad")
    s = g.setup(g.default_scenario, {}, 1)
    before = dict(s.units.where())
    twin = s.clone()
    uid = next(iter(s.units))
    twin.units[uid] = twin.units[uid]._replace(loc="Voronezh")
    assert s.units.where() == before == index_of(s.units)
    assert twin.units.where() == index_of(twin.units)
    assert uid in twin.units.where()["Voronezh"]


def test_copies_of_an_operation_and_a_battle_carry_every_field() -> None:
    """The copies are written out field by field for speed: none may be forgotten."""
    op = Op("axis", "Kursk", 5, False)
    for i, k in enumerate(Op.__slots__):
        v = getattr(op, k)
        setattr(op, k, {f"x{i}"} if isinstance(v, set) else [f"x{i}"] if isinstance(v, list) else i)
    twin = op.copy()
    for k in Op.__slots__:
        assert getattr(twin, k) == getattr(op, k), k
        if isinstance(getattr(op, k), (list, set)):
            assert getattr(twin, k) is not getattr(op, k), k
    b = Battle("Kursk", "axis", "soviet", "Oboyan", "", False)
    for i, k in enumerate(Battle.__slots__):
        v = getattr(b, k)
        if not isinstance(v, (dict, list)):
            setattr(b, k, i)
    b.units["axis"].append("g-13")
    b.fortified["g-13"] = 1
    b.played.append("axis:Assault")
    assert plain(b.copy()) == plain(b)


# ----- each cache on its own: the game with it and without it, in step -------------------------
class NoIndex(Units):
    """Units whose index of who stands where is built again at every look (and with it the
    areas each side holds)."""

    __slots__ = ()

    def where(self) -> dict[str, tuple[str, ...]]:
        self._where = None
        return super().where()


class NoHeld(Units):
    """Units that count each side's held areas again at every look."""

    __slots__ = ()

    def held_areas(self, sides: Any) -> dict[str, set[str]]:
        self._held = None
        return super().held_areas(sides)


class NoMemo(Units):
    """Units whose memo of facts derived from the locations never keeps anything."""

    __slots__ = ()

    @property  # type: ignore[override]
    def memo(self) -> dict[Any, Any]:
        return {}

    @memo.setter
    def memo(self, value: dict[Any, Any]) -> None:
        pass


class Forgetful(dict[Any, Any]):
    """A dict that keeps nothing (the map's kept distances)."""

    def __setitem__(self, key: Any, value: Any) -> None:
        pass


UNITS_WITHOUT = {"index": NoIndex, "held": NoHeld, "memo": NoMemo}
CACHES = ("index", "held", "memo", "keep", "isolation", "menu", "distances")


@contextmanager
def without(cache: str, g: Any, s: CCState) -> Iterator[None]:
    """The engine working on ``s`` with ``cache`` off (the units' own caches are off for good
    once ``s.units`` is of the class ``UNITS_WITHOUT`` names)."""
    quick = isolation.update
    m = g.data.map
    kept_open = m._open
    if cache == "keep":
        g.keep = lambda key, make: make()
    elif cache == "isolation":
        isolation.update = lambda g, s, full=False: quick(g, s, True)  # type: ignore[assignment]
    elif cache == "menu":
        s.cache = None
    elif cache == "distances":
        m._open = Forgetful()
    try:
        yield
    finally:
        if cache == "keep":
            del g.keep
        isolation.update = quick  # type: ignore[assignment]
        m._open = kept_open
        if cache == "menu":
            s.cache = None


def in_step(gid: str, options: dict[str, Any], seed: int, cache: str, steps: int) -> int:
    """Play ``gid`` (the rule-based players, one choice in five random) and, in step, the same
    game with ``cache`` off; everything either shows must agree. Returns the steps played."""
    g: Any = warroom.game(gid)
    policy = rules_policy(gid)
    assert policy is not None
    s = g.setup(g.default_scenario, options, seed)
    with without(cache, g, s):
        t = g.setup(g.default_scenario, options, seed)
        if cache in UNITS_WITHOUT:
            t.units = UNITS_WITHOUT[cache](dict(t.units))
    rng = Rng(seed)
    done = 0
    while g.outcome(s) is None and done < steps:
        role = g.active(s)[rng.below(len(g.active(s)))]
        acts = list(g.legal_actions(s, role))
        with without(cache, g, t):
            assert g.outcome(t) is None and g.active(t) == g.active(s), f"step {done}"
            assert list(g.legal_actions(t, role)) == acts, f"step {done}"
        act = policy(g, s, role, acts, rng) if rng.below(5) else acts[rng.below(len(acts))]
        if done % 3 == 0:
            s = g.clone(s)  # copies share the units' caches until one of them moves a unit
            with without(cache, g, t):
                t = g.clone(t)
        g.apply(s, role, act)
        with without(cache, g, t):
            g.apply(t, role, act)
        assert s.events == t.events, f"step {done}"
        s.events.clear()
        t.events.clear()
        if done % 5 == 0:
            assert g.snapshot(s) == g.snapshot(t), f"step {done}"
        done += 1
    assert g.snapshot(s) == g.snapshot(t)
    out_s, out_t = g.outcome(s), g.outcome(t)
    assert (out_s and out_s.to_json()) == (out_t and out_t.to_json())
    return done


@pytest.mark.parametrize("cache", CACHES)
@pytest.mark.parametrize(("gid", "options"), GAMES)
def test_each_cache_against_the_game_without_it(
    gid: str, options: dict[str, Any], cache: str
) -> None:
    # whole games (isolation and retreats come late, when the fronts meet), others for each
    # cache
    first = 100 + 2 * CACHES.index(cache)
    assert min(in_step(gid, options, seed, cache, 100_000) for seed in (first, first + 1)) > 400
