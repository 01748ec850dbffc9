"""Events: immutable records of what happened in a hand, each with the form a seat may see.

``visible_to(seat)`` is the only way an event reaches a seat (``None`` = spectator): cards a
seat may not know are replaced by ``None`` there. Replaying a hand's seed and actions
reproduces the same events exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pokernight.cards import AnyCard
from pokernight.engine.actions import Action

HiddenCards = tuple[AnyCard | None, ...]


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

    def visible_to(self, seat: int | None) -> Event:
        return self if self.owner is None or seat == self.owner else self.public()


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
        return replace(self, cards=tuple(None for _ in self.cards))


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
        hidden = tuple(None for _ in self.discarded)
        return replace(self, discarded=hidden, received=hidden)


@dataclass(frozen=True, slots=True)
class Showdown(Event):
    """A seat's cards turned face up, with what they made."""

    seat: int
    cards: tuple[AnyCard, ...]
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
