"""The search agent on the engine's toy game (secret simultaneous bids and a die).

The toy game has every feature the search must handle: two roles active at
once, a choice one role cannot see, a die. These tests need no real game.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.toy import DUEL, Duel, DuelState
from warroom.ai import AGENT_KINDS, SearchAgent, SearchConfig, difficulty, hints, make_agent
from warroom.ai.arena import evaluate, schedule, wilson
from warroom.ai.search import Searcher
from warroom.engine import Match, Rng


def _match_after_north_bids(bid: int, seed: int = 5) -> Match:
    m = Match.new(DUEL, "long", seed=seed)
    m.act("north", ("bid", 2))
    m.act("south", ("bid", 1))  # one round played: north 2 points
    m.act("north", ("bid", bid))  # secret from south
    return m


def test_search_is_registered_and_parses_its_options() -> None:
    agent = make_agent("search:iterations=50,c=1.0,depth=20,rollout=random", "duel", 1)
    assert isinstance(agent, SearchAgent)
    assert agent.config.iterations == 50 and agent.config.c == 1.0 and agent.config.depth == 20
    assert "search" in AGENT_KINDS
    timed = make_agent("search:seconds=0.2", "duel", 1)
    assert isinstance(timed, SearchAgent) and timed.config.seconds == 0.2
    with pytest.raises(ValueError, match="unknown search option"):
        make_agent("search:iterationz=5", "duel", 1)
    with pytest.raises(ValueError, match="rollout"):
        make_agent("search:rollout=smart", "duel", 1)


def test_search_never_reads_what_its_role_cannot_see() -> None:
    """South searches while north's bid (1 or 3) is hidden from it: identical analysis."""
    low, high = _match_after_north_bids(1), _match_after_north_bids(3)
    assert low.state.bids != high.state.bids  # the true states differ...
    assert DUEL.view(low.state, "south") == DUEL.view(high.state, "south")  # ...only in secrets
    agent = SearchAgent("duel", SearchConfig(iterations=400), seed=9)
    a, b = agent.analyse(low, "south"), agent.analyse(high, "south")
    assert [(c.action, c.visits, c.value) for c in a.candidates] == [
        (c.action, c.visits, c.value) for c in b.candidates
    ]


def test_the_no_cheating_test_catches_a_searcher_that_peeks() -> None:
    """Without determinization the same comparison fails, so the test above can fail."""

    class Peeking(Duel):
        def determinize(self, state: DuelState, role: str, rng: Rng) -> DuelState:
            new = self.clone(state)  # keeps the opponent's true bid: cheating
            new.rng = rng.fork(1)
            return new

    peek = Peeking()
    low, high = _match_after_north_bids(1), _match_after_north_bids(3)
    s = Searcher(peek, SearchConfig(iterations=400))
    legal = low.legal("south")
    a = s.search(low.state, "south", legal, Rng(1))
    b = s.search(high.state, "south", legal, Rng(1))
    assert [(c.action, c.visits) for c in a.candidates] != [
        (c.action, c.visits) for c in b.candidates
    ]


def test_same_seed_same_choices_and_choices_are_listed() -> None:
    def run(seed: int) -> list[tuple[str, object]]:
        m = Match.new(DUEL, "short", seed=3)
        agents = {
            "north": SearchAgent("duel", SearchConfig(iterations=60), seed),
            "south": SearchAgent("duel", SearchConfig(iterations=60), seed + 1),
        }
        while not m.over:
            role = m.active[-1]
            action = agents[role].choose(m, role)
            assert action in m.legal(role)
            m.act(role, action)
        return [(s.role, s.action) for s in m.steps]

    assert run(4) == run(4)


def test_search_finds_the_dominant_bid() -> None:
    """Bidding 3 never loses a round in the toy game: the search must see it."""
    m = Match.new(DUEL, seed=1)
    agent = SearchAgent("duel", SearchConfig(iterations=500), 2)
    assert agent.choose(m, "north") == ("bid", 3)
    last = agent.last
    assert last is not None and 0 < last.iterations <= 500
    # it stops early only when no other bid could catch up in the iterations left
    first, second = last.candidates[0].visits, last.candidates[1].visits
    assert last.iterations == 500 or first - second > 500 - last.iterations


def test_the_tree_is_continued_after_the_agents_own_move() -> None:
    """After its own move the agent keeps the subtree: its visits count towards the budget."""
    from tests.ai.solo import SOLO

    m = Match.new(SOLO, seed=2)
    agent = SearchAgent("solo", SearchConfig(iterations=300), 2)
    first = agent.choose(m, "player")
    assert first == ("draw",)  # nothing drawn yet: stopping at 0 always loses
    m.act("player", first)
    agent.choose(m, "player")
    assert agent.last is not None and agent.last.iterations < 300
    fresh = SearchAgent("solo", SearchConfig(iterations=300), 2)
    fresh.choose(m, "player")
    assert fresh.last is not None and fresh.last.iterations > agent.last.iterations


def test_time_budget_stops_the_search() -> None:
    m = Match.new(DUEL, seed=1)
    agent = make_agent("search:seconds=0.05", "duel", 2)
    assert isinstance(agent, SearchAgent)
    agent.choose(m, "north")
    assert agent.last is not None and agent.last.seconds < 0.5


def test_hints_give_measured_candidates_with_win_chances_and_reasons() -> None:
    m = Match.new(DUEL, seed=1)
    out = hints(m, "north", k=3, seconds=5.0, iterations=300, seed=1)
    assert len(out) == 3 and all(h["measured"] for h in out)
    assert [h["chosen"] for h in out].count(True) == 1
    best = next(h for h in out if h["chosen"])
    assert best["action"] == ["bid", 3] and not best["too_few"]
    for h in out:
        assert 0.0 <= h["win"] <= 1.0 and h["label"] and h["reason"]


def test_difficulty_levels() -> None:
    m = Match.new(DUEL, seed=1)
    easy = difficulty("easy", "duel", 1)  # the toy has no rules policy: a short search
    assert easy.choose(m, "north") in m.legal("north")
    normal, hard = difficulty("normal", "duel", 1), difficulty("hard", "duel", 1)
    assert isinstance(normal, SearchAgent) and isinstance(hard, SearchAgent)
    assert normal.config.seconds is not None and normal.config.seconds <= 2.0
    assert hard.config.seconds is not None and hard.config.seconds > normal.config.seconds
    with pytest.raises(ValueError, match="difficulty"):
        difficulty("brutal", "duel", 1)


def test_schedule_swaps_seats_equally_on_shared_seeds() -> None:
    plan = schedule(("north", "south"), ["a", "b"], 4, 10)
    assert [p[0] for p in plan] == [10, 10, 11, 11]
    assert [p[1]["north"] for p in plan] == ["a", "b", "a", "b"]
    solo = schedule(("german",), ["a", "b"], 4, 10)
    assert [(p[0], p[1]["german"]) for p in solo] == [(10, "a"), (10, "b"), (11, "a"), (11, "b")]


def test_wilson_interval() -> None:
    low, high = wilson(95, 100)
    assert 0.886 < low < 0.889 and 0.977 < high < 0.980
    assert wilson(0, 0) == (0.0, 1.0)


def test_search_beats_random_in_the_toy_game() -> None:
    """40 games, seats swapped. If search were no stronger than random, each game would be a
    fair coin: P(at least 32 wins of 40) = 9.1e-5, so 32 cannot be reached by chance."""
    ev = evaluate(DUEL, ["search:iterations=100", "random"], games=40, seed=1)
    search, rand = ev.agents
    assert search.games == 40 and search.games_by_role["north"] == 20
    assert search.wins >= 32, ev.to_json()
    assert search.wins + rand.wins + search.draws == 40


def test_solitaire_search_plays_the_odds_and_never_sees_the_deck_order() -> None:
    from tests.ai.solo import SOLO

    m = Match.new(SOLO, seed=4)
    m.act("player", ("draw",))
    twin = m.clone()
    twin.state = SOLO.determinize(m.state, "player", Rng(99))
    assert twin.state.deck != m.state.deck and SOLO.view(twin.state, "player") == SOLO.view(
        m.state, "player"
    )
    agent = SearchAgent("solo", SearchConfig(iterations=300), seed=1)
    a, b = agent.analyse(m, "player"), agent.analyse(twin, "player")
    assert [(c.action, c.visits) for c in a.candidates] == [
        (c.action, c.visits) for c in b.candidates
    ]


def test_solitaire_evaluation_counts_levels() -> None:
    """Each agent plays the same 60 seeds; random play mostly stops too early. Sign test on
    the seeds where one agent won and the other did not: if the search were no better than
    random, each such seed would favour either with probability 1/2, and a lead of 20 or more
    has probability at most 0.0067 for any number of such seeds up to 60."""
    from tests.ai.solo import SOLO

    ev = evaluate(SOLO, ["search:iterations=200", "random"], games=60, seed=1)
    assert ev.solitaire
    search, rand = ev.agents
    assert search.games == rand.games == 60
    assert sum(search.levels.values()) == 60
    assert set(search.levels) <= {"major", "minor", "bust", "short"}
    assert search.draws == 0  # a solitaire game has no draws: no win is a loss
    assert search.wins >= rand.wins + 20, ev.to_json()
    data = ev.to_json()
    assert "levels" in data["agents"][0] and "rate_95" in next(
        iter(data["agents"][0]["levels"].values())
    )


def test_game_defaults_sit_under_the_command_line() -> None:
    from warroom.ai.search import game_hook

    defaults = game_hook("fall-blau", "SEARCH")
    assert defaults is not None and defaults["flat"] == "1" and defaults["eps"] == "0"
    cfg = SearchConfig.from_params({"eps": "0.2"}, defaults)
    assert cfg.flat and cfg.eps == 0.2
    assert game_hook("no-such-game", "SEARCH") is None


def _solo_at(total: int) -> Match:
    """A solitaire game whose drawn cards add up to exactly ``total`` (some seed gives it)."""
    from tests.ai.solo import SOLO

    for seed in range(500):
        m = Match.new(SOLO, seed=seed)
        while sum(m.state.drawn) < total:
            m.act("player", ("draw",))
        if sum(m.state.drawn) == total:
            return m
    raise AssertionError(f"no seed reaches {total}")


def test_flat_search_leaves_the_default_only_on_clear_evidence() -> None:
    """Flat paired search: the default (no rules policy here: the first action, draw) is kept
    at 4 (stopping loses for sure) and left at 14 (stopping wins, drawing busts unless a 1
    comes); in a twin with the deck reshuffled it decides exactly alike."""
    from tests.ai.solo import SOLO

    agent = SearchAgent("solo", SearchConfig(iterations=120, flat=True), seed=3)
    low = _solo_at(4)
    assert agent.choose(low, "player") == ("draw",)
    high = _solo_at(14)
    result = agent.analyse(high, "player")
    assert result.best == ("stop",) and result.iterations <= 120
    assert result.candidates[0].value > result.candidates[1].value
    twin = high.clone()
    twin.state = SOLO.determinize(high.state, "player", Rng(5))
    assert twin.state.deck != high.state.deck
    again = SearchAgent("solo", SearchConfig(iterations=120, flat=True), seed=3).analyse(
        twin, "player"
    )
    assert [(c.action, c.visits, c.value) for c in again.candidates] == [
        (c.action, c.visits, c.value) for c in result.candidates
    ]


def test_flat_search_carries_out_a_chosen_plan() -> None:
    """With plans (whole sequences of the role's own actions), the agent plays the chosen
    plan's next actions without searching again, while they stay legal."""
    from tests.ai.solo import SOLO

    m = _solo_at(4)
    agent = SearchAgent("solo", SearchConfig(iterations=60, flat=True), seed=3)
    searcher = agent._searcher(SOLO)
    searcher.macros = lambda game, state, role, legal, rng: [
        [("stop",)],
        [("draw",), ("draw",), ("stop",)],
    ]
    first = agent.analyse(m, "player")
    assert first.best == ("draw",) and first.plan == [("draw",), ("stop",)]
    assert first.iterations > 0
    m.act("player", first.best)  # 4 + one card is at most 13: not over
    second = agent.analyse(m, "player")
    assert second.iterations == 0 and second.best == ("draw",) and second.plan == [("stop",)]


def _solo_styles(game: object, role: str) -> list[tuple[str, object]]:
    """Three ways to play Solo: always draw (the default here), stop at 13 or more, stop now."""

    def always(game: Any, state: Any, role: str, acts: Any, rng: Rng) -> Any:
        return ("draw",) if ("draw",) in acts else acts[0]

    def at_13(game: Any, state: Any, role: str, acts: Any, rng: Rng) -> Any:
        return ("stop",) if sum(state.drawn) >= 13 else ("draw",)

    def now(game: Any, state: Any, role: str, acts: Any, rng: Rng) -> Any:
        return ("stop",)

    return [("always draw", always), ("stop at 13", at_13), ("stop now", now)]


def _styled_agent(iterations: int = 90, seed: int = 3) -> SearchAgent:
    from tests.ai.solo import SOLO

    agent = SearchAgent("solo", SearchConfig(iterations=iterations, styles=True), seed=seed)
    searcher = agent._searcher(SOLO)
    searcher.styles = _solo_styles
    searcher.epoch = lambda game, state, role: len(state.drawn) // 3
    return agent


def test_style_search_races_whole_ways_of_playing_and_keeps_one_for_an_epoch() -> None:
    """Always drawing busts (a sum of 16 or more comes before the deck ends), stopping at
    once scores nothing, stopping at 13 often wins: the race leaves the default for it, the
    agent then plays it without racing again until the epoch (three cards) changes."""
    from tests.ai.solo import SOLO

    m = Match.new(SOLO, seed=9)  # draws 2, 4, 7, ...
    agent = _styled_agent()
    first = agent.analyse(m, "player")
    race = agent.race
    assert race is not None and race.name == "stop at 13"
    assert race.values[1] > race.values[0] and race.values[1] > race.values[2]
    assert 0 < first.iterations <= 90
    # the race measured whole ways of playing, not this move: the answer is the chosen
    # style's, and no move is given a figure of its own
    assert [(c.action, c.style, c.visits) for c in first.candidates] == [
        (("draw",), "stop at 13", 0)
    ]
    assert "stop at 13 style: chosen by" in first.note
    m.act("player", first.best)
    for _ in range(2):  # one and two cards drawn: the same epoch, no new race
        nxt = agent.analyse(m, "player")
        assert agent.race is race and nxt.iterations == 0 and nxt.best == ("draw",)
        m.act("player", nxt.best)
    assert m.state.drawn == [2, 4, 7]
    last = agent.analyse(m, "player")  # three cards: a new epoch races again
    assert agent.race is not race and last.iterations > 0
    assert last.best == ("stop",)  # 13: stopping wins


def test_style_search_needs_evidence_sees_no_secrets_and_repeats_itself() -> None:
    """With one style that is just the default renamed, the default stays; the race reads
    only the player's view (a twin with the deck reshuffled races identically); the same seed
    gives the same race; every answer is a listed action."""
    from tests.ai.solo import SOLO

    m = _solo_at(4)
    agent = _styled_agent()
    same = _solo_styles(SOLO, "player")[0]
    agent._searcher(SOLO).styles = lambda game, role: [same, ("also always", same[1])]
    assert agent.choose(m, "player") == ("draw",)
    assert agent.race is not None and agent.race.best == 0
    twin = m.clone()
    twin.state = SOLO.determinize(m.state, "player", Rng(5))
    assert twin.state.deck != m.state.deck
    a, b, c = _styled_agent(), _styled_agent(), _styled_agent()
    ra, rb, rc = a.analyse(m, "player"), b.analyse(twin, "player"), c.analyse(m, "player")
    assert a.race is not None and b.race is not None and c.race is not None
    assert (a.race.values, a.race.visits) == (b.race.values, b.race.visits)
    assert (a.race.values, a.race.visits) == (c.race.values, c.race.visits)
    assert [x.action for x in ra.candidates] == [x.action for x in rb.candidates]
    assert all(x.action in m.legal("player") for x in ra.candidates + rc.candidates)


def test_styles_option_is_ignored_where_a_game_offers_no_styles() -> None:
    agent = make_agent("search:iterations=40,styles=1", "duel", 1)
    assert isinstance(agent, SearchAgent) and agent.config.styles
    m = _match_after_north_bids(1)
    result = agent.analyse(m, "south")
    assert agent.race is None and result.iterations > 0


class _TickingClock:
    """A stand-in for the time module: every reading is 0.1 s after the last."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 0.1
        return self.now


def test_a_race_stopped_by_the_clock_goes_on_at_the_next_prompt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Under a time budget (the levels people play) each prompt races only as long as the
    clock allows; the style played so far answers until the race ends, then the winner."""
    import warroom.ai.search as search_module
    from tests.ai.solo import SOLO

    monkeypatch.setattr(search_module, "time", _TickingClock())
    agent = SearchAgent("solo", SearchConfig(iterations=60, seconds=1.0, styles=True), seed=3)
    agent._searcher(SOLO).styles = _solo_styles  # no epoch hook: one race a game
    m = Match.new(SOLO, seed=9)
    agent.analyse(m, "player")
    assert agent.race is not None and not agent.race.finished
    assert agent.race.heat is not None
    spent = [agent.race.heat.timed]  # rollouts played, a round the clock stopped included
    while not agent.race.finished:
        result = agent.analyse(m, "player")
        assert agent._style[(SOLO.id, "player")].chosen == 0 or agent.race.finished
        assert agent.race.heat is not None
        spent.append(agent.race.heat.timed)
        assert len(spent) < 30
    assert spent == sorted(spent) and len(set(spent)) == len(spent)  # each prompt adds to it
    # no rollout is thrown away: every one played ends in a finished round
    assert len(spent) > 2 and spent[-1] == agent.race.iterations <= 60
    assert agent.race.name == "stop at 13" and agent._style[(SOLO.id, "player")].chosen == 1
    m.act("player", result.best)
    later = agent.analyse(m, "player")  # the race is over: no more racing this game
    assert later.iterations == 0 and later.candidates[0].style == "stop at 13"


def test_keep_makes_the_style_chosen_before_the_next_races_default() -> None:
    from tests.ai.solo import SOLO

    agent = SearchAgent("solo", SearchConfig(iterations=90, styles=True, keep=True), seed=3)
    searcher = agent._searcher(SOLO)
    searcher.styles = _solo_styles
    searcher.epoch = lambda game, state, role: len(state.drawn)
    m = Match.new(SOLO, seed=9)
    m.act("player", agent.choose(m, "player"))
    assert agent.race is not None and agent.race.order[0] == 0  # the first race: rules first
    assert agent.race.name == "stop at 13"
    agent.choose(m, "player")
    assert agent.race.order[0] == 1  # then the style being played is the one to beat


@pytest.mark.parametrize("game_id", ["coral-sea", "roads-to-stalingrad"])
def test_levels_race_styles_of_the_games_own_size_spread_over_prompts(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where a game races styles, normal keeps the game's race size (its SEARCH iterations)
    within 1.2 s a prompt, and hard races four times as much within 5 s."""
    import warroom.ai.search as search_module
    from warroom.ai.levels import NORMAL_DECIDE
    from warroom.ai.search import game_hook

    size = int(game_hook(game_id, "SEARCH")["iterations"])
    normal, hard = difficulty("normal", game_id, 1), difficulty("hard", game_id, 1)
    assert isinstance(normal, SearchAgent) and isinstance(hard, SearchAgent)
    assert normal.config.styles and normal.config.iterations == size
    assert normal.config.seconds == 1.2
    assert normal.config.decide == NORMAL_DECIDE.get(game_id, 0) == 16  # both campaigns
    assert hard.config.iterations == 4 * size and hard.config.seconds == 5.0
    monkeypatch.setattr(search_module, "time", _TickingClock())  # 0.1 s a reading
    import warroom

    m = Match.new(warroom.game(game_id), seed=2)
    races: list[int] = []
    while len(m.legal(m.active[0])) < 2:
        m.act(m.active[0], m.legal(m.active[0])[0])
    role = m.active[0]
    while True:
        action = normal.choose(m, role)
        assert action in m.legal(role)
        race = normal.race
        assert race is not None
        races.append(race.iterations)
        if race.finished:
            break
        assert len(races) < 40, "the race never ended"
        m.act(role, action)
        while not m.over and (m.active[0] != role or len(m.legal(role)) < 2):
            r = m.active[0]
            m.act(r, m.legal(r)[0])
    assert len(races) >= 2 and races[-1] <= size  # several prompts, the game's race size
    assert all(b - a <= 12 for a, b in zip([0, *races], races, strict=False))


def test_both_levels_race_the_moves_of_a_planned_prompt_hard_with_more_rollouts() -> None:
    """Roads to Stalingrad: at a prompt the campaign search plans (Card or Map, an operation,
    an attack), normal and hard both race the legal moves themselves, each followed by the
    chosen style, within their ``decide`` budgets (NORMAL_DECIDE, HARD_DECIDE rollouts); hard's
    budget lets the moves still in the race play more worlds (and its rollouts look further
    ahead, ``reach``: test_cc_search). The clocks are taken away for
    the test (seconds=None), so only the budgets stop the races and the result is the same on
    any machine."""
    from tests.ai.prompts import walk_to_prompt
    from warroom.ai.levels import HARD_DECIDE, HARD_REACH, NORMAL_DECIDE

    m, role, legal = walk_to_prompt(5, 6, planned=True, more_than=2)
    g = m.game
    normal, hard = difficulty("normal", g.id, 1), difficulty("hard", g.id, 1)
    assert isinstance(normal, SearchAgent) and isinstance(hard, SearchAgent)
    assert (normal.config.decide, hard.config.decide) == (NORMAL_DECIDE[g.id], HARD_DECIDE[g.id])
    assert (normal.config.reach, hard.config.reach) == (1, HARD_REACH)
    assert NORMAL_DECIDE[g.id] < HARD_DECIDE[g.id]
    normal.config.seconds = hard.config.seconds = None
    spent = {}
    for level, agent in (("normal", normal), ("hard", hard)):
        assert agent.choose(m, role) in legal
        assert agent.last is not None
        raced = [c for c in agent.last.candidates if c.visits > 0]
        assert len(raced) >= 2, agent.last.note  # the moves themselves, not the style's answer
        spent[level] = sum(c.visits for c in agent.last.candidates)
        assert spent[level] == agent.last.iterations <= agent.config.decide
    assert spent["normal"] < spent["hard"], spent
    # without a decide budget (normal until session 6) the style's answer is taken unraced
    plain = make_agent("search:iterations=24", g.id, 1)
    assert isinstance(plain, SearchAgent)
    assert plain.choose(m, role) in legal and plain.last is not None
    assert [c.visits for c in plain.last.candidates] == [0]


def test_roads_hard_races_every_move_of_a_wide_prompt_that_normal_leaves_to_the_style() -> None:
    """Roads to Stalingrad, a planned prompt with five or more candidate moves (a stack that
    may attack several areas): normal's NORMAL_DECIDE rollouts cannot give every candidate the
    MIN_WORLDS worlds a race needs before it may choose one, so the style answers; hard's
    HARD_DECIDE (96 there since session 7) plays each of them that many worlds at least, and
    so decides there, with rollouts to spare for the close call between the last two (more
    than session 6's 32 in all could give). Fixed seeds, the rules player walking both sides
    to the prompt, the clocks taken away (seconds=None), so the result is the same on any
    machine."""
    from warroom.ai.levels import HARD_DECIDE, NORMAL_DECIDE
    from warroom.ai.search import MIN_WORLDS, game_hook
    from warroom.engine import game as warroom_game

    g = warroom_game("roads-to-stalingrad")
    plans, candidates = game_hook(g.id, "plans"), game_hook(g.id, "candidates")
    rules = {r: make_agent("rules", g.id, 4) for r in g.roles}
    m = Match.new(g, seed=4)
    while True:
        role = m.active[0]
        legal = m.legal(role)
        look = g.determinize(m.state, role, Rng(1))
        if len(legal) > 1 and plans(g, look, role, legal):
            # five or more whatever the style answers (its answer is one of them or joins them)
            n = min(len(set(candidates(g, look, role, legal, a))) for a in legal)
            if n >= 5:
                break
        m.act(role, rules[role].choose(m, role))
        assert not m.over, "no prompt with five candidates in the game"
    assert NORMAL_DECIDE[g.id] < n * MIN_WORLDS <= HARD_DECIDE[g.id]
    raced, styled = {}, {}
    for level in ("normal", "hard"):
        agent = difficulty(level, g.id, 1)
        assert isinstance(agent, SearchAgent)
        agent.config.seconds = None
        assert agent.choose(m, role) in legal
        assert agent.last is not None
        raced[level] = [c.visits for c in agent.last.candidates if c.visits > 0]
        styled[level] = agent.last.candidates[0].style  # set when the style's answer stands
        assert sum(raced[level]) <= agent.config.decide
    assert len(raced["hard"]) >= n and min(raced["hard"]) >= MIN_WORLDS, raced
    # the close call goes on past the 32 rollouts in all that hard had in session 6
    assert sum(raced["hard"]) > 32 and sorted(raced["hard"])[-2] > 32 // 2, raced
    assert all(v < MIN_WORLDS for v in raced["normal"]) and styled["normal"], raced
