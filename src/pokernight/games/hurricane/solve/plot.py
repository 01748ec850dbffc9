"""The exploitability curve of a solve as a picture (matplotlib: the ``plot`` extra)."""

from __future__ import annotations

from pathlib import Path

from pokernight.games.hurricane.solve import Result


def plot_curve(result: Result, path: Path) -> None:
    """Exploitability (chips per hand, log scale) against seconds, iterations marked."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    seconds = [s for _, s, _ in result.curve]
    gaps = [g for _, _, g in result.curve]
    figure, axes = plt.subplots(figsize=(7, 4.2))
    axes.plot(seconds, gaps, marker="o", markersize=3)
    axes.set_yscale("log")
    axes.set_xlabel("seconds")
    axes.set_ylabel("exploitability (chips per hand)")
    axes.axhline(0.005, color="grey", linestyle="--", linewidth=1, label="0.005 target")
    axes.set_title(
        f"Heads-up Hurricane, {result.ranks} ranks: {result.method}, "
        f"{result.iterations} iterations, {result.exploitability:.5f} at {result.seconds:.0f} s"
    )
    axes.legend()
    axes.grid(True, which="both", alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
