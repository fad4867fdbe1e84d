"""Fit the Commanders position value (warroom.ai.values.commanders) on logged positions.

Plays games between rule-based players that write each round's order sheet in a style
drawn from the search's styles (so the positions look like the ones search rollouts end
in), logs every position at the start of a round's planning with the game's result, and
fits a logistic regression of "white wins" (a draw counts half) on the features of
``warroom.ai.values.commanders.features`` (white's minus black's). Prints the weights and
how well the fit and the old value predict held-out games (log loss).

Run: PYTHONPATH=src python bench/commanders_value_fit.py [games] [seed]
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

import warroom
from warroom.ai.rules.commanders import policy
from warroom.ai.values import commanders as vc
from warroom.engine import Rng

G: Any = warroom.game("commanders")


def play(seed: int, scenario: str = "marengo") -> tuple[list[list[float]], float]:
    """One game; the features (white's view) at each round's planning and white's score."""
    st = G.setup(scenario, G.check_setup(scenario, {})[1], seed)
    rng = Rng(seed * 7 + 3)
    pick = rng.fork(1)
    rows: list[list[float]] = []
    seen_round = -1
    weights = [4] + [1] * (len(vc.STYLES) - 1)
    total = sum(weights)
    while st.winner < 0:
        if st.phase == "planning" and st.stage == "plan" and st.round != seen_round:
            seen_round = st.round
            rows.append(vc.features(st, 0))
            for side, role in enumerate(vc.ROLES):
                k = pick.below(total)
                i = 0
                while k >= weights[i]:
                    k -= weights[i]
                    i += 1
                if st.waiting[side]:
                    vc._write(G, st, role, rng.fork(st.round * 2 + side), vc.STYLES[i])
            continue
        active = G.active(st)
        if not active:
            break
        role = active[0]
        acts = G.legal_actions(st, role)
        G.apply(st, role, policy(G, st, role, acts, rng))
        st.events.clear()
    score = 1.0 if st.winner == 0 else 0.0 if st.winner == 1 else 0.5
    return rows, score


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1.0) -> np.ndarray:
    """Logistic regression by Newton's method, with an intercept (last weight)."""
    xb = np.hstack([x, np.ones((len(x), 1))])
    w = np.zeros(xb.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-xb @ w))
        grad = xb.T @ (p - y) + l2 * np.r_[w[:-1], 0.0]
        h = (xb * (p * (1 - p))[:, None]).T @ xb + l2 * np.diag(np.r_[np.ones(len(w) - 1), 0.0])
        w -= np.linalg.solve(h, grad)
    return w


def logloss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
    data = []
    for i in range(games):
        rows, score = play(seed + i)
        data.append((rows, score))
    split = games * 3 // 4
    xs = [r for rows, _ in data[:split] for r in rows]
    ys = [s for rows, s in data[:split] for _ in rows]
    xt = [r for rows, _ in data[split:] for r in rows]
    yt = [s for rows, s in data[split:] for _ in rows]
    x, y, x2, y2 = np.array(xs), np.array(ys), np.array(xt), np.array(yt)
    w = fit(x, y)
    print("positions", len(xs), "held out", len(xt), "white's score", round(float(y.mean()), 3))
    print("names  ", vc.FEATURES)
    print("weights", [round(float(v), 4) for v in w[:-1]], "bias", round(float(w[-1]), 4))
    xb2 = np.hstack([x2, np.ones((len(x2), 1))])
    print("held-out log loss, fit:", round(logloss(1 / (1 + np.exp(-xb2 @ w)), y2), 4))
    print("held-out log loss, constant:", round(logloss(np.full(len(y2), y.mean()), y2), 4))
    for name, ws, b in (("current", vc.WEIGHTS, vc.BIAS), ("hand-set", vc.HAND_WEIGHTS, 0.0)):
        old = 1 / (1 + np.exp(-(x2 @ np.array(ws) + b)))
        print(f"held-out log loss, {name} value:", round(logloss(old, y2), 4))


if __name__ == "__main__":
    main()
