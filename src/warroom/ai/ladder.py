"""The ladder: every kind of opponent we have against every other, Elo ratings with intervals.

``ladder("commanders", games=2)`` plays a round robin among the game's entrants
(``entrants``): random, the rules player, each fixed style (``style:NAME``), each exploit
script (``script:NAME``: one-sided habits a person might adopt), OpenSpiel's IS-MCTS through
our adapter (where the ``rl`` extra is installed) and the levels people play (easy, normal,
hard). Each pair plays ``games`` games in pairs on shared seeds with the seats swapped
(``warroom.ai.arena.evaluate``), so neither gets the better side or dice more often. A
``focus`` keeps only the pairs with a focused entrant in them (the levels against
everything, when a full round robin costs too much).

Ratings are Bradley-Terry (Elo scale: 400 points is 10 to 1 odds) fitted by maximum
likelihood, a draw counted as half a win each way, with a weak prior (``PRIOR`` drawn games
against a fixed anchor for every entrant) so that an unbeaten entrant still has a finite
rating. Ratings are given as differences from the entrants' mean, set at 1500; their 95%
intervals come from the curvature of the likelihood (the inverse of the Fisher information)
for those differences. ``targets`` checks issue 23's targets: ``normal`` scores at least
60% against every fixed style and exploit script, ``hard`` at least 60% against ``normal``.

A solitaire game has no opponents: there every entrant plays the same seeds and the table
is each one's share of wins.
"""

from __future__ import annotations

import contextlib
import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from warroom.ai.arena import Evaluation, GameResult, evaluate, wilson
from warroom.ai.base import make_agent, rules_policy
from warroom.ai.exploits import scripts
from warroom.ai.levels import LEVELS
from warroom.ai.styles import styles_of
from warroom.engine import Game
from warroom.engine import game as lookup_game

PRIOR = 1.0
"""Virtual drawn games each entrant plays against the 1500 anchor (keeps ratings finite)."""
ISMCTS = "ismcts:iterations=50,rollout=rules,depth=200"
"""OpenSpiel's IS-MCTS as an entrant: our rules player plays its rollouts, cut at 200 steps (with
random rollouts to the end, 20 iterations took 10-37 s a decision in the big games)."""
TARGET = 0.6


def entrants(game: Game[Any], ismcts: bool = True) -> list[str]:
    """Every opponent we have for ``game``: random, rules, styles, scripts, IS-MCTS, levels."""
    out = ["random"]
    if rules_policy(game.id) is not None:
        out.append("rules")
    out += [f"style:{name}" for name in sorted(styles_of(game))]
    out += [f"script:{name}" for name in sorted(scripts(game.id))]
    if ismcts:
        with contextlib.suppress(ImportError, ValueError):
            make_agent(ISMCTS, game.id, 0)
            out.append(ISMCTS)
    for level in LEVELS:
        with contextlib.suppress(ValueError):
            make_agent(level, game.id, 0)
            out.append(level)
    return out


@dataclass
class Rating:
    name: str
    elo: float
    low: float
    high: float
    games: int
    score: float
    """Wins plus half the draws, over games."""


@dataclass
class Ladder:
    game: str
    entrants: list[str]
    games: int
    """Games per pair."""
    seed: int
    pairs: dict[tuple[str, str], Evaluation] = field(default_factory=dict)
    ratings: list[Rating] = field(default_factory=list)
    solo: Evaluation | None = None

    def score(self, a: str, b: str) -> tuple[float, int]:
        """``a``'s score against ``b`` (wins and half the draws) and the games they played."""
        ev = self.pairs.get((a, b)) or self.pairs.get((b, a))
        if ev is None:
            return 0.0, 0
        st = next(s for s in ev.agents if s.spec == a)
        return st.wins + 0.5 * st.draws, st.games

    def seconds(self) -> dict[str, list[float]]:
        """Each entrant's seconds per decision over all its games (in this process)."""
        out: dict[str, list[float]] = {e: [] for e in self.entrants}
        for ev in self.pairs.values():
            for st in ev.agents:
                out[st.spec].extend(st.move_seconds)
        return out

    def targets(self) -> list[dict[str, Any]]:
        """Issue 23's targets that this ladder measured: normal against every fixed style and
        exploit script, hard against normal; each with the score, games, 95% interval and a
        verdict: "met" (the interval's low end is at least 60%), "not met" (its high end is
        below 60%) or "unclear" (the sample cannot tell)."""
        out: list[dict[str, Any]] = []
        rivals = [e for e in self.entrants if e.startswith(("style:", "script:"))]
        checks = [("normal", r) for r in rivals] + [("hard", "normal")]
        for a, b in checks:
            s, n = self.score(a, b)
            if n == 0:
                continue
            low, high = wilson(s, n)
            verdict = "met" if low >= TARGET else "not met" if high < TARGET else "unclear"
            out.append(
                {
                    "agent": a,
                    "against": b,
                    "score": s,
                    "games": n,
                    "rate": s / n,
                    "low": low,
                    "high": high,
                    "verdict": verdict,
                    "point": "at least 60%" if s / n >= TARGET else "below 60%",
                }
            )
        return out

    def to_json(self) -> dict[str, Any]:
        secs = self.seconds()
        return {
            "game": self.game,
            "seed": self.seed,
            "games_per_pair": self.games,
            "entrants": self.entrants,
            "ratings": [r.__dict__ for r in self.ratings],
            "matrix": {
                a: {b: list(self.score(a, b)) for b in self.entrants if b != a}
                for a in self.entrants
            },
            "targets": self.targets(),
            "seconds_per_decision": {
                e: {
                    "decisions": len(v),
                    "mean": round(sum(v) / len(v), 4) if v else None,
                    "max": round(max(v), 3) if v else None,
                }
                for e, v in secs.items()
            },
            "solo": self.solo.to_json() if self.solo is not None else None,
        }


def fit_elo(
    names: Sequence[str], results: Mapping[tuple[str, str], tuple[float, int]]
) -> list[Rating]:
    """Bradley-Terry ratings by maximum likelihood. ``results[(a, b)]`` = (a's score against
    b, games). Each entrant also plays ``PRIOR`` drawn games against a fixed anchor; the
    ratings are returned around their mean, 1500."""
    k = len(names)
    index = {n: i for i, n in enumerate(names)}
    w = [[0.0] * k for _ in range(k)]  # w[i][j]: i's score against j
    n = [[0] * k for _ in range(k)]
    for (a, b), (s, g) in results.items():
        i, j = index[a], index[b]
        w[i][j] += s
        w[j][i] += g - s
        n[i][j] += g
        n[j][i] += g
    gamma = [1.0] * k  # strengths; the anchor's is 1
    for _ in range(5000):  # minorization-maximization (Hunter 2004)
        new = []
        for i in range(k):
            won = sum(w[i]) + PRIOR / 2
            denom = sum(n[i][j] / (gamma[i] + gamma[j]) for j in range(k) if n[i][j])
            denom += PRIOR / (gamma[i] + 1.0)
            new.append(won / denom)
        shift = max(abs(math.log(a / b)) for a, b in zip(new, gamma, strict=True))
        gamma = new
        if shift < 1e-10:
            break
    theta = [math.log(g) for g in gamma]
    # Fisher information of theta (natural units); the anchor's prior games on the diagonal
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        p0 = 1.0 / (1.0 + math.exp(-theta[i]))
        info[i][i] += PRIOR * p0 * (1 - p0)
        for j in range(k):
            if i != j and n[i][j]:
                p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
                v = n[i][j] * p * (1 - p)
                info[i][i] += v
                info[i][j] -= v
    cov = _inverse(info)
    scale = 400.0 / math.log(10.0)
    # ratings as differences from the entrants' mean (1500): the intervals are those of
    # these contrasts, which the games measure (the weak prior only pins the overall level)
    mean = sum(theta) / k
    row = [sum(cov[i]) / k for i in range(k)]
    total = sum(row) / k
    out = []
    for name, i in index.items():
        var = cov[i][i] - 2 * row[i] + total
        se = math.sqrt(max(var, 0.0)) * scale
        elo = 1500.0 + (theta[i] - mean) * scale
        games = sum(n[i])
        score = sum(w[i]) / games if games else 0.0
        out.append(Rating(name, elo, elo - 1.96 * se, elo + 1.96 * se, games, score))
    out.sort(key=lambda r: -r.elo)
    return out


def _inverse(m: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inverse of a small symmetric positive definite matrix."""
    k = len(m)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(k)] for i, row in enumerate(m)]
    for c in range(k):
        p = max(range(c, k), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        pivot = a[c][c]
        a[c] = [x / pivot for x in a[c]]
        for r in range(k):
            if r != c and a[r][c]:
                f = a[r][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c], strict=True)]
    return [row[k:] for row in a]


def ladder(
    game: Game[Any] | str,
    games: int = 2,
    seed: int = 1,
    names: Sequence[str] | None = None,
    focus: Sequence[str] = (),
    scenario: str | None = None,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[str, str, GameResult], None] | None = None,
    max_steps: int | None = None,
    begin: Callable[[str, str], None] | None = None,
) -> Ladder:
    """Play the round robin (only the pairs with a ``focus`` entrant in them, if given);
    ``games`` per pair (even: each entrant sits in each seat equally often).

    ``begin(a, b)`` is told before a pair's first game and ``progress(a, b, result)`` after
    each game (in a solitaire game ``a`` and ``b`` are empty and ``begin`` is not told)."""
    g = lookup_game(game) if isinstance(game, str) else game
    if getattr(g, "people_only", False):
        raise ValueError(f"{g.id} has no computer players: both sides are people")
    names = list(names) if names else entrants(g)
    for name in names:
        make_agent(name, g.id, 0)  # a typo fails now, not an hour in
    unknown = [f for f in focus if f not in names]
    if unknown:
        raise ValueError(
            f"focus {', '.join(unknown)} is not among the entrants: {', '.join(names)}"
        )
    out = Ladder(g.id, names, games, seed)
    if len(g.roles) == 1:
        out.solo = evaluate(
            g,
            names,
            games,
            seed,
            scenario,
            options,
            progress=(lambda r: progress("", "", r)) if progress else None,
            max_steps=max_steps,
        )
        out.ratings = [
            Rating(st.spec, float("nan"), float("nan"), float("nan"), st.games, st.win_rate)
            for st in out.solo.agents
        ]
        out.ratings.sort(key=lambda r: -r.score)
        return out
    if games % 2:
        raise ValueError("games per pair must be even: each entrant sits in each seat as often")
    for a, b in itertools.combinations(names, 2):
        if focus and a not in focus and b not in focus:
            continue
        tick = (lambda r, a=a, b=b: progress(a, b, r)) if progress else None
        if begin is not None:
            begin(a, b)
        out.pairs[(a, b)] = evaluate(
            g, [a, b], games, seed, scenario, options, progress=tick, max_steps=max_steps
        )
    results = {pair: out.score(*pair) for pair in out.pairs}
    out.ratings = fit_elo(names, results)
    return out
