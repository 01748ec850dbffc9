"""What happens in a Mount Holyoke Poker round, as events every seat may read.

Plays are face up, so these events are public: no event names a card still in a hand (the
deal itself is the engine's ``Dealt``, whose public form hides the cards).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pokernight.cards import Card, format_cards
from pokernight.engine.events import Event


@dataclass(frozen=True, slots=True)
class Played(Event):
    """A seat's play, face up, what it is, and how many cards that seat has left."""

    seat: int
    cards: tuple[Card, ...]
    what: str
    left: int


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """A pass; the seat may still play later in the run."""

    seat: int


@dataclass(frozen=True, slots=True)
class RunReset(Event):
    """Everyone else passed on ``leader``'s play: the run is over and ``leader`` leads anything."""

    leader: int


@dataclass(frozen=True, slots=True)
class FewCardsLeft(Event):
    """The warning: ``seat`` is down to ``count`` cards (three or fewer)."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class RoundOver(Event):
    """``winner`` emptied their hand; every seat's cards left and the points they cost."""

    winner: int
    left: tuple[int, ...]
    points: tuple[int, ...]


def seat_name(seat: int) -> str:
    return f"seat {seat + 1}"


def say(event: Event, who: Callable[[int], str] = seat_name) -> str | None:
    """One line for an event of the round (None for the deal), seats named by ``who``: the
    prompt mode and the terminal table tell a round the same way."""
    if isinstance(event, Played):
        cards = format_cards(event.cards, pretty=True)
        return f"{who(event.seat)} plays {cards} ({event.what}), {event.left} left"
    if isinstance(event, Passed):
        return f"{who(event.seat)} passes"
    if isinstance(event, RunReset):
        return f"everyone else passed: {who(event.leader)} leads anything"
    if isinstance(event, FewCardsLeft):
        return f"! {who(event.seat)} is down to {event.count} card{'s' * (event.count > 1)}"
    if isinstance(event, RoundOver):
        points = "  ".join(f"{who(s)}: {p}" for s, p in enumerate(event.points))
        return f"{who(event.winner)} is out. Points this round: {points}"
    return None
