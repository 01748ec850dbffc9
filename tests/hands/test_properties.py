"""Properties over random hands (hypothesis): batch = per-hand, order never matters, keys
form a total preorder consistent with compare(), and a full wild never hurts."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import CARDS, JOKER, AnyCard, Card
from pokernight.hands import batch, compare, evaluate, preset
from pokernight.hands.five import key_function

FIVE_CARD = [
    "high",
    "deuces-wild",
    "joker-wild",
    "joker-bug",
    "ace-to-five",
    "deuce-to-seven",
    "ace-to-six",
    "draw-ti",
    "paigow-high",
]
DECK: list[AnyCard] = [*CARDS, JOKER]


@st.composite
def hands(draw: st.DrawFn, sizes: tuple[int, ...] = (5, 6, 7)) -> tuple[str, list[AnyCard]]:
    rules = draw(st.sampled_from(FIVE_CARD))
    deck = DECK if preset(rules).has_joker else list(CARDS)
    size = draw(st.sampled_from(sizes))
    cards = draw(st.permutations(deck).map(lambda p: list(p[:size])))
    return rules, cards


@settings(max_examples=300, deadline=None)
@given(hands())
def test_batch_keys_equal_per_hand_keys(case: tuple[str, list[AnyCard]]) -> None:
    rules, cards = case
    rule_set = preset(rules)
    per_hand = key_function(rule_set, len(cards))([c.index for c in cards])
    assert batch.keys(np.array([[c.index for c in cards]]), rule_set)[0] == per_hand
    assert evaluate(cards, rule_set).key == per_hand


def test_batch_equals_per_hand_on_many_hands_of_every_preset() -> None:
    rng = np.random.default_rng(11)
    for rules in FIVE_CARD:
        rule_set = preset(rules)
        size_of_deck = 53 if rule_set.has_joker else 52
        for n in (5, 6, 7):
            arr = np.array([rng.choice(size_of_deck, n, replace=False) for _ in range(2000)])
            f = key_function(rule_set, n)
            assert batch.keys(arr, rule_set).tolist() == [f(list(map(int, h))) for h in arr]


@settings(max_examples=200, deadline=None)
@given(hands(), st.randoms())
def test_card_order_never_matters(case: tuple[str, list[AnyCard]], rnd: object) -> None:
    rules, cards = case
    shuffled = list(cards)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    rule_set = preset(rules)
    assert evaluate(cards, rule_set).key == evaluate(shuffled, rule_set).key


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(FIVE_CARD), st.data())
def test_comparison_is_a_total_preorder(rules: str, data: st.DataObject) -> None:
    rule_set = preset(rules)
    deck = DECK if rule_set.has_joker else list(CARDS)
    three = [data.draw(st.permutations(deck).map(lambda p: list(p[:5]))) for _ in range(3)]
    a, b, c = (evaluate(h, rule_set) for h in three)

    def at_least(x: list[AnyCard], y: list[AnyCard]) -> bool:
        return 0 in compare([x, y], rule_set).winners

    x, y, z = three
    assert at_least(x, y) or at_least(y, x)  # total
    if at_least(x, y) and at_least(y, z):
        assert at_least(x, z)  # transitive
    assert (a.key >= b.key) == at_least(x, y)
    del c


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["deuces-wild", "joker-wild"]), st.data())
def test_a_wild_card_is_never_worse_than_any_natural_card_in_its_place(
    rules: str, data: st.DataObject
) -> None:
    rule_set = preset(rules)
    deck = DECK if rule_set.has_joker else list(CARDS)
    wild_cards = [
        c for c in deck if c is JOKER or (isinstance(c, Card) and c.index in rule_set.wild)
    ]
    wild = data.draw(st.sampled_from(wild_cards))
    rest = data.draw(st.permutations([c for c in deck if c != wild]).map(lambda p: list(p[:4])))
    with_wild = evaluate([*rest, wild], rule_set).key
    for natural in CARDS:
        if natural not in rest and natural != wild:
            assert with_wild >= evaluate([*rest, natural], rule_set).key
