"""Heads-up Hurricane's solver as ``pokernight solve`` runs it (``engine.solver.Solver``): the
game's spec loads it only to solve, so the command line reaches the kernels, the strategy file,
the OpenSpiel decisions and the plot through one typed object and never names this package."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from pokernight.engine.solver import Decision, Progress, Told
from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.games.hurricane.solve import Result, solve
from pokernight.games.hurricane.solve.cfr import Solver
from pokernight.games.hurricane.solve.decisions import decisions
from pokernight.games.hurricane.solve.kernels import warm
from pokernight.games.hurricane.solve.plot import plot_curve


@dataclass(frozen=True)
class Solved:
    """A finished solve: the solver, holding the average strategy, and its result."""

    solver: Solver
    result: Result

    @property
    def options(self) -> HurricaneOptions:
        return self.solver.options

    @property
    def iterations(self) -> int:
        return self.result.iterations

    @property
    def seconds(self) -> float:
        return self.result.seconds

    @property
    def exploitability(self) -> float:
        return self.result.exploitability

    @property
    def value(self) -> float:
        return self.result.value

    def to_json(self) -> dict[str, float | int]:
        return self.result.to_json()


class HeadsUp:
    """The solver ``hurricane.SPEC`` loads: the package's functions behind the protocol."""

    def warm(self, told: Told) -> None:
        warm(told)

    def solve(
        self,
        options: HurricaneOptions,
        iterations: int | None,
        seconds: float | None,
        progress: Progress,
        discounted: bool,
    ) -> Solved:
        return Solved(*solve(options, iterations, seconds, progress, discounted=discounted))

    def save(self, solution: Solved, path: Path) -> None:
        solution.solver.strategy(solution.exploitability).save(path)

    def decisions(self, solution: Solved) -> Iterator[Decision]:
        return decisions(solution.solver)

    def plot(self, solution: Solved, path: Path) -> None:
        plot_curve(solution.result, path)
