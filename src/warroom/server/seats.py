"""Seats: who may act for which role. A human seat is held by whoever has its secret token;
a computer seat is played by the server with one of the project's agents.

A seat of an invite match that is not its creator's starts with no token at all, only a
one-time invitation: the first to trade the invitation in (``Rooms.claim``) gets the seat's
token, made then and sent to them alone. So the creator never holds the friend's seat, and a
creator who used the invitation first would be found out when the friend's claim fails."""

from __future__ import annotations

import contextlib
import hmac
import secrets
from dataclasses import dataclass

from warroom.ai import LEVELS, Agent, difficulty, make_agent
from warroom.engine.errors import excerpt
from warroom.server.store import token_hash

LEVEL_NOTES = {
    "easy": "a quick player who slips now and then",
    "normal": "thinks about 1.5 s a move",
    "hard": "thinks about 5 s a move",
}
"""What the page says about each difficulty level of ``warroom.ai.difficulty``."""


def build_agent(spec: str, game_id: str, seed: int) -> Agent:
    """A level name (easy, normal, hard) or an agent spec (random, rules, search:seconds=2)."""
    if spec in LEVELS:
        return difficulty(spec, game_id, seed)
    return make_agent(spec, game_id, seed)


def new_token() -> str:
    """An unguessable seat token (192 random bits)."""
    return secrets.token_urlsafe(24)


def new_match_id() -> str:
    return secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")


def _is(stored: str, secret: str) -> bool:
    """Whether ``secret`` is the one whose hash is ``stored`` ("": none), in constant time."""
    return bool(stored) and hmac.compare_digest(stored, token_hash(secret))


@dataclass(slots=True)
class Seat:
    role: str
    kind: str  # "human" or "computer"
    agent: str  # the agent spec for a computer seat; "" for a human
    token_hash: str  # "" for a computer seat, and for an invited seat until it is claimed
    invite_hash: str = ""  # an invited seat's invitation (kept once used, to say so)

    def holds(self, token: str) -> bool:
        return _is(self.token_hash, token)

    def invited(self, code: str) -> bool:
        """Is ``code`` this seat's invitation (used or not)?"""
        return _is(self.invite_hash, code)

    @property
    def open(self) -> bool:
        """Invited, and nobody has taken the invitation up yet."""
        return bool(self.invite_hash) and not self.token_hash

    def public(self) -> dict[str, str | bool]:
        return {"kind": self.kind, "agent": self.agent, "open": self.open}


def resolve_agent(choice: str, game_id: str) -> str:
    """Check that a level or agent spec can play this game; returns it (ValueError if not).

    A game whose class says ``people_only`` (the Tide of Iron tracker: the scenarios are
    played on the table, so a computer seat could only invent their results) takes no
    computer seat: hot-seat or two seats."""
    from warroom.engine import game

    people_only = False
    with contextlib.suppress(Exception):  # an unknown game is refused below
        people_only = bool(getattr(game(game_id), "people_only", False))
    if people_only:
        raise ValueError(
            f"no computer player for {game_id}: it keeps the record of a game played at "
            "the table, so both sides are people (hot-seat, or two seats by link)"
        )
    try:
        build_agent(choice, game_id, 0)
    except (ValueError, ImportError) as exc:
        raise ValueError(
            f"no computer player {excerpt(repr(choice))} for {game_id}: {excerpt(str(exc), 200)}"
        ) from None
    return choice


def available_levels(game_id: str) -> dict[str, str]:
    """Each difficulty level this game offers, with a word about it."""
    levels: dict[str, str] = {}
    for name in LEVELS:
        with contextlib.suppress(ValueError, ImportError):
            resolve_agent(name, game_id)
            levels[name] = LEVEL_NOTES.get(name, name)
    return levels
