"""Commanders' search knowledge: the fitted value, the candidate sheets and a small
strength check (the counts over 80 games are in docs/ai.md)."""

from __future__ import annotations

from typing import Any

from warroom.ai.arena import play_game
from warroom.ai.values import commanders as vc
from warroom.engine import Match, Rng


def _planning_match(seed: int) -> Match:
    m = Match.new("commanders", seed=seed)
    while not (m.state.phase == "planning" and m.state.stage == "plan"):  # type: ignore[attr-defined]
        role = m.active[0]
        m.act(role, m.legal(role)[0])
    return m


def test_value_prefers_vp_units_and_income_and_is_symmetric() -> None:
    m = _planning_match(3)
    g: Any = m.game
    s: Any = m.state
    base = vc.evaluate(g, s, "white")
    assert abs(base + vc.evaluate(g, s, "black") - 1.0) < 1e-9
    ahead = g.clone(s)
    ahead.vp = [s.vp[0] + 3, s.vp[1]]
    assert vc.evaluate(g, ahead, "white") > base
    # a side that can reach 10 VP at the next scoring is close to winning
    near = g.clone(s)
    near.vp = [9, 2]
    near.round = 8
    assert vc.evaluate(g, near, "white") > 0.8
    # a routed unit of white's counts against white
    routed = g.clone(s)
    from warroom.games.commanders.state import ROUTED

    u = next(u for u, where in enumerate(s.loc) if where >= 0 and u < 30)
    routed.status[u] = ROUTED
    assert vc.evaluate(g, routed, "white") < base


def test_candidate_sheets_differ_in_substance() -> None:
    """Every sheet offered gives other orders than the others (twins swapped are one)."""
    m = _planning_match(5)
    g: Any = m.game
    role = "white"
    sheets = vc.macros(g, g.determinize(m.state, role, Rng(1)), role, m.legal(role), Rng(2))
    assert sheets is not None and len(sheets) >= 3
    keys = set()
    for sheet in sheets:
        w: Any = g.clone(m.state)
        w.waiting[1] = True
        w.cache = [None, None]
        for a in sheet:
            if a not in g.legal_actions(w, role):
                break
            g.apply(w, role, a)
        keys.add(vc._sheet_key(w, 0))
    assert len(keys) == len(sheets)


def test_search_and_rules_beat_random() -> None:
    """A short search (30 rollouts a decision) and the rules player each win both seats of
    one seed against the random player."""
    for spec in ("rules", "search:iterations=30"):
        for seats in ({"white": spec, "black": "random"}, {"white": "random", "black": spec}):
            res = play_game("commanders", seats, 7, 7)
            assert res.winner is not None and seats[res.winner] == spec, (spec, seats)


def test_the_other_sides_hidden_sheet_is_written_by_the_member_drawn_for_the_world() -> None:
    """In a world the search tries its sheets in, the other side's hidden sheet is written by
    the member of its population drawn for that world (here the flank script, which sends
    everything at the west flank), not always by the rules player."""
    from warroom.ai.exploits.commanders import APPROACH, FLANK
    from warroom.ai.population import members

    m = _planning_match(5)
    g: Any = m.game
    flank = next(x for x in members(g, "white") if x.name == "script:flank")
    rules = next(x for x in members(g, "white") if x.name == "rules")
    world = g.determinize(m.state, "black", Rng(1))
    scripted: Any = vc.prepare(g, g.clone(world), "black", Rng(2), {"white": flank})
    ruled: Any = vc.prepare(g, g.clone(world), "black", Rng(2), {"white": rules})
    ids = scripted.data.ids

    def aimed(s: Any) -> int:
        return sum(
            n for (_t, _f, a), n in s.sheet[0].items() if ids[a] in (FLANK["white"], APPROACH)
        )

    assert scripted.sheet[0] != ruled.sheet[0]
    assert aimed(scripted) > aimed(ruled)
    assert aimed(scripted) > sum(scripted.sheet[0].values()) / 2  # most of it at the flank


def _sheet_of(g: Any, state: Any, role: str, plan: list[Any]) -> dict[Any, int]:
    """The orders ``plan`` (a sheet from this prompt) gives, played on a copy of ``state``."""
    w: Any = g.clone(state)
    w.waiting[1 - vc.SIDE[role]] = True
    w.cache = [None, None]
    for a in plan:
        assert a in g.legal_actions(w, role), (a, plan)
        g.apply(w, role, a)
    assert not (w.phase == "planning" and w.waiting[vc.SIDE[role]])  # the sheet is finished
    return dict(w.sheet[vc.SIDE[role]])


def test_refine_offers_the_best_sheet_less_one_order_and_the_styles_drawn_again() -> None:
    """More sheets for a long clock: the best sheet without each of its order groups (the
    orders saved) and the styles' sheets written with other draws; all legal, finished,
    other than the best and than each other."""
    m = _planning_match(5)
    g: Any = m.game
    role = "white"
    look = g.determinize(m.state, role, Rng(1))
    legal = m.legal(role)
    sheets = vc.macros(g, look, role, legal, Rng(2))
    assert sheets is not None
    best = sheets[0]
    best_orders = _sheet_of(g, look, role, best)
    more = vc.refine(g, look, role, best, legal, 1, Rng(3))
    orders = [_sheet_of(g, look, role, p) for p in more]
    keys = [tuple(sorted(o.items())) for o in orders]
    assert len(set(keys)) == len(keys) and tuple(sorted(best_orders.items())) not in keys
    groups = len(best_orders)
    less_one = [
        o
        for o in orders
        if sum(o.values()) < sum(best_orders.values())
        and all(o.get(k, 0) in (0, n) for k, n in best_orders.items())
        and sum(1 for k in best_orders if k not in o) == 1
        and set(o) <= set(best_orders)
    ]
    assert groups >= 2 and len(less_one) == groups
    assert len(more) > groups  # and sheets of the styles drawn again
    # another round draws the styles again: other sheets
    again = vc.refine(g, look, role, best, legal, 2, Rng(3))
    assert {tuple(p) for p in again} != {tuple(p) for p in more}


def test_a_long_clock_races_more_sheets_once_its_race_settles(monkeypatch: Any) -> None:
    """The hard level's clock (5 s) buys more sheets: once the race of the macros' sheets has
    settled, the search races the sheets ``refine`` offers against the winner, within its
    rollout budget. Normal's clock (1.2 s) races the macros' sheets only, as before. The
    clock is frozen, so only the budgets decide."""
    from warroom.ai import search
    from warroom.ai.search import SearchConfig, Searcher
    from warroom.engine import game as lookup

    monkeypatch.setattr(search, "clock", lambda: 100.0)
    races: list[tuple[int, int]] = []  # (candidates, worlds) of each race
    race = Searcher._race

    def counted(self: Searcher, *args: Any, **kwargs: Any) -> Any:
        heat = race(self, *args, **kwargs)
        races.append((len(heat.values), heat.worlds))
        return heat

    monkeypatch.setattr(Searcher, "_race", counted)
    m = _planning_match(5)
    g = lookup("commanders")
    role = "white"
    legal = m.legal(role)
    rng = Rng(9)
    look = g.determinize(m.state, role, rng.fork(0x10C))
    offered = len(vc.macros(g, look, role, legal, rng.fork(0x91A)) or [])
    found = {}
    for seconds in ("1.2", "5"):
        races.clear()
        cfg = SearchConfig.from_params({"seconds": seconds, "iterations": "250"}, vc.SEARCH)
        result = Searcher(g, cfg).search(m.state, role, legal, rng)
        assert result.iterations <= 250
        found[seconds] = (list(races), result.iterations)
    (normal, spent) = found["1.2"]
    assert normal[0][0] == offered and len(normal) == 1 and spent > 240  # one race, to the end
    (hard, spent) = found["5"]
    assert hard[0][0] == offered and hard[0][1] <= search.SETTLED
    assert len(hard) >= 2 and all(n >= 2 for n, _ in hard[1:])  # the winner and refine's


def test_reach_values_a_race_of_sheets_further_ahead_and_its_moves_as_before(
    monkeypatch: Any,
) -> None:
    """``reach=2`` (a search option; no level uses it, docs/ai.md "Session 7 samples:
    Commanders hard") plays each rollout of a race of order sheets on to the planning of the
    round after next before the fitted value reads it, where the default stops at the next
    round's planning; a move within a round (which units act now) is valued at the next
    planning either way. The clock is frozen, so the budget decides."""
    from warroom.ai import search
    from warroom.ai.base import RulesAgent
    from warroom.ai.search import SearchConfig, Searcher

    monkeypatch.setattr(search, "clock", lambda: 100.0)
    ends: list[tuple[int, str, bool]] = []  # where each rollout stopped: round, phase, over
    sample = Searcher._sample

    def seen(self: Searcher, world: Any, out: Any, me: str) -> Any:
        ends.append((world.round, world.phase, out is not None))
        return sample(self, world, out, me)

    monkeypatch.setattr(Searcher, "_sample", seen)
    m = _planning_match(5)
    role = "white"

    def stops(match: Match, reach: str) -> set[tuple[int, str, bool]]:
        params = {"seconds": "7", "iterations": "120", "reach": reach, "depth": "400"}
        cfg = SearchConfig.from_params(params, vc.SEARCH)
        ends.clear()
        Searcher(match.game, cfg).search(match.state, role, match.legal(role), Rng(4))
        return {e for e in ends if not e[2]}

    now = m.state.round  # type: ignore[attr-defined]
    assert stops(m, "1") == {(now + 1, "planning", False)}
    assert stops(m, "2") == {(now + 2, "planning", False)}
    # on to a prompt within the round where white chooses among several moves
    rules = {r: RulesAgent("commanders", 3) for r in m.game.roles}
    while m.state.phase == "planning" or len(m.legal(role)) < 2 or role not in m.active:  # type: ignore[attr-defined]
        actor = m.active[0]
        m.act(actor, rules[actor].choose(m, actor))
    assert m.state.round == now  # type: ignore[attr-defined]
    assert stops(m, "2") == stops(m, "1") == {(now + 1, "planning", False)}
