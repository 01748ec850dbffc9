"""Dealing from a deck shuffled as it is dealt: the same cards as shuffling it up front."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from pokernight.cards import CARDS, AnyCard
from pokernight.engine.hand import DealtHand, shuffled
from pokernight.engine.protocol import TableState

TABLE = TableState((100,) * 8, 0)


@given(st.integers(0, 2**63 - 1), st.integers(0, 2**32))
def test_shuffling_as_dealt_deals_what_shuffling_first_does(seed: int, plan: int) -> None:
    """Deals of random sizes with discards thrown back, so the restock rule is crossed too."""
    first: DealtHand[AnyCard] = DealtHand(TABLE, seed, shuffled(list(CARDS), seed))
    as_dealt: DealtHand[AnyCard] = DealtHand(TABLE, seed, list(CARDS), shuffle_as_dealt=True)
    rng = random.Random(plan)
    while (count := rng.randint(1, 6)) <= first.stock():
        dealt = first.deal(count)
        assert as_dealt.deal(count) == dealt
        assert as_dealt.stock() == first.stock()
        if rng.random() < 0.7:  # thrown away: these come back when the stock runs short
            first._discards.extend(dealt)
            as_dealt._discards.extend(dealt)
