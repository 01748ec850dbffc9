"""Pai Gow's own events, each with its words: a hand set face down, and each hand turned up
at the showdown."""

from __future__ import annotations

from dataclasses import dataclass

from pokernight.cards import AnyCard
from pokernight.engine.events import Event, PotAwarded, Who, shown


@dataclass(frozen=True, slots=True)
class SetHand(Event):
    """A seat set its hand face down: only that seat sees which two cards went front."""

    seat: int
    front: tuple[AnyCard | None, ...]

    @property
    def owner(self) -> int | None:
        return self.seat

    def public(self) -> Event:
        return SetHand(self.seat, (None, None))

    def words(self, who: Who) -> str | None:
        front = shown(self.front)
        return f"{who(self.seat)} sets {front} in front" if front else None


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """A hand turned up at the showdown (``seat`` None: the house dealer's), as it was set."""

    seat: int | None
    front: tuple[AnyCard, ...]
    back: tuple[AnyCard, ...]
    fouled: bool
    note: str

    tells_result = True

    def words(self, who: Who) -> str | None:
        name = "Dealer" if self.seat is None else who(self.seat)
        foul = " FOULED" if self.fouled else ""
        note = f" ({self.note})" if self.note else ""
        return f"{name}: back {shown(self.back)}, front {shown(self.front)}{foul}{note}"


@dataclass(frozen=True, slots=True)
class Settled(PotAwarded):
    """A wager settled against the bank: ``amount`` is what the seat gets back (the wager and
    the win, the wager alone on a push, nothing on a loss; a banking seat's net), said as a
    player says it rather than as a share of a pot."""

    def words(self, who: Who) -> str | None:
        name = who(self.seat)
        if self.share == "win":
            return f"{name} wins: {self.reason}"
        if self.share == "push":
            return f"{name} pushes: {self.reason}"
        if self.share == "loss":
            return f"{name} loses: {self.reason}"
        return f"{name}, banking: {self.reason}"
