"""Small statistics for reports: rates with Wilson intervals and distributions of numbers."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float, float]:
    """The rate and its Wilson score interval (95% by default): good even at 0% or 100%."""
    if n <= 0:
        return 0.0, 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return p, min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half))


def rate(successes: int, n: int) -> dict[str, float | int]:
    p, lo, hi = wilson(successes, n)
    return {"count": successes, "n": n, "rate": p, "low": lo, "high": hi}


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """Linear interpolation between the closest ranks."""
    if not sorted_values:
        return math.nan
    pos = (len(sorted_values) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def distribution(values: Iterable[float]) -> dict[str, Any]:
    """Mean with its 95% interval, spread, quantiles, and the counts of each value when few."""
    xs = sorted(float(v) for v in values)
    n = len(xs)
    if n == 0:
        return {"n": 0}
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n) if n > 1 else 0.0
    out: dict[str, Any] = {
        "n": n,
        "mean": mean,
        "mean_low": mean - half,
        "mean_high": mean + half,
        "sd": sd,
        "min": xs[0],
        "p10": quantile(xs, 0.10),
        "p25": quantile(xs, 0.25),
        "median": quantile(xs, 0.50),
        "p75": quantile(xs, 0.75),
        "p90": quantile(xs, 0.90),
        "max": xs[-1],
    }
    counts = Counter(xs)
    if len(counts) <= 30:
        out["counts"] = {_num_text(k): v for k, v in sorted(counts.items())}
    return out


def _num_text(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def counts(values: Iterable[Any]) -> dict[str, int]:
    c = Counter(
        "none" if v is None else str(v).lower() if isinstance(v, bool) else str(v) for v in values
    )
    return dict(sorted(c.items()))
