"""Speed and memory of pokernight's heads-up Hurricane solver beside OpenSpiel's C++ CFR.

Why: the solver claims to be fast enough to solve the full 13-rank game in half an hour on two
cores; OpenSpiel is what researchers would use instead. This runs both on the same reduced
games, in one process, so the ratios can be re-checked whenever the solver changes.

How: each reduced game (3 and 4 ranks; one-chip bets, no raise, the hand over when one seat is
left, seat 1 the dealer: the games the tests check against OpenSpiel) is solved by
pokernight's discounted CFR and by OpenSpiel's ``CFRPlusSolver`` on the registered
``pokernight_hurricane`` game. OpenSpiel walks a Python game through its cached-tree wrapper
(``convert_to_cached_tree``); the walk is timed on its own, then each solver iterates until its
average strategy is within ``--target`` chips per hand of a Nash equilibrium (exploitability
measured every few iterations, not timed). Memory: pokernight's peak NumPy allocations
(tracemalloc); OpenSpiel's growth of the process's peak resident size (its C++ heap is outside
tracemalloc). ``--full`` adds seconds per iteration and peak memory of the 13-rank game.

Run (needs the ``openspiel`` extra)::

    .venv/bin/python benchmarks/solver.py [--target 0.001] [--ranks 3,4] [--full] [--json]
"""

from __future__ import annotations

import argparse
import json
import resource
import time
import tracemalloc
from typing import Any

import pyspiel

import pokernight.openspiel  # noqa: F401  (registers the games)
from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.solve.cfr import Solver

CHECK_EVERY = 5


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def ours(options: HurricaneOptions, target: float) -> dict[str, Any]:
    tracemalloc.start()
    solver = Solver(options, discounted=True)
    spent, gap = 0.0, float("inf")
    while gap > target:
        start = time.perf_counter()
        for _ in range(CHECK_EVERY):
            solver.iterate()
        spent += time.perf_counter() - start
        gap = solver.exploitability()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "iterations": solver.iterations,
        "seconds": spent,
        "per_iteration": spent / solver.iterations,
        "exploitability": gap,
        "value": solver.value(),
        "memory_mb": peak / 2**20,
    }


def openspiel(options: HurricaneOptions, target: float) -> dict[str, Any]:
    name = (
        f"pokernight_hurricane(players=2,ranks={options.ranks},max_bet={options.max_bet},"
        f"raises={options.raises},end_when_one_left={options.end_when_one_left},dealer=1)"
    )
    before = _rss_mb()
    start = time.perf_counter()
    game = pyspiel.convert_to_cached_tree(pyspiel.load_game(name))
    pyspiel.exploitability(game, pyspiel.UniformRandomPolicy(game))  # walks the whole tree
    walk = time.perf_counter() - start
    solver = pyspiel.CFRPlusSolver(game)
    spent, gap, iterations = 0.0, float("inf"), 0
    while gap > target:
        start = time.perf_counter()
        for _ in range(CHECK_EVERY):
            solver.evaluate_and_update_policy()
        spent += time.perf_counter() - start
        iterations += CHECK_EVERY
        gap = pyspiel.exploitability(game, solver.average_policy())
    return {
        "iterations": iterations,
        "seconds": spent,
        "per_iteration": spent / iterations,
        "exploitability": gap,
        "tree_walk_seconds": walk,
        "memory_mb": _rss_mb() - before,
    }


def full() -> dict[str, Any]:
    tracemalloc.start()
    solver = Solver(HurricaneOptions(seats=2), discounted=True)
    start = time.perf_counter()
    solver.iterate()
    solver.iterate()
    per = (time.perf_counter() - start) / 2
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"ranks": 13, "per_iteration": per, "memory_mb": peak / 2**20}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=float, default=1e-3)
    parser.add_argument("--ranks", default="3,4", help="the reduced games, e.g. 3 or 3,4")
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for ranks in (int(r) for r in args.ranks.split(",")):
        options = HurricaneOptions(
            seats=2, ranks=ranks, max_bet=1, raises=0, end_when_one_left=True
        )
        mine, theirs = ours(options, args.target), openspiel(options, args.target)
        rows.append(
            {
                "ranks": ranks,
                "pokernight": mine,
                "openspiel": theirs,
                "speedup_to_target": theirs["seconds"] / mine["seconds"],
                "speedup_with_walk": (theirs["seconds"] + theirs["tree_walk_seconds"])
                / mine["seconds"],
                "memory_ratio": theirs["memory_mb"] / max(mine["memory_mb"], 1e-9),
            }
        )
    result: dict[str, Any] = {"target": args.target, "rows": rows}
    if args.full:
        result["full"] = full()
    if args.json:
        print(json.dumps(result))
        return
    print(f"exploitability target {args.target} chips per hand")
    for row in rows:
        m, o = row["pokernight"], row["openspiel"]
        print(
            f"{row['ranks']} ranks: pokernight {m['iterations']} it {m['seconds']:.2f} s "
            f"{m['memory_mb']:.1f} MB | OpenSpiel CFR+ {o['iterations']} it {o['seconds']:.2f} s "
            f"(+{o['tree_walk_seconds']:.1f} s walking the Python game) {o['memory_mb']:.1f} MB | "
            f"pokernight faster x{row['speedup_to_target']:.1f} "
            f"(x{row['speedup_with_walk']:.1f} with the walk), "
            f"memory ratio x{row['memory_ratio']:.1f}"
        )
    if args.full:
        f = result["full"]
        print(f"13 ranks: {f['per_iteration']:.2f} s per iteration, {f['memory_mb']:.0f} MB peak")


if __name__ == "__main__":
    main()
