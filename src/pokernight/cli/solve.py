"""``pokernight solve hurricane``: heads-up Hurricane solved by discounted CFR (or CFR+), with
the exploitability
shown as it falls, the strategy saved, exported for OpenSpiel, or its curve plotted."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from pokernight.cli.bars import LazyBar, compiling
from pokernight.cli.params import Amount, Whole, output_file
from pokernight.errors import InvalidRules, PokernightError
from pokernight.sim.backends import optional_module

RANKS = Whole(3, 13, " ranks")
ITERATIONS = Whole(1, 1_000_000, " iterations")
SECONDS = Amount(0.1, 86_400, " seconds")


def solve_command(
    game: Annotated[str, typer.Argument(help="hurricane (the one game solved)")],
    ranks: Annotated[int, typer.Option("--ranks", parser=RANKS, help="ranks in the deck")] = 13,
    iterations: Annotated[
        int | None,
        typer.Option("--iterations", parser=ITERATIONS, help="CFR iterations (default 100)"),
    ] = None,
    seconds: Annotated[
        float | None,
        typer.Option("--seconds", parser=SECONDS, help="iterate for this long instead"),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", parser=output_file, metavar="FILE", help="save the strategy (.npz)"),
    ] = None,
    export: Annotated[
        Path | None,
        typer.Option(
            "--export-openspiel",
            parser=output_file,
            metavar="FILE",
            help="write the policy as OpenSpiel JSON",
        ),
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot",
            parser=output_file,
            metavar="FILE",
            help="plot exploitability against time (.png)",
        ),
    ] = None,
    method: Annotated[str, typer.Option("--method", help="dcfr (discounted CFR) or cfr+")] = "dcfr",
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Solve one hand of heads-up Hurricane (both antes in, either seat the dealer)."""
    if game != "hurricane":
        raise InvalidRules(f"only hurricane is solved, not {game!r}")
    if iterations is not None and seconds is not None:
        raise InvalidRules("give --iterations or --seconds, not both")
    if method not in ("dcfr", "cfr+"):
        raise InvalidRules(f"--method is dcfr or cfr+, not {method!r}")
    if seconds is None:
        iterations = iterations or 100
    if export is not None:  # a missing extra is said before the work, not after it
        optional_module("pyspiel", "openspiel")
    if plot is not None:
        optional_module("matplotlib", "plot")
    from pokernight.games.hurricane.game import HurricaneOptions
    from pokernight.games.hurricane.solve import Step, solve
    from pokernight.games.hurricane.solve.kernels import warm

    options = HurricaneOptions(seats=2, ranks=ranks)
    with compiling("the solver's kernels") as bar:
        warm(bar)
    by_time = iterations is None
    with LazyBar("solving", "s" if by_time else "iterations", after=0) as bar:

        def show(step: Step) -> None:
            gap = (
                ""
                if math.isnan(step.exploitability)
                else f", exploitability {step.exploitability:.6f}"
            )
            if by_time:
                bar(min(step.seconds, seconds or 0), seconds, f"{step.iterations} iterations{gap}")
            else:
                bar(step.iterations, iterations, gap[2:])

        solver, result = solve(options, iterations, seconds, show, discounted=method == "dcfr")
    try:
        if out is not None:
            solver.strategy(result.exploitability).save(out)
        if export is not None:
            from pokernight.catalog import entry
            from pokernight.games.hurricane.solve.decisions import decisions
            from pokernight.openspiel.export import export_policy

            policy = export_policy(entry(game).spec, solver.options, decisions(solver))
            export.write_text(json.dumps({k: [list(p) for p in v] for k, v in policy.items()}))
        if plot is not None:
            from pokernight.games.hurricane.solve.plot import plot_curve

            plot_curve(result, plot)
    except OSError as exc:
        raise PokernightError(
            f"cannot write {exc.filename or 'the output'}: {exc.strerror}"
        ) from None
    if as_json:
        print(json.dumps(result.to_json()))
        return
    Console().print(
        f"Hurricane heads-up, {ranks} ranks: {result.iterations} iterations in "
        f"{result.seconds:.1f} s, exploitability {result.exploitability:.6f} chips per hand, "
        f"value to the first to act {result.value:+.6f}"
    )
