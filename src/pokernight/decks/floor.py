"""A proved floor under the L1 distance of every deck that shares a deck's rank pairs.

Why it holds: a hand's category is the first one it reaches in the ranking's order. Clear the
two bits suits decide (flush; straight flush, royal included) from its reachability word and
the rest, what its ranks reach, is the same in every deck with the same rank pairs (the same
multigraph of ``bound``), whatever the suits. Call the category of that word the hand's
suitless category, and the table they make the suitless table ``s``. The hand's real category is
its suitless one, or a flush or straight flush ranked above it: suits only ever lift a hand, and
only into those two rows. So the real table ``t`` of any deck with these ranks keeps

- every other row at most its suitless count: ``t[K] <= s[K]``;
- every prefix of the order (a best-first run of rows) at least its suitless count.

With ``d = t - target``, the L1 distance is ``2 * sum(max(-d, 0))``, the rows summing to the
same total (a target of another total adds the difference, ``excess``). For any prefix P, the
rows in P fall short by at least their suitless shortfalls, and the rows after P together by at
least the larger of P's suitless surplus (what P holds beyond the target must be missing after
it) and their own suitless shortfalls. Twice the best P is the floor. It needs no search over
suits, so ``pokernight deck bound`` gives it from one count.

Under the standard ranking the shipped deck's ranks give 292, and the shipped deck is at 292:
four of a kind is 146 short by ranks alone, and no choice of suits can add a four of a kind, so
no deck with its rank pairs is closer. A floor over every deck
would need the smallest of these over all rank multigraphs, which is not proved (the dual-deck
page says why).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pokernight.hands.dualcount import SUIT_BITS, WORDS
from pokernight.hands.dualrankings import Ranking, table
from pokernight.hands.value import Category

SUIT_ROWS = ("flush", "straight_flush")
"""The rows suits decide: a hand can only be lifted into them."""


@dataclass(frozen=True)
class Floor:
    distance: int
    """No deck with these ranks is closer to the target than this, under the ranking."""
    rows: tuple[str, ...]
    """The ranking's rows best first."""
    prefix: int
    """How many of ``rows`` the prefix whose surplus sets the floor holds; 0 when the
    shortfalls alone set it."""
    suitless: dict[str, int]


def suitless_table(word_counts: npt.NDArray[np.int64], ranking: Ranking) -> dict[str, int]:
    """The table a deck's hands would make if suits reached nothing: every word's flush and
    straight flush bits cleared."""
    words = np.arange(WORDS, dtype=np.int64)
    folded = np.bincount(words & ~SUIT_BITS, weights=word_counts, minlength=WORDS)
    return table(folded.astype(np.int64), ranking)


def row_order(ranking: Ranking) -> tuple[str, ...]:
    """The seed's rows in the ranking's order, best first (royal flushes with straight
    flushes)."""
    out: list[str] = []
    for category in ranking.order:
        name = "straight_flush" if category is Category.ROYAL_FLUSH else category.name.lower()
        if name not in out:
            out.append(name)
    return tuple(out)


def floor(suitless: dict[str, int], target: dict[str, int], ranking: Ranking) -> Floor:
    """The floor the module proves, from a suitless table (see the module for why)."""
    order = row_order(ranking)
    short = [0 if name in SUIT_ROWS else max(target[name] - suitless[name], 0) for name in order]
    # a target of another total: the distance is 2 * (total shortfall) + excess
    excess = sum(suitless.values()) - sum(target.values())
    best, prefix = sum(short), 0  # the empty prefix: the shortfalls alone
    for k in range(1, len(order)):
        surplus = sum(suitless[name] - target[name] for name in order[:k])
        bound = sum(short[:k]) + max(surplus - excess, sum(short[k:]))
        if bound > best:
            best, prefix = bound, k
    return Floor(max(2 * best + excess, abs(excess)), order, prefix, dict(suitless))


def deck_floor(
    word_counts: npt.NDArray[np.int64], target: dict[str, int], ranking: Ranking
) -> Floor:
    """The floor for every deck with the ranks of the deck whose words were counted."""
    return floor(suitless_table(word_counts, ranking), target, ranking)
