"""Rooms: the matches being played, their seats, their live listeners and their computer players.

Every change to a match goes through a room under its lock, in this order:
check the seat, act on the match, commit to the store, then tell the
listeners. A failed commit undoes nothing in the store and leaves the room
to be reloaded from it, so what a client was told is always what is on disk.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from warroom.engine import (
    BadRecord,
    Game,
    GameDataError,
    IllegalAction,
    Match,
    NotYourTurn,
    Rng,
    UnknownGame,
    WarroomError,
    action_json,
    game_ids,
    visible,
)
from warroom.engine import game as registry_game
from warroom.engine.errors import excerpt
from warroom.engine.rng import new_secret_seed
from warroom.engine.verify import commitment, new_salt, sealed_record, verify_record
from warroom.kit.help import help_for
from warroom.server.jsonio import dumps
from warroom.server.players import Done, Memory, Players, Ticket, check_budget
from warroom.server.seats import Seat, new_match_id, new_token, resolve_agent
from warroom.server.store import MatchRow, SeatRow, Store, token_hash

log = logging.getLogger("warroom.server")

SWEEP_EVERY = 5.0  # seconds between looks for idle rooms (at once when there are too many)
SETTLE = 2.0  # a room used this recently stays in memory whatever the count
REPLAY_IDLE = 60.0  # the replays of a room idle this long are dropped
REPLAYS_PER_ROOM = 4  # replayed matches a room keeps (the viewer steps from the nearest)
VIEWS_PER_ROOM = 16  # JSON views a room keeps until its next change


class ServerError(Exception):
    status = 400


class BadRequest(ServerError):
    status = 400


class Forbidden(ServerError):
    status = 403

    def __init__(self, detail: str = "forbidden") -> None:
        super().__init__(detail)


class NotFound(ServerError):
    status = 404


class Conflict(ServerError):
    status = 409


class Broken(ServerError):
    """The game itself cannot start (its data files do not load): the server's fault."""

    status = 500


class Catalog:
    """The games the server offers: the registry, plus extra games (tests)."""

    def __init__(self, extra: Iterable[Game[Any]] = ()) -> None:
        self.extra = {g.id: g for g in extra}

    def ids(self) -> list[str]:
        return sorted({*game_ids(), *self.extra})

    def get(self, game_id: str) -> Game[Any]:
        if game_id in self.extra:
            return self.extra[game_id]
        try:
            return registry_game(game_id)
        except UnknownGame as exc:
            raise NotFound(str(exc)) from None


@dataclass(eq=False)
class Listener:
    """A live page of one seat (``role``; None: a watcher): messages go into its queue on
    the server's event loop, and only when what that seat's news says has changed."""

    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue[dict[str, Any]]
    role: str | None = None
    last: dict[str, Any] | None = None  # the last news it was sent

    def send(self, message: dict[str, Any]) -> None:
        if message == self.last:
            return  # nothing it can see has changed: not even the time of a message tells
        self.last = message
        with contextlib.suppress(RuntimeError):  # the loop has closed: the page is gone
            self.loop.call_soon_threadsafe(self.queue.put_nowait, message)


@dataclass(eq=False)
class Room:
    id: str
    match: Match
    seats: dict[str, Seat]
    mode: str
    lock: threading.RLock = field(default_factory=threading.RLock)
    listeners: set[Listener] = field(default_factory=set)
    thinking: dict[str, int] = field(default_factory=dict)  # role -> the job thinking for it
    replays: dict[int, Match] = field(default_factory=dict)
    texts: list[str] = field(default_factory=list)  # describe_event of match.log, kept in step
    version: int = 0  # goes up at every change a page could see
    pending: Future[None] | None = None  # the last write to the store, until it is on disk
    sent: dict[tuple[str | None, int], tuple[int, bytes]] = field(default_factory=dict)
    # each seat's (and the watchers') log epoch: an undo of a step it saw takes entries back,
    # so its page reloads the log; an undo it did not see is none of its business
    epochs: dict[str | None, int] = field(default_factory=dict)
    seen: dict[str | None, list[int]] = field(default_factory=dict)  # see seen_by
    looked: dict[str | None, int] = field(default_factory=dict)  # log entries seen_by has read
    salt: str = ""  # of the dice commitment ("" for a match stored before commitments)
    sealed: str = ""  # the commitment, once worked out
    # the seeds of the room's own computer players and advice: drawn when the room is made or
    # loaded, never stored or shown, so no player can work out what they will sample
    house: int = field(default_factory=lambda: secrets.randbits(62))
    verdict: dict[str, Any] | None = None  # verify_of, once the match is over (it is final)
    # each computer seat's agent after its last answer (players.Memory), kept in the store too
    minds: dict[str, tuple[int, bytes]] = field(default_factory=dict)
    tickets: dict[str, Ticket] = field(default_factory=dict)  # role -> its decision asked for
    # a computer seat's answer kept back while a person chooses at the same time (Rooms._hold)
    held: dict[str, tuple[list[Any], Memory | None]] = field(default_factory=dict)
    used: float = field(default_factory=time.monotonic)  # last asked for or changed
    evicted: bool = False  # dropped from memory: whoever holds it must get the room again

    def house_seed(self, *parts: object) -> int:
        """A 62-bit seed for the room's own randomness (a computer seat's agent, a hint),
        from the room's secret ``house`` and what it is for."""
        text = ":".join(str(p) for p in (self.house, *parts)).encode()
        return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little") >> 2

    def dice(self) -> dict[str, Any]:
        """The dice commitment every view carries; seed and salt once the match is over."""
        m = self.match
        if not self.salt:
            return {"commitment": None, "secret": isinstance(m.seed, str)}
        if not self.sealed:
            self.sealed = commitment(m.seed, self.salt)
        out: dict[str, Any] = {"commitment": self.sealed, "secret": isinstance(m.seed, str)}
        if m.over:
            out["seed"] = m.seed
            out["salt"] = self.salt
        return out

    def touch(self) -> None:
        self.version += 1
        self.sent.clear()
        self.used = time.monotonic()

    def busy(self) -> bool:
        """Must stay in memory: a page listens, a computer thinks or must move, or a write
        is not yet on disk."""
        if self.listeners or self.thinking:
            return True
        if self.pending is not None and not self.pending.done():
            return True
        m = self.match
        return any(self.seats[r].kind == "computer" for r in m.active if r in self.seats)

    def seen_by(self, role: str | None) -> list[int]:
        """Where, in the log, the entries ``role`` may see are (kept in step, like texts;
        an undo clears them)."""
        log = self.match.log
        seen = self.seen.get(role)
        if seen is None:
            seen = self.seen[role] = []
        looked = self.looked.get(role, 0)
        for i in range(looked, len(log)):
            if visible(log[i], role):
                seen.append(i)
        self.looked[role] = len(log)
        return seen

    def log_texts(self) -> list[str]:
        """The words of every log entry (cached: entries never change once logged)."""
        log = self.match.log
        if len(self.texts) > len(log):
            del self.texts[len(log) :]  # an undo took entries back
        describe = self.match.game.describe_event
        self.texts.extend(describe(e) for e in log[len(self.texts) :])
        return self.texts

    @property
    def game(self) -> Game[Any]:
        return self.match.game

    @property
    def step(self) -> int:
        """The steps of the record (for the store; never shown: see ``Match.shown``)."""
        return len(self.match.steps)

    def epoch(self, role: str | None) -> int:
        return self.epochs.get(role, 0)

    def thinking_now(self) -> list[str]:
        """The computer seats to act: thinking, from the first moment to the last of their
        turn (a seat's one job per step would show the other side each secret step)."""
        return sorted(r for r in self.match.active if self.seats[r].kind == "computer")

    def person_besides(self, role: str) -> bool:
        """Whether a person other than ``role`` is to act now (choosing at the same time)."""
        return any(r != role and self.seats[r].kind == "human" for r in self.match.active)

    def role_of(self, token: str | None) -> str | None:
        """The role whose seat ``token`` holds; None for no token (an observer).

        A token that holds no seat is refused outright, so a typo never
        silently turns a player into an observer, and a guess learns nothing.
        """
        if token is None or token == "":
            return None
        for role, seat in self.seats.items():
            if seat.holds(token):
                return role
        raise Forbidden()

    def news(self, role: str | None) -> dict[str, Any]:
        """What a seat's (or a watcher's) page may know the moment anything changes: its own
        step counter, who is to act, the computer seats thinking; no view, nothing secret."""
        return {
            "type": "step",
            "step": self.match.shown(role),
            "active": list(self.match.active),
            "over": self.match.over,
            "thinking": self.thinking_now(),
            "open": sorted(r for r, s in self.seats.items() if s.open),  # invited, not joined
        }


class Rooms:
    """Every match the server knows, loaded from the store on first use."""

    def __init__(
        self,
        store: Store,
        catalog: Catalog,
        players: Players,
        snapshot_every: int = 16,
        fixed_seeds: bool = False,
        max_rooms: int = 500,
        idle: float = 600.0,
        max_replays: int = 32,
    ) -> None:
        """``fixed_seeds``: let any match be created with a chosen seed (tests and demos
        only: whoever chooses a seed knows every die of the match).

        Memory: at most ``max_rooms`` rooms are kept (the least recently used go first), and
        none idle for ``idle`` seconds; a room that is busy (``Room.busy``) stays. A dropped
        room loses nothing: it is reloaded from the store when next asked for. Replayed
        matches (the replay viewer's frames) are kept at most ``REPLAYS_PER_ROOM`` a room
        and ``max_replays`` in all, and dropped from a room idle for ``REPLAY_IDLE`` s."""
        self.store = store
        self.fixed_seeds = fixed_seeds
        self.catalog = catalog
        self.players = players
        self.snapshot_every = max(1, snapshot_every)
        self.max_rooms = max(1, max_rooms)
        self.idle = idle
        self.max_replays = max(1, max_replays)
        self._rooms: OrderedDict[str, Room] = OrderedDict()  # least recently used first
        self._replaying: OrderedDict[str, Room] = OrderedDict()  # rooms with replays kept
        self._lock = threading.Lock()
        self._replay_lock = threading.Lock()
        self._swept = time.monotonic()
        self._jobs = 0

    # ----- creating and loading ---------------------------------------------------------------
    def create(
        self,
        game_id: str,
        scenario: str | None,
        options: dict[str, Any] | None,
        seed: int | None,
        seats: dict[str, str],
        mode: str,
        side: str | None = None,
    ) -> tuple[Room, dict[str, str], dict[str, str], Future[None]]:
        """A new match; ``seats`` maps each role to "human" or a computer level/agent.

        ``mode`` "hotseat" or "computer": the creator holds every human seat. "invite": the
        creator holds ``side`` (none without it), and every other human seat gets a one-time
        invitation instead of a token (see ``claim``), so the creator never holds a seat of
        someone else's.

        Returns the room, the tokens of the creator's seats and the invitations of the
        others (each shown once, never stored: only their hashes are), and the write that
        stores it (tell nobody of the match before it is done).
        """
        g = self.catalog.get(game_id)
        unknown = set(seats) - set(g.roles)
        if unknown:
            named = excerpt(", ".join(sorted(unknown)))
            raise BadRequest(f"{g.id} has no role {named}; roles: {', '.join(g.roles)}")
        if side is not None:
            if mode != "invite":
                raise BadRequest(
                    f"side is for an invite match (the seat its creator keeps); in a {mode}"
                    " match the creator holds every human seat"
                )
            if side not in g.roles:
                raise BadRequest(f"{g.id} has no role {excerpt(side)}; roles: {', '.join(g.roles)}")
            if seats.get(side, "human") != "human":
                raise BadRequest(
                    f"side {side} is a computer seat here; the creator's side is a human seat"
                )
        if seed is not None and not self.fixed_seeds:
            computers = sorted(r for r, choice in seats.items() if choice != "human")
            if len(g.roles) > 1 or computers:
                raise BadRequest(
                    "seed is not allowed here: whoever chooses the seed knows every die and"
                    " card to come, so a match with another player or a computer seat gets a"
                    " secret seed from the server (its commitment is shown from the start and"
                    " the seed once the match is over); a seed may be chosen only for a"
                    " solitaire game"
                )
        salt = new_salt()
        try:
            match = Match.new(g, scenario, options, new_secret_seed() if seed is None else seed)
        except GameDataError as exc:
            raise Broken(f"{g.id} cannot start: {exc}") from None
        except WarroomError as exc:
            raise BadRequest(str(exc)) from None
        tokens: dict[str, str] = {}
        invites: dict[str, str] = {}
        seat_map: dict[str, Seat] = {}
        for role in g.roles:
            choice = seats.get(role, "human")
            if choice == "human" and mode == "invite" and role != side:
                invites[role] = new_token()
                seat_map[role] = Seat(role, "human", "", "", token_hash(invites[role]))
            elif choice == "human":
                tokens[role] = new_token()
                seat_map[role] = Seat(role, "human", "", token_hash(tokens[role]))
            else:
                try:
                    check_budget(choice)
                    spec = resolve_agent(choice, g.id)
                except ValueError as exc:
                    raise BadRequest(str(exc)) from None
                seat_map[role] = Seat(role, "computer", spec, "")
        room = Room(new_match_id(), match, seat_map, mode, salt=salt)
        done = self.store.create(
            MatchRow(
                id=room.id,
                game=g.id,
                version=g.version,
                scenario=match.scenario,
                options=dict(match.options),
                seed=match.seed,
                mode=mode,
                created=0.0,
                updated=0.0,
                over=match.over,
                snapshot=_plain_json(g.snapshot(match.state)),
                snapshot_step=0,
                salt=salt,
                seats=[
                    SeatRow(s.role, s.kind, s.agent, s.token_hash, s.invite_hash)
                    for s in seat_map.values()
                ],
            )
        )
        room.pending = done
        with self._lock:
            self._rooms[room.id] = room
            self._sweep()
        done.add_done_callback(lambda f: self._committed(room, f))
        return room, tokens, invites, done

    def claim(self, room: Room, code: str) -> tuple[str, str, Future[None]]:
        """Trade an invitation for its seat: returns the role, a new token for it (made now,
        for the one claiming it alone) and the write to wait for before telling them.

        Refused (403) for a code that is no invitation of this match, and (409, saying so)
        for one already used: whoever used it first holds the seat, and the second to try
        learns that someone did."""
        while True:
            with room.lock:
                if not room.evicted:
                    return self._claim(room, code)
            room = self.get(room.id)  # dropped from memory meanwhile: the one loaded now

    def _claim(self, room: Room, code: str) -> tuple[str, str, Future[None]]:
        """``claim`` (the caller holds the room lock)."""
        seat = next((s for s in room.seats.values() if s.invited(code)), None)
        if seat is None:
            raise Forbidden("this link's invitation is not one of this match's")
        if not seat.open:
            raise Conflict(
                f"this invitation was already used: the {seat.role} seat is taken. If you"
                " did not open this link before, someone else did; ask whoever sent it"
                " for a new match. You can watch this one."
            )
        token = new_token()
        seat.token_hash = token_hash(token)
        done = self.store.claim(room.id, seat.role, seat.token_hash)
        self._wrote(room, done, record=False)
        return seat.role, token, done

    def get(self, match_id: str) -> Room:
        with self._lock:
            room = self._rooms.get(match_id)
            if room is not None:
                room.used = time.monotonic()
                self._rooms.move_to_end(match_id)
                self._sweep()
                return room
            row = self.store.load(match_id)
            if row is None:
                raise NotFound(f"no match {excerpt(repr(match_id))}")
            room = self._load(row)
            self._rooms[match_id] = room
            self._sweep()
        self.kick(room)
        return room

    def in_memory(self) -> int:
        """How many rooms are kept now."""
        with self._lock:
            return len(self._rooms)

    def _sweep(self) -> None:
        """Drop rooms over the count or idle too long, least recently used first, and the
        replays of idle rooms (the caller holds ``_lock``). A busy room is passed over (and
        counts as used now); so is one used in the last ``SETTLE`` seconds, which a request
        or a computer player may still be holding."""
        now = time.monotonic()
        rooms = self._rooms
        if len(rooms) <= self.max_rooms and now - self._swept < SWEEP_EVERY:
            return
        self._swept = now
        for room in list(rooms.values()):
            quiet = now - room.used
            if len(rooms) <= self.max_rooms and quiet < self.idle:
                break  # the rest are used more recently
            if quiet < SETTLE:
                break
            if not room.lock.acquire(blocking=False):
                continue  # in use this instant
            try:
                if room.busy():
                    room.used = now
                    rooms.move_to_end(room.id)
                    continue
                del rooms[room.id]
                room.evicted = True
                room.listeners.clear()
            finally:
                room.lock.release()
            self._forget_replays(room)
        for room in list(self._replaying.values()):
            if now - room.used < REPLAY_IDLE:
                break
            self._forget_replays(room)

    def _forget_replays(self, room: Room) -> None:
        with self._replay_lock:
            self._replaying.pop(room.id, None)
        room.replays = {}

    def _kept_replays(self, room: Room) -> None:
        """``room`` keeps replays now: drop those of the rooms that asked least recently
        while more than ``max_replays`` are kept in all."""
        with self._replay_lock:
            self._replaying[room.id] = room
            self._replaying.move_to_end(room.id)
            total = sum(len(r.replays) for r in self._replaying.values())
            for other in list(self._replaying.values()):
                if total <= self.max_replays or other is room:
                    break
                total -= len(other.replays)
                other.replays = {}  # a new dict: a replay_for in progress keeps its own
                del self._replaying[other.id]

    def _load(self, row: MatchRow) -> Room:
        """Replay the stored record, checking the stored snapshot at its step.

        A record that no longer replays (the game's rules changed since) is refused to
        whoever asks, a seat or a watcher, with the versions only: the step that fails, its
        place in the record and what the game says of it may each be a side's secret (an
        order of its sheet, how many it wrote), so they go to the server's log alone."""
        g = self.catalog.get(row.game)
        n = -1  # (the set-up)
        try:
            m = Match.new(g, row.scenario, row.options, row.seed)
            for n, (role, action) in enumerate(row.actions):
                if n == row.snapshot_step:
                    self._check_snapshot(row, m)
                m.act(role, action)
        except (WarroomError, BadRecord, TypeError, ValueError) as exc:
            log.error("stored match %s does not replay: step %d: %s", row.id, n, exc)
            raise Conflict(
                f"stored match {row.id} (made with {g.id} version {row.version}) does not replay"
                f" with {g.id} version {g.version}: the server's log says where"
            ) from None
        if row.snapshot_step == len(row.actions):
            self._check_snapshot(row, m)
        seats = {
            s.role: Seat(s.role, s.kind, s.agent, s.token_hash, s.invite_hash) for s in row.seats
        }
        return Room(row.id, m, seats, row.mode, salt=row.salt, minds=dict(row.minds))

    @staticmethod
    def _check_snapshot(row: MatchRow, m: Match) -> None:
        if _position(_plain_json(m.game.snapshot(m.state))) != _position(row.snapshot):
            # (the snapshot's step counts every step of the record, secret ones too: logged)
            log.error(
                "stored match %s: its snapshot at step %d disagrees", row.id, row.snapshot_step
            )
            raise Conflict(
                f"stored match {row.id}: its stored snapshot does not agree with its record"
                f" replayed by {m.game.id} version {m.game.version}"
            )

    def resume_all(self) -> int:
        """At start-up: load every unfinished match that has a computer seat, so it plays on."""
        count = 0
        for match_id in self.store.unfinished_ids(with_computer=True):
            try:
                self.get(match_id)
                count += 1
            except ServerError as exc:
                log.error("cannot resume %s: %s", match_id, exc)
        return count

    # ----- playing ----------------------------------------------------------------------------
    def act(
        self, room: Room, role: str, action: Any, expect_step: int | None = None
    ) -> tuple[int, Future[None]]:
        """Apply a person's action; returns the step reached and the write to wait for."""
        while True:
            with room.lock:
                if not room.evicted:
                    seat = room.seats[role]
                    if seat.kind != "human":
                        raise Forbidden()
                    self._check_step(room, role, expect_step)
                    done = self._apply(room, role, action)
                    done = self._release(room) or done
                    return room.match.shown(role), done
            room = self.get(room.id)  # dropped from memory meanwhile: the one loaded now

    def _apply(self, room: Room, role: str, action: Any) -> Future[None]:
        """Act and queue the write (the caller holds the room lock). Refusals change nothing.

        The other seats hear of the move, and computers answer it, once it is on disk.
        """
        m = room.match
        if not isinstance(action, list):
            raise BadRequest(f"an action is a JSON list, got {json.dumps(action)[:80]}")
        try:
            m.act(role, action)
        except NotYourTurn as exc:
            raise Conflict(str(exc)) from None
        except IllegalAction as exc:
            if m.over:
                raise Conflict(str(exc)) from None
            raise BadRequest(str(exc)) from None
        n = room.step - 1
        snap = None
        if m.over or room.step % self.snapshot_every == 0:
            snap = json.dumps(m.game.snapshot(m.state))  # text: the plain JSON form, as stored
        done = self.store.append(
            room.id,
            n,
            role,
            action_json(m.steps[-1].action),
            m.over,
            snap,
            shown=m.shown(None),
            public=m.saw(None, n),
        )
        self._wrote(room, done)
        return done

    def _wrote(self, room: Room, done: Future[None], record: bool = True) -> None:
        """A write of ``room`` queued: it is pending, pages are told once it is on disk.
        ``record``: the write changes the record (a step, an undo), so the replay positions
        kept for it go; a claim changes only a seat, and they stay."""
        room.pending = done
        if record:
            room.replays.clear()
        room.touch()
        done.add_done_callback(lambda f: self._committed(room, f))

    def _committed(self, room: Room, done: Future[None]) -> None:
        """In the store's writer thread, once a write of ``room`` is on disk (or failed)."""
        if done.exception() is not None:
            # not on disk, so it never happened: forget the room; the store reloads it
            log.error("a write of %s failed: %r", room.id, done.exception())
            with self._lock:
                if self._rooms.get(room.id) is room:
                    del self._rooms[room.id]
            return
        self.changed(room)

    def undo(
        self, room: Room, role: str, expect_step: int | None = None
    ) -> tuple[int, Future[None]]:
        if room.evicted:
            room = self.get(room.id)
        with room.lock:
            self._check_step(room, role, expect_step)
            m = room.match
            back = m.undoable(role)
            if back is None:
                raise Conflict(
                    f"{role} cannot undo now: only its own last action, and never past a die"
                    " roll or a reveal"
                )
            saw = [v for v in (*m.game.roles, None) if m.saw(v, back)]
            m.undo(role)
            for r, (at, _) in list(room.minds.items()):
                if at >= back:  # its answer was taken back: a new agent answers again
                    del room.minds[r]
            room.texts.clear()  # entries from the step taken back on are logged anew
            room.seen.clear()
            room.looked.clear()
            for v in saw:  # only those who saw the step taken back see the log change
                room.epochs[v] = room.epoch(v) + 1
            again = [(st.role, action_json(st.action)) for st in m.steps[back:]]
            done = self.store.truncate(
                room.id,
                back,
                _plain_json(m.game.snapshot(m.state)),
                again=again,
                shown=m.shown(None),
                public=None in saw,
            )
            self._wrote(room, done)
            done = self._release(room) or done  # (a person no longer choosing: kept back no more)
            return m.shown(role), done

    @staticmethod
    def _check_step(room: Room, role: str, expect_step: int | None) -> None:
        """``expect_step``: the step counter of ``role`` on the page that sent the request;
        refused when the seat has been shown something since (by its own counter, so the
        answer counts none of the other side's secret steps)."""
        if expect_step is None:
            return
        now = room.match.shown(role)
        if expect_step != now:
            raise Conflict(
                f"the match has moved on: you saw step {expect_step}, it is now at step {now}"
            )

    def changed(self, room: Room) -> None:
        self.kick(room)
        self.tell(room)

    def tell(self, room: Room) -> None:
        """News to every live page, each its own seat's; a page hears nothing of a change it
        cannot see (a listener sends only news that differ from its last)."""
        news: dict[str | None, dict[str, Any]] = {}
        for listener in list(room.listeners):
            role = listener.role
            if role not in news:
                news[role] = room.news(role)
            listener.send(news[role])

    # ----- computer seats ---------------------------------------------------------------------
    def kick(self, room: Room) -> None:
        """Start a computer player for every active computer seat that is not thinking yet."""
        started = False
        with room.lock:
            m = room.match
            for role in m.active:
                seat = room.seats.get(role)
                if seat is None or seat.kind != "computer" or role in room.thinking:
                    continue
                if role in room.held:
                    continue  # it has answered: its answer waits for the person (_hold)
                self._jobs += 1
                job = self._jobs
                room.thinking[role] = job
                room.touch()
                step = room.step
                # one seed per seat for the match: the agent's own generator follows its own
                # prompts, never the step count (which counts the other side's secret steps)
                seed = room.house_seed("seat", role)
                done = self._on_choice(room, role, step, job)
                room.tickets[role] = self.players.choose(
                    room.id, m, role, seat.agent, seed, done, room.minds.get(role)
                )
                # the time budget: past it, the seat plays a random listed move, so a stuck
                # or slow player never stops a match
                timer = threading.Timer(self.players.deadline, self._overdue(room, role, job))
                timer.daemon = True
                timer.start()
                started = True
        if started:
            self.tell(room)

    def _play(
        self, room: Room, role: str, action: list[Any], memory: Memory | None
    ) -> Future[None] | None:
        """Apply a computer seat's answer and keep its memory (the caller holds the room lock);
        None if the answer is refused."""
        try:
            done = self._apply(room, role, action)
        except ServerError as exc:
            log.error("computer %s in %s chose badly: %s", role, room.id, exc)
            return None
        if memory is not None and memory != room.minds.get(role):
            room.minds[role] = memory  # the same agent answers the next prompt
            self.store.remember(room.id, role, *memory)
        return done

    @staticmethod
    def _hold(room: Room, role: str, action: list[Any]) -> bool:
        """Whether a computer seat's answer must wait (the caller holds the room lock): while a
        person chooses at the same time, a step of the seat that anyone else would see (most
        often its last one, which shows that it has finished) is kept back until no person is
        choosing any more. Else the moment it finished would show: a computer takes about its
        time budget for each choice, so when it finished tells how many secret choices it made
        (Commanders: how many of its units act in a phase, while the person still chooses).
        Its steps nobody else sees are played at once."""
        m = room.match
        if not room.person_besides(role):
            return False
        probe = m.clone()
        try:
            probe.act(role, action)
        except WarroomError:
            return False  # refused when it is played, as any bad answer
        n = len(probe.steps) - 1
        return any(probe.saw(v, n) for v in (*m.game.roles, None) if v != role)

    def _release(self, room: Room) -> Future[None] | None:
        """Play the computer answers kept back (``_hold``) once no person chooses at the same
        time any more (the caller holds the room lock); the last write, if any."""
        done = None
        for role, (action, memory) in list(room.held.items()):
            if room.person_besides(role):
                continue
            del room.held[role]
            if role in room.match.active:
                done = self._play(room, role, action, memory) or done
        return done

    def _overdue(self, room: Room, role: str, job: int) -> Callable[[], None]:
        def overdue() -> None:
            if self.players.stopped:
                return  # the server stopped: the seat thinks again when it starts
            with room.lock:
                if room.thinking.get(role) != job:
                    return  # it answered in time
                legal = room.match.legal(role)
                if not legal:
                    return
                log.error("computer %s in %s is over its time: a random move", role, room.id)
                ticket = room.tickets.pop(role, None)
                if ticket is not None:
                    ticket.cancel()  # if it is still waiting for a worker, it never starts
                action = action_json(Rng(room.house_seed("late", role, job)).choice(legal))
            self._on_choice(room, role, room.step, job)(action, None, None)

        return overdue

    def _on_choice(self, room: Room, role: str, step: int, job: int) -> Done:
        def done(
            action: list[Any] | None, memory: Memory | None, error: BaseException | None
        ) -> None:
            with room.lock:
                if room.thinking.get(role) != job:
                    return  # this job was overtaken (its time ran out): its answer is void
                del room.thinking[role]
                room.tickets.pop(role, None)
                room.touch()
                if error is not None:
                    log.error("computer %s in %s failed: %r", role, room.id, error)
                    fallback = room.match.legal(role)
                    if room.step != step or not fallback:
                        return
                    action = action_json(fallback[0])  # the game must go on
                if room.step != step or role not in room.match.active or action is None:
                    stale = True  # the match moved on while it thought (an undo): think again
                else:
                    stale = False
                    if self._hold(room, role, action):
                        room.held[role] = (action, memory)  # nothing anyone sees has changed
                        return
                    if self._play(room, role, action, memory) is None:
                        return
            if stale:
                self.kick(room)  # (a move that went through is told once it is on disk)

        return done

    # ----- what a seat sees -------------------------------------------------------------------
    def state_for(self, room: Room, role: str | None) -> dict[str, Any]:
        with room.lock:
            m = room.match
            return self._present(room, m, role, live=True)

    def state_json(
        self, room: Room, role: str | None, since: int = 0, epoch: int | None = None
    ) -> bytes:
        """The state as ``role`` sees it, as JSON; kept until the next change of the room.

        ``since``: the page has the first ``since`` log entries it may see already, as of
        log epoch ``epoch`` (an undo starts a new epoch); only the rest is sent then.
        """
        with room.lock:
            if epoch != room.epoch(role):
                since = 0
            key = (role, since)
            cached = room.sent.get(key)
            if cached is not None and cached[0] == room.version:
                return cached[1]
            version = room.version
            data = dumps(self._present(room, room.match, role, live=True, since=since))
            if len(room.sent) >= VIEWS_PER_ROOM:
                room.sent.clear()
            room.sent[key] = (version, data)
            return data

    def _present(
        self, room: Room, m: Match, role: str | None, live: bool, since: int = 0
    ) -> dict[str, Any]:
        g = m.game
        view = m.view(role, log=not live)  # live: the room's kept log indexes instead
        if live:
            texts = room.log_texts()
            seen = room.seen_by(role)
            start = min(max(since, 0), len(seen))
            log = m.log
            view["log"] = [
                {"event": log[i], "text": texts[i], "heading": g.event_heading(log[i])}
                for i in seen[start:]
            ]
            view["log_from"] = start
            view["log_epoch"] = room.epoch(role)
        else:
            view["log"] = [
                {"event": e, "text": g.describe_event(e), "heading": g.event_heading(e)}
                for e in view["log"]
            ]
        view["match"] = room.id
        view["title"] = g.title
        view["roles"] = list(g.roles)
        view["mode"] = room.mode
        view["seats"] = {r: s.public() for r, s in room.seats.items()}
        view["thinking"] = room.thinking_now() if live else []
        view["dice"] = room.dice()
        view["prompt"] = None
        view["can_undo"] = False
        if live and role is not None:
            view["can_undo"] = m.can_undo(role) and room.seats[role].kind == "human"
            if role in m.active and room.seats[role].kind == "human":
                view["prompt"] = m.prompt(role).to_json()
        return view

    def frames_for(self, room: Room, role: str | None) -> tuple[list[int], list[int]]:
        """The replay's frames for ``role``: the start and each step after which it saw
        something new (its view, its log or who is to act: the steps its own step counter
        counts, ``Match.frames``), never a step of the other side's that it could not see;
        as numbers of steps of the record played, which the seat is never told (frame k is
        the match after the k-th step it saw, so ``upto=k`` and ``frame=k`` are the same).
        And which of those frames open a chapter (a round, a turn, an operation: the game's
        help names the log entries that mark one)."""
        with room.lock:
            m = room.match
            frames = m.frames(role)
            rules = help_for(m.game)
            marks = set(rules.chapters) if rules is not None else set()
            at = m.log_steps
            opening = {at[i] for i in room.seen_by(role) if m.log[i].get("kind") in marks}
            chapters = [j for j, f in enumerate(frames) if j == 0 or f in opening]
            return frames, chapters

    def replay_for(
        self, room: Room, role: str | None, upto: int | None = None, frame: int | None = None
    ) -> dict[str, Any]:
        """The match as ``role`` saw it at one of its replay frames (``frame``: its index, -1
        the last; or ``upto``: its step counter then, the same number)."""
        frames, chapters = self.frames_for(room, role)
        last = len(frames) - 1
        if frame is not None:
            if frame == -1:
                frame = last
            if not 0 <= frame <= last:
                raise BadRequest(f"frame is a number from 0 to {last} (or -1), got {frame}")
        elif upto is not None:
            if not 0 <= upto <= last:
                raise BadRequest(f"upto is a step from 0 to {last}, got {upto}")
            frame = upto
        else:
            raise BadRequest(f"name a frame (0 to {last}, or -1 for the last)")
        n = frames[frame]  # the steps of the record played by then
        with room.lock:
            replays = room.replays  # keyed by steps of the record, the same for every role
            m = replays.pop(n, None)
            if m is None:
                record = room.match.record()
                base = max((k for k in replays if k <= n), default=None)
                if base is None:
                    m = Match.replay(record, upto=n, game=room.game)
                else:
                    m = replays[base].clone()
                    m.log = list(replays[base].log)
                    m.log_steps = list(replays[base].log_steps)
                    for r, a in record["actions"][base:n]:
                        m.act(r, a)
            replays[n] = m  # the most recently asked last
            while len(replays) > REPLAYS_PER_ROOM:
                del replays[next(iter(replays))]
            out = self._present(room, m, role, live=False)
            out["replay"] = {"frame": frame, "frames": len(frames), "chapters": chapters}
        self._kept_replays(room)
        return out

    def record_of(self, room: Room) -> dict[str, Any]:
        """The sealed record (``engine/verify.py``): seed, salt, commitment, the whole log."""
        with room.lock:
            if not room.match.over:
                raise Conflict(
                    "the record (with the seed of the dice and every secret choice) is published"
                    " when the match is over"
                )
            if not room.salt:
                return room.match.record()  # stored before dice commitments: nothing to seal
            return sealed_record(room.match, room.salt)

    def verify_of(self, room: Room) -> dict[str, Any]:
        """``warroom verify`` of the match's sealed record, done here (the page's button)."""
        if room.verdict is None:
            record = self.record_of(room)
            out = verify_record(record, game=room.game).to_json()
            out["commitment"] = record.get("commitment")
            room.verdict = out
        return room.verdict


def _position(snapshot: Any) -> Any:
    """A stored snapshot without the state's count of reveals (``reveals``): that count only
    says which steps may be undone, and a fix that finds a step showed something counts one
    more, so a match stored before such a fix would otherwise no longer load."""
    if isinstance(snapshot, dict) and "reveals" in snapshot:
        return {k: v for k, v in snapshot.items() if k != "reveals"}
    return snapshot


def _plain_json(data: Any) -> Any:
    """The JSON form (tuples become lists, int keys strings), to compare with what was stored."""
    return json.loads(json.dumps(data))
