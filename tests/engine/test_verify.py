"""Verifiable dice: a sealed record checks out, and any change to it is caught and named.

Issue 17: ``warroom verify RECORD.json`` re-plays the record, checks the commitment and
confirms every die and shuffle came from the seed, and says clearly what failed if not.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from warroom.cli import _load_commands, app
from warroom.engine import Match, Rng, new_secret_seed
from warroom.engine.verify import commitment, new_salt, sealed_record, verify_record


def _finished(gid: str, seed: Any, pick: int = 4) -> Match:
    m = Match.new(gid, seed=seed)
    rng = Rng(pick)
    while not m.over:
        role = m.active[0]
        m.act(role, rng.choice(m.legal(role)))
    return m


@pytest.fixture(scope="module")
def sealed() -> dict[str, Any]:
    return sealed_record(_finished("roads-to-stalingrad", new_secret_seed()), new_salt())


def _levels(record: dict[str, Any], **kw: Any) -> dict[str, str]:
    return {c.name: c.level for c in verify_record(record, **kw).checks}


def test_a_sealed_record_verifies_every_check(sealed: dict[str, Any]) -> None:
    v = verify_record(json.loads(json.dumps(sealed)))
    assert v.ok, v.to_json()
    assert {c.name: c.level for c in v.checks} == {
        "commitment": "ok",
        "seed": "ok",
        "replay": "ok",
        "log": "ok",
        "outcome": "ok",
        "state": "ok",
    }
    # the record carries the whole log, dice included, and the commitment of seed and salt
    assert sealed["commitment"] == commitment(sealed["seed"], sealed["salt"])
    assert any("roll" in json.dumps(e) or "dice" in json.dumps(e) for e in sealed["log"])
    assert len(sealed["seed"]) * 4 == 256


def test_a_changed_seed_or_salt_breaks_the_commitment(sealed: dict[str, Any]) -> None:
    for key, value in (("seed", new_secret_seed()), ("salt", new_salt())):
        bad = dict(sealed, **{key: value})
        v = verify_record(bad)
        assert not v.ok
        assert v.failures[0].name == "commitment"
        assert "do not give the published commitment" in v.failures[0].detail


def test_another_seed_with_a_matching_commitment_fails_on_the_dice(
    sealed: dict[str, Any],
) -> None:
    """A forger who swaps the seed and recomputes the commitment still cannot make the
    record's dice come out of the new seed: the first log entry that differs is named."""
    bad = dict(sealed, seed=new_secret_seed())
    bad["commitment"] = commitment(bad["seed"], bad["salt"])
    v = verify_record(bad)
    assert not v.ok
    fail = v.failures[0]
    assert fail.name in ("log", "replay")
    if fail.name == "log":
        assert fail.detail.startswith("log entry ") and "the seed gives" in fail.detail
    # and the commitment noted during play catches the swap at once
    v = verify_record(bad, expect_commitment=sealed["commitment"])
    assert v.failures[0].name == "commitment" and "noted during play" in v.failures[0].detail


def test_a_changed_die_in_the_log_is_named(sealed: dict[str, Any]) -> None:
    bad = copy.deepcopy(sealed)
    changed = None
    for k, entry in enumerate(bad["log"]):
        rolls = entry.get("rolls") or entry.get("dice")
        if isinstance(rolls, list) and rolls and isinstance(rolls[0], int):
            rolls[0] = rolls[0] % 6 + 1
            changed = k
            break
    assert changed is not None, "no entry with dice in the log"
    v = verify_record(bad)
    assert not v.ok and v.failures[0].name == "log"
    assert v.failures[0].detail.startswith(f"log entry {changed + 1} ")


def test_a_changed_action_or_outcome_is_caught(sealed: dict[str, Any]) -> None:
    bad = copy.deepcopy(sealed)
    bad["actions"][3] = [bad["actions"][3][0], ["no-such-action"]]
    v = verify_record(bad)
    assert v.failures[0].name == "replay" and "step 4" in v.failures[0].detail
    bad = dict(sealed, outcome={"winner": "nobody"})
    assert _levels(bad)["outcome"] == "fail"
    bad = dict(sealed, state="0" * 64)
    assert _levels(bad)["state"] == "fail"


def test_a_record_without_commitment_or_with_an_integer_seed_says_so() -> None:
    m = _finished("commanders", 7)
    v = verify_record(m.record())
    assert not v.ok and "has no salt, commitment" in v.failures[0].detail
    v = verify_record(sealed_record(m, new_salt()))
    assert v.ok
    assert {c.name: c.level for c in v.checks}["seed"] == "warn"  # chosen seeds are predictable


def test_the_verify_command_passes_a_good_record_and_fails_a_tampered_one(
    sealed: dict[str, Any], tmp_path: Path
) -> None:
    _load_commands()
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(sealed))
    bad.write_text(json.dumps(dict(sealed, seed=new_secret_seed())))
    runner = CliRunner()
    r = runner.invoke(app, ["verify", str(good), "--commitment", sealed["commitment"]])
    assert r.exit_code == 0, r.output
    assert "verified" in r.output and "FAIL" not in r.output
    r = runner.invoke(app, ["verify", str(bad)])
    assert r.exit_code == 1
    assert "not verified" in r.output and "commitment" in r.output
    r = runner.invoke(app, ["verify", str(good), "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["ok"] is True
    (tmp_path / "junk.json").write_text("{not json")
    r = runner.invoke(app, ["verify", str(tmp_path / "junk.json")])
    assert r.exit_code == 2 and "is not JSON" in " ".join(r.output.replace("│", "").split())
