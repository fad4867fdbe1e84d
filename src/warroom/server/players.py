"""Computer seats: agents choose their moves away from the request threads, in fair turns.

``process`` mode (the default of ``warroom serve``) runs agents in separate processes, so a
long search never slows the pages; each worker keeps the last few matches it saw and only
plays the new actions of a record. ``thread`` mode runs them in threads on a clone of the
match (tests, and games that are not in the registry).

Two lanes, so that computer players of different matches cannot starve each other:

- the quick lane plays the seats that decide at once (random, rules, easy): one worker of
  its own, so an easy seat answers in its usual time whatever the thinking seats do;
- the deep lane plays the seats that think (search, normal, hard, any other agent): its
  workers take the waiting decisions a match at a time, in turn (round-robin over matches,
  not first come first served), so a match whose seats ask for one long decision after
  another waits no longer than the others for its next one.

A seat thinks at most ``MAX_SECONDS`` a decision: a spec asking for more is refused when the
match is made (``check_budget``), and a search spec without a time budget is given the
server's (``with_budget``). The room's deadline (``Rooms``) still plays a random listed move
for a decision that has not come back in time, and drops it if it is still waiting.

One agent plays a computer seat for the whole match: what it learns between prompts (the
style it plays and a race of styles under way, the rest of an order sheet, the beliefs about
the other side, the tree after its own move) is kept. After each answer the agent is saved
(``warroom.ai.save_agent``) and handed back with the move as the seat's **memory**; the room
keeps it and stores it with the match (``Store.remember``), so the next prompt, a worker
that never saw the match, and a server restart all get the same agent back, not a new one.
A prompt with one legal move is played without asking the agent, as ``warroom evaluate``
does: the agent the server seats is the agent evaluate and the ladder measure.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import logging
import math
import multiprocessing
import os
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from warroom.ai import LEVELS, Agent, SearchAgent, load_agent, parse_agent_spec, save_agent, search
from warroom.engine import Match, action_json
from warroom.server.seats import build_agent

log = logging.getLogger(__name__)

Memory = tuple[int, bytes]
"""A seat's agent as it was after its last answer: (the match's step count when it answered,
the agent saved by ``warroom.ai.save_agent``)."""

Done = Callable[[list[Any] | None, Memory | None, BaseException | None], None]
"""Called with the chosen action (a JSON list) and the seat's memory after it (None: nothing
to keep), or with the error that stopped the agent."""

MAX_SECONDS = 10.0
"""The most a computer seat may think about one decision, in seconds: twice the hard level
(5 s), so a seat may be asked to think harder than hard, and short enough that a match with
one moves on (a Commanders side makes about a hundred decisions a game)."""

QUICK_KINDS = ("random", "rules", "easy")
"""Agents that decide at once: they play in the quick lane."""

_CACHED = 4  # matches each worker process keeps, to play only the new actions of a record
_cache: OrderedDict[str, Match] = OrderedDict()
_agents: OrderedDict[tuple[str, str], tuple[str, int, Agent]] = OrderedDict()
"""(match key, role) -> (spec, step count at its last answer, the agent): the live agents of
the last few seats, so that a memory is loaded only when this worker does not hold it."""
_agents_lock = threading.Lock()


def think(
    key: str,
    m: Match,
    role: str,
    spec: str,
    seed: int,
    memory: Memory | None,
    started: float | None = None,
) -> tuple[list[Any], Memory | None]:
    """The seat's answer and its memory after it. The agent is the one ``memory`` describes
    (kept live here, or loaded), else a new one made from ``seed``.

    ``started`` (by ``warroom.ai.search.clock``; default: now) is when the worker took the
    prompt: a searching agent's time budget counts from then, so the time spent bringing the
    match up to the record, loading the agent and catching up its beliefs comes out of the
    level's budget (normal 1.2 s, hard 5 s a decision) instead of being added to it."""
    started = search.clock() if started is None else started
    legal = m.legal(role)
    if not legal:
        raise ValueError(f"{role} has no legal action now")
    if len(legal) == 1:  # not a decision: the agent is not asked (as in warroom evaluate)
        return action_json(legal[0]), memory
    slot = (key, role)
    with _agents_lock:
        kept = _agents.pop(slot, None)
    agent: Agent | None = None
    if memory is not None and memory[0] < len(m.steps):
        if kept is not None and kept[0] == spec and kept[1] == memory[0]:
            agent = kept[2]
        else:
            agent = load_agent(memory[1])
    if agent is None:
        agent = build_agent(spec, m.game.id, seed)
    if isinstance(agent, SearchAgent):
        agent.started = started
    action = agent.choose(m, role)
    at = len(m.steps)
    blob = save_agent(agent)
    with _agents_lock:
        _agents[slot] = (spec, at, agent)
        while len(_agents) > 2 * _CACHED:
            _agents.popitem(last=False)
    return action_json(action), ((at, blob) if blob is not None else None)


def _choose_from_record(
    key: str, record: dict[str, Any], role: str, spec: str, seed: int, memory: Memory | None
) -> tuple[list[Any], Memory | None]:
    """In a worker process: bring the cached match up to the record, then ask the agent (whose
    time budget counts from now: the catching up is part of the decision)."""
    started = search.clock()
    m = _cache.pop(key, None)
    done = len(m.steps) if m is not None else 0
    if m is None or [[s.role, action_json(s.action)] for s in m.steps] != record["actions"][:done]:
        m = Match.replay(record)
    else:
        for role_, action in record["actions"][done:]:
            m.act(role_, action)
    _cache[key] = m
    while len(_cache) > _CACHED:
        _cache.popitem(last=False)
    return think(key, m, role, spec, seed, memory, started)


def _warm() -> None:
    """In a worker process as it starts (the pool's initializer): import and build what a first
    decision would otherwise pay for inside its budget: every game, each game's rules player,
    search values and exploit scripts, each role's population (``warroom.ai.population``) and
    a match on a secret seed, and numbers enough of the fast generator for its numpy blocks."""
    from warroom.ai.population import members
    from warroom.engine import Rng, game, game_ids

    for game_id in game_ids():
        g = game(game_id)
        name = game_id.replace("-", "_")
        for package in ("warroom.ai.rules", "warroom.ai.values", "warroom.ai.exploits"):
            module = f"{package}.{name}"
            try:
                importlib.import_module(module)
            except ModuleNotFoundError as exc:
                if exc.name != module:
                    raise
        for role in g.roles:
            members(g, role)
        Match.new(g, seed="5eed" * 8)
    rng = Rng(0)
    for _ in range(600):
        rng.random()


def _forget() -> int:
    """In a worker process: drop the matches and agents it holds, so that its next decision is
    that of a worker that never saw the match (after a restart, or with more matches in play
    than it keeps): benchmarks time that case (``bench/levels_server.py --cold``)."""
    _cache.clear()
    with _agents_lock:
        _agents.clear()
    return os.getpid()


def _ready() -> int:
    """In a worker process: nothing (the initializer has run when this returns)."""
    return os.getpid()


def check_budget(spec: str) -> None:
    """Refuse (ValueError naming the maximum) a spec that asks to think more than
    ``MAX_SECONDS`` a decision, or a time budget that is not a positive number."""
    if spec in LEVELS:
        return
    _kind, params = parse_agent_spec(spec)
    if "seconds" not in params:
        return
    try:
        seconds = float(params["seconds"])
    except ValueError:
        raise ValueError(f"seconds is a number of seconds, at most {MAX_SECONDS:g}") from None
    if not (math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS):
        raise ValueError(
            f"a computer seat may think at most {MAX_SECONDS:g} s a decision;"
            f" this one asks for seconds={params['seconds'][:20]}"
        )


def with_budget(spec: str, seconds: float) -> str:
    """Give a search agent the time budget unless its spec names one (an ``iterations``
    budget alone is not enough: the search stops at whichever ends first)."""
    kind, params = parse_agent_spec(spec)
    if kind != "search" or "seconds" in params:
        return spec
    return f"{spec}{',' if ':' in spec else ':'}seconds={min(seconds, MAX_SECONDS):g}"


def lane_of(spec: str) -> str:
    """ "quick" for the agents that decide at once, "deep" for those that think."""
    kind = spec if spec in LEVELS else parse_agent_spec(spec)[0]
    return "quick" if kind in QUICK_KINDS else "deep"


@dataclass(eq=False)
class Ticket:
    """One decision asked for: waiting in its lane, then running, then answered."""

    key: str
    start: Callable[[Executor], Future[Any]]
    done: Done
    cancelled: bool = False

    def cancel(self) -> None:
        """Drop the decision if it is still waiting (a running one finishes, unheard)."""
        self.cancelled = True


@dataclass(eq=False)
class Lane:
    """An executor and its waiting decisions, taken a match at a time in turn."""

    name: str
    executor: Executor
    workers: int
    waiting: OrderedDict[str, deque[Ticket]] = field(default_factory=OrderedDict)
    running: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    turns: int = 0  # decisions started so far
    served: OrderedDict[str, int] = field(default_factory=OrderedDict)  # match -> its last turn

    def submit(self, ticket: Ticket) -> None:
        with self.lock:
            self.waiting.setdefault(ticket.key, deque()).append(ticket)
        self._pump()

    def queued(self) -> int:
        with self.lock:
            return sum(len(q) for q in self.waiting.values())

    def _pump(self) -> None:
        """Start waiting decisions while a worker is free: the waiting match served least
        recently (first come among those never served) gives its oldest one."""
        while True:
            with self.lock:
                if self.running >= self.workers or not self.waiting:
                    return
                served = self.served
                key = min(self.waiting, key=lambda k: served.get(k, -1))
                line = self.waiting[key]
                ticket = line.popleft()
                if not line:
                    del self.waiting[key]
                if ticket.cancelled:
                    continue
                self.running += 1
                self.turns += 1
                served[key] = self.turns
                served.move_to_end(key)
                while len(served) > 4096:  # matches long gone
                    served.popitem(last=False)
            try:
                future = ticket.start(self.executor)
            except RuntimeError as exc:  # the executor is shut down: the server is stopping
                with self.lock:
                    self.running -= 1
                ticket.done(None, None, exc)
                return
            future.add_done_callback(functools.partial(self._finished, ticket))

    def _finished(self, ticket: Ticket, future: Future[Any]) -> None:
        with self.lock:
            self.running -= 1
        exc = future.exception() if not future.cancelled() else RuntimeError("cancelled")
        action, memory = (None, None) if exc else future.result()
        # hand over on a fresh thread: the callback thread of a process pool must stay free
        threading.Thread(target=ticket.done, args=(action, memory, exc), daemon=True).start()
        self._pump()


class Players:
    """Runs computer moves; ``budget`` seconds is the thinking time a search agent without
    one is given (at most ``MAX_SECONDS``); ``workers``: the deep lane's workers."""

    def __init__(
        self,
        mode: str = "process",
        workers: int = 1,
        budget: float = 3.0,
        deadline: float = 90.0,
    ) -> None:
        """``deadline``: seconds after which the server gives up on an answer and plays a
        random listed move instead."""
        if mode not in ("process", "thread"):
            raise ValueError(f"mode is process or thread, got {mode!r}")
        if not 0 < budget <= MAX_SECONDS:
            raise ValueError(
                f"budget is more than 0 and at most {MAX_SECONDS:g} seconds, got {budget:g}"
            )
        self.mode = mode
        self.stopped = False
        self.budget = budget
        self.deadline = deadline
        workers = max(1, workers)
        self.lanes = {
            "quick": Lane("quick", self._executor(1, "quick"), 1),
            "deep": Lane("deep", self._executor(workers, "deep"), workers),
        }

    def _executor(self, workers: int, name: str) -> Executor:
        if self.mode == "process":
            return ProcessPoolExecutor(
                max_workers=workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_warm,
            )
        return ThreadPoolExecutor(max_workers=workers, thread_name_prefix=f"warroom-{name}")

    def warm(self, timeout: float | None = None) -> bool:
        """Start the worker processes (each imports the games and the agents as it starts,
        ``_warm``) and wait up to ``timeout`` seconds (None: no wait) for them to be ready, so
        that a match's first computer move does not wait for a process to start. True when
        they are ready (always in thread mode)."""
        if self.mode != "process":
            return True
        futures: list[Future[Any]] = []
        for lane in self.lanes.values():
            with contextlib.suppress(RuntimeError):  # the server is stopping
                futures += [lane.executor.submit(_ready) for _ in range(lane.workers)]
        if timeout is None:
            return False
        started = time.monotonic()
        for future in futures:
            try:
                future.result(timeout=max(0.0, started + timeout - time.monotonic()))
            except Exception as exc:
                log.warning("computer players not ready after %.0f s: %r", timeout, exc)
                return False
        return True

    def choose(
        self,
        key: str,
        match: Match,
        role: str,
        spec: str,
        seed: int,
        done: Done,
        memory: Memory | None = None,
    ) -> Ticket:
        """Ask for ``role``'s move from the seat's agent (``memory``, else a new one made
        from ``seed``); ``done(action, memory, error)`` is called from another thread. ``key``
        names the match (decisions are taken a match at a time, in turn)."""
        spec = with_budget(spec, self.budget)
        start: Callable[[Executor], Future[Any]]
        if self.mode == "process":
            record = match.record()

            def start(ex: Executor) -> Future[Any]:
                return ex.submit(_choose_from_record, key, record, role, spec, seed, memory)

        else:
            copy = match.clone()

            def start(ex: Executor) -> Future[Any]:
                return ex.submit(think, key, copy, role, spec, seed, memory)

        def told(
            action: list[Any] | None, memory: Memory | None, error: BaseException | None
        ) -> None:
            if not self.stopped:  # a stopping server makes no move for a seat (nor a fallback)
                done(action, memory, error)

        ticket = Ticket(key, start, told)
        self.lanes[lane_of(spec)].submit(ticket)
        return ticket

    def close(self) -> None:
        self.stopped = True
        for lane in self.lanes.values():
            # a search still thinking in a worker process is of no use to a stopped server
            procs = getattr(lane.executor, "_processes", None) or {}
            for proc in list(procs.values()):
                with contextlib.suppress(Exception):
                    proc.terminate()
            # then wait for the pool to wind down (quick now), so its queues are released
            lane.executor.shutdown(wait=self.mode == "process", cancel_futures=True)
