"""The move generator against a brute force: every subset of 1, 2, 3 or 5 cards of the hand,
classified by ``classify_values`` (the referee's classifier), kept if it beats the table."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.errors import InvalidCards, InvalidRules
from pokernight.hands.climb import (
    SEED_ORDER,
    ClimbOrder,
    Combo,
    Straights,
    classify_values,
    play_key,
)
from pokernight.hands.climb_moves import Play, plays

ORDERS = [SEED_ORDER, ClimbOrder("cdhs", Straights.POKER), ClimbOrder("dcsh")]


def brute(hand: list[int], beat: Play | None, order: ClimbOrder) -> list[Play]:
    found: list[Play] = []
    for n in (1, 2, 3, 5):
        if beat is not None and n != len(beat[1]):
            continue
        for cards in combinations(sorted(hand), n):
            try:
                key = play_key(*classify_values(cards, order))
            except InvalidCards:
                continue
            if beat is None or key > beat[0]:
                found.append((key, cards))
    return sorted(found, key=lambda p: (len(p[1]), p[0], p[1]))


hands = st.lists(st.integers(0, 51), min_size=1, max_size=13, unique=True)


@settings(max_examples=150, deadline=None)
@given(hand=hands, order=st.sampled_from(ORDERS), pick=st.randoms(use_true_random=False))
def test_every_play_and_every_beating_play_matches_the_brute_force(
    hand: list[int], order: ClimbOrder, pick: random.Random
) -> None:
    every = brute(hand, None, order)
    assert plays(hand, None, order) == every
    table = brute(pick.sample(range(52), 13), None, order)
    for beat in pick.sample(table, min(6, len(table))):
        assert plays(hand, beat, order) == brute(hand, beat, order)


def test_thirteen_card_hands_rich_in_five_card_plays() -> None:
    rng = random.Random(7)
    for _ in range(40):
        suit = rng.randrange(4)
        # many of one suit and long runs: flushes, straights, straight flushes, houses
        hand = sorted(
            {*(r * 4 + suit for r in rng.sample(range(13), 8)), *rng.sample(range(52), 5)}
        )
        every = brute(hand, None, SEED_ORDER)
        assert plays(hand, None, SEED_ORDER) == every
        for beat in rng.sample(every, 10):
            assert plays(hand, beat, SEED_ORDER) == brute(hand, beat, SEED_ORDER)


def test_a_full_hand_of_one_suit_holds_the_royal_flush_once() -> None:
    spades = [r * 4 + 3 for r in range(13)]
    royal = [p for p in plays(spades) if p[0] >> 24 == Combo.ROYAL_FLUSH]
    assert [cards for _, cards in royal] == [(35, 39, 43, 47, 51)]


def test_poker_straights_run_from_a2345_to_tjqka_and_jqka2_is_none() -> None:
    order = ClimbOrder(straights=Straights.POKER)
    wheel = classify_values([11 * 4, 12 * 4 + 1, 0, 4 + 1, 8], order)  # A 2 3 4 5, mixed suits
    six_high = classify_values([12 * 4, 1, 4, 8, 12 + 1], order)  # 2 3 4 5 6
    broadway = classify_values([28, 32, 36, 40, 44 + 1], order)  # 10 J Q K A
    assert wheel[0] is six_high[0] is broadway[0] is Combo.STRAIGHT
    assert wheel[1] < six_high[1] < broadway[1]
    with pytest.raises(InvalidCards):
        classify_values([32, 36, 40, 44, 48 + 1], order)  # J Q K A 2


def test_a_suit_order_must_name_each_suit_once() -> None:
    with pytest.raises(InvalidRules, match="c, d, h and s"):
        ClimbOrder("dchh")
