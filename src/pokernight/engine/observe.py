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

import struct
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from pokernight.cards import DualCard, Playable
from pokernight.engine.protocol import View

CARD = 53
PER_SEAT = 5


class Observer:
    """Encodes views of one game: ``slots`` cards at most per seat, ``dual`` cards or not,
    the game's ``phases`` by name."""

    def __init__(self, seats: int, slots: int, dual: bool, phases: Sequence[str]) -> None:
        self.seats, self.slots, self.phases = seats, slots, tuple(phases)
        self.width = 2 * CARD if dual else CARD
        self.size = (
            slots * self.width + (1 + seats) * self.width + len(self.phases) + 4 + PER_SEAT * seats
        )
        self._phase_at = {name: i for i, name in enumerate(self.phases)}
        self._orders = [[(me + k) % seats for k in range(seats)] for me in range(seats)]
        """The seats as each one counts them, itself first."""
        count = 4 + PER_SEAT * seats
        self._numbers = struct.Struct(f"{count}f")
        """The numbers (pot, the round, each seat's) as they are laid in memory, after the
        ones and zeros: packed in one call."""
        self._numbers_at = (self.size - count) * np.dtype(np.float32).itemsize

    def encode(self, view: View) -> npt.NDArray[np.float32]:
        out = np.zeros(self.size, dtype=np.float32)
        self.write(view, out)
        return out

    def write(self, view: View, out: npt.NDArray[np.float32]) -> None:
        """Encode ``view`` into ``out``: zeros of ``size`` (a row of a batch of tables being
        filled in place, or ``encode``'s own). Run once per decision of every learning step,
        so each one is set through a memoryview and the numbers packed at once, where
        NumPy's indexing costs a microsecond a call."""
        width = self.width
        order = self._orders[view.seat or 0]
        ones = self._ones(view.hole[: self.slots], 0, width)
        at = self.slots * width
        if view.board:
            ones += self._ones(view.board, at, 0)
        at += width
        cards = view.cards
        for seat in order:
            held = cards[seat]
            if held.count(None) < len(held):  # a seat's cards all hidden encode as nothing
                ones += self._ones(held, at, 0)
            at += width
        phase = self._phase_at.get(view.phase)
        if phase is not None:
            ones.append(at + phase)
        betting, pot, in_front = view.betting, view.pot, view.in_front
        numbers: list[float] = [0 if pot is None else pot]
        numbers += (
            (0, 0, 0) if betting is None else (betting.to_call, betting.level, betting.raises_left)
        )
        stakes, live, to_act = view.stakes, view.live, view.to_act
        for seat in order:
            numbers += (
                stakes[seat],
                0 if in_front is None else in_front[seat],
                live[seat],
                len(cards[seat]),
                to_act == seat,
            )
        row = out.data
        for one in ones:
            row[one] = 1
        self._numbers.pack_into(row, self._numbers_at, *numbers)

    def _ones(self, cards: Sequence[Playable | None], at: int, step: int) -> list[int]:
        """Where the ones of ``cards`` go, card k's block starting at ``at + k * step``: a
        card's index in it, a dual-value card's top end's and, a card further on, its bottom
        end's; a hidden card (None) has none."""
        ones = [
            at + k * step + c.index
            for k, c in enumerate(cards)
            if c is not None and not isinstance(c, DualCard)
        ]
        if self.width != CARD:
            for k, c in enumerate(cards):
                if isinstance(c, DualCard):
                    ones += (at + k * step + c.top.index, at + k * step + CARD + c.bottom.index)
        return ones
