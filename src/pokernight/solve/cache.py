"""The solved heads-up strategy a computer player reads, kept in the user's cache folder.

Solving 13 ranks takes minutes and the strategy is tens of megabytes, so it is not shipped: it
is solved once, on first use, to ``FIRST_USE_TARGET`` chips a hand, and read from the cache
folder ever after. ``study`` is that first use, reporting as it goes so every front end can
show the wait; ``strategy_for`` is what a bot calls when it must play now.
"""

from __future__ import annotations

import math
import os
from dataclasses import replace
from pathlib import Path

from pokernight.engine.protocol import Progress
from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.hands.table_cache import cache_folder
from pokernight.solve import solve
from pokernight.solve.strategy import Strategy

FIRST_USE_TARGET = 0.005
"""Chips a hand: half a percent of an ante, where the first-use solve stops."""
FIRST_USE_LIMIT = 400
"""Iterations at most (13 ranks reaches the target in well under this)."""

_LOADED: dict[Path, Strategy] = {}


def strategy_path(options: HurricaneOptions) -> Path:
    o = options
    end = "-end" if o.end_when_one_left else ""
    name = f"hurricane-heads-up-{o.ranks}r-{o.ante}a-{o.max_bet}b-{o.raises}x{end}.npz"
    return cache_folder() / name


def is_cached(options: HurricaneOptions) -> bool:
    path = strategy_path(options)
    return path in _LOADED or path.exists()


def strategy_for(options: HurricaneOptions, progress: Progress | None = None) -> Strategy:
    """The solved heads-up strategy of these options: kept in memory once read, read from the
    cache folder, or solved now (``study``) and written there."""
    path = strategy_path(options)
    if path not in _LOADED:
        _LOADED[path] = Strategy.load(path) if path.exists() else study(options, progress)
    return _LOADED[path]


def study(options: HurricaneOptions, progress: Progress | None = None) -> Strategy:
    """Solve until the exploitability is under ``FIRST_USE_TARGET``, save, and return the
    strategy. ``progress`` is told the fraction done, on a log scale of the exploitability from
    its first measurement down to the target (how CFR's error falls; the lowest so far, so the
    bar never goes back), and where it stands."""
    seen: list[float] = []  # the first measurement, then the lowest so far

    def report(done: int, seconds: float, gap: float) -> None:
        seen[:] = [seen[0], min(seen[1], gap)] if seen else [gap, gap]
        if progress is None:
            return
        first, best = seen
        span = math.log(first / FIRST_USE_TARGET) if first > FIRST_USE_TARGET else 1.0
        fraction = math.log(first / max(best, FIRST_USE_TARGET)) / span
        progress(
            min(max(fraction, 0.0), 1.0),
            f"{done} iterations, {seconds:.0f} s: {gap:.4f} chips a hand from a perfect "
            f"strategy (stops under {FIRST_USE_TARGET})",
        )

    solver, result = solve(
        replace(options, seats=2), FIRST_USE_LIMIT, progress=report, target=FIRST_USE_TARGET
    )
    found = Strategy.of(solver, result.exploitability)
    path = strategy_path(options)
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    found.save(part)
    part.replace(path)  # whole or absent: a solve cut short leaves no half-written file
    return found
