"""A computer seat is one agent for the whole match, kept across prompts and over a restart,
and it is the agent ``warroom evaluate`` measures: the same spec and seed make the same
choices, move for move, through the server and in ``warroom.ai.arena.play_match``."""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from warroom.ai import RandomAgent, make_agent
from warroom.ai.arena import play_match
from warroom.engine import Match, action_json, game
from warroom.server import players as players_module
from warroom.server.app import create_app
from warroom.server.players import Players

SPEC = "search:iterations=40,seconds=10"
"""An iteration budget (the clock never ends these searches first), so choices are repeatable."""


class Spy(Players):
    """Notes the seed and memory each computer decision is asked with."""

    def __init__(self) -> None:
        super().__init__("thread", budget=10.0)
        self.asked: list[tuple[int, Any]] = []

    def choose(
        self, key: str, match: Any, role: str, spec: str, seed: int, done: Any, memory: Any = None
    ) -> Any:
        self.asked.append((seed, memory))
        return super().choose(key, match, role, spec, seed, done, memory)


def _play(
    c: TestClient, mid: str, token: str, human: RandomAgent, until: int, spy: Spy
) -> dict[str, Any]:
    """Play the human seat with ``human``'s generator over the listed moves (a single listed
    move played without a draw, as play_match does) until the match is over or the computer
    has been asked ``until`` times and is not thinking."""
    end = time.monotonic() + 120
    while time.monotonic() < end:
        view: dict[str, Any] = c.get(f"/api/matches/{mid}", headers={"X-Seat-Token": token}).json()
        if view["outcome"] or (len(spy.asked) >= until and not view["thinking"]):
            return view
        prompt = view["prompt"]
        # play_match asks the first active role: when both give secret orders at once, the
        # person waits for the computer (whether the other side has finished its orders is
        # public, and the search may use it, so the order must be the same to compare); the
        # computer's last step is kept back while the person chooses (when it finished must
        # not show: tests/secrets/test_pace.py), so the person goes on once it is kept
        kept = bool(c.app.state.rooms.get(mid).held)  # type: ignore[attr-defined]
        first = view["active"][0] == prompt["role"] if prompt else False
        if not prompt or not prompt["actions"] or not (first or kept):
            time.sleep(0.01)
            continue
        actions = prompt["actions"]
        action = actions[0] if len(actions) == 1 else human.rng.choice(actions)
        r = c.post(
            f"/api/matches/{mid}/actions",
            headers={"X-Seat-Token": token},
            json={"action": action, "step": view["step"]},
        )
        assert r.status_code in (200, 409), r.text  # 409: the computer moved meanwhile
    raise AssertionError("the match did not move on")


def test_a_computer_seat_plays_as_evaluate_does_across_a_restart(tmp_path: Path) -> None:
    g = game("commanders")
    computer, person = g.roles
    db = tmp_path / "warroom.sqlite"
    human = RandomAgent(77)

    first = Spy()
    with TestClient(create_app(db, players=first, fixed_seeds=True)) as c:
        m = c.post(
            "/api/matches", json={"game": g.id, "seed": 11, "seats": {computer: SPEC}}
        ).json()
        view = _play(c, m["id"], m["tokens"][person], human, 6, first)
        assert not view["outcome"], "the match ended before the restart"
    seeds = {seed for seed, _ in first.asked}
    assert len(seeds) == 1, "a seat's seed moved with the steps"
    assert first.asked[0][1] is None and first.asked[-1][1] is not None  # memory from move 2
    players_module._agents.clear()  # as in a new worker process: only the store remembers

    second = Spy()
    with TestClient(create_app(db, players=second, fixed_seeds=True)) as c:
        view = _play(c, m["id"], m["tokens"][person], human, 10**6, second)
        assert view["outcome"]
        record = c.get(f"/api/matches/{m['id']}/record").json()
    # after the restart the seat's agent came back from the store (its seed is not the new
    # room's): the choices still follow from the first seed
    assert second.asked and second.asked[0][1] is not None
    assert {seed for seed, _ in second.asked} != seeds

    agents = {computer: make_agent(SPEC, g.id, seeds.pop()), person: RandomAgent(77)}
    offline = play_match(g, agents, 11)
    assert offline.over
    # the two roles give their secret orders at once: compare each role's own sequence
    for role in g.roles:
        served = [a for r, a in record["actions"] if r == role]
        played = [action_json(s.action) for s in offline.steps if s.role == role]
        assert served == played, f"{role} played otherwise through the server"
    assert view["outcome"]["winner"] == (offline.outcome.winner if offline.outcome else None)


def test_a_race_of_styles_goes_on_across_prompts_even_from_the_store() -> None:
    """Roads to Stalingrad's Soviet races its styles over several prompts (a time budget
    too small for a whole race): with the seat's memory loaded afresh at every prompt (as
    after a restart, or in a worker that never saw the match) the race goes on and ends, and
    the style played changes only when the race ends or the epoch (every 20 cards) turns.
    On 0c67e28 each prompt made a new agent: 0 of 40 races finished through the server."""
    from warroom.ai import load_agent
    from warroom.server.players import think

    g = game("roads-to-stalingrad")
    spec = "search:iterations=12,seconds=0.05"
    m = Match.new(g, seed=4)
    rules = make_agent("rules", g.id, 2)
    memory = None
    finished, styles = 0, []
    for _ in range(3000):
        if m.over:
            break
        role = m.active[0]
        legal = m.legal(role)
        if role == "soviet" and len(legal) > 1:
            players_module._agents.clear()  # nothing kept in this process: the memory only
            action, memory = think("k", m, role, spec, 5, memory)
            assert memory is not None
            agent = load_agent(memory[1])
            kept = agent._style[(g.id, role)]  # type: ignore[attr-defined]
            styles.append((kept.key, kept.chosen, kept.race is None))
            finished += kept.race is None
            m.act(role, action)
        else:
            m.act(role, legal[0] if len(legal) == 1 else rules.choose(m, role))
        if len(styles) >= 60:
            break
    assert finished > 0, "no race of styles ended"
    for (key_a, chosen_a, _), (key_b, chosen_b, done_b) in itertools.pairwise(styles):
        if key_a == key_b and chosen_a != chosen_b:
            assert done_b  # a new style only when a race has just ended


LOADED = "sorted(m for m in __import__('sys').modules if m.startswith(('warroom.', 'numpy')))"
"""Evaluated in a worker process: the modules it has imported so far."""


def test_a_fresh_server_has_its_computer_players_ready_before_the_first_request(
    tmp_path: Path,
) -> None:
    """The first computer move of a freshly started server took 12-23 s on a loaded machine
    (issue 23): its worker process started and imported the games and agents then. Start-up
    now starts every worker and loads what a first decision needs (the games, their rules
    players, search values and exploit scripts, the generator's numpy) before it takes a
    request, so the first move costs what the later ones do."""
    players = Players("process")
    with TestClient(create_app(tmp_path / "w.sqlite", players=players, resume=False)):
        for lane in players.lanes.values():
            procs = getattr(lane.executor, "_processes", None) or {}
            assert len(procs) == lane.workers, f"the {lane.name} lane's worker is not started"
            loaded = set(lane.executor.submit(eval, LOADED).result(timeout=60))
            for gid in ("commanders", "coral_sea", "roads_to_stalingrad"):
                assert f"warroom.ai.exploits.{gid}" in loaded, (lane.name, gid)
                assert f"warroom.ai.values.{gid}" in loaded, (lane.name, gid)
            assert "warroom.ai.rules.fall_blau" in loaded
            assert "numpy" in loaded


class ScriptedClock:
    """A clock that moves only with the work: ``tick`` seconds at every reading (the work done
    between two readings), and what ``spend`` adds (a piece of work the test times itself)."""

    def __init__(self, tick: float) -> None:
        self.now = 1000.0
        self.tick = tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now

    def spend(self, seconds: float) -> None:
        self.now += seconds


def _at_commanders_planning() -> tuple[Match, str]:
    """A Commanders match at its first order sheet (a prompt the search searches)."""
    m = Match.new("commanders", seed=11)
    rules = make_agent("rules", "commanders", 1)
    while not (m.state.phase == "planning" and len(m.legal(m.active[0])) > 1):
        role = m.active[0]
        m.act(role, rules.choose(m, role))
    return m, m.active[0]


def _decide_on_a_fresh_worker(
    monkeypatch: Any, replay: float, catch_up: float, key: str
) -> tuple[float, int]:
    """What a worker that never saw the match spends (by a scripted clock) answering a
    ``normal`` seat's prompt, when replaying the record costs ``replay`` seconds and catching
    up the seat's beliefs ``catch_up``; and the search's iterations."""
    from warroom.ai import search
    from warroom.ai.population import Tracker

    fake = ScriptedClock(0.01)
    monkeypatch.setattr(search, "clock", fake)
    plain_catch_up = Tracker.catch_up

    class SlowReplay:  # the worker's Match, with a replay that takes ``replay`` seconds
        @staticmethod
        def replay(record: Any) -> Match:
            fake.spend(replay)
            return Match.replay(record)

    def slow_catch_up(self: Tracker, match: Match) -> None:
        fake.spend(catch_up)
        plain_catch_up(self, match)

    monkeypatch.setattr(players_module, "Match", SlowReplay)
    monkeypatch.setattr(Tracker, "catch_up", slow_catch_up)
    m, role = _at_commanders_planning()
    began = fake.now
    action, _ = players_module._choose_from_record(key, m.record(), role, "normal", 5, None)
    assert action in [action_json(a) for a in m.legal(role)]
    spent = fake.now - began
    agent = players_module._agents[(key, role)][2]
    last = getattr(agent, "last", None)
    assert last is not None
    monkeypatch.undo()
    return spent, last.iterations


def test_a_workers_catching_up_is_paid_out_of_the_levels_budget(monkeypatch: Any) -> None:
    """A worker that did not hold the match replays its record, loads the seat's agent and
    catches its beliefs up before the search starts; that time is part of the decision. With
    0.5 s of replay and 0.3 s of catching up (a scripted clock, so the machine's load plays no
    part) the normal level still answers within its 1.2 s budget plus one reading, and the
    search gets less time than on a worker that had nothing to catch up. Before (main at
    2659260) the search's 1.2 s began after the catching up: 2 s in all."""
    from warroom.ai.levels import NORMAL_SECONDS

    idle, searched = _decide_on_a_fresh_worker(monkeypatch, 0.0, 0.0, "idle-worker")
    busy, hurried = _decide_on_a_fresh_worker(monkeypatch, 0.5, 0.3, "busy-worker")
    assert NORMAL_SECONDS - 0.05 <= idle <= NORMAL_SECONDS + 0.05
    assert NORMAL_SECONDS - 0.05 <= busy <= NORMAL_SECONDS + 0.05
    assert 0 < hurried < searched  # the search itself had 0.8 s less


def test_catching_up_longer_than_the_budget_still_gets_an_answer(monkeypatch: Any) -> None:
    """When catching up alone takes more than the whole budget, the search plays one
    simulation (the first of a decision always runs, so a race still moves on), stops, and
    answers: its default, the rules player's sheet (a move a little late rather than none)."""
    spent, searched = _decide_on_a_fresh_worker(monkeypatch, 1.5, 0.0, "slow-worker")
    assert searched == 0  # no round of the race was completed
    assert 1.5 < spent < 1.5 + 0.1
