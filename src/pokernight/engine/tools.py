"""What a game's command-line tool says of its parameters (``games/<name>/tool.py``, named by
its spec's ``Command``), written as ``Annotated[int, Option("--samples", ...)]``.

The tool lives in its game, but the command line and typer are above every game: a game
imports neither. So a tool declares each parameter here, its numbers checked by
``pokernight.ranges``, and ``cli/`` makes typer's arguments and options of them when the tool
runs.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokernight.ranges import Amount, Whole


@dataclass(frozen=True)
class Argument:
    """A positional argument and what to give."""

    help: str


@dataclass(frozen=True)
class Option:
    """An option: its flag (a ``bool`` is an on/off flag), what it sets and, for a number, its
    range (None: the text as given, which the tool checks itself)."""

    flag: str
    help: str
    parser: Whole | Amount | None = None
