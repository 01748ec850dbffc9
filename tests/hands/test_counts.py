"""Full-deck enumerations against published tables, exactly.

Sources: Wikipedia "Poker probability" (5 and 7 cards, 5- and 7-card ace-to-five lowball),
OEIS A057807 (one fully wild joker), OEIS A057805 and Alspach (deuces wild, five of a kind 672),
Alspach "7-Card Poker Hands with Joker" (bug joker, 7 cards). The royal flush is its own
category here, so published straight-flush rows are split into royal + straight flush.
"""

from __future__ import annotations

import pytest

from pokernight.hands import preset
from pokernight.hands.count import count

STANDARD_FIVE = {
    "royal_flush": 4,
    "straight_flush": 36,
    "four_of_a_kind": 624,
    "full_house": 3744,
    "flush": 5108,
    "straight": 10200,
    "three_of_a_kind": 54912,
    "two_pair": 123552,
    "one_pair": 1098240,
    "high_card": 1302540,
}


def test_standard_five_card_table_and_7462_distinct_values() -> None:
    result = count(preset("high"))
    assert result.total == 2_598_960
    assert result.categories == STANDARD_FIVE
    assert result.distinct == 7462


def test_joker_fully_wild_oeis_a057807() -> None:
    result = count(preset("joker-wild"))
    assert result.total == 2_869_685
    cats = result.categories
    # A057807: 13, 204, 3120, 7804 (flush), 6552 (full house), 20532, 137280, 123552, 1268088
    assert cats["five_of_a_kind"] == 13
    assert cats["royal_flush"] + cats["straight_flush"] == 204
    assert cats["royal_flush"] == 24
    assert [cats[k] for k in ("four_of_a_kind", "flush", "full_house", "straight")] == [
        3120,
        7804,
        6552,
        20532,
    ]
    assert [cats[k] for k in ("three_of_a_kind", "two_pair", "one_pair", "high_card")] == [
        137280,
        123552,
        1268088,
        1302540,
    ]


def test_deuces_wild_five_of_a_kind_672_and_the_oeis_a057805_table() -> None:
    result = count(preset("deuces-wild"))
    assert result.categories == {
        "five_of_a_kind": 672,
        "royal_flush": 484,
        "straight_flush": 2068,
        "four_of_a_kind": 31552,
        "full_house": 12672,
        "flush": 14472,
        "straight": 62232,
        "three_of_a_kind": 355080,
        "two_pair": 95040,
        "one_pair": 1225008,
        "high_card": 799680,
    }


def test_ace_to_five_five_card_lowball_table() -> None:
    result = count(preset("ace-to-five"))
    assert result.by_top["high_card"] == {
        5: 1024,
        6: 5120,
        7: 15360,
        8: 35840,
        9: 71680,
        10: 129024,
        11: 215040,
        12: 337920,
        13: 506880,
    }
    assert result.categories["high_card"] == 1_317_888


def test_derived_low_tables_move_only_the_wheel_or_nothing() -> None:
    # Deuce-to-seven and ace-to-six: straights and flushes count, so only the categories of
    # A-2-3-4-5 change against the high table (36 straight flushes, 9,180 straights).
    moved = dict(STANDARD_FIVE, straight_flush=32, flush=5112, straight=9180, high_card=1303560)
    assert count(preset("deuce-to-seven")).categories == moved
    ace_to_six = count(preset("ace-to-six")).categories
    assert ace_to_six == {k: v for k, v in moved.items() if k != "royal_flush"} | {
        "straight_flush": 36
    }
    assert count(preset("draw-ti")).categories == moved


def test_bug_joker_five_cards_and_pai_gow_share_one_table() -> None:
    expected = {
        "five_of_a_kind": 1,
        "royal_flush": 24,
        "straight_flush": 180,
        "four_of_a_kind": 828,
        "full_house": 4368,
        "flush": 7804,
        "straight": 20532,
        "three_of_a_kind": 63360,
        "two_pair": 138600,
        "one_pair": 1215024,
        "high_card": 1418964,
    }
    assert count(preset("joker-bug")).categories == expected
    assert count(preset("paigow-high")).categories == expected


def test_two_card_tables() -> None:
    assert count(preset("hurricane-high")).categories == {"pair": 270, "no_pair": 1056}
    assert count(preset("hurricane-low")).categories == {"no_pair": 1248, "pair": 78}
    assert count(preset("paigow-low")).categories == {"pair": 82, "no_pair": 1296}


@pytest.mark.slow
def test_best_five_of_seven_133784560_hands_4824_distinct() -> None:
    result = count(preset("high"), cards=7)
    assert result.total == 133_784_560
    assert result.categories == {
        "royal_flush": 4324,
        "straight_flush": 37260,
        "four_of_a_kind": 224848,
        "full_house": 3473184,
        "flush": 4047644,
        "straight": 6180020,
        "three_of_a_kind": 6461620,
        "two_pair": 31433400,
        "one_pair": 58627800,
        "high_card": 23294460,
    }
    assert result.distinct == 4824


@pytest.mark.slow
def test_seven_card_ace_to_five_lowball_table() -> None:
    result = count(preset("ace-to-five"), cards=7)
    assert result.by_top["high_card"] == {
        5: 781824,
        6: 3151360,
        7: 7426560,
        8: 13171200,
        9: 19174400,
        10: 23675904,
        11: 24837120,
        12: 21457920,
        13: 13939200,
    }
    assert result.categories["high_card"] == 127_615_488


@pytest.mark.slow
def test_seven_card_bug_joker_alspach() -> None:
    result = count(preset("paigow-high"), cards=7)
    cats = result.categories
    assert result.total == 154_143_080
    assert cats["five_of_a_kind"] == 1128
    assert cats["royal_flush"] + cats["straight_flush"] == 210964
    assert [cats[k] for k in ("four_of_a_kind", "full_house", "flush", "straight")] == [
        307472,
        4188528,
        6172088,
        11236028,
    ]
    assert [cats[k] for k in ("three_of_a_kind", "two_pair", "one_pair", "high_card")] == [
        7470676,
        35553816,
        64221960,
        24780420,
    ]
