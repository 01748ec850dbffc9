"""What a game's own prompt screen is given, so the screen can live in the game's sub-package
(seed 002's keys, Pai Gow's settings, Big Two's plays) without naming the command line.

The command line hands a screen a ``PromptTable``: the console it asks and tells on, the
table the person asked for (seated from the catalog, its computers' one-time work done), the
prompt mode's generic player, and each computer player's line for a game's end. The
``Narrator`` is the prompt modes' one narration, shared by the generic screen and the games'.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from pokernight.engine.events import Who, dollars, shown
from pokernight.engine.protocol import Game, Player, Preparation, TableState, View
from pokernight.engine.table import HandRecord, Match


class EndOfInput(Exception):
    """Standard input ran out: the screen finishes with the standings."""


class Console(Protocol):
    """The prompt's input and output, and where each finished hand's record goes."""

    def say(self, text: str = "") -> None: ...

    def ask(self, prompt: str) -> str:
        """The person's answer, stripped; ``EndOfInput`` when the input has run out."""
        ...

    def keep(self, match: Match, names: Sequence[str | None], record: HandRecord) -> None:
        """Write a finished hand's record line (``play --records``)."""
        ...


class Seated(Protocol):
    """A table ready to play (``catalog.Seating``): the game, its first table, each seat's
    computer player by name (None: a person), the person's seat and the match."""

    @property
    def game(self) -> Game: ...

    @property
    def table(self) -> TableState: ...

    @property
    def names(self) -> tuple[str | None, ...]: ...

    @property
    def you(self) -> int: ...

    @property
    def bots(self) -> Mapping[int, Player]: ...

    @property
    def preparations(self) -> list[Preparation]: ...

    def players(self, person: Player | None = None) -> list[Player]: ...

    def match(self, person: Player | None = None, *, keep_records: bool = True) -> Match: ...


class PromptTable(Protocol):
    """What the command line gives a game's prompt screen."""

    @property
    def console(self) -> Console: ...

    @property
    def seed(self) -> int:
        """The seed the person asked for (a start-over derives its own from it)."""
        ...

    def seat(self, seed: int | None = None) -> Seated:
        """The person's table (``seed``: another game's, after a start-over), each computer's
        one-time work done first with its progress shown."""
        ...

    def player(self, show: Callable[[View], None]) -> Player:
        """The prompt mode's person: ``show`` draws the view, then the legal choices are
        offered and an answer read until it names one."""
        ...

    def about_bot(self, name: str) -> str:
        """A computer player's one line, as a game's end reveals it ("" when it has none)."""
        ...


PromptScreen = Callable[[PromptTable], None]
"""A game's own prompt screen: a whole game at the prompt, hand after hand."""


def yes_or_no(console: Console, question: str, default: bool) -> bool:
    """A yes-or-no question that Enter answers with ``default``: any other answer than y,
    yes, n or no is refused and the question asked again, so a stray key (q for quit, say)
    never deals a hand or commits a setting the person did not choose."""
    while True:
        answer = console.ask(question).lower()
        if answer in ("y", "yes"):
            return True
        if answer in ("n", "no"):
            return False
        if not answer:
            return default
        console.say(f"  Answer y (yes) or n (no); Enter is {'yes' if default else 'no'}.")


def game_over(reason: str, you: int) -> str:
    """The game-over line, the game's own reason told to the person at seat ``you``."""
    return f"Game over: {yours(reason, you)}."


def yours(line: str, you: int) -> str:
    """A line of the house's told to the person at seat ``you``: their seat named as every
    other line names it (``Seat 2 (you)``), never as a stranger's."""
    mine = f"Seat {you + 1}"
    return re.sub(rf"\b{mine}\b", f"{mine} (you)", line)


class Narrator:
    """The prompt modes' one narration: each event in its own words (``Event.words``) as it
    happens, and before each of your decisions your cards, the pot and every stake."""

    def __init__(self, console: Console, you: int, who: Who | None = None) -> None:
        self.console, self.you, self.told = console, you, 0
        self.who: Who = who or self.seat_name

    def seat_name(self, seat: int) -> str:
        """A seat as the terminal table's log names it."""
        return f"Seat {seat + 1}" + (" (you)" if seat == self.you else "")

    def tell(self, view: View) -> None:
        """The events this hand since the last told (set ``told`` to 0 for a new hand)."""
        for event in view.events[self.told :]:
            if words := event.words(self.who):
                self.console.say(f"  {words}")
        self.told = len(view.events)

    def status(self, view: View) -> str:
        """Your cards, the pot or your wager (whichever the game has), every stake."""
        stakes = "  ".join(f"{self.who(s)} {dollars(v)}" for s, v in enumerate(view.stakes))
        mine = shown(view.hole) or "none yet"
        pot = "" if view.pot is None else f"   Pot ${view.pot}"
        wager = "" if view.wagers is None else f"   Your wager ${view.wagers[self.you]}"
        return f"Your cards: {mine}{pot}{wager}   Stakes: {stakes}"
