"""Seats: who may act for which role. A human seat is held by whoever has its secret token;
a computer seat is played by the server with one of the project's agents."""

from __future__ import annotations

import contextlib
import hmac
import secrets
from dataclasses import dataclass

from warroom.ai import make_agent
from warroom.server.store import token_hash

DIFFICULTIES: dict[str, tuple[str, ...]] = {
    # each level tries its agents in turn and takes the first the game has
    "easy": ("random",),
    "normal": ("rules", "random"),
    "hard": ("search", "rules", "random"),
}
"""Computer strength by name, as offered on the page. An agent spec (``random``, ``rules``,
``search:iterations=500``) is accepted as well."""


def new_token() -> str:
    """An unguessable seat token (192 random bits)."""
    return secrets.token_urlsafe(24)


def new_match_id() -> str:
    return secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")


@dataclass(slots=True)
class Seat:
    role: str
    kind: str  # "human" or "computer"
    agent: str  # the agent spec for a computer seat; "" for a human
    token_hash: str  # "" for a computer seat

    def holds(self, token: str) -> bool:
        return bool(self.token_hash) and hmac.compare_digest(self.token_hash, token_hash(token))

    def public(self) -> dict[str, str]:
        return {"kind": self.kind, "agent": self.agent}


def resolve_agent(choice: str, game_id: str) -> str:
    """A difficulty name or agent spec -> an agent spec this game has (ValueError if none)."""
    candidates = DIFFICULTIES.get(choice, (choice,))
    last: Exception | None = None
    for spec in candidates:
        try:
            make_agent(spec, game_id, 0)
        except (ValueError, ImportError) as exc:
            last = exc
            continue
        return spec
    raise ValueError(f"no computer player {choice!r} for {game_id}: {last}")


def available_levels(game_id: str) -> dict[str, str]:
    """Each difficulty name with the agent that would play it for this game."""
    levels: dict[str, str] = {}
    for name in DIFFICULTIES:
        with contextlib.suppress(ValueError):
            levels[name] = resolve_agent(name, game_id)
    return levels
