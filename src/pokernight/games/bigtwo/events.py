"""What happens in a Mount Holyoke Poker round, as events every seat may read, each with its
words (the narration every front end shows).

Plays are face up, so these events are public: no event names a card still in a hand (the
deal itself is the engine's ``Dealt``, whose public form hides the cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pokernight.cards import Card
from pokernight.engine.events import Event, HandStarted, Who, shown


@dataclass(frozen=True, slots=True)
class RoundDealt(HandStarted):
    """A round dealt, said as the game counts it: ``round`` is its number in the game
    (``TableState.round``), which ends after so many rounds; ``hand`` the table's."""

    round: int

    counted: ClassVar[str] = "Round"

    @property
    def number(self) -> int:
        return self.round


@dataclass(frozen=True, slots=True)
class Played(Event):
    """A seat's play, face up, what it is, and how many cards that seat has left."""

    seat: int
    cards: tuple[Card, ...]
    what: str
    left: int

    def words(self, who: Who) -> str | None:
        return f"{who(self.seat)} plays {shown(self.cards)} ({self.what}), {self.left} left"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """A pass; the seat may still play later in the run."""

    seat: int

    def words(self, who: Who) -> str | None:
        return f"{who(self.seat)} passes"


@dataclass(frozen=True, slots=True)
class RunReset(Event):
    """Everyone else passed on ``leader``'s play: the run is over and ``leader`` leads anything."""

    leader: int

    def words(self, who: Who) -> str | None:
        return f"everyone else passed: {who(self.leader)} leads anything"


@dataclass(frozen=True, slots=True)
class FewCardsLeft(Event):
    """The warning: ``seat`` is down to ``count`` cards (three or fewer)."""

    seat: int
    count: int

    def words(self, who: Who) -> str | None:
        return f"! {who(self.seat)} is down to {self.count} card{'s' * (self.count > 1)}"


@dataclass(frozen=True, slots=True)
class RoundOver(Event):
    """``winner`` emptied their hand; every seat's cards left and the points they cost."""

    winner: int
    left: tuple[int, ...]
    points: tuple[int, ...]

    tells_result = True

    def words(self, who: Who) -> str | None:
        points = "  ".join(f"{who(s)}: {p}" for s, p in enumerate(self.points))
        return f"{who(self.winner)} is out. Points this round: {points}"
