"""``warroom ladder``: the round robin, Elo ratings with intervals, the matrix, the targets."""

from __future__ import annotations

import math

from typer.testing import CliRunner

from tests.engine.toy import DUEL
from warroom.ai.ladder import Ladder, entrants, fit_elo, ladder
from warroom.cli import _load_commands, app
from warroom.engine import game


def test_elo_follows_the_odds_and_its_interval_narrows_with_games() -> None:
    """3 to 1 odds are 400 * log10(3) = 191 Elo points; the weak prior pulls a little in."""
    few = {r.name: r for r in fit_elo(["a", "b"], {("a", "b"): (3.0, 4)})}
    many = {r.name: r for r in fit_elo(["a", "b"], {("a", "b"): (300.0, 400)})}
    assert 185 < many["a"].elo - many["b"].elo < 192
    assert few["a"].elo - few["b"].elo < many["a"].elo - many["b"].elo
    for r in many.values():
        assert r.low < r.elo < r.high
    assert many["a"].high - many["a"].low < (few["a"].high - few["a"].low) / 5
    # an unbeaten entrant still has a finite rating
    top = fit_elo(["a", "b"], {("a", "b"): (10.0, 10)})[0]
    assert top.name == "a" and math.isfinite(top.elo) and math.isfinite(top.high)


def test_a_ladder_plays_every_pair_with_seats_swapped_and_rates_them() -> None:
    names = ["random", "search:iterations=60"]
    lad = ladder(DUEL, games=6, seed=3, names=[*names, "search:iterations=5"])
    assert len(lad.pairs) == 3
    for (a, b), ev in lad.pairs.items():
        assert len(ev.results) == 6
        sa, n = lad.score(a, b)
        sb, m = lad.score(b, a)
        assert n == m == 6 and sa + sb == 6  # a draw counts half to each side
        for res in ev.results:  # each entrant sits in each seat three times
            assert sorted(res.seats.values()) == sorted([a, b])
    ranked = [r.name for r in lad.ratings]
    assert ranked.index("search:iterations=60") < ranked.index("random")
    out = lad.to_json()
    assert out["matrix"]["random"]["search:iterations=60"][1] == 6


def test_focus_keeps_only_the_pairs_of_the_focused_entrants() -> None:
    lad = ladder(
        DUEL,
        games=2,
        seed=1,
        names=["random", "search:iterations=5", "search:iterations=6"],
        focus=["random"],
    )
    assert set(lad.pairs) == {
        ("random", "search:iterations=5"),
        ("random", "search:iterations=6"),
    }


def test_targets_say_met_not_met_or_unclear_from_the_interval() -> None:
    lad = Ladder("x", ["normal", "script:a", "script:b", "script:c", "hard"], 20, 1)
    fake = {("normal", "script:a"): 19.0, ("normal", "script:b"): 4.0, ("normal", "script:c"): 13.0}
    lad.score = lambda a, b: (fake.get((a, b), 0.0), 20 if (a, b) in fake else 0)  # type: ignore[method-assign]
    verdicts = {t["against"]: t["verdict"] for t in lad.targets()}
    assert verdicts == {"script:a": "met", "script:b": "not met", "script:c": "unclear"}


def test_the_entrants_of_commanders_and_the_command() -> None:
    names = entrants(game("commanders"), ismcts=False)
    assert names[:2] == ["random", "rules"]
    assert {"script:blitz", "script:turtle", "script:flank", "easy", "normal", "hard"} <= set(names)
    _load_commands()
    out = CliRunner().invoke(app, ["ladder", "commanders", "--list"])
    assert out.exit_code == 0 and "script:flank" in out.output
    bad = CliRunner().invoke(app, ["ladder", "commanders", "--agents", "random,nosuch"])
    assert bad.exit_code == 2 and "nosuch" in bad.output
    people = CliRunner().invoke(app, ["ladder", "toi-stalingrad"])
    assert people.exit_code == 2
