"""``pokernight play``: the table for people (games register here as they land)."""

from __future__ import annotations

import typer
from rich.console import Console

GAMES: dict[str, str] = {}


def play(
    game: str = typer.Argument(None, help="hurricane, highlow, draw, paigow or bigtwo"),
    seats: int = typer.Option(None, "--seats", help="number of seats"),
    bots: str = typer.Option(None, "--bots", help="computer players, comma separated"),
    seed: int = typer.Option(None, "--seed", help="seed for a reproducible game"),
    plain: bool = typer.Option(False, "--plain", help="prompt mode for scripts"),
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
