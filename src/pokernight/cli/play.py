"""``pokernight play``: sit down at a table against computer players."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, TextIO

import typer

from pokernight.catalog import CATALOG
from pokernight.cli.params import (
    SEED,
    Amount,
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
from pokernight.cli.plain import Asked, Console, run_plain
from pokernight.errors import InvalidRules

SEATS = Whole(1, 99, " seats")
"""Each game then says how many it seats."""
PACE = Amount(0, 1, " seconds")


def play(
    game: Annotated[str | None, typer.Argument(help=", ".join(CATALOG))] = None,
    seats: Annotated[
        int | None, typer.Option("--seats", parser=SEATS, help="number of seats")
    ] = None,
    bots: Annotated[str | None, typer.Option("--bots", help="computer players, a,b,c")] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", parser=SEED, help="seed for a reproducible game")
    ] = None,
    plain: Annotated[bool, typer.Option("--plain", help="prompt mode for scripts")] = False,
    pace: Annotated[
        float,
        typer.Option("--pace", parser=PACE, help="seconds per computer action at the table"),
    ] = 0.5,
    four_colour: Annotated[
        bool, typer.Option("--four-colour", help="a four-colour deck at the table")
    ] = False,
    records: Annotated[
        Path | None,
        typer.Option(
            "--records",
            parser=output_file,
            metavar="FILE",
            help="append each hand's record (JSON lines) for replay",
        ),
    ] = None,
    option: Annotated[list[str] | None, typer.Option("--option", help=option_help(CATALOG))] = None,
    sit_and_go: SitAndGoFlag = False,
    buy_in: BuyIn = 100,
    chips: Chips = 100,
    levels_every: LevelsEvery = 10,
    sit_and_go_hands: SitAndGoHands = 30,
    payouts: PayoutsByPlace = "65/35",  # type: ignore[assignment]  # typer parses it too
) -> None:
    """Sit down at a table against computer players: the terminal table on a terminal,
    the prompt mode with --plain or when standard output is not a terminal. With
    --sit-and-go, a tournament: one buy-in, the stakes rising, places paid."""
    names = tuple(b.strip() for b in bots.split(",")) if bots else ()
    seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    choices = game_options(option)
    if choices and game is None:
        raise InvalidRules("--option sets a game's options: name the game, play GAME --option ...")
    if sit_and_go and game is None:
        raise InvalidRules("--sit-and-go plays one game: name it, play GAME --sit-and-go")
    tournament = None
    if sit_and_go:
        tournament = structure(buy_in, chips, levels_every, payouts, sit_and_go_hands)
    if not plain and sys.stdout.isatty():
        from pokernight.tui.app import PokernightApp
        from pokernight.tui.settings import Settings

        with _opened(records) as out:
            settings = Settings(pace, four_colour)
            PokernightApp(game, seed, seats, names, settings, out, choices, tournament).run()
        return
    if game is None:
        print("Games:")
        for name, game_entry in CATALOG.items():
            print(f"  {name:<10} {game_entry.spec.title}: {game_entry.spec.about}")
        print("Start one with: pokernight play GAME --plain")
        return
    asked = Asked(seed, seats, names, choices, tournament)
    asked.seat(game)  # an unknown game, seats, computer or option fails here, before any file
    with _opened(records) as out:
        run_plain(game, asked, Console(sys.stdin, sys.stdout, out))


@contextmanager
def _opened(path: Path | None) -> Iterator[TextIO | None]:
    """The records file, appended to (None: no records kept)."""
    if path is None:
        yield None
        return
    try:
        out = path.open("a", encoding="utf-8")
    except OSError as exc:
        raise InvalidRules(f"cannot write records to {path}: {exc.strerror}") from None
    with out:
        yield out
