"""Dealing from a deck shuffled as it is dealt: the same cards as shuffling it up front."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from pokernight.cards import CARDS, AnyCard, joker_deck
from pokernight.engine.dealt import DealtHand
from pokernight.engine.protocol import TableState
from pokernight.engine.shuffle import seeded_sample, shuffled

TABLE = TableState((100,) * 8, 0)


@given(st.integers(0, 2**63 - 1), st.integers(0, 2**32))
def test_shuffling_as_dealt_deals_what_shuffling_first_does(seed: int, plan: int) -> None:
    """Deals of random sizes with discards thrown back, so the restock rule is crossed too."""
    first: DealtHand[AnyCard] = DealtHand(TABLE, seed, CARDS, shuffle_as_dealt=False)
    as_dealt: DealtHand[AnyCard] = DealtHand(TABLE, seed, CARDS)
    assert first._deck == shuffled(CARDS, seed)
    rng = random.Random(plan)
    while (count := rng.randint(1, 6)) <= first.stock():
        dealt = first.deal(count)
        assert as_dealt.deal(count) == dealt
        assert as_dealt.stock() == first.stock()
        if rng.random() < 0.7:  # thrown away: these come back when the stock runs short
            first._discards.extend(dealt)
            as_dealt._discards.extend(dealt)


@given(st.integers(-(2**70), 2**70), st.integers(1, 53))
def test_a_seeded_sample_draws_distinct_cards_the_same_each_time(seed: int, count: int) -> None:
    deck = joker_deck()
    drawn = seeded_sample(deck, count, seed)
    assert len(drawn) == len(set(drawn)) == count and set(drawn) <= set(deck)
    assert seeded_sample(deck, count, seed) == drawn
    assert seeded_sample(deck, 53, seed)[:count] == drawn  # a longer deal starts the same


def test_each_card_is_equally_likely_first() -> None:
    """53,000 seeds: one byte per draw taken modulo 53 without skipping the top 44 byte values
    would favour 44 of the cards by a quarter, a chi-square far above this bound (p = 0.001,
    52 degrees of freedom)."""
    deck = joker_deck()
    counts = Counter(seeded_sample(deck, 1, seed)[0] for seed in range(53_000))
    chi_square = sum((counts[card] - 1000) ** 2 / 1000 for card in deck)
    assert chi_square < 89.3
