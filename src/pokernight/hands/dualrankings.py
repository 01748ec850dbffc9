"""Counting conventions for a dual-value deck's category table (seed 001 prints only the table).

Each hand is counted once, in the best category one end per card can reach; a convention is the
order that decides "best". The seed prints the standard order, but a table maker may have
ranked by what is rare in this deck, where a flush (113,394) is rarer than a full house
(154,706). Each convention below is a plausible way the seed's table could have been counted;
``deck fit --ranking`` fits a deck under one of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from pokernight.hands.value import Category

ROWS = (
    "five_of_a_kind",
    "straight_flush",
    "four_of_a_kind",
    "full_house",
    "flush",
    "straight",
    "three_of_a_kind",
    "two_pair",
    "one_pair",
    "high_card",
)
"""The seed's rows, best first (royal flushes are straight flushes there)."""
RANK_ROWS = ("five_of_a_kind", "four_of_a_kind", "full_house")
"""The rows ranks alone can decide (``decks.bound``): those a ranking puts above every flush
and straight decide it (to within the few hands straight flushes take)."""

C = Category
_STANDARD = (
    C.FIVE_OF_A_KIND,
    C.ROYAL_FLUSH,
    C.STRAIGHT_FLUSH,
    C.FOUR_OF_A_KIND,
    C.FULL_HOUSE,
    C.FLUSH,
    C.STRAIGHT,
    C.THREE_OF_A_KIND,
    C.TWO_PAIR,
    C.ONE_PAIR,
    C.HIGH_CARD,
)


def _moved(
    order: tuple[Category, ...], category: Category, above: Category
) -> tuple[Category, ...]:
    """``order`` with ``category`` moved to just above ``above``."""
    rest = [c for c in order if c is not category]
    at = rest.index(above)
    return (*rest[:at], category, *rest[at:])


class RankingName(StrEnum):
    STANDARD = "standard"
    FLUSH_OVER_FULL_HOUSE = "flush-over-full-house"
    STRAIGHT_FLUSH_OVER_FIVE = "straight-flush-over-five"
    STRAIGHT_OVER_FLUSH = "straight-over-flush"


@dataclass(frozen=True)
class Ranking:
    name: RankingName
    order: tuple[Category, ...]
    """Best first; a hand counts in the first category it can reach."""
    explain: str

    @property
    def rank_rows(self) -> tuple[str, ...]:
        """The rows of ``RANK_ROWS`` ranked above the flush and the straight."""
        last = min(self.order.index(Category.FLUSH), self.order.index(Category.STRAIGHT))
        return tuple(n for n in RANK_ROWS if self.order.index(Category[n.upper()]) < last)


RANKINGS = {
    r.name: r
    for r in (
        Ranking(
            RankingName.STANDARD,
            _STANDARD,
            "the seed's printed order: five of a kind, straight flush, four of a kind, full "
            "house, flush, straight, three of a kind, two pair, one pair, high card",
        ),
        Ranking(
            RankingName.FLUSH_OVER_FULL_HOUSE,
            _moved(_STANDARD, C.FLUSH, C.FULL_HOUSE),
            "a flush beats a full house: ranked by rarity in this deck, where the seed's "
            "flushes (113,394) are fewer than its full houses (154,706)",
        ),
        Ranking(
            RankingName.STRAIGHT_FLUSH_OVER_FIVE,
            _moved(_STANDARD, C.FIVE_OF_A_KIND, C.FOUR_OF_A_KIND),
            "a straight flush beats five of a kind (a standard-deck evaluator with five of a "
            "kind added below its top category); the tables differ only when a hand can "
            "make both, which takes a card with one rank at both ends",
        ),
        Ranking(
            RankingName.STRAIGHT_OVER_FLUSH,
            _moved(_STANDARD, C.STRAIGHT, C.FLUSH),
            "a straight beats a flush, as in some early poker; in this deck straights are "
            "the commoner, so the least likely of these",
        ),
    )
}


def categories_of(ranking: Ranking) -> npt.NDArray[np.uint8]:
    """The category of each reachability word (bit c: category c reachable) under a ranking."""
    out = np.zeros(1 << 11, dtype=np.uint8)
    for word in range(1 << 11):
        out[word] = next((c for c in ranking.order if (word >> c) & 1), Category.HIGH_CARD)
    return out


def table(word_counts: npt.NDArray[np.int64], ranking: Ranking) -> dict[str, int]:
    """The seed's ten rows from how many hands reach each word."""
    per_category = np.bincount(
        categories_of(ranking), weights=word_counts, minlength=len(Category)
    ).astype(np.int64)
    return rows_of(per_category)


def rows_of(per_category: npt.NDArray[np.int64]) -> dict[str, int]:
    rows = {name: int(per_category[Category[name.upper()]]) for name in ROWS}
    rows["straight_flush"] += int(per_category[Category.ROYAL_FLUSH])  # as the seed counts
    return rows
