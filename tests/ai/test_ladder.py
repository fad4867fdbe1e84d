"""``warroom ladder``: the round robin, Elo ratings with intervals, the matrix, the targets."""

from __future__ import annotations

import json
import math
import re

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


def test_the_command_shows_its_progress_a_line_a_game_on_stderr() -> None:
    """A long ladder run in the background writes to a log, where a bar shows nothing until
    the end: every game also gets a line on stderr saying how many of how many are done, the
    time since the start, the pair, the seed and the result; the JSON on stdout is unchanged."""
    _load_commands()
    args = ["ladder", "commanders", "--agents", "random,rules,script:turtle", "--games", "2"]
    out = CliRunner().invoke(app, [*args, "--seed", "5", "--json"])
    assert out.exit_code == 0, out.output
    result = json.loads(out.stdout)
    lines = [x for x in out.stderr.splitlines() if x.startswith("game ")]
    assert [x.split(" · ")[0] for x in lines] == [f"game {k}/6" for k in range(1, 7)]
    pairs = [x.split(" · ")[2] for x in lines]
    assert pairs == [
        p
        for p in ("random v rules", "random v script:turtle", "rules v script:turtle")
        for _ in range(2)
    ]
    assert all(re.fullmatch(r"\d+:\d\d:\d\d", x.split(" · ")[1]) for x in lines)
    assert all(x.split(" · ")[3].startswith("seed 5: ") for x in lines)
    # the lines tell the same results as the matrix
    wins = sum(1 for x in lines if "rules won as" in x and x.split(" · ")[2] == "random v rules")
    assert wins == result["matrix"]["rules"]["random"][0]


def test_the_ladder_names_each_pair_before_its_games() -> None:
    told: list[tuple[str, ...]] = []
    ladder(
        DUEL,
        games=2,
        seed=1,
        names=["random", "search:iterations=5", "search:iterations=6"],
        progress=lambda a, b, r: told.append(("game", a, b)),
        begin=lambda a, b: told.append(("begin", a, b)),
    )
    assert [t[0] for t in told] == ["begin", "game", "game"] * 3
    assert told[0] == ("begin", "random", "search:iterations=5")
    assert told[1][1:] == told[2][1:] == told[0][1:]
