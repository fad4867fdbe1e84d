"""The compiled campaign engine against its sources (issue 22: setup.py, warroom/_compiled.py).

The install compiles the Campaign Commander engine with mypyc; the sources stay the
reference. Where this process runs the compiled form, the same games are played again by a
process that runs the sources (``WARROOM_PURE=1``): both must choose among the very same
actions, log the very same events, reach the very same states, show each role the very same
views, make the search choose the very same moves, and the rule-based players (compiled
too: they choose most moves of a search's playouts) give the very same answers. The tests
that replace parts of the engine while it runs (``pure``-marked: the cache tests switch
caches off, which a compiled module does not allow) run there too.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import warroom
from warroom import _compiled
from warroom.engine import Match, Rng

ROOT = Path(__file__).resolve().parents[2]
CAMPAIGNS = (
    ("roads-to-stalingrad", {}),
    ("coral-sea", {}),
    ("coral-sea", {"air-attacks": True, "limited-intelligence": True}),
)
compiled_only = pytest.mark.skipif(
    _compiled.MODE != "compiled",
    reason=f"the campaign engine runs as {_compiled.MODE} here: nothing compiled to compare",
)


def _digest(obj: Any) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, default=str).encode()).hexdigest()


def digests() -> dict[str, Any]:
    """What both forms must agree on: random and rule-based games of both campaigns (every
    record, log, final state and each role's view and prompt along the way), determinized
    states, the search's choices and the rule-based players' answers (``policy_answers``)."""
    from warroom.ai import SearchAgent, SearchConfig, make_agent
    from warroom.ai.search import game_hook

    out: dict[str, Any] = {}
    for gid, options in CAMPAIGNS:
        key = gid + "+" + "+".join(options)
        played = []
        for seed in (11, 12, 13, 14):
            m = Match.new(gid, options=options, seed=seed)
            rng = Rng(seed)
            seen = []
            while not m.over:
                role = m.active[rng.below(len(m.active))]
                acts = m.legal(role)
                if len(m.steps) % 40 == 0:
                    seen.append([m.view(r) for r in m.game.roles])
                    seen.append(m.prompt(role).to_json())
                    seen.append(m.game.snapshot(m.game.determinize(m.state, role, Rng(seed))))
                m.act(role, acts[rng.below(len(acts))])
            out_json = m.outcome.to_json() if m.outcome else None
            played.append([m.record(), out_json, m.log, seen, m.game.snapshot(m.state)])
        m = Match.new(gid, options=options, seed=21)
        agents = {r: make_agent("rules", gid, 3 + i) for i, r in enumerate(m.game.roles)}
        picks = []
        cfg = SearchConfig.from_params({"iterations": "4"}, game_hook(gid, "SEARCH"))
        while not m.over:
            role = m.active[0]
            if len(m.steps) in (30, 150) and len(m.legal(role)) > 1:
                picks.append(SearchAgent(gid, cfg, seed=5).analyse(m, role).best)
            m.act(role, agents[role].choose(m, role))
        played.append([m.record(), m.log, m.game.snapshot(m.state), picks])
        played.append(policy_answers(gid, options))
        out[key] = _digest(played)
    out["modules"] = {m: _compiled.compiled(sys.modules[m]) for m in _compiled.manifest()}
    return out


def policy_answers(gid: str, options: dict[str, Any]) -> list[Any]:
    """The compiled rule-based players (setup.py: ``warroom.ai.rules``) against their sources:
    at every step of a game between rule-based players, the answer of every member of each
    role's population (the rules player, each style, each exploit script wrapping them), on
    the same generator, and each style pickled and loaded again."""
    import pickle

    from warroom.ai.population import members

    m = Match.new(gid, options=options, seed=31)
    game = m.game
    pops = {r: [p for p in members(game, r) if p.policy is not None] for r in game.roles}
    styles = {r: [p.policy for p in pops[r] if type(p.policy).__name__ == "Style"] for r in pops}
    assert all(styles.values())  # (the campaigns' styles are among the members)
    answers: list[Any] = [
        [
            (r, p.name, repr(p.policy) if p.policy in styles[r] else "")
            for r in pops
            for p in pops[r]
        ],
        [pickle.loads(pickle.dumps(s)) == s for r in game.roles for s in styles[r]],
    ]
    rng = Rng(31)
    while not m.over:
        role = m.active[0]
        acts = m.legal(role)
        step = len(m.steps)
        answers.append([p.choose(game, m.state, role, acts, Rng(step)) for p in pops[role]])
        pick = pops[role][0].choose(game, m.state, role, acts, Rng(step))
        m.act(role, pick if rng.random() < 0.8 else acts[rng.below(len(acts))])
    return answers


def _run(code: str, pure: bool) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh process on the compiled form or on the sources (both with the same
    hash seed, so that sets of names iterate alike)."""
    env = dict(os.environ, WARROOM_PURE="1" if pure else "", PYTHONHASHSEED="0")
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )


@compiled_only
def test_the_compiled_engine_plays_the_very_same_games_as_its_sources() -> None:
    code = (
        "import json; from tests.engine.test_compiled import digests; print(json.dumps(digests()))"
    )
    got = []
    for pure in (False, True):
        ran = _run(code, pure)
        assert ran.returncode == 0, ran.stderr[-3000:]
        got.append(json.loads(ran.stdout.splitlines()[-1]))
    here, there = got
    assert all(here.pop("modules").values())  # every listed module compiled
    assert not any(there.pop("modules").values())  # every one from its source
    assert len(here) == len(CAMPAIGNS) and here == there


@compiled_only
def test_the_tests_that_replace_engine_parts_pass_on_the_sources() -> None:
    ran = _run(
        "import sys, pytest; sys.exit(pytest.main(['-p', 'no:cacheprovider', '-m', 'pure',"
        " 'tests/campaign_commander/test_caches.py', 'tests/coral_sea/test_islands.py']))",
        pure=True,
    )
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]
    assert " passed" in ran.stdout and "skipped" not in ran.stdout


def test_an_edited_source_is_no_longer_taken_as_compiled(tmp_path: Path) -> None:
    mod = tmp_path / "pkg" / "mod.py"
    mod.parent.mkdir()
    mod.write_text("X = 1\n")
    digests = {"pkg.mod": hashlib.sha256(mod.read_bytes()).hexdigest()}
    assert _compiled.stale(digests, tmp_path) == []
    mod.write_text("X = 2\n")
    assert _compiled.stale(digests, tmp_path) == ["pkg.mod"]
    mod.unlink()
    assert _compiled.stale(digests, tmp_path) == ["pkg.mod"]


def test_the_sources_are_found_ahead_of_anything_compiled(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "mod.py").write_text("X = 1\n")
    spec = _compiled.Sources(["pkg.mod"], tmp_path).find_spec("pkg.mod")
    assert spec is not None and spec.origin == str(tmp_path / "pkg" / "mod.py")
    assert _compiled.Sources(["pkg.mod"], tmp_path).find_spec("pkg.other") is None


def test_this_process_says_which_form_it_runs() -> None:
    series = sys.modules.get("warroom.games.campaign_commander.series")
    if series is None:
        warroom.game("coral-sea")
        series = sys.modules["warroom.games.campaign_commander.series"]
    if _compiled.MODE == "compiled":
        assert _compiled.compiled(series)
    else:
        assert not _compiled.compiled(series)


_PICKLE = """
import pickle, sys
from warroom.engine import Match, Rng
m = Match.new("coral-sea", seed=3)
rng = Rng(3)
while m.state.op is None or m.state.battle is None:  # a state with an operation and a battle
    role = m.active[rng.below(len(m.active))]
    acts = m.legal(role)
    m.act(role, acts[rng.below(len(acts))])
sys.stdout.buffer.write(pickle.dumps(m.state))
"""


@compiled_only
def test_a_state_saved_by_either_form_loads_in_the_other() -> None:
    """An agent's memory (the server's ``minds``) pickles states: a server that changes form
    between a save and a load must still read them."""
    import pickle

    from warroom.engine.contract import plain

    blobs = []
    for pure in (False, True):
        env = dict(os.environ, WARROOM_PURE="1" if pure else "", PYTHONHASHSEED="0")
        ran = subprocess.run(
            [sys.executable, "-c", _PICKLE], cwd=ROOT, env=env, capture_output=True
        )
        assert ran.returncode == 0, ran.stderr[-3000:]
        blobs.append(ran.stdout)
    mine, theirs = (pickle.loads(b) for b in blobs)  # both loaded here, in the compiled form
    assert mine.op is not None and mine.battle is not None
    assert plain(mine) == plain(theirs)
    assert type(mine).__module__ == "warroom.games.campaign_commander.state"


@compiled_only
def test_a_compiled_copy_sets_every_field() -> None:
    """Compiled copies are made by the constructors told to set nothing (``bare``): every
    field of a state, its units, its operation and its battle must then be set by the copy."""
    from warroom.engine.contract import declared_fields, plain

    m = Match.new("coral-sea", seed=3)
    rng = Rng(3)
    while m.state.op is None or m.state.battle is None:  # (as in _PICKLE)
        role = m.active[rng.below(len(m.active))]
        acts = m.legal(role)
        m.act(role, acts[rng.below(len(acts))])
    s = m.state
    twin = s.clone()
    for old, new in ((s, twin), (s.units, twin.units), (s.op, twin.op), (s.battle, twin.battle)):
        assert _compiled.compiled(sys.modules[type(new).__module__])
        for name in declared_fields(type(new)):
            assert plain(getattr(new, name)) == plain(getattr(old, name)), name
    assert plain(twin) == plain(s)
