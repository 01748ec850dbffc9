"""A seat's observation as numbers, built from ``view(seat)`` alone (no hidden card can leak:
a card the view hides is ``None`` and encodes as nothing). It sits beside the numbered action
space (``spaces.py``) because the learning environments (``rl/``) and OpenSpiel
(``openspiel/``) both read a seat this way, and neither imports the other.

Layout of the vector, seats counted from the observer (0 = itself):
own cards one-hot per slot | face-up board | every seat's visible cards | phase one-hot |
pot, to call, bet level, raises left | per seat: stake, chips in front, live, cards held, to act
(0 for what the game or the moment does not have: no pot, no betting round).
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
        betting = view.betting
        if view.pot is not None:
            out[at] = view.pot
        if betting is not None:
            out[at + 1 : at + 4] = (betting.to_call, betting.level, betting.raises_left)
        at += 4
        in_front = view.in_front
        for seat in order:
            out[at : at + PER_SEAT] = (
                view.stakes[seat],
                0 if in_front is None else in_front[seat],
                view.live[seat],
                len(view.cards[seat]),
                view.to_act == seat,
            )
            at += PER_SEAT
        return out
