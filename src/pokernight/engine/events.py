"""Events: immutable records of what happened in a hand, each with the form a seat may see.

An event's ``owner`` alone sees it whole; everyone else gets its ``public()`` form, where the
cards they may not know are ``None``. ``HandLog.seen(seat)`` is how a seat reads the events.
Replaying a hand's seed and actions reproduces the same events exactly.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from pokernight.cards import Playable
from pokernight.engine.actions import Action

HiddenCards = tuple[Playable | None, ...]


@dataclass(frozen=True, slots=True)
class Event:
    """Base: a public fact (visible to everyone as is)."""

    @property
    def owner(self) -> int | None:
        """The one seat that sees this event whole (None: everyone does)."""
        return None

    def public(self) -> Event:
        """The form every seat but the owner sees."""
        return self


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    hand: int
    dealer: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Anted(Event):
    """Every listed seat put ``amount`` in the pot."""

    seats: tuple[int, ...]
    amount: int


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """Cards dealt face down to one seat: only that seat sees them."""

    seat: int
    cards: HiddenCards

    @property
    def owner(self) -> int | None:
        return self.seat

    def public(self) -> Event:
        return Dealt(self.seat, (None,) * len(self.cards))


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    name: str


@dataclass(frozen=True, slots=True)
class Acted(Event):
    """A betting decision and the chips it put in (0 for check and fold)."""

    seat: int
    action: Action
    chips: int


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """A draw: the seat sees what it threw and got; the others see only how many."""

    seat: int
    discarded: HiddenCards
    received: HiddenCards

    @property
    def owner(self) -> int | None:
        return self.seat

    def public(self) -> Event:
        hidden = (None,) * len(self.discarded)
        return Drew(self.seat, hidden, hidden)


@dataclass(frozen=True, slots=True)
class Showdown(Event):
    """A seat's cards turned face up, with what they made."""

    seat: int
    cards: tuple[Playable, ...]
    high: str
    low: str


@dataclass(frozen=True, slots=True)
class PotAwarded(Event):
    seat: int
    amount: int
    share: str
    reason: str


@dataclass(frozen=True, slots=True)
class Carried(Event):
    """Chips that could not be divided stay in the pot for the next hand."""

    amount: int


class EventLog(Sequence[Event]):
    """A read-only window on a hand's events as one seat sees them: the first ``length``
    events, that seat's own whole and everyone else's private ones in their public form. Made
    in O(1) per view, and hidden forms are made only when read (bots that never read the
    history pay nothing); it never grows after it is made.
    """

    __slots__ = ("_events", "_length", "_seat")

    def __init__(self, events: list[Event], seat: int | None, length: int) -> None:
        self._events = events
        self._seat = seat
        self._length = length

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...
    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        if isinstance(index, slice):
            return tuple(self)[index]
        if not -self._length <= index < self._length:
            raise IndexError("event index out of range")
        return self._as_seen(self._events[index % self._length])

    def __iter__(self) -> Iterator[Event]:
        for event in self._events[: self._length]:
            yield self._as_seen(event)

    def _as_seen(self, event: Event) -> Event:
        owner = event.owner
        return event if owner is None or owner == self._seat else event.public()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"EventLog({list(self)!r})"


class HandLog:
    """Every event of a hand, kept once and whole, in order. ``seen(seat)`` is what that seat
    may read (``None``: a spectator)."""

    __slots__ = ("events",)

    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(self, event: Event) -> None:
        self.events.append(event)

    def seen(self, seat: int | None) -> EventLog:
        return EventLog(self.events, seat, len(self.events))
