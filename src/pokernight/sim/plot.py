"""``sim --plot``: each bot's cumulative net over the run, with its 95% band.

The band after n hands is ±1.96·s·√n around the cumulative net (s: the bot's per-hand
standard deviation so far), so a line that leaves zero's band is a real edge. matplotlib is
the optional ``plot`` extra, imported only here, only when a plot is asked for.
"""

from __future__ import annotations

from pathlib import Path

from pokernight.errors import InvalidRules
from pokernight.sim.backends import optional_module
from pokernight.sim.runner import SimResult


def plot(result: SimResult, path: Path) -> None:
    """Draw ``result``'s curve into ``path`` (PNG)."""
    if not result.curve:
        raise InvalidRules("nothing to plot: the run has no batches")
    matplotlib = optional_module("matplotlib", "plot")
    matplotlib.use("Agg")  # files only: no window, no display needed
    pyplot = optional_module("matplotlib.pyplot", "plot")
    figure, axes = pyplot.subplots(figsize=(8, 4.5), dpi=100)
    hands = [0] + [c.hands for c in result.curve]
    for i, bot in enumerate(result.by_bot):
        nets = [0] + [c.nets[i] for c in result.curve]
        halves = [0.0] + [c.halves[i] for c in result.curve]
        (line,) = axes.plot(hands, nets, label=bot)
        low = [n - h for n, h in zip(nets, halves, strict=True)]
        high = [n + h for n, h in zip(nets, halves, strict=True)]
        axes.fill_between(hands, low, high, color=line.get_color(), alpha=0.2)
    axes.axhline(0, color="grey", linewidth=0.8)
    axes.set_xlabel("hands")
    axes.set_ylabel("cumulative net (chips), 95% band")
    axes.set_title(f"{result.game}: {result.hands:,} hands, seed {result.seed}")
    axes.legend(loc="best")
    figure.tight_layout()
    try:
        figure.savefig(path, format="png")
    except OSError as exc:
        raise InvalidRules(f"cannot write {path}: {exc.strerror}") from None
    finally:
        pyplot.close(figure)
