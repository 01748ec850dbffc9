"""One line of the hand log per event, as the person at the table may read it.

Events come from ``view(you).events``, so another seat's hidden cards are already None here;
a game's own events (Big Two's plays, Pai Gow's set hands) read through that game's words.
"""

from __future__ import annotations

from collections.abc import Callable

from pokernight.cards import format_cards
from pokernight.engine.actions import Kind
from pokernight.engine.events import (
    Acted,
    Anted,
    Carried,
    Dealt,
    Drew,
    Event,
    HandStarted,
    PotAwarded,
    RoundStarted,
    Showdown,
)
from pokernight.games.bigtwo import events as bigtwo_events
from pokernight.games.paigow.events import Revealed, SetHand

Who = Callable[[int], str]
RESULTS = (Showdown, PotAwarded, Carried, Revealed, bigtwo_events.RoundOver)
"""Events that tell how a hand ended: the showdown panel's lines."""


def cards(items: tuple[object, ...]) -> str:
    return format_cards(items, pretty=True)


def line(event: Event, who: Who) -> str | None:
    """The log's words for an event (None: nothing worth a line)."""
    if isinstance(event, HandStarted):
        return f"── Hand {event.hand}, dealer: {who(event.dealer)}"
    if isinstance(event, Anted):
        return f"{len(event.seats)} seats ante ${event.amount}"
    if isinstance(event, Dealt):
        shown = [c for c in event.cards if c is not None]
        return f"{who(event.seat)} dealt {cards(tuple(shown))}" if shown else None
    if isinstance(event, RoundStarted):
        return f"── {event.name}"
    if isinstance(event, Acted):
        chips = f" (${event.chips})" if event.chips and event.action.kind is Kind.CALL else ""
        return f"{who(event.seat)}: {event.action}{chips}"
    if isinstance(event, Drew):
        return _drew(event, who)
    if isinstance(event, Showdown):
        low = f"; low {event.low}" if event.low else ""
        return f"{who(event.seat)} shows {cards(event.cards)}: {event.high}{low}"
    if isinstance(event, PotAwarded):
        if not event.amount:
            return f"{who(event.seat)}, {event.share}: {event.reason}"
        return f"{who(event.seat)} wins ${event.amount} {event.share}: {event.reason}"
    if isinstance(event, Carried):
        return f"${event.amount} stays in the pot"
    if isinstance(event, SetHand):
        front = [c for c in event.front if c is not None]
        return f"{who(event.seat)} sets {cards(tuple(front))} in front" if front else None
    if isinstance(event, Revealed):
        name = "Dealer" if event.seat is None else who(event.seat)
        foul = " FOULED" if event.fouled else ""
        note = f" ({event.note})" if event.note else ""
        return f"{name}: back {cards(event.back)}, front {cards(event.front)}{foul}{note}"
    return bigtwo_events.say(event, who)


def _drew(event: Drew, who: Who) -> str:
    count = len(event.discarded)
    if not count:
        return f"{who(event.seat)} stands pat"
    if event.discarded[0] is None:
        return f"{who(event.seat)} draws {count}"
    thrown = cards(event.discarded)
    return f"{who(event.seat)} throws {thrown}, draws {cards(event.received)}"
