"""The solved heads-up strategy a computer player reads: shipped for the default table, else
kept in the user's cache folder.

The default options' strategy (13 ranks, ante 1, bets of 1 to 3, two raises) ships in the
package (``data/``, a few megabytes: ``solve.ship`` makes it), so the expert plays at once.
Other options are solved once, on first use, to ``FIRST_USE_TARGET`` chips a hand, and read
from the cache folder ever after. ``study`` is that first use, reporting as it goes so every
front end can show the wait; ``strategy_for`` is what a bot calls when it must play now.
"""

from __future__ import annotations

import math
import os
from dataclasses import replace
from pathlib import Path

from pokernight.engine.protocol import Progress
from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.games.hurricane.solve import Step, solve
from pokernight.games.hurricane.solve.strategy import FORMAT, Strategy
from pokernight.hands.table_cache import cache_folder

FIRST_USE_TARGET = 0.005
"""Chips a hand: half a percent of an ante, where the first-use solve stops."""
FIRST_USE_LIMIT = 400
"""Iterations at most (13 ranks reaches the target in well under this)."""
EXPECTED = 150
"""Iterations to the target before the measurements say (about what any deck takes)."""

_LOADED: dict[Path, Strategy] = {}


SHIPPED = Path(__file__).resolve().parents[3] / "data"
"""Where the package keeps the strategies it ships."""


def file_name(options: HurricaneOptions) -> str:
    """Named by every option the solve reads (the stake never matters) and the file layout."""
    o = options
    end = "-end" if o.end_when_one_left else ""
    return f"hurricane-heads-up-{o.ranks}r-{o.ante}a-{o.max_bet}b-{o.raises}x{end}-v{FORMAT}.npz"


def strategy_path(options: HurricaneOptions) -> Path:
    """The shipped file of these options if the package has one, else the cache folder's."""
    shipped = SHIPPED / file_name(options)
    return shipped if shipped.exists() else cache_folder() / file_name(options)


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
    strategy. ``progress`` is told the fraction done after every iteration: the iterations
    against those the run is expected to take (``EXPECTED`` until the measurements say; never
    going back), so the bar moves with the clock; first, if numba must compile the solver's
    kernels, that it does."""
    from pokernight.games.hurricane.solve.kernels import warm

    kernels = "compiling the solver's kernels (once: numba keeps the result on disk)"
    warm(
        None
        if progress is None
        else lambda done, total: progress(0.0, f"{kernels}: {done} of {total}")
    )
    shown = [0.0]

    def report(step: Step) -> None:
        if progress is None:
            return
        expected = step.expected or EXPECTED
        shown[0] = max(shown[0], min(step.iterations / expected, 0.99))
        gap = (
            "not yet measured"
            if math.isnan(step.exploitability)
            else f"{step.exploitability:.4f} chips a hand from a perfect strategy"
        )
        progress(
            shown[0],
            f"{step.iterations} iterations, {step.seconds:.0f} s: {gap} "
            f"(stops under {FIRST_USE_TARGET})",
        )

    solver, result = solve(
        replace(options, seats=2), FIRST_USE_LIMIT, progress=report, target=FIRST_USE_TARGET
    )
    if progress is not None:
        progress(
            1.0,
            f"{result.iterations} iterations, {result.seconds:.0f} s: "
            f"{result.exploitability:.4f} chips a hand from a perfect strategy",
        )
    found = solver.strategy(result.exploitability)
    path = cache_folder() / file_name(options)
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    found.save(part)
    part.replace(path)  # whole or absent: a solve cut short leaves no half-written file
    return found
