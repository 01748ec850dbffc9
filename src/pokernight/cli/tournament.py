"""``pokernight tournament``: rank strategies over rotating seats, with 95% intervals."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from pokernight.catalog import CATALOG
from pokernight.cli.bars import LazyBar
from pokernight.cli.params import SEED, WORKERS, Whole, game_options, option_help
from pokernight.cli.prepare import show_preparations
from pokernight.sim.backends import backend_module
from pokernight.sim.tournament import tournament

ROTATION = Whole(1, 10_000_000, " hands a rotation")
"""Every bot plays a rotation (up to eight of them), so at most 80,000,000 hands in all."""


def tournament_command(
    game: Annotated[str, typer.Argument(help=", ".join(CATALOG))],
    bots: Annotated[str, typer.Option("--bots", help="one bot per seat, a,b,c")],
    hands: Annotated[
        int, typer.Option("--hands", parser=ROTATION, help="hands per rotation")
    ] = 2_000,
    seed: Annotated[int, typer.Option("--seed", parser=SEED, help="same seed, same result")] = 0,
    workers: Annotated[int, typer.Option("--workers", parser=WORKERS, help="processes")] = 1,
    backend: Annotated[
        str, typer.Option("--backend", help="process, or dask or ray (optional extras)")
    ] = "process",
    option: Annotated[list[str] | None, typer.Option("--option", help=option_help(CATALOG))] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Every bot plays every seat equally often; rank them by net per hand."""
    backend_module(backend)  # a missing extra is said before the work, not after it
    names = [b.strip() for b in bots.split(",")]
    options = game_options(option)
    with LazyBar("playing", "hands") as bar:
        result = tournament(
            game, names, hands, seed, workers, backend, bar, show_preparations, options
        )
    if as_json:
        print(json.dumps(result.to_json()))
        return
    table = Table(title=f"{game}: {result.rotations} rotations of {hands:,} hands, seed {seed}")
    for column in ("rank", "bot", "net per hand", "95% interval", "clear of the next"):
        table.add_column(column, justify="right")
    for s in result.standings:
        r = s.result
        table.add_row(
            str(s.rank),
            r.bot,
            f"{r.net_per_hand:+.3f}",
            f"[{r.ci95[0]:+.3f}, {r.ci95[1]:+.3f}]",
            "yes" if s.clear_of_next else "",
        )
    Console().print(table)
