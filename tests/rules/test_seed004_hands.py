"""Every statement of fact about hands in seed 004 (general rules, low, joker, wild cards)."""

from __future__ import annotations

import itertools

import pytest
from tests.conftest import beats, ev, ties, winners

# -- the high ranking --------------------------------------------------------------------


def test_straight_flush_example_76543_of_hearts() -> None:
    assert ev("7h 6h 5h 4h 3h", "high").category == "straight_flush"


def test_akqjt_is_the_best_straight_flush_called_royal() -> None:
    assert ev("Ah Kh Qh Jh Th", "high").category == "royal_flush"
    assert beats("high", "Ah Kh Qh Jh Th", "Kh Qh Jh Th 9h")


def test_ace_low_makes_5432a_the_lowest_straight_flush() -> None:
    assert ev("5d 4d 3d 2d Ad", "high").category == "straight_flush"
    assert beats("high", "6d 5d 4d 3d 2d", "5d 4d 3d 2d Ad")
    assert beats("high", "5d 4d 3d 2d Ad", "Kc Kd Kh Ks Ac")


def test_four_of_a_kind_ranked_by_quads_44442_beats_3333k() -> None:
    assert ev("4s 4h 4d 4c 2s", "high").category == "four_of_a_kind"
    assert beats("high", "4s 4h 4d 4c 2s", "3s 3h 3d 3c Ks")


def test_full_house_ranked_by_triples_44422_beats_333aa() -> None:
    assert ev("7s 7h 7d Jc Js", "high").category == "full_house"
    assert beats("high", "4s 4h 4d 2c 2s", "3s 3h 3d Ac As")


def test_flush_by_top_card_then_next_aj942_beats_aj876() -> None:
    assert ev("Ah Jh 9h 4h 2h", "high").category == "flush"
    assert beats("high", "Ah Jh 9h 4h 2h", "As Js 8s 7s 6s")


def test_suits_never_break_ties() -> None:
    assert ties("high", "Ah Jh 9h 4h 2h", "As Js 9s 4s 2s")
    assert ties("high", "Kh Jd 5c 4s 2h", "Ks Jc 5d 4h 2c")


def test_straight_ace_high_or_low_akqjt_and_5432a() -> None:
    assert ev("Ah Kd Qc Js Th", "high").category == "straight"
    assert ev("5h 4d 3c 2s Ah", "high").category == "straight"
    assert beats("high", "6h 5d 4c 3s 2h", "5h 4d 3c 2s Ah")


def test_around_the_corner_32akq_is_not_a_straight() -> None:
    assert ev("3h 2d Ac Ks Qh", "high").category == "high_card"


def test_wrap_option_allows_around_the_corner() -> None:
    from pokernight.cards import parse_cards
    from pokernight.hands import evaluate, preset

    wrapping = preset("high").with_options(name="high-wrap", wrap=True)
    assert evaluate(parse_cards("3h 2d Ac Ks Qh"), wrapping).category == "straight"


def test_three_of_a_kind_by_trips_kkk84_beats_qqqak_which_beats_qqqa7() -> None:
    assert ev("Ks Kh Kd 8c 4s", "high").category == "three_of_a_kind"
    assert beats("high", "Ks Kh Kd 8c 4s", "Qs Qh Qd Ac Ks")
    assert beats("high", "Qs Qh Qd Ac Kc", "Qs Qh Qd Ac 7c")


@pytest.mark.parametrize("worse", ["Qs Qh Js Jh Ad", "Ks Kh 2s 2h Qd", "Ks Kh 4s 4h 5d"])
def test_two_pair_kk449_beats_qqjja_kk22q_kk445(worse: str) -> None:
    assert ev("Kc Kd 4s 4h 9c", "high").category == "two_pair"
    assert beats("high", "Kc Kd 4s 4h 9c", worse)


def test_one_pair_by_pair_then_kickers_aak53_beats_aak52() -> None:
    assert ev("As Ah Kd 5c 3s", "high").category == "one_pair"
    assert beats("high", "As Ah Kd 5c 3s", "Ac Ad Ks 5h 2s")


def test_high_card_kj542_mixed_suits() -> None:
    value = ev("Ks Jh 5d 4c 2s", "high")
    assert (value.category, value.description) == ("high_card", "K high")


def test_category_order_from_best_to_worst() -> None:
    ladder = [
        "Ah Kh Qh Jh Th",
        "9h 8h 7h 6h 5h",
        "4s 4h 4d 4c 2s",
        "7s 7h 7d Jc Js",
        "Ah Jh 9h 4h 2h",
        "Ah Kd Qc Js Th",
        "Ks Kh Kd 8c 4s",
        "Kc Kd 4s 4h 9c",
        "As Ah Kd 5c 3s",
        "Ks Jh 5d 4c 2s",
    ]
    for better, worse in itertools.pairwise(ladder):
        assert beats("high", better, worse)


def test_only_the_best_five_count_cards_beyond_the_fifth_do_not() -> None:
    assert ties("high", "As Ah Kd Qc Js 3h 2d", "Ac Ad Kh Qs Jd 9c 8h")
    assert ev("As Ah Kd Qc Js 3h 2d", "high").best[:2] != ()


def test_exact_tie_splits_between_winning_hands() -> None:
    assert winners("high", "Ah Kd Qc Js 9h", "As Kc Qd Jh 9s", "2c 3d 4h 5s 7c") == (0, 1)


# -- low rankings -------------------------------------------------------------------------


def test_ace_to_five_ignores_straights_and_flushes_5432a_best_even_suited() -> None:
    assert ev("5h 4h 3h 2h Ah", "ace-to-five").category == "high_card"
    assert beats("ace-to-five", "5h 4h 3h 2h Ah", "6d 4c 3s 2h Ac")


def test_deuce_to_seven_reverses_high_75432_mixed_best() -> None:
    assert beats("deuce-to-seven", "7h 5d 4c 3s 2h", "7h 6d 4c 3s 2h")
    assert beats("deuce-to-seven", "7h 5d 4c 3s 2h", "8h 5d 4c 3s 2h")
    assert beats("deuce-to-seven", "7h 5d 4c 3s 2h", "7h 5h 4h 3h 2h")  # flush counts
    assert beats("deuce-to-seven", "7h 5d 4c 3s 2h", "6h 5d 4c 3s 2h")  # straight counts


def test_deuce_to_seven_5432a_is_ace_high_not_a_straight() -> None:
    value = ev("5h 4d 3c 2s Ah", "deuce-to-seven")
    assert value.category == "high_card"
    assert beats("deuce-to-seven", "Kh 5d 4c 3s 2h", "5h 4d 3c 2s Ah")


def test_ace_to_six_straights_and_flushes_count_ace_low_6432a_best() -> None:
    assert ev("5h 4d 3c 2s Ah", "ace-to-six").category == "straight"
    assert ev("7h 5h 4h 3h Ah", "ace-to-six").category == "flush"
    assert beats("ace-to-six", "6h 4d 3c 2s Ah", "6h 5d 3c 2s Ah")
    assert beats("ace-to-six", "6h 4d 3c 2s Ah", "5h 4d 3c 2s Ah")
    assert beats("ace-to-six", "6h 4d 3c 2s Ah", "7h 4h 3h 2h Ah")


@pytest.mark.parametrize("rules", ["ace-to-five", "ace-to-six"])
def test_where_the_ace_plays_low_a_pair_of_aces_is_lower_than_deuces(rules: str) -> None:
    assert beats(rules, "As Ah 7d 5c 3s", "2s 2h 7d 5c 3s")


# -- the joker ------------------------------------------------------------------------------


def test_joker_is_an_ace_or_completes_a_straight_or_flush() -> None:
    assert ev("As Kh 9d 5c Jk", "joker-bug").description == "Pair of aces"
    assert ev("9s 8h 7d 5c Jk", "joker-bug").category == "straight"
    assert ev("Ah 9h 7h 4h Jk", "joker-bug").category == "flush"
    assert ev("9h 8h 7h 5h Jk", "joker-bug").category == "straight_flush"


def test_joker_is_not_a_true_wild_card_qq43x_is_a_pair_of_queens() -> None:
    value = ev("Qs Qh 4d 3c Jk", "joker-bug")
    assert value.description == "Pair of queens"
    assert {str(w): str(c) for w, c in value.wild_as} == {"Jk": "As"}


def test_joker_in_a_flush_is_the_highest_rank_of_the_suit_not_held() -> None:
    value = ev("Ah 9h 7h 4h Jk", "joker-bug")
    assert [str(c) for _, c in value.wild_as] == ["Kh"]


def test_four_aces_and_the_joker_make_five_aces_above_a_straight_flush() -> None:
    assert ev("As Ah Ad Ac Jk", "joker-bug").description == "Five aces"
    assert beats("joker-bug", "As Ah Ad Ac Jk", "Ah Kh Qh Jh Th")


@pytest.mark.parametrize("rules", ["ace-to-five", "deuce-to-seven", "ace-to-six"])
def test_low_joker_is_the_lowest_rank_not_held(rules: str) -> None:
    value = ev("8s 6h 4d Ac Jk", rules)
    assert [c.rank.char for _, c in value.wild_as] == ["2"]
    assert [c.rank.char for _, c in ev("3s 2h 4d 8c Jk", rules).wild_as] == [
        "5" if rules == "deuce-to-seven" else "A"
    ]


def test_864ax_plays_as_8642a_in_ace_to_five() -> None:
    value = ev("8s 6h 4d Ac Jk", "ace-to-five")
    assert value.description == "8-6-4-2-A"
    assert ties("ace-to-five", "8s 6h 4d Ac Jk", "8s 6h 4d Ac 2c")


# -- wild cards --------------------------------------------------------------------------


def test_wild_cards_add_five_of_a_kind_above_the_straight_flush() -> None:
    assert ev("As Ah Ad 2c 2h", "deuces-wild").category == "five_of_a_kind"
    assert beats("deuces-wild", "3s 3h 3d 2c 2h", "Ah Kh Qh Jh Th")
    assert ev("Ks Kh Kd Kc Jk", "joker-wild").category == "five_of_a_kind"


def test_same_hand_from_different_wild_combinations_ties_by_default() -> None:
    assert ties("deuces-wild", "Ks Kh Kd 2c 9h", "Ks Kh 2d 2c 9h")


def test_fewer_wilds_rank_above_when_natural_beats_wild() -> None:
    from pokernight.cards import parse_cards
    from pokernight.hands import compare, preset

    natural = preset("deuces-wild").with_options(name="deuces-natural", natural_beats_wild=True)
    hands = [parse_cards("Ks Kh Kd 2c 9h"), parse_cards("Ks Kh 2d 2c 9h")]
    result = compare(hands, natural)
    assert result.winners == (0,)
    assert "Natural" in result.reason


def test_wild_may_duplicate_option_decides_the_double_ace_flush() -> None:
    from pokernight.cards import parse_cards
    from pokernight.hands import evaluate, preset

    hand = parse_cards("Ah 9h 7h 4h Jk")
    duplicate = evaluate(hand, preset("joker-wild"))
    assert duplicate.description == "Flush, A-A-9-7-4"
    strict = preset("joker-wild").with_options(name="jw-strict", wild_may_duplicate=False)
    assert evaluate(hand, strict).description == "Flush, A-K-9-7-4"
