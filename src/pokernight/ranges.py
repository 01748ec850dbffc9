"""The ranges of the numbers a command takes, checked from the text given.

Every whole number and decimal a command takes has a range, and the refusal says it (1 to
100,000,000 hands), so ``sim --hands 99999999999999999999999`` is refused at once rather than
run for ever. Digits are ASCII (``int("３")`` would read a fullwidth 3) and a decimal is finite
(a click range lets ``nan`` through).

They live below the games because a game's own tool (``games/<name>/tool.py``) takes numbers
too and must not reach up to the command line: a refusal here is the project's own error, and
``cli/params.py`` says it as typer's, naming the option at fault.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NoReturn

from pokernight.errors import PokernightError

WHOLE = re.compile(r"[+-]?[0-9]{1,30}")
DECIMAL = re.compile(r"[+-]?([0-9]{1,30}\.?[0-9]{0,30}|\.[0-9]{1,30})([eE][+-]?[0-9]{1,3})?")


def quoted(text: str) -> str:
    """The value as given, quoted and cut short (it may be a megabyte of digits)."""
    return repr(text if len(text) <= 30 else text[:27] + "...")


def _bound(number: float) -> str:
    """A range's end as a person writes it: 86,400, 0.01."""
    return f"{int(number):,}" if number == int(number) else f"{number:g}"


class Check:
    """How a range refuses a value: the project's own error, which a front end may say its
    own way (``cli/params.py`` overrides ``refuse``)."""

    def refuse(self, message: str) -> NoReturn:
        raise PokernightError(message)


@dataclass(frozen=True)
class Whole(Check):
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
        self.refuse(
            f"give a whole number from {self.low:,} to {self.high:,}{self.unit}, not {quoted(text)}"
        )


@dataclass(frozen=True)
class Amount(Check):
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
        self.refuse(
            f"give a number from {_bound(self.low)} to {_bound(self.high)}{self.unit}, "
            f"not {quoted(text)}"
        )


SEED = Whole(0, 2**63 - 1)
"""Any seed a hand record or a PHH file can hold."""
