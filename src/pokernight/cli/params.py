"""The commands' numbers and the files they write, checked while the command line is parsed.

Every whole number and decimal a command takes has a range (``pokernight.ranges``, which a
game's own tool shares); here a range's refusal is typer's, so it is the one line
``pokernight: Invalid value for '--hands': ...``, naming the option. A file to be written is
checked the same way, so a slip in ``--plot`` is refused before an hour's solve rather than
after it. Each check is a typer ``parser=``. A game's tool declares its parameters without
typer (``engine/tools.py``); ``tool_command`` makes typer's of them.
"""

from __future__ import annotations

import functools
import inspect
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, get_args, get_type_hints

import typer

from pokernight import ranges
from pokernight.engine.structure import Payouts, Schedule, Structure
from pokernight.engine.tools import Argument
from pokernight.errors import InvalidRules

if TYPE_CHECKING:  # the commands that read no game options start without the catalog
    from pokernight.catalog import Entry


class SaidByTyper(ranges.Check):
    """A range refused as typer's BadParameter, which click says naming the option."""

    def refuse(self, message: str) -> NoReturn:
        raise typer.BadParameter(message)


class Whole(SaidByTyper, ranges.Whole):
    """A whole number from ``low`` to ``high`` (``ranges.Whole``), as a typer parser."""


class Amount(SaidByTyper, ranges.Amount):
    """A finite decimal from ``low`` to ``high`` (``ranges.Amount``), as a typer parser."""


def said_by_typer(check: ranges.Whole | ranges.Amount) -> Whole | Amount:
    """The same range as a typer parser."""
    if isinstance(check, ranges.Whole):
        return Whole(check.low, check.high, check.unit)
    return Amount(check.low, check.high, check.unit)


HANDS = Whole(1, 100_000_000, " hands")
HAND = Whole(1, 1_000_000_000)
"""A hand's place in a records file (1 = the first line); the file says how many it holds."""
SEED = said_by_typer(ranges.SEED)
WORKERS = Whole(1, 64, " processes")


def _payouts(text: str) -> Payouts:
    """``--payouts``: ``65/35``, ``50/30/20`` or ``winner-takes-all``, refused as typer's."""
    try:
        return Payouts.parse(text)
    except InvalidRules as exc:
        raise typer.BadParameter(str(exc)) from None


SitAndGoFlag = Annotated[
    bool, typer.Option("--sit-and-go", help="a sit-and-go: one buy-in, the stakes rising")
]
BuyIn = Annotated[
    int, typer.Option("--buy-in", parser=Whole(0, 10**9, " chips"), help="sit-and-go buy-in")
]
Chips = Annotated[
    int,
    typer.Option("--chips", parser=Whole(1, 10**9, " chips"), help="sit-and-go chips each"),
]
LevelsEvery = Annotated[
    int,
    typer.Option(
        "--levels-every", parser=Whole(1, 100_000, " hands"), help="sit-and-go hands a level"
    ),
]
PayoutsByPlace = Annotated[
    Payouts,
    typer.Option(
        "--payouts", parser=_payouts, metavar="65/35", help="sit-and-go prizes by place, in %"
    ),
]


SitAndGoHands = Annotated[
    int,
    typer.Option(
        "--sit-and-go-hands",
        parser=Whole(1, 100_000, " hands"),
        help="hands a sit-and-go decided by hands plays (Pai Gow)",
    ),
]


def structure(
    buy_in: int, chips: int, levels_every: int, payouts: Payouts, hands: int
) -> Structure:
    """A sit-and-go's structure from the command's options (levels by hands)."""
    return Structure(buy_in, chips, Schedule(levels_every), payouts, hands)


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
                f"give KEY=VALUE, e.g. low=deuce-to-seven, not {ranges.quoted(text)}",
                param_hint="'--option'",
            )
        if key in options:
            raise typer.BadParameter(
                f"{key} is given twice: give each option once", param_hint="'--option'"
            )
        options[key] = value
    return options


def tool_command(tool: Callable[..., None]) -> Callable[..., None]:
    """A game's tool as a typer command: each parameter's ``Argument`` or ``Option``
    (``engine/tools.py``) made typer's, with its default, and its range refused as typer's.
    The tool is called with the values as typer parsed them."""
    hints = get_type_hints(tool, include_extras=True)
    signature = inspect.signature(tool)
    parameters = []
    for parameter in signature.parameters.values():
        kind, declared = get_args(hints[parameter.name])
        default = ... if parameter.default is parameter.empty else parameter.default
        if isinstance(declared, Argument):
            made = typer.Argument(default, help=declared.help)
        else:
            parser = None if declared.parser is None else said_by_typer(declared.parser)
            made = typer.Option(default, declared.flag, help=declared.help, parser=parser)
        parameters.append(parameter.replace(annotation=kind, default=made))

    @functools.wraps(tool)
    def command(**values: Any) -> None:
        tool(**values)

    command.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]
    return command
