"""A match: one game being played. Seed, action log, current state, undo points, replay.

The match is the only place that checks actions: a game's ``apply`` is called
with listed actions only, on a copy, and the copy replaces the state only when
``apply`` returns, so the state is unchanged after any error.

It also keeps, for every step, who saw it: a step a role did not see (the other side
writing a secret order) must not move anything that role is shown, its step counter
included. A role's counter (``shown``) counts the steps that changed what it is shown:
its view, its log or who is to act. The observer (None) has its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from warroom.engine.contract import (
    Action,
    Event,
    Game,
    OptionValue,
    Outcome,
    Prompt,
    State,
    action_json,
    to_action,
)
from warroom.engine.errors import BadRecord, IllegalAction, NotYourTurn, excerpt
from warroom.engine.registry import game as lookup_game
from warroom.engine.rng import Seed, check_seed

RECORD_FORMAT = 1


@dataclass(frozen=True, slots=True)
class Step:
    """One accepted action in the record."""

    role: str
    action: Action


@dataclass(slots=True)
class _UndoPoint:
    state: State
    steps: int
    log: int


Viewer = str | None
"""A role, or None for an observer."""


@dataclass(slots=True)
class _Seen:
    """Who saw one step. ``seen``: the viewers it showed something to. ``open``: viewers for
    whom it changed neither the log nor who is to act, so only their view could show it;
    they are settled lazily (``Match._settle``) by comparing what they were shown
    in ``before`` and ``after``, the states around the step."""

    seen: frozenset[Viewer]
    open: tuple[Viewer, ...] = ()
    before: State | None = None
    after: State | None = None


def visible(event: Event, role: str | None) -> bool:
    """May ``role`` (None: an observer) see this log entry?"""
    to = event.get("to")
    if to is None:
        return True
    # a "to" that is not a list of roles is a game's mistake: show it to nobody (fail closed)
    return role is not None and isinstance(to, (list, tuple)) and role in to


@mypyc_attr(allow_interpreted_subclasses=True)
class Match:
    """A game in play. Build with ``Match.new`` or ``Match.replay``. (Compiled by mypyc with
    the campaign engine: setup.py. A copy is made by ``clone``, not ``copy.copy``.)"""

    __slots__ = (
        "_act", "_at", "_legal", "_looks", "_out", "_seen", "_settled", "_undo", "game", "log",
        "log_steps", "options", "scenario", "seed", "state", "steps",
    )  # fmt: skip

    def __init__(
        self,
        game: Game[Any],
        scenario: str,
        options: dict[str, OptionValue],
        seed: Seed,
        state: State,
    ) -> None:
        self.game = game
        self.scenario = scenario
        self.options = options
        self.seed = seed
        self.state = state
        self.steps: list[Step] = []
        self.log: list[Event] = []
        # for each log entry, how many steps had been taken when it was logged (0: set-up):
        # the replay steps through what a role could see by it
        self.log_steps: list[int] = []
        self._undo: list[_UndoPoint] = []
        self._seen: list[_Seen] = []  # one per step: who saw it
        self._settled = 0  # every entry of _seen before this one is settled
        self._looks: dict[Viewer, tuple[State, Any]] = {}  # the last look taken per viewer
        # what the game's hooks said of the state ``_at`` (asked once per state: see _facts)
        self._at: State | None = None
        self._out: Outcome | None = None
        self._act: tuple[str, ...] = ()
        self._legal: dict[str, Sequence[Action]] = {}
        self._drain()

    # ----- construction ---------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: Game[Any] | str,
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
        seed: Seed = 0,
    ) -> Match:
        """A new match. ``seed``: an int gives the fast generator (simulations, tests, local
        play); a secret hex string of 32 to 128 digits the cryptographic one (hosted matches,
        see ``engine/rng.py``)."""
        g = lookup_game(game) if isinstance(game, str) else game
        scen, opts = g.check_setup(scenario, options)
        checked = check_seed(seed)
        return cls(g, scen, opts, checked, g.setup(scen, opts, checked))

    @classmethod
    def replay(
        cls, record: Mapping[str, Any], upto: int | None = None, game: Game[Any] | None = None
    ) -> Match:
        """Rebuild a match from its record (optionally only its first ``upto`` steps).

        ``game`` overrides the registry lookup (for games outside it, such as test games).
        """
        try:
            m = cls.new(
                game or record["game"],
                record.get("scenario"),
                record.get("options"),
                record.get("seed", 0),
            )
            steps = record.get("actions", [])
        except KeyError as exc:
            raise BadRecord(f"a record needs the key {exc.args[0]!r}") from None
        for i, entry in enumerate(steps[:upto] if upto is not None else steps):
            try:
                role, action = entry[0], entry[1]
            except (TypeError, IndexError, KeyError):
                raise BadRecord(
                    f"step {i} of the record is not [role, action]: {excerpt(repr(entry))}"
                ) from None
            try:
                m.act(role, action)
            except IllegalAction as exc:
                raise BadRecord(f"step {i} of the record does not replay: {exc}") from exc
        return m

    def record(self) -> dict[str, Any]:
        """JSON-ready: everything needed to rebuild this match exactly."""
        return {
            "format": RECORD_FORMAT,
            "game": self.game.id,
            "version": self.game.version,
            "scenario": self.scenario,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [[s.role, action_json(s.action)] for s in self.steps],
        }

    def clone(self) -> Match:
        """An independent match at the same point (log and undo points are not carried)."""
        m = Match(
            self.game, self.scenario, dict(self.options), self.seed, self.game.clone(self.state)
        )
        m.steps = list(self.steps)
        self._settle()
        m._seen = list(self._seen)
        m._settled = self._settled
        return m

    # ----- play -----------------------------------------------------------------------------
    def _facts(self) -> State:
        """The current state, after making sure its outcome and active roles are known.

        Each hook is asked once per state: the answers are kept until the match moves to
        another state (an action, an undo, or a state put in its place). A state changed in
        place behind the match's back must be put back (``m.state = m.state`` does not do: use
        ``forget``).
        """
        s = self.state
        if s is not self._at:
            self._at = s
            self._out = out = self.game.outcome(s)
            self._act = () if out is not None else tuple(self.game.active(s))
            self._legal = {}
        return s

    def forget(self) -> None:
        """Ask the hooks again: for tests and tools that change the state in place."""
        self._at = None

    def _listed(self, role: str) -> Sequence[Action]:
        """The game's legal actions of an active ``role`` (asked once per state)."""
        found = self._legal.get(role)
        if found is None:
            found = self._legal[role] = self.game.legal_actions(self.state, role)
        return found

    @property
    def active(self) -> tuple[str, ...]:
        self._facts()
        return self._act

    @property
    def outcome(self) -> Outcome | None:
        self._facts()
        return self._out

    @property
    def over(self) -> bool:
        self._facts()
        return self._out is not None

    def legal(self, role: str) -> list[Action]:
        """The legal actions of ``role`` (empty when it is not active)."""
        self._facts()
        if role not in self._act:
            return []
        return list(self._listed(role))

    def prompt(self, role: str) -> Prompt:
        if role not in self.game.roles:
            raise IllegalAction(
                f"{role!r} is not a role of {self.game.id}; roles: {', '.join(self.game.roles)}"
            )
        actions = tuple(self.legal(role))
        if not actions:
            text = (
                "The game is over."
                if self.over
                else "Waiting for "
                + " and ".join(self.game.role_name(r) for r in self.active)
                + "."
            )
            return Prompt(role, text, ())
        labels = tuple(self.game.label(self.state, role, a) for a in actions)
        return Prompt(role, self.game.prompt_text(self.state, role), actions, labels)

    def act(self, role: str, action: Any) -> list[Event]:
        """Apply one listed action of ``role``. Returns the new log entries (all of them, unfiltered)."""
        self._facts()
        if self._out is not None:
            raise IllegalAction("the game is over; no action is legal", role=role, legal_count=0)
        active = self._act
        if role not in active:
            who = ", ".join(active) or "nobody"
            raise NotYourTurn(
                f"{role!r} may not act now; waiting for {who}", role=role, legal_count=0
            )
        legal = self._listed(role)
        if type(action) is tuple and action in legal:
            act: Action = action  # a listed action as it is: no conversion
        else:
            try:
                act = to_action(action)
            except TypeError as exc:
                raise IllegalAction(str(exc), role=role) from None
            self._check_listed(role, act, legal)
        before = self.state
        after = self.game.clone(before)
        self.game.apply(after, role, act)
        self.state = after
        self.steps.append(Step(role, act))
        new = self._drain()
        self._seen.append(self._who_saw(role, active, before, after, new))
        if after.rng.s != before.rng.s or after.reveals != before.reveals or self.over:
            self._undo.clear()  # new information: nothing before it can be taken back
        else:
            self._undo.append(_UndoPoint(before, len(self.steps) - 1, len(self.log) - len(new)))
        return new

    def _who_saw(
        self,
        role: str,
        active: tuple[str, ...],
        before: State,
        after: State,
        new: Sequence[Event],
    ) -> _Seen:
        """Who saw this step: its actor; everyone, when who is to act changed or the game
        ended, or in a game without secrets; each viewer it logged something for; the others
        are settled later by their views (``_settle``)."""
        g = self.game
        viewers = (*g.roles, None)
        if not g.hidden_information or self.active != active:
            return _Seen(frozenset(viewers))
        seen: set[Viewer] = {role}
        for v in viewers:
            if v != role and any(visible(e, v) for e in new):
                seen.add(v)
        rest = tuple(v for v in viewers if v not in seen)
        if not rest:
            return _Seen(frozenset(seen))
        return _Seen(frozenset(seen), rest, before, after)

    def _settle(self) -> None:
        """Settle who saw each step still open, by what each open viewer is shown before and
        after it (done when a counter is asked for, so simulations never pay for it)."""
        for i in range(self._settled, len(self._seen)):
            entry = self._seen[i]
            if entry.open:  # (an entry may be shared with clones: settled once, for all)
                assert entry.before is not None and entry.after is not None
                seen: set[Viewer] = set(entry.seen)
                for v in entry.open:
                    if self._look(entry.before, v) != self._look(entry.after, v):
                        seen.add(v)
                entry.seen, entry.open, entry.before, entry.after = frozenset(seen), (), None, None
        self._settled = len(self._seen)

    def _look(self, state: State, viewer: Viewer) -> Any:
        """What ``viewer`` is shown of ``state`` (the last one is kept per viewer, since a
        step's state after is the next one's before).

        Its view only: a step that changes neither the log nor who is to act could change
        a viewer's prompt without its view only if that viewer is to act while another role
        chooses at the same time, and then its prompt would tell it the other's secret
        choice (a leak in its own right, which tests/secrets finds by comparing prompts)."""
        kept = self._looks.get(viewer)
        if kept is not None and kept[0] is state:
            return kept[1]
        look = self.game.view(state, viewer)
        self._looks[viewer] = (state, look)
        return look

    # ----- what each viewer saw ---------------------------------------------------------------
    def shown(self, viewer: Viewer) -> int:
        """The step counter of ``viewer`` (a role, or None for an observer): how many steps
        changed what it is shown. The other side's secret steps do not count."""
        self._settle()
        return sum(1 for e in self._seen if viewer in e.seen)

    def frames(self, viewer: Viewer) -> list[int]:
        """Where ``viewer``'s counter moved: ``frames(v)[k]`` is the number of steps played when
        it reached ``k`` (``[0, ...]``; a replay shows ``v`` the match after that many)."""
        self._settle()
        out = [0]
        out.extend(i + 1 for i, e in enumerate(self._seen) if viewer in e.seen)
        return out

    def saw(self, viewer: Viewer, step: int) -> bool:
        """Did ``viewer`` see step ``step`` (0-based) of the record?"""
        self._settle()
        return viewer in self._seen[step].seen

    def _check_listed(self, role: str, act: Action, legal: Sequence[Action]) -> None:
        if act not in legal:
            reason = self.game.explain_illegal(self.state, role, act)
            n = len(legal)
            msg = f"{excerpt(repr(action_json(act)))} is not a legal action for {role}"
            msg += f": {reason}" if reason else ""
            msg += f" ({n} legal action{'s' if n != 1 else ''} now: see the prompt)"
            raise IllegalAction(msg, role=role, legal_count=n)

    def _drain(self) -> list[Event]:
        new = self.state.events
        if new:
            self.log.extend(new)
            self.log_steps.extend([len(self.steps)] * len(new))
            self.state.events = []
        return new

    # ----- undo -----------------------------------------------------------------------------
    def can_undo(self, role: str) -> bool:
        """True when ``role`` may take back its last action: it revealed nothing and rolled no
        die since, every step after it is another side's secret that ``role`` did not see,
        and no other side that saw the action is to act now (it could have acted on it: two
        sides writing at once, each unseen by the other, may each undo). The other sides'
        steps since are played again after the undo. Every part of this is something
        ``role`` was shown, so whether it may undo never tells it whether another side wrote
        meanwhile."""
        return self.undoable(role) is not None

    def undoable(self, role: str) -> int | None:
        """The step (0-based) that ``undo(role)`` would take back, or None."""
        if not self.steps or not self._undo:
            return None
        self._settle()
        n = len(self.steps)
        for i in range(n - 1, -1, -1):
            st = self.steps[i]
            if st.role == role:
                break
            if role in self._seen[i].seen:
                return None  # role saw what came after its action
        else:
            return None
        if len(self._undo) < n - i or self._undo[-(n - i)].steps != i:
            return None  # a die or a reveal since
        # another side that saw it and may act on it now (or may have: that it did must not
        # show, so whether it did is not asked)
        if any(r != role and r in self._seen[i].seen for r in self.active):
            return None
        return i

    def undo(self, role: str) -> None:
        i = self.undoable(role)
        if i is None:
            raise IllegalAction(
                f"{role} cannot undo now: only its own last action, and never past a die roll or a reveal",
                role=role,
            )
        n = len(self.steps)
        later = self.steps[i + 1 :]
        kept = (
            self.state, list(self.steps), list(self.log), list(self._undo), list(self._seen),
            list(self.log_steps),
        )  # fmt: skip
        point = self._undo[-(n - i)]
        del self._undo[-(n - i) :]
        self.state = point.state
        del self.steps[i:]
        del self.log[point.log :]
        del self.log_steps[point.log :]
        del self._seen[i:]
        self._settled = min(self._settled, i)
        try:
            for st in later:  # the other sides' secret steps since, played again
                self.act(st.role, st.action)
        except IllegalAction as exc:  # they depended on the undone action: a game's mistake
            self.state, self.steps, self.log, self._undo, self._seen, self.log_steps = kept
            self._settled = len(self._seen)
            raise IllegalAction(f"{role} cannot undo now: {exc}", role=role) from None

    # ----- views ----------------------------------------------------------------------------
    def events_for(self, role: str | None, start: int = 0) -> list[Event]:
        return [e for e in self.log[start:] if visible(e, role)]

    def view(self, role: str | None = None, log: bool = True) -> dict[str, Any]:
        """JSON-ready: everything ``role`` may see (None: an observer). ``log=False`` leaves
        the log out (a caller that keeps the log entries each role has seen, as the server
        does, would otherwise pay for filtering the whole log at every look)."""
        if role is not None and role not in self.game.roles:
            raise IllegalAction(
                f"{role!r} is not a role of {self.game.id}; roles: {', '.join(self.game.roles)}"
            )
        out = self.outcome
        return {
            "game": self.game.id,
            "scenario": self.scenario,
            "options": dict(self.options),
            "role": role,
            "step": self.shown(role),
            "active": list(self.active),
            "board": self.game.view(self.state, role),
            "log": self.events_for(role) if log else [],
            "outcome": out.to_json() if out else None,
        }
