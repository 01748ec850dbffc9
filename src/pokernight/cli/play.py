"""``pokernight play``: the table for people (games register here as they land)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

GAMES: dict[str, str] = {}


def play(
    game: Annotated[
        str | None, typer.Argument(help="hurricane, highlow, draw, paigow or bigtwo")
    ] = None,
    seats: Annotated[int | None, typer.Option("--seats", help="number of seats")] = None,
    bots: Annotated[
        str | None, typer.Option("--bots", help="computer players, comma separated")
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="seed for a reproducible game")] = None,
    plain: Annotated[bool, typer.Option("--plain", help="prompt mode for scripts")] = False,
) -> None:
    """Sit down at a table against computer players."""
    console = Console()
    if not GAMES:
        console.print(
            "No games yet: the tables open as the games land. Meanwhile try\n"
            "  pokernight eval As Ks Qs Js Ts --rules high\n"
            "  pokernight count --rules deuces-wild"
        )
        return
