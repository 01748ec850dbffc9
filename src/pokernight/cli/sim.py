"""``pokernight sim``: many seeded hands between computer players."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Annotated, TextIO

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from pokernight.catalog import CATALOG, entry
from pokernight.cli.bars import LazyBar
from pokernight.cli.params import (
    HANDS,
    SEED,
    WORKERS,
    BuyIn,
    Chips,
    LevelsEvery,
    PayoutsByPlace,
    SitAndGoFlag,
    SitAndGoHands,
    Whole,
    game_options,
    option_help,
    output_file,
    structure,
)
from pokernight.cli.prepare import show_preparations
from pokernight.engine.sit_and_go import form_words
from pokernight.engine.structure import ordinal
from pokernight.errors import InvalidRules, PokernightError
from pokernight.sim.backends import backend_module, optional_module
from pokernight.sim.plot import plot
from pokernight.sim.runner import simulate
from pokernight.sim.sit_and_go import SitAndGoRun, sit_and_goes

TOURNAMENTS = Whole(1, 10_000_000, " tournaments")


def _open(path: Path) -> TextIO:
    try:
        return path.open("w", encoding="utf-8")
    except OSError as exc:
        raise PokernightError(f"cannot write {path}: {exc.strerror}") from None


def sim_command(
    game: Annotated[str, typer.Argument(help=", ".join(CATALOG))],
    hands: Annotated[int, typer.Option("--hands", parser=HANDS, help="number of hands")] = 10_000,
    bots: Annotated[str | None, typer.Option("--bots", help="one bot per seat, a,b,c")] = None,
    seed: Annotated[int, typer.Option("--seed", parser=SEED, help="same seed, same result")] = 0,
    workers: Annotated[int, typer.Option("--workers", parser=WORKERS, help="processes")] = 1,
    option: Annotated[list[str] | None, typer.Option("--option", help=option_help(CATALOG))] = None,
    records: Annotated[
        Path | None,
        typer.Option(
            "--records", parser=output_file, metavar="FILE", help="write every hand's record"
        ),
    ] = None,
    backend: Annotated[
        str, typer.Option("--backend", help="process, or dask or ray (optional extras)")
    ] = "process",
    plot_to: Annotated[
        Path | None,
        typer.Option(
            "--plot", parser=output_file, metavar="FILE", help="draw cumulative results (.png)"
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    sit_and_go: SitAndGoFlag = False,
    tournaments: Annotated[
        int, typer.Option("--tournaments", parser=TOURNAMENTS, help="sit-and-gos to play")
    ] = 1000,
    buy_in: BuyIn = 100,
    chips: Chips = 100,
    levels_every: LevelsEvery = 10,
    sit_and_go_hands: SitAndGoHands = 30,
    payouts: PayoutsByPlace = "65/35",  # type: ignore[assignment]  # typer parses it too
) -> None:
    """Simulate hands between computer players; net per seat and per bot with 95% intervals.
    With --sit-and-go, whole tournaments: each bot's finishing places and mean prize."""
    backend_module(backend)  # a missing extra is said before the work, not after it
    if plot_to is not None:
        optional_module("matplotlib", "plot")
    names = [b.strip() for b in bots.split(",")] if bots else None
    options = game_options(option)
    if sit_and_go:
        if records is not None or plot_to is not None:
            raise InvalidRules("--records and --plot are for hands, not --sit-and-go")
        with LazyBar("playing", "tournaments") as bar:
            rules = structure(buy_in, chips, levels_every, payouts, sit_and_go_hands)
            run = sit_and_goes(
                game, tournaments, rules, names, seed, workers, bar, options, backend,
                show_preparations,
            )  # fmt: skip
        if as_json:
            print(json.dumps(run.to_json()))
        else:
            _print_finishes(run)
        return
    with LazyBar("simulating", "hands") as bar, ExitStack() as stack:
        sink: Callable[[str], object] | None = None
        if records is not None:
            sink = stack.enter_context(_open(records)).write
        result = simulate(
            game,
            hands,
            names,
            seed,
            workers,
            bar,
            options,
            backend=backend,
            sink=sink,
            run=show_preparations,
        )
    if plot_to is not None:
        plot(result, plot_to)
    if as_json:
        print(json.dumps(result.to_json()))
        return
    unit = result.seats[0].unit
    per_unit = f"; per unit: the result per {unit} wagered" if unit is not None else ""
    table = Table(
        title=f"{game}: {hands:,} hands, seed {seed}",
        caption=f"±: 95% interval{per_unit}",
        box=box.SIMPLE_HEAD,  # with tight cells, fits 80 columns with its headers
        pad_edge=False,
    )
    columns = ["seat", "bot", "net", "per hand ±", "won", "even", "lost"]
    if unit is not None:
        columns.append("per unit ±")
    for column in columns:
        table.add_column(column, justify="right", no_wrap=True)
    for i, row in enumerate(result.seats, start=1):
        half = (row.ci95[1] - row.ci95[0]) / 2
        cells = [str(i), row.bot, f"{row.net:+,}", f"{row.net_per_hand:+.3f}±{half:.3f}"]
        cells += [f"{r:.2%}" for r in row.rates]
        if (edge := row.per_unit) is not None:
            mean, (low, high) = edge
            cells.append(f"{mean:+.2%}±{(high - low) / 2:.2%}")
        table.add_row(*cells)
    console = Console()
    console.print(table)
    console.print(f"{result.seconds:.2f} s, {hands / result.seconds:,.0f} hands/s")


def _print_finishes(run: SitAndGoRun) -> None:
    """Each bot's share of each finishing place, its mean prize and net."""
    form = entry(run.game).spec.rules.sit_and_go
    assert form is not None  # the run was refused for a game without one
    table = Table(
        title=f"{run.game} sit-and-go: {run.tournaments:,} tournaments, seed {run.seed}",
        caption=f"{form_words(run.structure, form)}; ±: 95% interval",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    places = len(run.bots[0].shares)
    for column in ["bot", "entries", *[ordinal(p) for p in range(1, places + 1)], "prize ±"]:
        table.add_column(column, justify="right", no_wrap=True)
    table.add_column("net", justify="right", no_wrap=True)
    for row in run.bots:
        half = (row.ci95[1] - row.ci95[0]) / 2
        cells = [row.bot, f"{row.entries:,}", *[f"{share:.1%}" for share in row.shares]]
        table.add_row(*cells, f"{row.prize:,.1f}±{half:.1f}", f"{row.net:+,.1f}")
    console = Console()
    console.print(table)
    console.print(f"{run.hands:,} hands; prizes paid {run.prizes:,}, the buy-ins exactly")
