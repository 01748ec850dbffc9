"""Events: immutable records of what happened in a hand, each with the form a seat may see.

An event's ``owner`` alone sees it whole; everyone else gets its ``public()`` form, where the
cards they may not know are ``None``. ``HandLog.seen(seat)`` is how a seat reads the events.
Each event also says itself in words (``words``): the one narration that the prompt mode, the
terminal table's log and the browser's hand log all show.
Replaying a hand's seed and actions reproduces the same events exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar, ParamSpec, overload

from pokernight.cards import Card, DualCard, Playable, Rank
from pokernight.engine.actions import Action, Kind

HiddenCards = tuple[Playable | None, ...]
Who = Callable[[int], str]
"""How a front end names a seat in words ("Seat 3", "You")."""


def dollars(amount: int) -> str:
    """An amount as every screen writes money: "$12", and a debt "-$2" (never "$-2")."""
    return f"-${-amount}" if amount < 0 else f"${amount}"


def face(card: Playable) -> str:
    """A card in a line of words, as the pages' card faces draw it and the hands' names say
    it: a ten is ``10♠`` ("Pair of 10s", never ``T♠`` beside it), a dual-value card its two
    ends so written (``10♦/6♥``), never the codes typed at the prompt (``Td/6h``)."""
    if isinstance(card, DualCard):
        return f"{face(card.top)}/{face(card.bottom)}"
    if isinstance(card, Card) and card.rank is Rank.TEN:
        return "10" + card.suit.symbol
    return card.pretty()


def shown(cards: Sequence[Playable | None]) -> str:
    """The cards a reader may see, face-down ones left out."""
    return " ".join(face(c) for c in cards if c is not None)


@dataclass(frozen=True, slots=True)
class Event:
    """Base: a public fact (visible to everyone as is)."""

    tells_result: ClassVar[bool] = False
    """True for the events that tell how a hand ended (a showdown panel's lines)."""

    def words(self, who: Who) -> str | None:
        """The event in words for the reader of this form of it (None: nothing to say)."""
        return None

    @property
    def owner(self) -> int | None:
        """The one seat that sees this event whole (None: everyone does)."""
        return None

    def public(self) -> Event:
        """The form every seat but the owner sees."""
        return self


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A hand dealt: its number, the dealer (None: the house deals) and the seats dealt in."""

    hand: int
    dealer: int | None
    seats: tuple[int, ...]

    counted: ClassVar[str] = "Hand"
    """What the game calls a deal in words (a game of rounds: "Round")."""

    @property
    def number(self) -> int:
        """The deal's number in words."""
        return self.hand

    def words(self, who: Who) -> str | None:
        dealer = "the house" if self.dealer is None else who(self.dealer)
        return f"── {self.counted} {self.number}, dealer: {dealer}"


@dataclass(frozen=True, slots=True)
class Anted(Event):
    """Every listed seat put ``amount`` in the pot."""

    seats: tuple[int, ...]
    amount: int

    def words(self, who: Who) -> str | None:
        return f"{len(self.seats)} seats ante ${self.amount}"


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

    def words(self, who: Who) -> str | None:
        cards = shown(self.cards)
        return f"{who(self.seat)} dealt {cards}" if cards else None


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    name: str

    def words(self, who: Who) -> str | None:
        return f"── {self.name}"


@dataclass(frozen=True, slots=True)
class Acted(Event):
    """A betting decision and the chips it put in (0 for check and fold)."""

    seat: int
    action: Action
    chips: int

    def words(self, who: Who) -> str | None:
        if self.action.kind is Kind.ORIENT and not self.action.flips:  # another seat's, unseen
            return f"{who(self.seat)} orients the cards, face down"
        called = self.chips and self.action.kind is Kind.CALL
        return f"{who(self.seat)}: {self.action}" + (f" (${self.chips})" if called else "")


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

    def words(self, who: Who) -> str | None:
        count = len(self.discarded)
        if not count:
            return f"{who(self.seat)} stands pat"
        if self.discarded[0] is None:
            return f"{who(self.seat)} draws {count}"
        return f"{who(self.seat)} throws {shown(self.discarded)}, draws {shown(self.received)}"


@dataclass(frozen=True, slots=True)
class Showdown(Event):
    """A seat's cards turned face up, with what they made."""

    seat: int
    cards: tuple[Playable, ...]
    high: str
    low: str

    tells_result = True

    def words(self, who: Who) -> str | None:
        low = f"; low {self.low}" if self.low else ""
        if self.low.endswith(" low"):  # a low named as one ("9-4 low") is not named twice
            low = f"; {self.low}"
        return f"{who(self.seat)} shows {shown(self.cards)}: {self.high}{low}"


@dataclass(frozen=True, slots=True)
class PotAwarded(Event):
    seat: int
    amount: int
    share: str
    reason: str

    tells_result = True

    def words(self, who: Who) -> str | None:
        if not self.amount:
            return f"{who(self.seat)}, {self.share}: {self.reason}"
        share = "" if self.share == "pot" else f" {self.share}"  # the whole pot: no share
        return f"{who(self.seat)} wins ${self.amount}{share}: {self.reason}"


@dataclass(frozen=True, slots=True)
class Carried(Event):
    """Chips that could not be divided stay in the pot for the next hand."""

    amount: int

    tells_result = True

    def words(self, who: Who) -> str | None:
        return f"${self.amount} stays in the pot"


WHOLE = -1
"""The viewer of ``HandLog.since``: the referee, who sees every event whole."""


class EventLog(Sequence[Event]):
    """A read-only window on a hand's events ``start``..``stop`` as one viewer sees them: its
    own whole and everyone else's private ones in their public form (``None``: a spectator,
    ``WHOLE``: all of them whole). Made in O(1); events and hidden forms are made only when
    read (bots that never read the history pay nothing), and it never grows after it is made.
    """

    __slots__ = ("_log", "_seat", "_start", "_stop")

    def __init__(self, log: HandLog, seat: int | None, start: int, stop: int) -> None:
        self._log = log
        self._seat = seat
        self._start = start
        self._stop = stop

    def __len__(self) -> int:
        return self._stop - self._start

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...
    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        if isinstance(index, slice):
            return tuple(self)[index]
        length = len(self)
        if not -length <= index < length:
            raise IndexError("event index out of range")
        return self._as_seen(self._log.event(self._start + index % length))

    def __iter__(self) -> Iterator[Event]:
        event = self._log.event
        for index in range(self._start, self._stop):
            yield self._as_seen(event(index))

    def _as_seen(self, event: Event) -> Event:
        owner, seat = event.owner, self._seat
        return event if owner is None or owner == seat or seat == WHOLE else event.public()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"EventLog({list(self)!r})"


P = ParamSpec("P")
Unmade = tuple[Callable[..., Event], tuple[object, ...], dict[str, object]]


class HandLog:
    """Every event of a hand, kept once and whole, in order. ``seen(seat)`` is what that seat
    may read (``None``: a spectator).

    An event is logged as its class and fields and made when something first reads it:
    simulated bots never read the history, and making ~50 frozen records per hand took about
    a twentieth of a simulated hand. Fields are kept as given, so pass immutable values (tuples,
    not lists), as the events themselves hold."""

    __slots__ = ("_entries",)

    def __init__(self) -> None:
        self._entries: list[Event | Unmade] = []

    def add(self, kind: Callable[P, Event], /, *args: P.args, **kwargs: P.kwargs) -> None:
        """Log the event ``kind(*args, **kwargs)``."""
        self._entries.append((kind, args, kwargs))

    def add_made(self, event: Event) -> None:
        """Log an event already made (one that is also kept elsewhere, e.g. an award)."""
        self._entries.append(event)

    def __len__(self) -> int:
        return len(self._entries)

    def event(self, index: int) -> Event:
        """The event at ``index``, made now if nothing has read it before."""
        entry = self._entries[index]
        if isinstance(entry, tuple):
            kind, args, kwargs = entry
            entry = self._entries[index] = kind(*args, **kwargs)
        return entry

    @property
    def events(self) -> list[Event]:
        return [self.event(index) for index in range(len(self._entries))]

    def seen(self, seat: int | None) -> EventLog:
        return EventLog(self, seat, 0, len(self._entries))

    def since(self, start: int) -> EventLog:
        """The events from ``start`` on, whole (what an action caused, for the referee)."""
        return EventLog(self, WHOLE, start, len(self._entries))
