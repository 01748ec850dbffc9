"""A seat's observation as numbers, built from ``view(seat)`` alone (no hidden card can leak:
a card the view hides is ``None`` and encodes as nothing).

Layout of the vector, seats counted from the observer (0 = itself):
own cards one-hot per slot | face-up board | every seat's visible cards | phase one-hot |
pot, to call, bet level, raises left | per seat: stake, committed, live, cards held, to act.
A card is 53 numbers (52 cards and the joker); a dual-value card is its two ends, 106.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from pokernight.cards import Card, DualCard, Joker, Playable
from pokernight.engine.protocol import View

CARD = 53
PER_SEAT = 5


def _index(card: Card | Joker) -> int:
    return card.index if isinstance(card, Card) else CARD - 1


class Observer:
    """Encodes views of one game: ``slots`` cards at most per seat, ``dual`` cards or not,
    the game's ``phases`` by name."""

    def __init__(self, seats: int, slots: int, dual: bool, phases: Sequence[str]) -> None:
        self.seats, self.slots, self.phases = seats, slots, tuple(phases)
        self.width = 2 * CARD if dual else CARD
        self.size = (
            slots * self.width + (1 + seats) * self.width + len(self.phases) + 4 + PER_SEAT * seats
        )

    def _card(self, out: npt.NDArray[np.float32], at: int, card: Playable) -> None:
        if isinstance(card, DualCard):
            out[at + _index(card.top)] = 1
            out[at + CARD + _index(card.bottom)] = 1
        else:
            out[at + _index(card)] = 1

    def encode(self, view: View) -> npt.NDArray[np.float32]:
        out = np.zeros(self.size, dtype=np.float32)
        me = view.seat or 0
        order = [(me + k) % self.seats for k in range(self.seats)]
        at = 0
        for slot, card in enumerate(view.hole[: self.slots]):
            if card is not None:
                self._card(out, at + slot * self.width, card)
        at += self.slots * self.width
        for card in view.board:
            self._card(out, at, card)
        at += self.width
        for seat in order:
            for card in view.cards[seat]:
                if card is not None:
                    self._card(out, at, card)
            at += self.width
        if view.phase in self.phases:
            out[at + self.phases.index(view.phase)] = 1
        at += len(self.phases)
        out[at : at + 4] = (view.pot, view.to_call, view.bet_level, view.raises_left)
        at += 4
        for seat in order:
            out[at : at + PER_SEAT] = (
                view.stakes[seat],
                view.committed[seat],
                view.live[seat],
                len(view.cards[seat]),
                view.to_act == seat,
            )
            at += PER_SEAT
        return out
