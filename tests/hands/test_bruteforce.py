"""The tables of the wild, bug and low rule sets against an independent brute force that
substitutes every card for every wild (tests/hands/naive.py), on seeded samples of hands."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from tests.hands.naive import (
    CATEGORY_ORDER,
    ace_to_five_value,
    best_with_wilds,
    bug_joker_best,
    high_value,
)

from pokernight.cards import CARDS, JOKER, AnyCard, Card
from pokernight.hands import evaluate, preset


def naive_card(card: Card) -> tuple[int, int]:
    return card.rank.value, int(card.suit)


def sample(
    deck: list[AnyCard], n: int, count: int, seed: int, need_wild: bool
) -> list[list[AnyCard]]:
    rng = random.Random(seed)
    out: list[list[AnyCard]] = []
    while len(out) < count:
        hand = rng.sample(deck, n)
        if not need_wild or any(not isinstance(c, Card) or c.rank.value == 2 for c in hand):
            out.append(hand)
    return out


def check_order(
    rules: str, hands: list[list[AnyCard]], reference: list[tuple[int, tuple[int, ...]]]
) -> None:
    """Same categories, and pokernight's keys order the hands exactly as the reference."""
    rule_set = preset(rules)
    values = [evaluate(h, rule_set) for h in hands]
    for value, ref in zip(values, reference, strict=True):
        assert value.category == CATEGORY_ORDER[ref[0]], (value.cards, value.category, ref)
    for (v1, r1), (v2, r2) in combinations(list(zip(values, reference, strict=True))[:150], 2):
        assert (v1.key > v2.key) == (r1 > r2) and (v1.key == v2.key) == (r1 == r2), (v1, v2)


def test_deuces_wild_against_every_substitution() -> None:
    hands = sample(list(CARDS), 5, 300, seed=2, need_wild=True)
    reference = []
    for hand in hands:
        naturals = [naive_card(c) for c in hand if isinstance(c, Card) and c.rank.value != 2]
        reference.append(best_with_wilds(naturals, 5 - len(naturals)))
    check_order("deuces-wild", hands, reference)


def test_joker_wild_against_every_substitution() -> None:
    hands = [[*h, JOKER] for h in sample(list(CARDS), 4, 400, seed=3, need_wild=False)]
    reference = [
        best_with_wilds([naive_card(c) for c in h if isinstance(c, Card)], 1) for h in hands
    ]
    check_order("joker-wild", hands, reference)


def test_bug_joker_against_its_substitutions() -> None:
    hands = [[*h, JOKER] for h in sample(list(CARDS), 4, 400, seed=4, need_wild=False)]
    reference = [bug_joker_best([naive_card(c) for c in h if isinstance(c, Card)]) for h in hands]
    check_order("joker-bug", hands, reference)


def test_seven_card_deuces_wild_best_five_against_brute_force() -> None:
    hands = sample(list(CARDS), 7, 60, seed=5, need_wild=True)
    reference = []
    for hand in hands:
        best = max(
            best_with_wilds(
                [naive_card(c) for c in five if c.rank.value != 2],
                sum(1 for c in five if c.rank.value == 2),
            )
            for five in combinations([c for c in hand if isinstance(c, Card)], 5)
        )
        reference.append(best)
    check_order("deuces-wild", hands, reference)


@pytest.mark.parametrize("rules", ["deuce-to-seven", "ace-to-six"])
def test_low_rankings_reverse_a_high_ranking(rules: str) -> None:
    hands = sample(list(CARDS), 5, 400, seed=6, need_wild=False)
    ace_six = rules == "ace-to-six"
    reference = []
    for hand in hands:
        cards = [naive_card(c) for c in hand if isinstance(c, Card)]
        if ace_six:  # ace low only: the ace is a 1 everywhere, so A-K-Q-J-T is no straight
            cards = [(1 if v == 14 else v, s) for v, s in cards]
        reference.append(high_value(cards, ace_low_straights=False, ace_high_straights=True))
    rule_set = preset(rules)
    values = [evaluate(h, rule_set) for h in hands]
    for (v1, r1), (v2, r2) in combinations(list(zip(values, reference, strict=True))[:150], 2):
        assert (v1.key > v2.key) == (r1 < r2), (v1.description, v2.description)


def test_ace_to_five_with_the_joker_as_the_lowest_missing_rank() -> None:
    hands = [[*h, JOKER] for h in sample(list(CARDS), 4, 300, seed=7, need_wild=False)]
    rule_set = preset("ace-to-five")
    for hand in hands:
        values = [c.rank.value for c in hand if isinstance(c, Card)]
        low_values = {1 if v == 14 else v for v in values}
        missing = min(v for v in range(1, 14) if v not in low_values)
        ref = ace_to_five_value([*values, 14 if missing == 1 else missing])
        best = min(ace_to_five_value([*values, v]) for v in range(2, 15))
        assert ref == best  # the rule "lowest rank not held" is also the best choice here
        natural = [*(c for c in hand if isinstance(c, Card)), CARDS[((missing - 2) % 13) * 4]]
        assert evaluate(hand, rule_set).key == evaluate(natural, rule_set).key


def test_hurricane_two_card_tables_by_brute_force_over_the_deuce() -> None:
    """High: a deuce may be any rank; best = pair over non-pair. Low: a deuce may be any
    rank except that two deuces stay a pair; best = the lowest non-pair, ace low."""
    high, low = preset("hurricane-high"), preset("hurricane-low")
    for a, b in combinations(CARDS, 2):
        ranks = [a.rank.value, b.rank.value]
        options = [[v] if v != 2 else list(range(3, 15)) for v in ranks]
        low_options = [[v] if v != 2 else [14, 2] for v in ranks]
        can_pair = ranks == [2, 2] or any(x == y for x in options[0] for y in options[1])
        must_pair = ranks == [2, 2] or all(x == y for x in low_options[0] for y in low_options[1])
        assert evaluate([a, b], high).category == ("pair" if can_pair else "no_pair")
        assert evaluate([a, b], low).category == ("pair" if must_pair else "no_pair")
