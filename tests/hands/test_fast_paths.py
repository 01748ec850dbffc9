"""The fast paths give exactly the keys of the slow ones, for every five-card rule set they serve.

Seven cards, per hand (one sum and a table read) and in the batch kernels (rank sums), against
the best of the hand's 21 five-card keys, which shares neither path's tables; on random hands
and on hands dealt to hold many cards of one suit, where the flush branches are. All five-card
hands of the standard deck through the batch kernel, and dual-value hands over their 32
orientations.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import CARDS, JOKER_INDEX, dual641_deck
from pokernight.hands import batch, preset
from pokernight.hands.five import best_orientation, key_function
from pokernight.hands.rules import DEUCES, HandRules, JokerMode

I64 = npt.NDArray[np.int64]
RULES = [
    preset(name)
    for name in (
        "high",
        "deuces-wild",
        "joker-wild",
        "joker-bug",
        "ace-to-five",
        "deuce-to-seven",
        "ace-to-six",
        "draw-ti",
        "paigow-high",
    )
] + [
    # options no preset combines: natural beats wild, wilds that may not duplicate, two jokers
    HandRules("natural-deuces", wild=DEUCES, natural_beats_wild=True, wild_may_duplicate=False),
    HandRules("two-jokers", joker=JokerMode.WILD, deck="joker", jokers=2),
]
IDS = [r.name for r in RULES]


def best_of_fives(rules: HandRules, hands: I64) -> list[int]:
    """The reference: a hand of six or seven is worth its best five."""
    five = key_function(rules, 5)
    return [max(five(sub) for sub in combinations(hand, 5)) for hand in hands.tolist()]


def deal(rules: HandRules, count: int, size: int, seed: int) -> I64:
    """Half the hands at random, half holding three to seven cards of one suit, and where the
    rules have a joker, half of those holding it: the flush branches and the wild ones."""
    rng = np.random.default_rng(seed)
    deck = 53 if rules.has_joker else 52
    order = rng.random((count, deck))
    suited = count // 2
    rows = np.arange(suited)[:, None]
    suit = rng.integers(4, size=(suited, 1))
    many = rng.integers(3, size + 1, size=(suited, 1))
    ranks = np.argsort(rng.random((suited, 13)), axis=1)
    order[rows, 4 * ranks + suit] -= 2 * (np.arange(13) < many)  # these come first
    if rules.has_joker:
        order[:suited, JOKER_INDEX] -= 3 * (rng.random(suited) < 0.5)
    hands = np.argsort(order, axis=1)[:, :size]
    if rules.jokers == 2:  # the two jokers share one index: a second one in some hands
        for row in hands[::3]:
            if JOKER_INDEX in row:
                row[np.flatnonzero(row != JOKER_INDEX)[0]] = JOKER_INDEX
    return np.ascontiguousarray(hands, dtype=np.int64)


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_seven_cards_fast_paths_are_the_best_five(rules: HandRules) -> None:
    hands = deal(rules, 1200, 7, seed=len(rules.name))
    reference = best_of_fives(rules, hands)
    key7 = key_function(rules, 7)
    assert [key7(h) for h in hands.tolist()] == reference
    assert batch.keys(hands, rules).tolist() == reference


@pytest.mark.parametrize("name", ["high", "deuces-wild", "joker-bug", "deuce-to-seven"])
def test_six_cards_batch_is_the_best_five(name: str) -> None:
    """Six cards take the seven-card kernel's code: a few rule sets, each branch."""
    rules = preset(name)
    hands = deal(rules, 600, 6, seed=7 * len(rules.name))
    assert batch.keys(hands, rules).tolist() == best_of_fives(rules, hands)
    assert batch.keys(hands, rules, threads=False).tolist() == best_of_fives(rules, hands)


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_many_seven_card_hands_per_hand_equals_batch(rules: HandRules) -> None:
    hands = deal(rules, 10_000, 7, seed=3 + len(rules.name))
    key7 = key_function(rules, 7)
    assert list(map(key7, hands.tolist())) == batch.keys(hands, rules).tolist()


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(RULES), st.data())
def test_seven_card_hands_by_hypothesis(rules: HandRules, data: st.DataObject) -> None:
    deck = list(range(53 if rules.has_joker else 52))
    hand = data.draw(st.permutations(deck).map(lambda p: p[:7]))
    array = np.array([hand], dtype=np.int64)
    expected = best_of_fives(rules, array)[0]
    assert key_function(rules, 7)(hand) == expected
    assert batch.keys(array, rules, threads=False)[0] == expected


def test_every_five_card_hand_through_the_batch_kernel() -> None:
    """All 2,598,960 hands: the kernel against the per-hand five-card path."""
    rules = preset("high")
    every = combinations(range(52), 5)
    hands = np.fromiter(every, dtype=np.dtype((np.int64, 5)), count=2_598_960)
    key5 = key_function(rules, 5)
    assert batch.keys(hands, rules).tolist() == list(map(key5, combinations(range(52), 5)))


@pytest.mark.parametrize("name", ["dual-high", "dual-low"])
def test_dual_hands_over_their_orientations(name: str) -> None:
    rules = preset(name)
    deck = dual641_deck()
    rng = np.random.default_rng(5)
    picks = np.argsort(rng.random((1500, len(deck))), axis=1)[:, :5]
    ends = np.array([[(deck[i].top.index, deck[i].bottom.index) for i in p] for p in picks])
    expected = [best_orientation([deck[i] for i in p], rules)[0] for p in picks.tolist()]
    assert batch.keys(ends, rules).tolist() == expected
    assert batch.keys(ends, rules, threads=False).tolist() == expected


def test_cards_are_indexes_of_the_standard_deck() -> None:
    """What ``deal`` relies on: card index = 4 * rank + suit, the joker after them."""
    assert all(c.index == 4 * c.rank.index + int(c.suit) for c in CARDS)
    assert JOKER_INDEX == 52
