"""Charts of a simulation with Matplotlib (Agg backend: no display needed), each as PNG and SVG."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from warroom.sim.report import cell_names
from warroom.sim.runner import GameResult


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(fig: Any, folder: Path, name: str) -> list[Path]:
    paths = [folder / f"{name}.png", folder / f"{name}.svg"]
    for p in paths:
        fig.savefig(p, bbox_inches="tight", dpi=110)
    return paths


def plot_report(
    report: dict[str, Any], results: Sequence[GameResult], folder: str | Path
) -> list[Path]:
    """Win rates with 95% intervals by cell, VP and length histograms, histograms of numeric facts."""
    plt = _pyplot()
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    roles: list[str] = report["roles"]
    done = [r for r in results if r.error is None]
    written: list[Path] = []

    cells = report["cells"]
    fig, ax = plt.subplots(figsize=(8, 0.45 * len(cells) * (len(roles) + 1) + 1.5))
    names = cell_names(cells)
    bar = 0.8 / (len(roles) + 1)
    series = [(role, [c["wins"][role] for c in cells]) for role in roles]
    series.append(("draw" if len(roles) > 1 else "defeat", [c["draws"] for c in cells]))
    for k, (label, rates) in enumerate(series):
        ys = [i + k * bar for i in range(len(cells))]
        xs = [100 * r["rate"] for r in rates]
        err = [
            [100 * (r["rate"] - r["low"]) for r in rates],
            [100 * (r["high"] - r["rate"]) for r in rates],
        ]
        ax.barh(ys, xs, height=bar, xerr=err, label=label, capsize=2)
    ax.set_yticks([i + bar * len(roles) / 2 for i in range(len(cells))], names, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("games won (%), with 95% interval")
    ax.set_title(f"{report['game']}: results")
    ax.legend(loc="lower right", fontsize=8)
    written += _save(fig, out, "win_rates")
    plt.close(fig)

    fig, axes = plt.subplots(1, len(roles), figsize=(4 * len(roles), 3), squeeze=False)
    for ax, role in zip(axes[0], roles, strict=True):
        values = [r.points.get(role, 0.0) for r in done]
        ax.hist(values, bins=min(30, max(1, len(set(values)))), color="tab:blue")
        ax.set_title(f"{role} VP")
        ax.set_xlabel("victory points")
        ax.set_ylabel("games")
    written += _save(fig, out, "vp")
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(5, 3))
    ax.hist([r.steps for r in done], bins=30, color="tab:gray")
    ax.set_title("game length")
    ax.set_xlabel("steps (actions)")
    ax.set_ylabel("games")
    written += _save(fig, out, "length")
    plt.close(fig)

    for name, d in report["overall"]["facts"].items():
        if "mean" not in d:
            continue
        values = [r.facts[name] for r in done if r.facts.get(name) is not None]
        fig, ax = plt.subplots(figsize=(5, 3))
        ax.hist(values, bins=min(30, max(1, len(set(values)))), color="tab:green")
        ax.set_title(name + (f" (absent in {d['missing']} games)" if d["missing"] else ""))
        ax.set_ylabel("games")
        written += _save(fig, out, f"fact_{name}")
        plt.close(fig)
    return written
