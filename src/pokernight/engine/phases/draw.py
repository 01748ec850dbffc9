"""The draw phase every draw game shares: in turn, each live seat keeps its cards or
discards up to a limit and is dealt as many new ones."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, starmap
from typing import TypeVar

from pokernight.cards import Playable
from pokernight.engine.actions import KEEP, Action, Kind, discard
from pokernight.errors import IllegalAction

C = TypeVar("C", bound=Playable)


class DrawPhase:
    """Seats draw in ``order``; each may discard at most ``max_discards`` cards."""

    def __init__(
        self, order: Sequence[int], max_discards: int, available: Callable[[], int] | None = None
    ) -> None:
        """``available``: how many cards can still be dealt (a draw never asks for more)."""
        self.pending = list(order)
        self.max_discards = max_discards
        self.available = available

    def limit(self) -> int:
        room = self.available() if self.available is not None else self.max_discards
        return min(self.max_discards, room)

    def to_act(self) -> int | None:
        return self.pending[0] if self.pending else None

    def legal(self, hand: Sequence[Playable]) -> tuple[Action, ...]:
        """Keep, or discard any 1..max of the seat's cards (in the hand's order), each once
        even when the hand holds two equal cards (a deck with two jokers). Built on each call:
        asked once per decision, a cache keyed by the cards would cost more than it saves (the
        discards themselves are cached by ``discard``)."""
        equal_cards = len(set(hand)) < len(hand)
        if equal_cards:  # equal cards side by side: a discard's copies come out the same
            hand = sorted(hand, key=hand.index)
        options = [KEEP]
        for size in range(1, self.limit() + 1):
            options.extend(starmap(discard, combinations(hand, size)))
        return tuple(dict.fromkeys(options)) if equal_cards else tuple(options)

    def apply(
        self, hand: list[C], action: Action, deal: Callable[[int], list[C]]
    ) -> tuple[tuple[C, ...], tuple[C, ...]]:
        """Replace the discarded cards in place; returns (discarded, received)."""
        if action.kind is Kind.KEEP:
            self.pending.pop(0)
            return (), ()
        thrown = _taken(hand, action.cards)
        limit = self.limit()
        valid = action.kind is Kind.DISCARD and 1 <= len(thrown) == len(action.cards) <= limit
        if not valid:
            mine = " ".join(str(c) for c in hand)
            most = "one" if limit == 1 else f"up to {limit}"
            raise IllegalAction(
                f"cannot {action}: keep your cards or discard {most} of your own ({mine})"
            )
        self.pending.pop(0)
        received = deal(len(thrown))
        for old, new in zip(thrown, received, strict=True):
            hand[hand.index(old)] = new
        return tuple(thrown), tuple(received)


def _taken(hand: Sequence[C], cards: Sequence[Playable]) -> list[C]:
    """The hand's cards that ``cards`` names, in the hand's order, each card of the hand at most
    once: two equal cards (two jokers) are two cards, so one discard takes only one of them."""
    wanted = list(cards)
    taken = []
    for card in hand:
        if card in wanted:
            wanted.remove(card)
            taken.append(card)
    return taken
