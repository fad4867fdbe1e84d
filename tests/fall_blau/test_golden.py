"""Fixed-seed games recorded before the speed work: the optimizations must not change a thing.

``golden.json`` was written by the rules as they stood before the hot-path rewrite
(``PYTHONPATH=src python tests/fall_blau/test_golden.py`` writes it again; only do that for a
deliberate rules change). Each game keeps its outcome, step count and a digest of its actions,
of every log entry and of the final snapshot; the first few keep the whole action list.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from warroom.ai.rules.fall_blau import policy
from warroom.engine import Match, Rng
from warroom.games.fall_blau import GAME as G

GOLDEN = Path(__file__).with_name("golden.json")
MODES: tuple[dict[str, Any], ...] = (
    {},
    {"hard": True},
    {"missions": True},
    {"hard": True, "missions": True},
)
FULL_ACTIONS = 6  # games whose whole action list is stored


def _digest(obj: Any) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()[:24]


def _summary(state: Any, actions: list[Any], events: list[Any], full: bool) -> dict[str, Any]:
    out = G.outcome(state)
    assert out is not None
    acts = [list(a) for a in actions]
    res: dict[str, Any] = {
        "over": state.over,
        "steps": len(actions),
        "vp": state.vp,
        "final": out.points["german"],
        "level": out.level,
        "actions": _digest(acts),
        "events": _digest(events),
        "snapshot": _digest(G.snapshot(state)),
        "view": _digest(G.view(state, "german")),
    }
    if full:
        res["action_list"] = acts
    return res


def _random(seed: int, options: dict[str, Any], clone: bool, full: bool) -> dict[str, Any]:
    """The benchmark's loop: uniform random actions through the game hooks."""
    s = G.setup("standard", options, seed)
    rng = Rng(seed)
    actions: list[Any] = []
    events: list[Any] = list(s.events)
    while not s.over:
        legal = list(G.legal_actions(s, "german"))
        a = legal[rng.below(len(legal))]
        if clone:
            events += s.events
            s = G.clone(s)
        G.apply(s, "german", a)
        actions.append(a)
    events += s.events if clone else s.events[len(events) :]
    return _summary(s, actions, events, full)


def _ai(seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """The rule-based player (it reads the rules' helpers) through a Match, log words included."""
    m = Match.new(G, None, options, seed)
    rng = Rng(seed ^ 0xBA1A)
    actions: list[Any] = []
    while not m.over:
        a = policy(G, m.state, "german", m.legal("german"), rng)
        m.act("german", a)
        actions.append(a)
    res = _summary(m.state, actions, m.log, False)
    res["record"] = _digest(m.record())
    res["words"] = _digest([G.describe_event(e) for e in m.log])
    return res


def _determinized(seed: int) -> str:
    s = G.setup("standard", MODES[seed % 4], seed)
    rng = Rng(seed)
    for _ in range(20):
        if s.over:
            break
        legal = G.legal_actions(s, "german")
        G.apply(s, "german", legal[rng.below(len(legal))])
    d = G.determinize(s, "german", Rng(seed + 99))
    legal = G.legal_actions(d, "german")
    G.apply(d, "german", legal[-1])
    return _digest([G.snapshot(d), [list(a) for a in G.legal_actions(d, "german")]])


def games() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for seed in range(48):
        out[f"random-{seed}"] = _random(seed, MODES[seed % 4], False, seed < FULL_ACTIONS)
    for seed in range(8):
        out[f"clone-{seed}"] = _random(seed + 1000, MODES[seed % 4], True, False)
    gens = ("hoth,paulus,ruoff", "kleist,salmuth,hoth", "paulus,ruoff,kleist")
    for seed in range(6):
        opts = {**MODES[seed % 4], "generals": gens[seed % 3]}
        out[f"generals-{seed}"] = _random(seed + 2000, opts, False, False)
    for seed in range(8):
        out[f"ai-{seed}"] = _ai(seed, MODES[seed % 4])
    for seed in range(8):
        out[f"determinize-{seed}"] = _determinized(seed)
    # many more games, one digest: the rarer branches (deck out, lost generals, red circles)
    many = [_random(seed + 5000, MODES[seed % 4], False, False) for seed in range(400)]
    out["random-400"] = _digest(many)
    return out


def test_fixed_seed_games_are_unchanged() -> None:
    want = json.loads(GOLDEN.read_text())
    got = games()
    assert set(got) == set(want)
    for key in want:
        assert got[key] == want[key], key


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(games(), indent=None, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN}")
