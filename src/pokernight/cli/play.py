"""``pokernight play``: sit down at a table against computer players."""

from __future__ import annotations

import random
from typing import Annotated

import typer

from pokernight.cli.plain import run_plain
from pokernight.errors import InvalidRules

GAMES = {
    "hurricane": "two-card draw, deuces wild, high/low, eight seats (seed 000)",
    "draw": "five-card draw against a bluffing computer (seed 002)",
    "highlow": "High And Low Poker: dual-value cards, high 2/3, low 1/3 (seed 001)",
    "paigow": "Pai Gow Poker: seven cards set high and low against the house (seed 004)",
    "bigtwo": "Mount Holyoke Poker: Big Two, climb with singles to five-card hands (seed 003)",
}


def play(
    game: Annotated[str | None, typer.Argument(help=", ".join(GAMES))] = None,
    seats: Annotated[int | None, typer.Option("--seats", help="number of seats")] = None,
    bots: Annotated[str | None, typer.Option("--bots", help="computer players, a,b,c")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="seed for a reproducible game")] = None,
    plain: Annotated[bool, typer.Option("--plain", help="prompt mode for scripts")] = False,
) -> None:
    """Sit down at a table against computer players."""
    if game is None:
        print("Games:")
        for name, about in GAMES.items():
            print(f"  {name:<10} {about}")
        print("Start one with: pokernight play GAME --plain")
        return
    if game not in GAMES:
        raise InvalidRules(f"unknown game {game!r}: games are {', '.join(GAMES)}")
    names = tuple(b.strip() for b in bots.split(",")) if bots else ()
    run_plain(
        game, seed if seed is not None else random.SystemRandom().randrange(2**31), seats, names
    )
