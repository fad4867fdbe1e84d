"""The search's opponent model: a population of ways of playing and a belief over it, updated
by what the opponent is seen to do (``warroom.ai.population``)."""

from __future__ import annotations

import pickle

import pytest

from warroom.ai import make_agent
from warroom.ai.population import Tracker, members
from warroom.ai.search import game_hook
from warroom.engine import Match, Rng, game


def _play(game_id: str, axis_spec: str, steps: int, seed: int = 4) -> Match:
    m = Match.new(game_id, seed=seed)
    first, second = m.game.roles
    agents = {first: make_agent(axis_spec, game_id, 1), second: make_agent("rules", game_id, 2)}
    while not m.over and len(m.steps) < steps:
        role = m.active[0]
        m.act(role, agents[role].choose(m, role))
    return m


@pytest.mark.parametrize(
    ("game_id", "habit", "member"),
    [
        ("roads-to-stalingrad", "script:garrisons", "script:garrisons"),
        ("roads-to-stalingrad", "style:strongholds", "strongholds"),
        ("coral-sea", "script:blitz", "script:blitz"),
    ],
)
def test_the_belief_finds_the_opponents_habit(game_id: str, habit: str, member: str) -> None:
    """Three hundred steps of a side playing one habit: the other side's belief puts the
    member that plays it first, with most of the weight (every member starts below 0.3)."""
    m = _play(game_id, habit, 300)
    first, second = m.game.roles
    assert all(x.prior < 0.3 for x in members(m.game, first))
    tracker = Tracker(m.game, second, seed=3)
    tracker.catch_up(m)
    belief = tracker.beliefs[first]
    (name, weight), *_ = belief.top(1)
    assert belief.updates > 10
    assert name == member and weight > 0.5


def test_a_secret_choice_is_no_evidence() -> None:
    """Card or Map is chosen in secret and chits are drawn unseen: the tracker does not weigh
    them; the steps of an operation on the map (where it starts, who moves where) it does."""
    g = game("roads-to-stalingrad")
    observed = game_hook(g.id, "observed")
    m = Match.new(g, seed=4)
    rules = make_agent("rules", g.id, 1)
    seen: dict[str, set[bool]] = {}
    while len(m.steps) < 300:
        role = m.active[0]
        action = rules.choose(m, role)
        secret = g.prompt_text(m.state, role).startswith("Choose Card or Map")
        kind = "card-or-map" if secret else str(action[0])
        seen.setdefault(kind, set()).add(bool(observed(g, m.state, role, action)))
        m.act(role, action)
    assert seen["card-or-map"] == {False} and seen["chit"] == {False}
    assert seen["rp"] == {True} and True in seen["move"] and True in seen["go"]


def test_a_tracker_saved_and_restored_holds_the_same_beliefs() -> None:
    """What a server restart does to a computer seat's beliefs: nothing."""
    m = _play("roads-to-stalingrad", "script:turtle", 300)
    first, second = m.game.roles
    half = Match.new(m.game, m.scenario, m.options, m.seed)
    for st in m.steps[:150]:
        half.act(st.role, st.action)
    kept = Tracker(m.game, second, seed=3)
    kept.catch_up(half)
    restored = pickle.loads(pickle.dumps(kept))
    kept.catch_up(m)
    restored.catch_up(m)
    assert restored.beliefs[first].weights == kept.beliefs[first].weights
    assert restored.beliefs[first].updates == kept.beliefs[first].updates > 0


@pytest.mark.parametrize("habit", ["script:flank", "script:turtle"])
def test_commanders_sheets_shown_at_scoring_find_the_habit(habit: str) -> None:
    """Commanders' orders are secret when given, so no single order is evidence; the scoring
    phase shows both whole sheets, and the tracker then weighs each member by how likely it
    was to write the sheet shown from where the side began writing it."""
    m = _play("commanders", habit, 300)
    tracker = Tracker(m.game, "black", seed=3)
    tracker.catch_up(m)
    belief = tracker.beliefs["white"]
    (name, weight), *_ = belief.top(1)
    assert belief.updates >= 2
    assert name == habit and weight > 0.5


def test_a_commanders_sheet_is_no_evidence_until_it_is_shown() -> None:
    """While a round is played the other side's sheet stays secret (its orders are shown one
    by one only as units carry them out): the beliefs move only at the scoring phase, when
    both sheets are shown. A tracker saved in the middle of a round and restored (a server
    restart) weighs that round's sheet as the one never saved does."""
    g = game("commanders")
    m = Match.new(g, seed=4)
    agents = {"white": make_agent("script:flank", g.id, 1), "black": make_agent("rules", g.id, 2)}
    tracker = Tracker(g, "black", seed=3)
    saved: bytes | None = None
    moves = 0
    while not m.over and m.state.round < 4:
        role = m.active[0]
        before, logged = list(tracker.beliefs["white"].weights), len(m.log)
        m.act(role, agents[role].choose(m, role))
        tracker.catch_up(m)
        if tracker.beliefs["white"].weights != before:
            moves += 1
            assert "plan" in {e.get("kind") for e in m.log[logged:]}
        if saved is None and m.state.round == 2 and m.state.phase != "planning":
            saved = pickle.dumps(tracker)  # a sheet written, not yet shown
    assert saved is not None and moves >= 2
    restored = pickle.loads(saved)
    restored.catch_up(m)
    assert restored.beliefs["white"].weights == tracker.beliefs["white"].weights
    assert restored.beliefs["white"].updates == tracker.beliefs["white"].updates


def _same_tracker(a: Tracker, b: Tracker) -> None:
    """Two trackers hold the same beliefs, the same count of evidence and plans, and the same
    positions kept for the plans being written (compared whole, pickled)."""
    assert a.__getstate__() == b.__getstate__()
    assert a._opens == b._opens
    assert sorted(a._opened) == sorted(b._opened)
    for role, state in a._opened.items():
        assert pickle.dumps(state) == pickle.dumps(b._opened[role])


def test_a_tracker_rebuilt_after_a_restart_equals_the_live_one() -> None:
    """A server restart rebuilds a seat's tracker from its saved beliefs and the record
    (``_restore``): the positions kept for the plans the other side is writing are drawn again
    with the same generator, so the rebuilt tracker equals the live one, whenever it is saved
    (while a sheet is being written, and between sheets) and after the sheets are shown."""
    g = game("commanders")
    m = Match.new(g, seed=4)
    agents = {"white": make_agent("script:flank", g.id, 1), "black": make_agent("rules", g.id, 2)}
    live = Tracker(g, "black", seed=3)
    saved: list[bytes] = []
    while not m.over and m.state.round < 4:
        role = m.active[0]
        m.act(role, agents[role].choose(m, role))
        live.catch_up(m)
        if len(live._opened) == 1 and len(saved) < 2 and len(m.steps) % 3 == 0:
            saved.append(pickle.dumps(live))  # white writing its sheet
            rebuilt = pickle.loads(saved[-1])
            rebuilt.catch_up(m)
            _same_tracker(rebuilt, live)
    assert len(saved) == 2 and live._opens >= 3 and live.beliefs["white"].updates >= 2
    for blob in saved:  # restored long after it was saved, past the sheets shown since
        rebuilt = pickle.loads(blob)
        rebuilt.catch_up(m)
        _same_tracker(rebuilt, live)


def test_the_tracker_never_reads_the_other_sides_secrets_or_the_dice() -> None:
    """Twin matches: the same public history, but White's first sheet (secret until the
    scoring phase) is written by different players and the dice (the match seed) differ.
    Black's tracker, caught up at every step until Black's own sheet is written, holds the
    same beliefs and the same position for White's sheet in both: it keeps that position as
    Black sees it (a determinization), not the true state, whose future dice and White's
    orders it may not read. Before (main at 2659260) it kept a raw clone: the dice differed."""
    g = game("commanders")
    trackers = []
    for seed, white in ((4, "script:flank"), (5, "script:turtle")):
        m = Match.new(g, seed=seed)
        agents = {"white": make_agent(white, g.id, 1), "black": make_agent("rules", g.id, 2)}
        tracker = Tracker(g, "black", seed=3)
        while m.state.phase == "planning":
            role = m.active[0]
            m.act(role, agents[role].choose(m, role))
            tracker.catch_up(m)
            if role == "black":
                break  # Black's first order (its own, so the same in both twins)
        assert "white" in tracker._opened
        trackers.append((m, tracker))
    (a, ta), (b, tb) = trackers
    assert [s.action for s in a.steps] != [s.action for s in b.steps]  # White's sheets differ
    assert ta.beliefs["white"].weights == tb.beliefs["white"].weights
    assert ta._told == tb._told == 0
    assert ta._opens == tb._opens == 1
    assert pickle.dumps(ta._opened["white"]) == pickle.dumps(tb._opened["white"])


def test_the_tracker_weighs_a_move_among_the_actions_the_seat_could_see_listed() -> None:
    """Roads to Stalingrad, seed 4, both sides the rules player: at step 78 the Soviet side
    moves s-18 in an operation (a move the Axis sees, so evidence of its way of playing).
    Twin shadows, the true one and one with the Soviet hand dealt again as the Axis may
    guess it (holding Zhukov, whose event is then listed beside the moves), must give the
    Axis tracker the same beliefs after that step. Before (main at
    e35e856) the members were weighed among the Soviet side's true listed actions, so the
    hand shaped the computer seat's beliefs: the twins' weights differed."""
    g = game("roads-to-stalingrad")
    axis, soviet = g.roles
    m = Match.new(g, seed=4)
    agents = {r: make_agent("rules", g.id, i + 1) for i, r in enumerate(g.roles)}
    while len(m.steps) < 78:
        role = m.active[0]
        m.act(role, agents[role].choose(m, role))
    before = Match.new(g, m.scenario, m.options, m.seed)
    for st in m.steps:
        before.act(st.role, st.action)
    move = agents[soviet].choose(m, soviet)
    assert move == ("move", "s-18")
    m.act(soviet, move)
    true, twin = Tracker(g, axis, seed=3), Tracker(g, axis, seed=3)
    true.catch_up(before)
    twin.catch_up(before)
    assert true._shadow is not None
    twin._shadow = g.determinize(true._shadow, axis, Rng(9))
    # the twins differ in what the Axis cannot see: the Soviet hand, so the listed actions
    listed = set(g.legal_actions(twin._shadow, soviet))
    assert ("event", "so-zhukov") in listed - set(g.legal_actions(true._shadow, soviet))
    true.catch_up(m)
    twin.catch_up(m)
    assert true.beliefs[soviet].updates == twin.beliefs[soviet].updates > 0
    assert true.beliefs[soviet].weights == twin.beliefs[soviet].weights
