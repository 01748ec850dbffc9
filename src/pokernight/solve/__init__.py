"""Heads-up Hurricane, solved: ``solve`` runs the solver (discounted CFR by default, CFR+ if
asked) for a number of iterations or seconds and reports the exploitability as it falls."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.solve.cfr import Solver

Progress = Callable[[int, float, float], None]
"""Told (iterations done, seconds so far, exploitability) at each measurement."""


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
    or sooner once a measurement finds the exploitability under ``target``, measuring it at
    iterations 1, 2, 3, 5, 8, ... (each a quarter more than the last, so measuring costs a
    fraction of the run) and at the end."""
    if (iterations is None) == (seconds is None):
        raise ValueError("give iterations or seconds")
    solver = solver or Solver(options, discounted)
    start = time.perf_counter()
    curve: list[tuple[int, float, float]] = []
    next_check = 1

    def measure() -> float:
        gap = solver.exploitability()
        curve.append((solver.iterations, time.perf_counter() - start, gap))
        if progress is not None:
            progress(solver.iterations, curve[-1][1], gap)
        return gap

    gap = float("nan")
    while True:
        done = iterations is not None and solver.iterations >= iterations
        late = seconds is not None and time.perf_counter() - start >= seconds
        if done or late or (target is not None and gap < target):
            break
        solver.iterate()
        if solver.iterations >= next_check:
            gap = measure()
            next_check = max(next_check + 1, int(next_check * 1.25))
    if not curve or curve[-1][0] != solver.iterations:
        gap = measure()
    elapsed = time.perf_counter() - start
    method = "discounted CFR" if solver.discounted else "CFR+"
    result = Result(options.ranks, solver.iterations, elapsed, gap, solver.value(), curve, method)
    return solver, result
