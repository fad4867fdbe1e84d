"""Dice anyone can check: a commitment to the seed at the start, the seed shown at the end.

A hosted match draws a secret seed (``new_secret_seed``) and a random salt (``new_salt``) and
publishes, from its first view on, ``commitment(seed, salt)``: the SHA-256 of a tag, the seed
and the salt. The commitment binds the server to the seed (nobody can find another seed with
the same hash) without telling it (the salt and the seed's 256 bits make guessing hopeless).
When the match is over the server publishes its sealed record (``sealed_record``): the
record that replays the match (game, version, scenario, options, seed, actions) plus the
salt, the commitment, the whole log as it was played (every die and every card drawn, the
private entries included), the outcome and a digest of the final state (hidden cards and
the generator's position included).

``verify_record`` checks such a record without trusting the server: the commitment is the
hash of the seed and the salt (and, if given, the one the player noted during play); every
action replays from that seed; each log entry the seed gives, step by step, is the one the
record shows (so every die and shuffle the players met came from the committed seed); and
the outcome and the final state agree. ``warroom verify RECORD.json`` prints it; the
server's ``GET /api/matches/{id}/verify`` answers it as JSON.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from warroom.engine.errors import BadRecord, IllegalAction, UnknownGame, WarroomError
from warroom.engine.match import Match
from warroom.engine.rng import SECRET_HEX, SecretRng, Seed

COMMIT_TAG = "warroom-dice-commitment-v1"


def new_salt() -> str:
    """128 random bits, as hex: what makes the commitment hide the seed."""
    return secrets.token_hex(16)


def commitment(seed: Seed, salt: str) -> str:
    """SHA-256 (hex) of the tag, the seed (with its kind) and the salt, one per line."""
    kind = f"secret:{seed}" if isinstance(seed, str) else f"int:{int(seed)}"
    return hashlib.sha256(f"{COMMIT_TAG}\n{kind}\n{salt}".encode()).hexdigest()


def _canonical(data: Any) -> Any:
    """The JSON form of ``data``: tuples become lists, keys strings (as a record carries it)."""
    return json.loads(json.dumps(data))


def state_digest(match: Match) -> str:
    """SHA-256 of the final state as plain JSON (``Game.snapshot``), keys sorted."""
    snap = json.dumps(_canonical(match.game.snapshot(match.state)), sort_keys=True)
    return hashlib.sha256(snap.encode()).hexdigest()


def sealed_record(match: Match, salt: str) -> dict[str, Any]:
    """The record a finished hosted match publishes: ``Match.record()`` and what checks it."""
    out = match.record()
    result = match.outcome
    out.update(
        salt=salt,
        commitment=commitment(match.seed, salt),
        log=_canonical(match.log),
        outcome=result.to_json() if result else None,
        state=state_digest(match),
    )
    return out


@dataclass(frozen=True, slots=True)
class Check:
    """One thing checked: ``level`` is "ok", "warn" (fine, but worth knowing) or "fail"."""

    name: str
    level: str
    detail: str

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "level": self.level, "detail": self.detail}


@dataclass(slots=True)
class Verdict:
    checks: list[Check] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(c.level != "fail" for c in self.checks)

    @property
    def failures(self) -> list[Check]:
        return [c for c in self.checks if c.level == "fail"]

    def add(self, name: str, level: str, detail: str) -> None:
        self.checks.append(Check(name, level, detail))

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "checks": [c.to_json() for c in self.checks]}


def _excerpt(value: Any, limit: int = 160) -> str:
    text = json.dumps(value, separators=(",", ":"), default=str)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def verify_record(
    record: Mapping[str, Any], expect_commitment: str | None = None, game: Any = None
) -> Verdict:
    """Check a sealed record (see the module's doc); every failure says what did not agree.

    ``expect_commitment``: the commitment the player saw during play, if noted. ``game``
    overrides the registry lookup (test games).
    """
    v = Verdict()
    if not isinstance(record, Mapping):
        v.add("record", "fail", "a record is a JSON object")
        return v
    missing = [k for k in ("game", "seed", "actions", "salt", "commitment") if k not in record]
    if missing:
        v.add(
            "record",
            "fail",
            f"the record has no {', '.join(missing)}: only a finished match's sealed record"
            " (GET /api/matches/ID/record) can be verified",
        )
        return v
    seed, salt, published = record["seed"], record["salt"], record["commitment"]
    if not isinstance(seed, (int, str)) or isinstance(seed, bool) or not isinstance(salt, str):
        v.add("record", "fail", "the seed is a number or a hex string and the salt a string")
        return v

    # 1. the commitment published at the start is the hash of this seed and salt
    mine = commitment(seed, salt)
    if mine != published:
        v.add(
            "commitment",
            "fail",
            f"the seed and salt do not give the published commitment: they hash to {mine},"
            f" the record publishes {_excerpt(published, 80)} (the seed, the salt or the"
            " commitment was changed)",
        )
    elif expect_commitment is not None and expect_commitment.strip().lower() != published:
        v.add(
            "commitment",
            "fail",
            f"the record's commitment {published} is not the one you noted during play,"
            f" {_excerpt(expect_commitment.strip(), 80)}",
        )
    else:
        noted = " and the one you noted" if expect_commitment is not None else ""
        v.add(
            "commitment",
            "ok",
            f"sha256(seed, salt) = {mine}: the commitment published at the start{noted}",
        )

    # 2. the kind of seed
    if isinstance(seed, str):
        bits = 4 * len(seed)
        if not SECRET_HEX[0] <= len(seed) <= SECRET_HEX[1]:
            v.add("seed", "fail", f"a secret seed has 32 to 128 hex digits, this one {len(seed)}")
            return v
        v.add(
            "seed",
            "ok",
            f"a secret seed of {bits} bits: the dice came from the cryptographic generator"
            " (SHAKE-256 keyed by the seed), which no number of dice seen lets anyone predict",
        )
    else:
        v.add(
            "seed",
            "warn",
            f"the integer seed {seed}: the fast generator, which anyone who knew or guessed the"
            " seed could predict (fine for solitaire or a seed you chose yourself)",
        )

    # 3. every action replays from the seed, and each step logs what the record shows
    try:
        m = Match.new(game or record["game"], record.get("scenario"), record.get("options"), seed)
    except UnknownGame as exc:
        v.add("replay", "fail", f"this warroom cannot replay the record: {exc}")
        return v
    except WarroomError as exc:
        v.add("replay", "fail", f"the record's set-up does not start a match: {exc}")
        return v
    version = record.get("version")
    if version is not None and str(version) != m.game.version:
        v.add(
            "version",
            "warn",
            f"the record was made by {m.game.id} version {version}, this warroom has version"
            f" {m.game.version}: a difference below may be a change of rules, not of dice",
        )
    log = record.get("log")
    if log is not None and not isinstance(log, list):
        v.add("log", "fail", "the record's log is not a list of entries")
        log = None
    actions = record["actions"]
    if not isinstance(actions, list):
        v.add("replay", "fail", "the record's actions are not a list")
        return v
    checked = 0
    if log is not None and _canonical(m.log) != log[: len(m.log)]:
        return _log_differs(v, m, log, 0, "the set-up")
    checked = len(m.log)
    for i, entry in enumerate(actions):
        try:
            role, action = entry[0], entry[1]
        except (TypeError, IndexError, KeyError):
            v.add("replay", "fail", f"step {i + 1} is not [role, action]: {_excerpt(entry)}")
            return v
        try:
            m.act(role, action)
        except IllegalAction as exc:
            v.add(
                "replay",
                "fail",
                f"step {i + 1} ({_excerpt(role, 40)} {_excerpt(action, 120)}) is not legal"
                f" when replayed from this seed: {str(exc)[:200]}",
            )
            return v
        except (BadRecord, TypeError, ValueError) as exc:
            v.add("replay", "fail", f"step {i + 1} does not replay: {str(exc)[:200]}")
            return v
        if log is not None:
            got = _canonical(m.log[checked:])
            if got != log[checked : len(m.log)]:
                return _log_differs(v, m, log, checked, f"step {i + 1}")
            checked = len(m.log)
    draws = f"; {m.state.rng.s} numbers drawn" if isinstance(m.state.rng, SecretRng) else ""
    v.add("replay", "ok", f"all {len(actions)} actions replay from the seed{draws}")
    if log is None:
        v.add("log", "warn", "the record carries no log, so the dice seen were not compared")
    elif len(log) != len(m.log):
        v.add(
            "log",
            "fail",
            f"the record's log has {len(log)} entries, replaying gives {len(m.log)}",
        )
        return v
    else:
        v.add(
            "log",
            "ok",
            f"all {len(log)} log entries (every die rolled and card drawn) are the seed's",
        )

    # 4. the end: outcome and the whole final state
    result = m.outcome
    mine_outcome = result.to_json() if result else None
    if "outcome" not in record:
        v.add("outcome", "warn", "the record names no outcome")
    elif _canonical(mine_outcome) != record["outcome"]:
        v.add(
            "outcome",
            "fail",
            f"the record's outcome {_excerpt(record['outcome'])} is not the replay's"
            f" {_excerpt(mine_outcome)}",
        )
    else:
        v.add("outcome", "ok", f"the outcome agrees: {_excerpt(mine_outcome)}")
    if "state" not in record:
        v.add("state", "warn", "the record carries no digest of the final state")
    elif state_digest(m) != record["state"]:
        v.add(
            "state",
            "fail",
            "the final state (hidden cards and the generator's position included) is not the"
            " replay's",
        )
    else:
        v.add("state", "ok", "the final state, hidden cards and the generator included, agrees")
    return v


def _log_differs(v: Verdict, m: Match, log: list[Any], start: int, where: str) -> Verdict:
    got = _canonical(m.log)
    for k in range(start, max(len(got), len(log))):
        mine = got[k] if k < len(got) else None
        theirs = log[k] if k < len(log) else None
        if mine != theirs:
            v.add(
                "log",
                "fail",
                f"log entry {k + 1} (made at {where}): the record has {_excerpt(theirs)},"
                f" the seed gives {_excerpt(mine)}",
            )
            return v
    v.add("log", "fail", f"the log differs at {where}")  # (not reached: lists differ)
    return v
