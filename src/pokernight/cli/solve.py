"""``pokernight solve GAME``: a heads-up game solved by discounted CFR (or CFR+), with the
exploitability shown as it falls, the strategy saved, exported for OpenSpiel, or its curve
plotted. The game's spec loads its solver (``Machines.solver``, an ``engine.solver.Solver``);
only such a game is solved."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from pokernight.catalog import CATALOG, entry
from pokernight.cli.bars import LazyBar, compiling
from pokernight.cli.params import Amount, Whole, game_options, option_help, output_file
from pokernight.engine.solver import Step
from pokernight.errors import InvalidRules, PokernightError
from pokernight.sim.backends import optional_module

RANKS = Whole(3, 13, " ranks")
ITERATIONS = Whole(1, 1_000_000, " iterations")
SECONDS = Amount(0.1, 86_400, " seconds")
SOLVED = {name: game for name, game in CATALOG.items() if game.spec.machines.solver}
"""The games with a solver: the only ones ``solve`` takes, so the only ones its help names."""


def solve_command(
    game: Annotated[
        str,
        typer.Argument(help=", ".join(SOLVED)),
    ],
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
    option: Annotated[list[str] | None, typer.Option("--option", help=option_help(SOLVED))] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Solve one hand of a heads-up game (both antes in, either seat the dealer)."""
    spec = entry(game).spec
    load = spec.machines.solver
    if load is None:
        raise InvalidRules(f"only {', '.join(SOLVED)} is solved, not {game!r}")
    choices = game_options(option)
    spec.check_choices(choices)
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
    solver = load()
    options = replace(spec.rules.configure(spec.rules.options, 2, choices), ranks=ranks)
    with compiling("the solver's kernels") as bar:
        solver.warm(bar)
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

        result = solver.solve(options, iterations, seconds, show, method == "dcfr")
    try:
        if out is not None:
            solver.save(result, out)
        if export is not None:
            from pokernight.openspiel.export import export_policy

            policy = export_policy(spec, result.options, solver.decisions(result))
            export.write_text(json.dumps({k: [list(p) for p in v] for k, v in policy.items()}))
        if plot is not None:
            solver.plot(result, plot)
    except OSError as exc:
        raise PokernightError(
            f"cannot write {exc.filename or 'the output'}: {exc.strerror}"
        ) from None
    if as_json:
        print(json.dumps(result.to_json()))
        return
    Console().print(
        f"{spec.show.title} heads-up, {ranks} ranks: {result.iterations} iterations in "
        f"{result.seconds:.1f} s, exploitability {result.exploitability:.6f} chips per hand, "
        f"value to the first to act {result.value:+.6f}"
    )
