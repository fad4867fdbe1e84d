"""Computer seats: agents choose their moves away from the request threads.

``process`` mode (the default of ``warroom serve``) runs agents in a separate
process, so a long search never slows the pages or other games; the worker
keeps the last match it saw and only plays the new actions of a record.
``thread`` mode runs them in a thread on a clone of the match (tests, and
games that are not in the registry).
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from warroom.ai import parse_agent_spec
from warroom.engine import Match, action_json
from warroom.server.seats import build_agent

Done = Callable[[list[Any] | None, BaseException | None], None]
"""Called with the chosen action (a JSON list) or the error that stopped the agent."""

_cache: dict[str, Match] = {}


def _choose_from_record(
    key: str, record: dict[str, Any], role: str, spec: str, seed: int
) -> list[Any]:
    """In the worker process: bring the cached match up to the record, then ask the agent."""
    m = _cache.get(key)
    done = len(m.steps) if m is not None else 0
    if m is None or [[s.role, action_json(s.action)] for s in m.steps] != record["actions"][:done]:
        m = Match.replay(record)
    else:
        for role_, action in record["actions"][done:]:
            m.act(role_, action)
    _cache.clear()  # one match per worker is enough: the next move of the same game reuses it
    _cache[key] = m
    agent = build_agent(spec, m.game.id, seed)
    return action_json(agent.choose(m, role))


def with_budget(spec: str, seconds: float) -> str:
    """Give a search agent the time budget unless its spec names one already."""
    kind, params = parse_agent_spec(spec)
    if kind != "search" or "seconds" in params or "iterations" in params:
        return spec
    return f"{spec}{',' if ':' in spec else ':'}seconds={seconds:g}"


class Players:
    """Runs computer moves; ``budget`` seconds is the thinking time a search agent is given."""

    def __init__(
        self,
        mode: str = "process",
        workers: int = 1,
        budget: float = 3.0,
        deadline: float = 90.0,
    ) -> None:
        """``budget``: seconds a search spec without one may think; ``deadline``: seconds after
        which the server gives up on an answer and plays a random listed move instead."""
        if mode not in ("process", "thread"):
            raise ValueError(f"mode is process or thread, got {mode!r}")
        self.mode = mode
        self.budget = budget
        self.deadline = deadline
        self._executor: Executor
        if mode == "process":
            self._executor = ProcessPoolExecutor(
                max_workers=workers, mp_context=multiprocessing.get_context("spawn")
            )
        else:
            self._executor = ThreadPoolExecutor(
                max_workers=max(workers, 2), thread_name_prefix="warroom-ai"
            )

    def choose(self, key: str, match: Match, role: str, spec: str, seed: int, done: Done) -> None:
        """Start choosing for ``role``; ``done(action, error)`` is called from another thread."""
        spec = with_budget(spec, self.budget)
        future: Future[Any]
        if self.mode == "process":
            future = self._executor.submit(
                _choose_from_record, key, match.record(), role, spec, seed
            )
        else:
            copy = match.clone()
            future = self._executor.submit(
                lambda: action_json(build_agent(spec, copy.game.id, seed).choose(copy, role))
            )

        def finished(f: Future[Any]) -> None:
            exc = f.exception()
            # hand over on a fresh thread: the callback thread of a process pool must stay free
            threading.Thread(
                target=done, args=(None if exc else f.result(), exc), daemon=True
            ).start()

        future.add_done_callback(finished)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
