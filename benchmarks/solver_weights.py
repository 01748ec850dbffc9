"""Iterations of discounted CFR's weight schedules to a given exploitability, on a reduced deck.

Why: the iterations a schedule needs barely depend on the deck (6, 9 and 13 ranks need about
the same), so cheap runs at 6 or 9 ranks choose the weights the 13-rank solve uses. Each
schedule (alpha, beta, gamma: positive regrets kept by t^a/(t^a+1), negative ones by
t^b/(t^b+1), strategy sums by (t/(t+1))^g; alternating updates as the solver makes them) runs
in this process until its exploitability is under the last level, measured every 10
iterations from the 40th; the iteration where each level is crossed is interpolated on the
log-log curve between the two measurements around it. Full betting (ante 1, bets of 1 to 3,
two raises).

Run (one line of JSON a schedule; one core is enough)::

    .venv/bin/python benchmarks/solver_weights.py --ranks 6 --weights 1.5,0,2 1.5,0.5,3
"""

from __future__ import annotations

import argparse
import json
import math
import time
from itertools import pairwise

from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.games.hurricane.solve import cfr

LEVELS = (0.005, 0.002, 0.001)
EVERY, FIRST = 10, 40


def crossing(points: list[tuple[int, float]], level: float) -> float | None:
    """Where the curve first falls under ``level``, log-log between the two points around it."""
    for (t0, g0), (t1, g1) in pairwise(points):
        if g0 >= level > g1:
            share = math.log(g0 / level) / math.log(g0 / g1)
            crossed: float = t0 * (t1 / t0) ** share  # float ** float is Any to typeshed
            return round(crossed, 1)
    return None


def run(ranks: int, weights: tuple[float, float, float], limit: int) -> dict[str, object]:
    cfr.ALPHA, cfr.BETA, cfr.GAMMA = weights
    solver = cfr.Solver(HurricaneOptions(seats=2, ranks=ranks), discounted=True)
    points: list[tuple[int, float]] = []
    start = time.process_time()
    while solver.iterations < limit:
        solver.iterate()
        if solver.iterations >= FIRST and solver.iterations % EVERY == 0:
            points.append((solver.iterations, solver.exploitability()))
            if points[-1][1] < LEVELS[-1]:
                break
    return {
        "ranks": ranks,
        "alpha, beta, gamma": weights,
        **{f"to {level}": crossing(points, level) for level in LEVELS},
        "last": points[-1],
        "cpu": round(time.process_time() - start, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ranks", type=int, default=6)
    parser.add_argument("--weights", nargs="+", default=["1.5,0,2"], help="alpha,beta,gamma")
    parser.add_argument("--limit", type=int, default=700, help="iterations at most")
    args = parser.parse_args()
    for text in args.weights:
        alpha, beta, gamma = (float(x) for x in text.split(","))
        print(json.dumps(run(args.ranks, (alpha, beta, gamma), args.limit)), flush=True)


if __name__ == "__main__":
    main()
