"""Speed and memory of pokernight's heads-up Hurricane solver: the full 13-rank game, today's
method against an earlier revision's, and small reduced games beside OpenSpiel's C++ CFR.

Why: the solver is what the expert's first use waits for (any table but the shipped one), so
its time to a given exploitability is the figure that matters; OpenSpiel is what researchers
would use instead, but it can walk only tiny versions of the game.

Two kinds of rows, each saying which game it solves:

* ``full``: the full 13-rank game with full betting (ante 1, bets of 1 to 3, two raises, the
  hand played out when one seat folds: the expert's default table). Each method runs in its own
  process, one after the other: this checkout's solver, and the solver of ``--old REV`` (today's
  method before this one, extracted with ``git archive``), each iterating until ``--target`` or
  ``--seconds`` of solving. The exploitability is measured on a schedule (each a quarter more
  iterations than the last); the clock counts the solver's iterations only, not the
  measurements, and CPU seconds are counted beside it (the machine is shared). Memory: the
  process's peak resident size. ``--plot FILE`` draws both curves on one picture.
* ``reduced``: 3 and 4 ranks, one-chip bets, no raise, the hand over when one seat is left,
  seat 1 the dealer: the games the tests check against OpenSpiel. pokernight's discounted CFR
  against OpenSpiel's ``CFRPlusSolver`` on the registered ``pokernight_hurricane`` game (walked
  through ``convert_to_cached_tree``, the walk timed on its own), each to ``--reduced-target``.
  Memory: pokernight's peak NumPy allocations (tracemalloc); OpenSpiel's growth of the peak
  resident size.

Run (the reduced rows need the ``openspiel`` extra, the plot the ``plot`` extra)::

    .venv/bin/python benchmarks/solver.py --full --old dfbd7b3 --target 0.001 \
        --plot docs/solver/methods.png
    .venv/bin/python benchmarks/solver.py --reduced 3,4

``--json`` prints the whole run (every measurement); ``--from FILE`` reports and plots a run
saved so, without running it again.
``--kernels N`` says where this checkout's iteration after N goes (CPU seconds of each
trailing-edge kernel, and how much of the other seat's reach at the ends the end values read);
run it with ``NUMBA_NUM_THREADS=1`` for one core's figures.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHECK_GROWTH = 1.25
REDUCED_CHECK_EVERY = 5


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# -- one method's curve, in its own process ---------------------------------------------------
def _solver_part(name: str) -> Any:
    """The solver's module ``name`` wherever the revision on the path keeps it (under the game
    since the solver moved there, ``pokernight.solve`` before), or None if it has none."""
    for package in ("pokernight.games.hurricane.solve", "pokernight.solve"):
        try:
            return importlib.import_module(f"{package}.{name}")
        except ImportError:
            continue
    return None


def curve(seconds: float, target: float) -> dict[str, Any]:
    """Iterate the full game's solver (whichever ``pokernight`` is on the path) until the
    exploitability is under ``target`` or ``seconds`` of iterating have passed."""
    from pokernight.games.hurricane.game import HurricaneOptions

    solver_module = _solver_part("cfr")
    assert solver_module is not None, "no solver on the path"
    Solver = solver_module.Solver
    compiled = 0.0
    kernels = _solver_part("kernels")
    if kernels is not None:  # the dense method compiles nothing
        start = time.perf_counter()
        kernels.warm()
        compiled = time.perf_counter() - start
    start = time.perf_counter()
    solver = Solver(HurricaneOptions(seats=2), discounted=True)
    built = time.perf_counter() - start
    points: list[dict[str, float]] = []
    spent = cpu = 0.0
    check = 1
    while True:
        wall, clock = time.perf_counter(), time.process_time()
        solver.iterate()
        spent += time.perf_counter() - wall
        cpu += time.process_time() - clock
        if solver.iterations < check and spent < seconds:
            continue
        measured = time.perf_counter()
        gap = solver.exploitability()
        points.append(
            {
                "iterations": solver.iterations,
                "seconds": spent,
                "cpu": cpu,
                "exploitability": gap,
                "check_seconds": time.perf_counter() - measured,
            }
        )
        print(json.dumps(points[-1]), file=sys.stderr, flush=True)
        if gap < target or spent >= seconds:
            break
        check = max(check + 1, int(check * CHECK_GROWTH))
    return {
        "compile_seconds": compiled,
        "build_seconds": built,
        "points": points,
        "peak_mb": _rss_mb(),
        "load": os.getloadavg(),
    }


def kernels_split(after: int) -> dict[str, Any]:
    """Where an iteration's CPU goes (this checkout): ``after`` iterations of the full game,
    then one more with each trailing-edge kernel timed, and how much of the other seat's
    reach at the ends is more than zeros: by (state, end) row, as ``round_reach`` flags it,
    by element, and by (state, context) at any end."""
    import numpy as np

    from pokernight.games.hurricane.game import HurricaneOptions
    from pokernight.games.hurricane.solve import cfr, ends, kernels

    kernels.warm()
    solver = cfr.Solver(HurricaneOptions(seats=2), discounted=True)
    for _ in range(after):
        solver.iterate()
    spent: dict[str, float] = {}
    rows = [0, 0, 0, 0, 0, 0]  # (state, end) rows flagged, rows, elements not zero, elements,
    # (state, context) pairs with more than zeros at some end, pairs
    counting = [0.0]  # CPU seconds of counting them, not the iteration's

    def timed(module: Any, name: str) -> None:
        kernel = getattr(module, name)

        def call(*args: Any) -> None:
            start = time.process_time()
            kernel(*args)
            spent[name] = spent.get(name, 0.0) + time.process_time() - start
            if name == "round_reach":
                start = time.process_time()
                leaves, some = args[-2], args[-1]
                spans = leaves.reshape(*some.shape, -1)
                rows[0] += int(some.sum())
                rows[1] += some.size
                rows[2] += int(np.count_nonzero(spans[some]))
                rows[3] += leaves.size
                there = (spans != 0) & some[:, :, None]  # NaN or stale where not written
                rows[4] += int(there.any(axis=1).sum())
                rows[5] += there.shape[0] * there.shape[2]
                counting[0] += time.process_time() - start

        setattr(module, name, call)

    for module, names in (
        (cfr, ("round_reach", "round_values")),
        (ends, ("fold_values", "show_values")),
    ):
        for name in names:
            timed(module, name)
    start = time.process_time()
    solver.iterate()
    total = time.process_time() - start - counting[0]
    return {
        "after": after,
        "cpu": total,
        "kernels": spent,
        "rows_flagged": rows[0] / rows[1],
        "elements_not_zero": rows[2] / rows[3],
        "contexts_not_zero": rows[4] / rows[5],
        "load": os.getloadavg(),
    }


def _run_method(src: Path, seconds: float, target: float) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    args = [sys.executable, __file__, "--curve", str(seconds), "--target", str(target)]
    done = subprocess.run(args, env=env, stdout=subprocess.PIPE, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _old_source(revision: str, into: Path) -> Path:
    into.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision, "src"], capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into / "src"


def _first_under(points: list[dict[str, float]], level: float) -> dict[str, float] | None:
    return next((p for p in points if p["exploitability"] < level), None)


def full(old: str, new: str | None, seconds: float, target: float) -> dict[str, Any]:
    """The full game by both methods, one after the other."""
    rows = {}
    with tempfile.TemporaryDirectory() as folder:
        here = ROOT / "src" if new is None else _old_source(new, Path(folder) / "new")
        rows["new"] = _run_method(here, seconds, target)
        rows["old"] = _run_method(_old_source(old, Path(folder) / "old"), seconds, target)
    name = "this checkout" if new is None else new
    rows["new"]["method"] = f"moments and strength sweeps, float32 kernels ({name})"
    rows["old"]["method"] = f"dense chance products ({old})"
    return rows


def plot(rows: dict[str, Any], path: Path) -> None:
    """Both methods' curves on one picture, against wall-clock seconds (left) and CPU seconds
    (right: on a shared machine the wall clock counts other work too; the new method runs on
    both cores, so its CPU seconds are up to twice its wall seconds on a quiet machine)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, panels = plt.subplots(1, 2, figsize=(11, 4.4), sharey=True)
    for axes, clock, label in (
        (panels[0], "seconds", "wall-clock seconds of iterating"),
        (panels[1], "cpu", "CPU seconds of iterating, all threads"),
    ):
        for name, row in rows.items():
            points = row["points"]
            axes.plot(
                [p[clock] for p in points],
                [p["exploitability"] for p in points],
                marker="o",
                markersize=3,
                label=f"{name}: {row['method']}",
            )
        for level in (0.005, 0.001):
            axes.axhline(level, color="grey", linestyle="--", linewidth=1)
        axes.set_xscale("log")
        axes.set_yscale("log")
        axes.set_xlabel(f"{label} (measurements not counted)")
        axes.grid(True, which="both", alpha=0.3)
    panels[0].set_ylabel("exploitability (chips per hand)")
    panels[0].legend(fontsize=8)
    figure.suptitle("Heads-up Hurricane, 13 ranks, full betting: discounted CFR, one run each")
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


# -- reduced games beside OpenSpiel ------------------------------------------------------------
def _ours(options: Any, target: float) -> dict[str, Any]:
    from pokernight.games.hurricane.solve.cfr import Solver

    tracemalloc.start()
    solver = Solver(options, discounted=True)
    spent, gap = 0.0, float("inf")
    while gap > target:
        start = time.perf_counter()
        for _ in range(REDUCED_CHECK_EVERY):
            solver.iterate()
        spent += time.perf_counter() - start
        gap = solver.exploitability()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "iterations": solver.iterations,
        "seconds": spent,
        "exploitability": gap,
        "memory_mb": peak / 2**20,
    }


def _openspiel(options: Any, target: float) -> dict[str, Any]:
    import pyspiel

    import pokernight.openspiel  # noqa: F401  (registers the games)

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
        for _ in range(REDUCED_CHECK_EVERY):
            solver.evaluate_and_update_policy()
        spent += time.perf_counter() - start
        iterations += REDUCED_CHECK_EVERY
        gap = pyspiel.exploitability(game, solver.average_policy())
    return {
        "iterations": iterations,
        "seconds": spent,
        "exploitability": gap,
        "tree_walk_seconds": walk,
        "memory_mb": _rss_mb() - before,
    }


def reduced(ranks: list[int], target: float) -> list[dict[str, Any]]:
    from pokernight.games.hurricane.game import HurricaneOptions
    from pokernight.games.hurricane.solve.kernels import warm

    warm()
    rows = []
    for k in ranks:
        options = HurricaneOptions(seats=2, ranks=k, max_bet=1, raises=0, end_when_one_left=True)
        mine, theirs = _ours(options, target), _openspiel(options, target)
        rows.append({"ranks": k, "pokernight": mine, "openspiel": theirs})
    return rows


# -- the report --------------------------------------------------------------------------------
def _say_full(rows: dict[str, Any]) -> None:
    print("13 ranks, full betting (ante 1, bets 1 to 3, two raises):")
    for name in rows:
        row = rows[name]
        marks = []
        for level in (0.005, 0.002, 0.001):
            hit = _first_under(row["points"], level)
            marks.append(
                f"{level}: not reached"
                if hit is None
                else f"{level}: {hit['seconds']:.0f} s ({hit['cpu']:.0f} s CPU, "
                f"{hit['iterations']} iterations)"
            )
        last = row["points"][-1]
        per, cpu = (last[k] / last["iterations"] for k in ("seconds", "cpu"))
        print(
            f"  {name} ({row['method']}): {'; '.join(marks)}; {per:.2f} s an iteration "
            f"({cpu:.2f} s of CPU), "
            f"a measurement {last['check_seconds']:.1f} s, peak {row['peak_mb']:.0f} MB, "
            f"load average at the end {row['load'][0]:.1f} (1 min), {row['load'][2]:.1f} (15 min)"
        )


def _say_reduced(rows: list[dict[str, Any]], target: float) -> None:
    for row in rows:
        m, o = row["pokernight"], row["openspiel"]
        print(
            f"{row['ranks']} ranks, reduced (one-chip bets, no raise) to {target}: pokernight "
            f"{m['iterations']} it {m['seconds']:.2f} s {m['memory_mb']:.1f} MB | OpenSpiel "
            f"CFR+ {o['iterations']} it {o['seconds']:.2f} s (+{o['tree_walk_seconds']:.1f} s "
            f"walking the Python game) {o['memory_mb']:.0f} MB"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="the 13-rank game, both methods")
    parser.add_argument("--old", default="dfbd7b3", help="the revision of the old method")
    parser.add_argument("--new", help="the revision of the new method (default: this checkout)")
    parser.add_argument("--seconds", type=float, default=3600.0, help="solving time at most")
    parser.add_argument("--target", type=float, default=1e-3)
    parser.add_argument("--plot", type=Path)
    parser.add_argument("--reduced", default="", help="reduced games' ranks, e.g. 3,4")
    parser.add_argument("--reduced-target", type=float, default=1e-3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--from", dest="saved", type=Path, help="report (and plot) a --json run")
    parser.add_argument(
        "--kernels", type=int, metavar="N", help="time each kernel in the iteration after N"
    )
    parser.add_argument("--curve", type=float, help=argparse.SUPPRESS)  # one method's run
    args = parser.parse_args()
    if args.curve is not None:
        print(json.dumps(curve(args.curve, args.target)))
        return
    if args.kernels is not None:
        split = kernels_split(args.kernels)
        if args.json:
            print(json.dumps(split))
            return
        print(
            f"iteration {split['after'] + 1}: {split['cpu']:.3f} s of CPU; reach rows flagged "
            f"{split['rows_flagged']:.0%}, elements not zero {split['elements_not_zero']:.1%}, "
            f"(state, context) pairs not zero {split['contexts_not_zero']:.0%}; "
            f"load average {split['load'][0]:.1f}"
        )
        for name, seconds in sorted(split["kernels"].items(), key=lambda kv: -kv[1]):
            print(f"  {name}: {seconds:.3f} s ({seconds / split['cpu']:.0%})")
        return
    result: dict[str, Any] = {}
    if args.saved:
        result = json.loads(args.saved.read_text())
        if args.plot and "full" in result:
            plot(result["full"], args.plot)
    elif args.full:
        result["full"] = full(args.old, args.new, args.seconds, args.target)
        if args.plot:
            plot(result["full"], args.plot)
    if args.reduced:
        ranks = [int(r) for r in args.reduced.split(",")]
        result["reduced"] = reduced(ranks, args.reduced_target)
    if args.json:
        print(json.dumps(result))
        return
    if "full" in result:
        _say_full(result["full"])
    if "reduced" in result:
        _say_reduced(result["reduced"], args.reduced_target)


if __name__ == "__main__":
    main()
