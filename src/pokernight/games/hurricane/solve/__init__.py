"""Heads-up Hurricane, solved: ``solve`` runs the solver (discounted CFR by default, CFR+ if
asked) for a number of iterations or seconds, or until a target exploitability, and reports
after every iteration so a front end's bar moves with its clock.

Measuring the exploitability costs about two iterations, so it is done sparingly: on a
schedule doubling each time, and, when a target is given, from the first measurements
on at the iteration where the curve so far says the target falls (discounted CFR's error falls
about as a power of the iterations).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.games.hurricane.solve.cfr import Solver

GROWTH = 2.0
"""Each measurement this many times the iterations of the last (a curve, cheaply: a
measurement costs about two iterations, and the target's own is aimed for anyway)."""
FIRST_CHECK = 8
"""With a target, the first measurement (earlier ones say little about where it falls)."""
MARGIN = 1.03
"""Measure a little past where the target is expected: one measurement rather than two."""


@dataclass(frozen=True)
class Step:
    """Where a solve stands: ``exploitability`` the last measured (nan before the first);
    ``expected`` the iterations the run will take (given, or estimated toward a target:
    None until two measurements say)."""

    iterations: int
    seconds: float
    exploitability: float
    expected: float | None


Progress = Callable[[Step], None]
"""Told after every iteration and every measurement."""


@dataclass
class Result:
    """``value``: the first seat's (the dealer's left) expected result under the average
    strategies; ``curve``: (iterations, seconds, exploitability) at each measurement."""

    ranks: int
    iterations: int
    seconds: float
    exploitability: float
    value: float
    curve: list[tuple[int, float, float]] = field(default_factory=list)
    method: str = "discounted CFR"

    def to_json(self) -> dict[str, float | int]:
        return {
            "ranks": self.ranks,
            "iterations": self.iterations,
            "seconds": round(self.seconds, 3),
            "exploitability": self.exploitability,
            "value": self.value,
        }


def reaches(curve: list[tuple[int, float, float]], target: float) -> float | None:
    """The iteration where the exploitability falls under ``target``, from the last two
    measurements above it (a power law through them; its power kept between 0.5 and 3)."""
    above = [(t, gap) for t, _, gap in curve if gap > target]
    if len(above) < 2 or above[-1][0] != curve[-1][0]:
        return None
    (t0, g0), (t1, g1) = above[-2], above[-1]
    power = math.log(g0 / g1) / math.log(t1 / t0) if g0 > g1 else 0.5
    power = min(max(power, 0.5), 3.0)
    return float(t1 * (g1 / target) ** (1 / power))


def solve(
    options: HurricaneOptions,
    iterations: int | None = None,
    seconds: float | None = None,
    progress: Progress | None = None,
    solver: Solver | None = None,
    discounted: bool = True,
    target: float | None = None,
) -> tuple[Solver, Result]:
    """Iterate until ``iterations`` are done or ``seconds`` have passed (whichever is given),
    or sooner once a measurement finds the exploitability under ``target``; measure on a
    schedule (``GROWTH``; with a target from ``FIRST_CHECK`` on, and where the target is
    expected) and at the end."""
    if (iterations is None) == (seconds is None):
        raise ValueError("give iterations or seconds")
    solver = solver or Solver(options, discounted)
    start = time.perf_counter()
    curve: list[tuple[int, float, float]] = []
    next_check = 1 if target is None else FIRST_CHECK
    gap = float("nan")

    def tell() -> None:
        if progress is None:
            return
        expected: float | None = iterations
        if target is not None:
            expected = reaches(curve, target)
            if iterations is not None and expected is not None:
                expected = min(expected, iterations)
        progress(Step(solver.iterations, time.perf_counter() - start, gap, expected))

    def measure() -> float:
        found = solver.exploitability()
        curve.append((solver.iterations, time.perf_counter() - start, found))
        return found

    while True:
        done = iterations is not None and solver.iterations >= iterations
        late = seconds is not None and time.perf_counter() - start >= seconds
        if done or late or (target is not None and gap < target):
            break
        solver.iterate()
        tell()
        if solver.iterations >= next_check:
            gap = measure()
            tell()
            scheduled = max(solver.iterations + 1, math.ceil(solver.iterations * GROWTH))
            expected = reaches(curve, target) if target is not None else None
            aim = None if expected is None else math.ceil(expected * MARGIN)
            next_check = scheduled if aim is None else min(scheduled, aim)
            next_check = max(next_check, solver.iterations + 1)
    if not curve or curve[-1][0] != solver.iterations:
        gap = measure()
        tell()
    elapsed = time.perf_counter() - start
    method = "discounted CFR" if solver.discounted else "CFR+"
    result = Result(options.ranks, solver.iterations, elapsed, gap, solver.value(), curve, method)
    return solver, result
