"""The value player's arithmetic in batches: every sampled opponent hand and every orientation
of every hand it weighs go through the numba batch evaluator (``hands.batch.keys``) at once,
where one at a time in Python cost about 50 ms a decision.

The results are the per-hand path's to the last bit, so the player's decisions are too: keys
equal ``key_function``'s (the batch tables are the same tables), a hand's value accumulates
its samples' shares in the same order (``cumsum`` adds one element after another), and ties
go where ``max`` over (value, flips) pairs sent them. Imported on the player's first use, so
the catalog loads without NumPy.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from pokernight.bots.orientations import FLIPS
from pokernight.hands.batch import keys
from pokernight.hands.rules import HandRules

I64 = npt.NDArray[np.int64]
HIGH_END = np.array(FLIPS)
"""Per orientation (``FLIPS``, the order ties are broken in), which end of each card plays
high (0: the top); the other plays low."""
CARD = np.arange(5)
NOBODY = np.iinfo(np.int64).min
"""The best key of no opponent: with everyone else folded any hand is best."""


class Valuation:
    """Hands valued against sampled opponents: 2/3 x P(best high) + 1/3 x P(best low)."""

    def __init__(self, high: HandRules, low: HandRules) -> None:
        """Loads the rankings' tables and the compiled kernels now, while the player is
        seated (half a second once per process; seconds the first time, while numba compiles),
        rather than on its first decision."""
        self.high, self.low = high, low
        for rules in (high, low):
            for shape in ((0, 5), (0, 5, 2)):
                keys(np.zeros(shape, dtype=np.int64), rules, threads=False)

    @staticmethod
    def cards(ends: Sequence[tuple[int, int]]) -> I64:
        """The (top, bottom) end indexes of cards as an array, for ``field`` and ``best``."""
        return np.array(ends, dtype=np.int64).reshape(-1, 2)

    def field(self, cards: I64, picks: Sequence[Sequence[int]], others: int) -> I64:
        """(2, samples): per sample, the best high key and the best low key among ``others``
        opponents dealt five cards each (``picks``: positions in ``cards``), credited with
        each separately (an optimistic opponent: its best orientation for either)."""
        dealt = cards[np.array(picks, dtype=np.intp).reshape(-1, 5)]
        shape = (len(picks), others)
        high = keys(dealt, self.high, threads=False).reshape(shape).max(axis=1, initial=NOBODY)
        low = keys(dealt, self.low, threads=False).reshape(shape).max(axis=1, initial=NOBODY)
        return np.stack((high, low))

    def best(
        self, cards: I64, hands: Sequence[Sequence[int]], field: I64
    ) -> tuple[list[float], list[int]]:
        """Each hand's (five positions in ``cards``) best value against ``field``, and the
        index in ``FLIPS`` of the orientation that makes it (the last of equals)."""
        samples = field.shape[1]
        dealt = cards[np.array(hands, dtype=np.intp)]
        high_ends = dealt[:, CARD, HIGH_END].reshape(-1, 5)
        low_ends = dealt[:, CARD, 1 - HIGH_END].reshape(-1, 5)
        high = keys(high_ends, self.high, threads=False).reshape(-1, 32, 1)
        low = keys(low_ends, self.low, threads=False).reshape(-1, 32, 1)
        shares = np.empty((len(dealt), 32, 2 * samples))
        shares[..., 0::2] = (high >= field[0]) * (2 / 3)
        shares[..., 1::2] = (low >= field[1]) * (1 / 3)
        values = shares.cumsum(axis=2)[..., -1] / samples
        last = 31 - values[:, ::-1].argmax(axis=1)
        return values[np.arange(len(dealt)), last].tolist(), last.tolist()
