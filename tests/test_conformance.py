"""Generic conformance and fuzzing over every registered game (the third layer of tests).

For each game, scenario and option set: random games that never raise, never
dead-end (an active role with no legal action), end within the game's bound,
replay to the identical state, send JSON-ready views, and keep clones apart.
"""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

import pytest

import warroom
from warroom.engine import Game, IllegalAction, Match, Rng


def _option_sets(g: Game[Any]) -> list[dict[str, Any]]:
    """Every combination of the boolean options (others at their defaults)."""
    flags = [o.key for o in g.options if isinstance(o.default, bool)]
    return [
        dict(zip(flags, combo, strict=True))
        for combo in itertools.product((False, True), repeat=len(flags))
    ]


CASES = [
    pytest.param(
        gid, s.id, opts, id=f"{gid}-{s.id}-{'+'.join(k for k, v in opts.items() if v) or 'plain'}"
    )
    for gid in warroom.games()
    for s in warroom.game(gid).scenarios
    for opts in _option_sets(warroom.game(gid))
]


def random_game(gid: str, scenario: str, options: dict[str, Any], seed: int) -> Match:
    m = Match.new(gid, scenario, options, seed)
    rng = Rng(seed + 1000)
    g = m.game
    while not m.over:
        active = m.active
        assert active, f"{gid}: no role is active but the game is not over (step {len(m.steps)})"
        role = active[rng.below(len(active))]
        actions = m.legal(role)
        assert actions, (
            f"{gid}: dead end: {role} is active with no legal action (step {len(m.steps)})"
        )
        m.act(role, actions[rng.below(len(actions))])
        assert len(m.steps) <= g.max_steps, f"{gid}: endless game (over {g.max_steps} steps)"
    return m


@pytest.mark.parametrize(("gid", "scenario", "options"), CASES)
def test_random_games_end_and_replay_identically(
    gid: str, scenario: str, options: dict[str, Any]
) -> None:
    for seed in range(3):
        m = random_game(gid, scenario, options, seed)
        again = Match.replay(json.loads(json.dumps(m.record())))
        assert m.game.snapshot(again.state) == m.game.snapshot(m.state)
        assert again.outcome == m.outcome
        for role in (*m.game.roles, None):
            json.dumps(m.view(role))


@pytest.mark.parametrize(("gid", "scenario", "options"), CASES)
def test_clones_share_nothing_and_errors_change_nothing(
    gid: str, scenario: str, options: dict[str, Any]
) -> None:
    m = Match.new(gid, scenario, options, seed=11)
    g = m.game
    rng = Rng(3)
    for _ in range(60):
        if m.over:
            break
        role = m.active[0]
        before = g.snapshot(m.state)
        copy = g.clone(m.state)
        actions = m.legal(role)
        g.apply(copy, role, actions[-1])  # a clone moves on; the original must not
        assert g.snapshot(m.state) == before
        with pytest.raises(IllegalAction):
            m.act(role, ("no-such-action", 12345))
        assert g.snapshot(m.state) == before
        m.act(role, actions[rng.below(len(actions))])


@pytest.mark.parametrize("gid", warroom.games())
def test_every_option_is_named_by_a_readable_phrase(gid: str) -> None:
    """The lobby shows each option's label: the game names every option itself (a key put
    into words reads "Forfeit 0 2"), as a phrase that starts with a capital, keeps a range
    such as 0-2 whole and differs from every other option's label."""
    g = warroom.game(gid)
    shown = {o["key"]: o["label"] for o in g.spec()["options"]}
    for o in g.options:
        assert o.label, f"{gid}: option {o.key!r} has no label"
        assert shown[o.key] == o.label
        assert o.label[0].isupper(), f"{gid}: {o.label!r} does not start with a capital"
        assert not re.search(r"\d \d", o.label), f"{gid}: {o.label!r} breaks a number range"
        assert o.label != o.key
    assert len(set(shown.values())) == len(shown), f"{gid}: two options share a label"


def test_an_unlabelled_option_is_shown_as_its_key_in_words() -> None:
    from warroom.engine import OptionSpec

    assert OptionSpec("fog-of-war", False).name == "Fog of war"
    assert OptionSpec("forfeit-0-2", False, label="Row 0-2 forfeits").name == "Row 0-2 forfeits"
