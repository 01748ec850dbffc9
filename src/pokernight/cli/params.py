"""The commands' numbers and the files they write, checked while the command line is parsed.

Every whole number and decimal a command takes has a range, and the error says it (``--hands``:
1 to 100,000,000 hands), so ``sim --hands 99999999999999999999999`` is refused at once rather
than run for ever. Digits are ASCII (``int("３")`` would read a fullwidth 3) and a decimal is
finite (a click range lets ``nan`` through). A file to be written is checked the same way, so a
slip in ``--plot`` is refused before an hour's solve rather than after it. Each check is a
typer ``parser=``, and a refusal is the one line ``pokernight: Invalid value for ...``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:  # the commands that read no game options start without the catalog
    from pokernight.catalog import Entry

WHOLE = re.compile(r"[+-]?[0-9]{1,30}")
DECIMAL = re.compile(r"[+-]?([0-9]{1,30}\.?[0-9]{0,30}|\.[0-9]{1,30})([eE][+-]?[0-9]{1,3})?")


def _shown(text: str) -> str:
    """The value as given, quoted and cut short (it may be a megabyte of digits)."""
    return repr(text if len(text) <= 30 else text[:27] + "...")


def _bound(number: float) -> str:
    """A range's end as a person writes it: 86,400, 0.01."""
    return f"{int(number):,}" if number == int(number) else f"{number:g}"


@dataclass(frozen=True)
class Whole:
    """A whole number from ``low`` to ``high``; ``unit`` is said after the range."""

    low: int
    high: int
    unit: str = ""

    @property
    def __name__(self) -> str:  # typer names the help's metavar after its parser
        return "integer"

    def __call__(self, value: str | int) -> int:
        text = str(value)
        if WHOLE.fullmatch(text) and self.low <= (number := int(text)) <= self.high:
            return number
        raise typer.BadParameter(
            f"give a whole number from {self.low:,} to {self.high:,}{self.unit}, not {_shown(text)}"
        )


@dataclass(frozen=True)
class Amount:
    """A finite decimal from ``low`` to ``high``; ``unit`` is said after the range."""

    low: float
    high: float
    unit: str = ""

    @property
    def __name__(self) -> str:
        return "number"

    def __call__(self, value: str | float) -> float:
        text = str(value)
        if DECIMAL.fullmatch(text) and self.low <= (number := float(text)) <= self.high:
            return number
        raise typer.BadParameter(
            f"give a number from {_bound(self.low)} to {_bound(self.high)}{self.unit}, "
            f"not {_shown(text)}"
        )


HANDS = Whole(1, 100_000_000, " hands")
HAND = Whole(1, 1_000_000_000)
"""A hand's place in a records file (1 = the first line); the file says how many it holds."""
SEED = Whole(0, 2**63 - 1)
"""Any seed a hand record or a PHH file can hold."""
WORKERS = Whole(1, 64, " processes")


def output_file(value: str) -> Path:
    """A file to write: not a folder, in a folder that exists and can be written."""
    path = Path(value)
    if path.is_dir():
        raise typer.BadParameter(f"{value} is a folder: name a file to write")
    folder = path.parent
    if not folder.is_dir():
        raise typer.BadParameter(f"{folder} is not a folder: name a file in an existing folder")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise typer.BadParameter(f"cannot write {path}: permission denied")
    return path


def output_folder(value: str) -> Path:
    """A folder to write files in: an existing folder, or one that can be made."""
    path = Path(value)
    existing = next((p for p in (path, *path.parents) if p.exists()), Path("/"))
    if not existing.is_dir():
        raise typer.BadParameter(f"{existing} is a file, not a folder: name a folder")
    if not os.access(existing, os.W_OK):
        raise typer.BadParameter(f"cannot write in {existing}: permission denied")
    return path


def option_help(games: Mapping[str, Entry]) -> str:
    """``--option``'s help: the options of the games a command takes, their values and what
    each decides, from the specs. A game with none is not listed, unless none has any: then
    each says so, rather than the help ending on nothing."""
    offered = {name: game.spec.option_words() for name, game in games.items() if game.spec.choices}
    listed = offered or dict.fromkeys(games, "none")
    return "a game option KEY=VALUE (repeatable). " + "; ".join(
        f"{name}: {words}" for name, words in listed.items()
    )


def game_options(given: list[str] | None) -> dict[str, str]:
    """``--option KEY=VALUE``, each once: the text choices a game's spec checks (the same
    names and errors as the web's table form)."""
    options: dict[str, str] = {}
    for text in given or ():
        key, equals, value = text.partition("=")
        key, value = key.strip(), value.strip()
        if not equals or not key or not value:
            raise typer.BadParameter(
                f"give KEY=VALUE, e.g. low=deuce-to-seven, not {_shown(text)}",
                param_hint="'--option'",
            )
        if key in options:
            raise typer.BadParameter(
                f"{key} is given twice: give each option once", param_hint="'--option'"
            )
        options[key] = value
    return options
