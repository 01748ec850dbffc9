"""Every statement of fact about Hurricane hands in seed 000 and its RULES.md part."""

from __future__ import annotations

import itertools

import pytest
from tests.conftest import beats, ev, ties

from pokernight.cards import CARDS
from pokernight.hands import evaluate, preset

RANKS = "3456789TJQKA"


def test_only_pairs_and_high_card_hands_occur_no_straights_or_flushes() -> None:
    rules = preset("hurricane-high")
    low = preset("hurricane-low")
    for a, b in itertools.combinations(CARDS, 2):
        assert evaluate([a, b], rules).category in ("pair", "no_pair")
        assert evaluate([a, b], low).category in ("pair", "no_pair")
    assert ev("9h 8h", "hurricane-high").category == "no_pair"


def test_a_deuce_pairs_its_partner_for_high() -> None:
    for r in RANKS:
        assert (
            ev(f"{r}s 2c", "hurricane-high").description
            == ev(f"{r}s {r}c", "hurricane-high").description
        )
        assert ties("hurricane-high", f"{r}s 2c", f"{r}h {r}d")


def test_deuces_are_different_cards_in_the_high_and_the_low_hand() -> None:
    assert ev("2s 3c", "hurricane-high").description == "Pair of 3s"
    assert [c.rank.char for _, c in ev("2s 3c", "hurricane-low").wild_as] == ["A"]


def test_two_deuces_are_always_a_pair() -> None:
    assert ev("2s 2c", "hurricane-high").category == "pair"
    assert ev("2s 2c", "hurricane-low").category == "pair"


def test_ace_is_the_top_card_high_and_the_low_card_low() -> None:
    assert beats("hurricane-high", "As 3c", "Ks Qc")
    assert beats("hurricane-low", "As 3c", "4s 3d")


def test_acey_deucy_wins_both_high_and_low() -> None:
    high, low = preset("hurricane-high"), preset("hurricane-low")
    a2 = [CARDS[12 * 4], CARDS[0]]
    top_high = max(evaluate([a, b], high).key for a, b in itertools.combinations(CARDS, 2))
    top_low = max(evaluate([a, b], low).key for a, b in itertools.combinations(CARDS, 2))
    assert evaluate(a2, high).key == top_high
    assert evaluate(a2, low).key == top_low
    assert ev("As 2c", "hurricane-high").description == "Pair of aces"


def test_for_high_a2_ties_22_as_a_pair_of_aces() -> None:
    assert ties("hurricane-high", "As 2c", "2s 2d")
    assert ties("hurricane-high", "As 2c", "As Ad")


def test_for_low_a2_beats_22_which_is_still_a_pair_and_a2_takes_a_natural_2() -> None:
    assert beats("hurricane-low", "As 2c", "2s 2d")
    assert ev("As 2c", "hurricane-low").wild_as == ()


def test_for_low_23_ties_a3_choosing_ace_for_the_wild() -> None:
    from pokernight.cards import parse_cards
    from pokernight.hands import compare

    result = compare([parse_cards("2s 3c"), parse_cards("As 3d")], preset("hurricane-low"))
    assert result.winners == (0, 1)
    assert "23 plays as A3" in result.reason


def test_high_any_pair_beats_any_non_pair_then_higher_then_lower_card() -> None:
    assert beats("hurricane-high", "3s 3c", "As Kc")
    assert beats("hurricane-high", "As 4c", "Ks Qc")
    assert beats("hurricane-high", "As 5c", "Ad 4c")


def test_low_any_non_pair_beats_any_pair_then_lower_high_card_then_lower_second() -> None:
    assert beats("hurricane-low", "Ks Qc", "2s 2c")
    assert beats("hurricane-low", "7s 6c", "8s 3c")
    assert beats("hurricane-low", "7s 3c", "7d 4c")


def test_low_deuce_with_any_other_card_plays_as_an_ace_k2_is_ka() -> None:
    assert ties("hurricane-low", "Ks 2c", "Kd Ac")


def test_low_pairs_22_equals_aa_best_then_33_to_kk() -> None:
    assert ties("hurricane-low", "2s 2c", "As Ac")
    assert beats("hurricane-low", "2s 2c", "3s 3c")
    assert beats("hurricane-low", "3s 3c", "Ks Kc")


@pytest.mark.parametrize(("hand", "category"), [("Q2", "pair"), ("54", "no_pair")])
def test_the_seeds_worked_example_hands(hand: str, category: str) -> None:
    cards = f"{hand[0]}s {hand[1]}d"
    assert ev(cards, "hurricane-high").category == category
    # In the seed's showdown, Q2 takes high and 54 takes low over each other.
    assert beats("hurricane-high", "Qs 2d", "5s 4d")
    assert beats("hurricane-low", "5s 4d", "Qs 2d")
