"""``pokernight deck fit``: search for a dual-value deck whose category table matches a target."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from pokernight.cards import dual641_deck, load_dual_deck
from pokernight.cli.bars import LazyBar, compiling
from pokernight.cli.params import SEED, Amount, output_file
from pokernight.errors import InvalidCards
from pokernight.hands.deckfit import ORDER, fit, read_target, warm, write_deck

deck_app = typer.Typer(help="Dual-value decks: fit a deck to a category table.")
MINUTES = Amount(0.01, 1_440, " minutes")
HEAT = Amount(0, 1_000_000, " hands")


@deck_app.command("fit")
def fit_command(
    target: Annotated[Path, typer.Option("--target", help="JSON table {category: count}")],
    seed: Annotated[int, typer.Option("--seed", parser=SEED, help="seed of the search")] = 0,
    minutes: Annotated[float, typer.Option("--minutes", parser=MINUTES, help="time budget")] = 1.0,
    start: Annotated[Path | None, typer.Option("--start", help="deck file to start from")] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", parser=output_file, metavar="FILE", help="where to write the best deck"
        ),
    ] = None,
    heat: Annotated[
        float, typer.Option("--heat", parser=HEAT, help="starting temperature, in hands")
    ] = 3000.0,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Swap bottom ends two cards at a time (keeping the deck's invariants), recount exactly
    the hands that change, and keep the deck closest to the target (L1 distance)."""
    table = read_target(target)
    first = load_dual_deck(start) if start else dual641_deck()
    with compiling("the deck-fitting kernels") as compile_bar:
        warm(compile_bar)
    with LazyBar("fitting", "s", after=0) as bar:

        def progress(best: int, candidates: int, elapsed: float) -> None:
            bar(elapsed, minutes * 60, f"best distance {best:,}, {candidates:,} decks counted")

        result = fit(table, first, seed, minutes, progress, heat)
    if out is not None:
        try:
            write_deck(
                result.deck, out, f"deck fit: L1 distance {result.distance} to {target.name}"
            )
        except OSError as exc:
            raise InvalidCards(f"cannot write {out}: {exc.strerror}") from None
    report = {
        "distance": result.distance,
        "candidates": result.candidates,
        "per_minute": round(result.candidates / max(result.seconds, 1e-9) * 60),
        "table": result.table,
        "target": table,
        "seconds": round(result.seconds, 1),
    }
    if as_json:
        print(json.dumps(report))
        return
    console = Console()
    for name in ORDER:
        console.print(f"{name:<16} {result.table[name]:>9,} {table[name]:>9,}")
    console.print(
        f"L1 distance {result.distance:,} after {result.candidates:,} decks "
        f"({report['per_minute']:,}/min)" + (f"; written to {out}" if out else "")
    )
