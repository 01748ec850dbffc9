"""Make the heads-up strategy the package ships (``data/``): the default table solved well below
the expert's first-use target, quantised, saved, read back, and measured as read.

Run from a checkout (minutes on two cores; it writes into the source tree)::

    python -m pokernight.games.hurricane.solve.ship [--target 0.002] [--out PATH]

The exploitability written into the file is the one measured on the file as loaded (the
quantised probabilities, uniform where a seat's own play never goes), not the solver's.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.games.hurricane.solve import Step, solve
from pokernight.games.hurricane.solve.cache import SHIPPED, file_name
from pokernight.games.hurricane.solve.cfr import Solver
from pokernight.games.hurricane.solve.strategy import Strategy

DEFAULT = HurricaneOptions(seats=2)
"""The table the package ships a strategy for: every option at its default, heads-up."""
TARGET = 0.002
"""Chips a hand the solve goes under: room below the 0.005 the shipped file must keep."""
LIMIT = 2000
"""Iterations at most."""


def measure(strategy: Strategy) -> float:
    """The exploitability of a strategy as it plays (chips a hand)."""
    judge = Solver(strategy.options)
    judge.play(strategy)
    return judge.exploitability()


def make(out: Path, target: float = TARGET, options: HurricaneOptions = DEFAULT) -> Strategy:
    """Solve ``options`` under ``target``, save the strategy to ``out``, read it back and
    write the exploitability measured on what was read into the file."""
    start = time.perf_counter()

    def report(step: Step) -> None:
        print(
            f"{step.iterations} iterations, {step.seconds:.0f} s: exploitability "
            f"{step.exploitability:.6f}",
            file=sys.stderr,
        )

    solver, result = solve(options, LIMIT, progress=report, target=target)
    solver.strategy(result.exploitability).save(out)
    del solver  # its tables: a gigabyte the measurement needs
    shipped = Strategy.load(out)
    shipped.exploitability = measure(shipped)
    shipped.save(out)
    print(
        f"{out}: {out.stat().st_size:,} bytes, solver {result.exploitability:.6f} after "
        f"{result.iterations} iterations, as loaded {shipped.exploitability:.6f}, "
        f"{time.perf_counter() - start:.0f} s in all",
        file=sys.stderr,
    )
    return shipped


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=float, default=TARGET, help="exploitability to reach")
    parser.add_argument("--out", type=Path, default=SHIPPED / file_name(DEFAULT))
    args = parser.parse_args(argv)
    make(args.out, args.target)


if __name__ == "__main__":
    main()
