"""Dual-value hands (best orientation) and Big Two combinations."""

from __future__ import annotations

from itertools import pairwise, product

import numpy as np
import pytest
from tests.conftest import beats, ev

from pokernight.cards import parse_cards, parse_duals
from pokernight.errors import InvalidCards
from pokernight.hands import batch, compare, evaluate, preset
from pokernight.hands.climb import Combo, classify_play


def test_dual_high_takes_the_best_of_32_orientations_and_returns_it() -> None:
    duals = parse_duals("As/Ks Ah/7d 3c/Ad 9s/Ac Kd/Qh")
    value = evaluate(duals, preset("dual-high"))
    assert value.description == "Four aces, K kicker"
    assert value.orientation == (0, 0, 1, 1, 0)
    high = preset("high")
    best = max(
        evaluate(
            [d.top if f == 0 else d.bottom for d, f in zip(duals, flips, strict=True)], high
        ).key
        for flips in product((0, 1), repeat=5)
    )
    assert value.category == "four_of_a_kind" and best == evaluate(list(value.best), high).key


def test_dual_low_plays_the_bottom_ends_deuce_to_seven() -> None:
    duals = parse_duals("7h/Ks 5d/Qs 4c/Js 3s/Ts 2h/8s")
    value = evaluate(duals, preset("dual-low"))
    assert value.description == "7-5-4-3-2"
    assert value.orientation == (1, 1, 1, 1, 1)


def test_dual_joker_is_wild_at_both_ends() -> None:
    value = ev("As/2c Ah/3c Ad/4c 5d/Ac Jk", "dual-high")
    assert value.description == "Five aces"
    assert [str(c) for _, c in value.wild_as] == ["As"]


def test_dual_five_of_a_kind_exists_without_wilds() -> None:
    value = ev("As/2c Ah/3c Ad/4c Ac/5c 6c/As", "dual-high")
    assert value.category == "five_of_a_kind"


def test_dual_batch_equals_per_hand() -> None:
    from pokernight.cards import dual641_deck

    deck = dual641_deck()
    rng = np.random.default_rng(3)
    for name in ("dual-high", "dual-low"):
        rules = preset(name)
        picks = [rng.choice(52, 5, replace=False) for _ in range(300)]
        arr = np.array([[[deck[i].top.index, deck[i].bottom.index] for i in p] for p in picks])
        expected = [evaluate([deck[i] for i in p], rules).key for p in picks]
        assert batch.keys(arr, rules).tolist() == expected


def test_dual_rules_reject_single_cards() -> None:
    with pytest.raises(InvalidCards):
        evaluate(parse_cards("As Ks Qs Js Ts"), preset("dual-high"))


# -- Big Two ------------------------------------------------------------------------------


def test_three_of_diamonds_is_the_lowest_card_and_two_of_spades_the_highest() -> None:
    from pokernight.cards import CARDS
    from pokernight.hands.climb import climb_value

    order = sorted(CARDS, key=climb_value)
    assert str(order[0]) == "3d" and str(order[1]) == "3c" and str(order[-1]) == "2s"


def test_singles_by_rank_then_suit_diamonds_clubs_hearts_spades() -> None:
    assert beats("bigtwo", "3c", "3d")
    assert beats("bigtwo", "3s", "3h")
    assert beats("bigtwo", "2d", "As")
    assert beats("bigtwo", "4d", "3s")


def test_pairs_by_rank_then_higher_suit_triples_by_rank() -> None:
    assert beats("bigtwo", "9s 9d", "9h 9c")
    assert beats("bigtwo", "Ts Td", "9s 9h")
    assert beats("bigtwo", "4d 4c 4h", "3d 3c 3s")


def test_full_house_by_triple_3_sevens_2_tens_lose_to_3_eights_2_threes() -> None:
    assert beats("bigtwo", "8d 8c 8h 3d 3c", "7d 7c 7h Td Tc")


def test_four_of_a_kind_takes_any_fifth_card() -> None:
    assert ev("9d 9c 9h 9s 3d", "bigtwo").category == "four_of_a_kind"
    assert ev("9d 9c 9h 9s 2s", "bigtwo").category == "four_of_a_kind"


def test_five_card_order_straight_flush_house_quads_straight_flush_royal() -> None:
    ladder = [
        "Js Qs Ks As 2s",
        "3d 4d 5d 6d 7d",
        "3d 3c 3h 3s 4d",
        "3d 3c 3h 4s 4d",
        "3d 5d 7d 9d Jd",
        "3d 4c 5h 6s 7d",
    ]
    for better, worse in pairwise(ladder):
        assert beats("bigtwo", better, worse), (better, worse)


def test_the_one_royal_flush_is_jack_to_deuce_of_spades() -> None:
    assert ev("Js Qs Ks As 2s", "bigtwo").category == "royal_flush"
    assert ev("Jh Qh Kh Ah 2h", "bigtwo").category == "straight_flush"
    assert ev("Ts Js Qs Ks As", "bigtwo").category == "straight_flush"


def test_straights_no_wrap_jqka2_top() -> None:
    assert ev("Jd Qc Kh As 2d", "bigtwo").category == "straight"
    with pytest.raises(InvalidCards):
        classify_play(parse_cards("Qd Kc Ah 2s 3d"))  # type: ignore[arg-type]
    assert beats("bigtwo", "Jd Qc Kh As 2d", "Td Jc Qh Ks As")


def test_straights_by_top_card_then_its_suit_flushes_by_cards_then_suit() -> None:
    assert beats("bigtwo", "3d 4c 5h 6s 7s", "3s 4s 5h 6s 7h")
    assert beats("bigtwo", "3s 5s 7s 9s Js", "3d 5d 7d 9d Jd")
    assert beats("bigtwo", "3d 5d 7d 9d Qd", "3s 5s 7s 9s Js")


def test_not_a_play_and_mixed_sizes_are_errors() -> None:
    for text in ("3d 4d", "3d 3c 4h", "3d 4d 5d 6d", "3d 4c 5h 6s 8d"):
        with pytest.raises(InvalidCards):
            classify_play(parse_cards(text))  # type: ignore[arg-type]
    with pytest.raises(InvalidCards, match="same number"):
        compare([parse_cards("3d"), parse_cards("4d 4c")], preset("bigtwo"))
    assert classify_play(parse_cards("3d 3c"))[0] is Combo.PAIR  # type: ignore[arg-type]
