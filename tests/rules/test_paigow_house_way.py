"""Every house-way rule of RULES.md (Pai Gow Poker), several hands each, jokers included, and
the foul rule: the five-card back must outrank the two-card front."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokernight.cards import joker_deck, parse_cards
from pokernight.games.paigow.hands import LOW_RULES, low_key, make_setting, split_keys
from pokernight.games.paigow.way import (
    TRUMP_PLAZA,
    TWO_PAIR,
    TWO_PAIR_TABLES,
    TwoPair,
    house_way,
    straight_or_flush_possible,
)
from pokernight.hands.evaluate import evaluate_key
from pokernight.hands.value import Category

CASES = [
    # (seven cards, the two that go front, words of the rule that chose them)
    ("As Kd 9c 7h 5s 3d 2c", "Kd 9c", "No pair"),
    ("Jk Kd Qh 9s 7c 5h 3d", "Kd Qh", "No pair"),  # the joker is the ace kept back
    ("As Ad 9c 7h 5s 3d Kc", "Kc 9c", "Pair of aces back"),
    ("Jk As 9c 7h 5s 3d Kc", "Kc 9c", "Pair of aces back"),  # joker pairs the ace
    ("8s 8d Qc 7h 5s 3d 2c", "Qc 7h", "Pair of 8s back"),
    # two pair: A/K/Q/J split
    ("Js Jd 4c 4h As 3d 9c", "4c 4h", "split"),
    ("Kc Kd 3c 3h Ah 9d 7s", "3c 3h", "split"),
    # T-7: together if an ace can go front, else split
    ("9s 9d 4c 4h As 3d 2c", "As 3d", "kept together"),
    ("Ts Td 7c 7h Ac Qd 2c", "Ac Qd", "kept together"),
    ("9s 9d 4c 4h Jk Kd 2c", "Jk Kd", "kept together"),  # the joker is that ace
    ("9s 9d 4c 4h Ks 3d 2c", "4c 4h", "split"),
    # 6 or lower: together if a king or better can go front, else split
    ("5s 5d 4c 4h Ks 3d 8c", "Ks 8c", "kept together"),
    ("6s 6d 3c 3h As Td 8c", "As Td", "kept together"),
    ("6s 6d 4c 4h Qs 9d 8c", "4c 4h", "split"),
    ("Qs Qd 8h 8s 5c 5h 7d", "Qs Qd", "Three pair"),
    ("4s 4d 3h 3s 2c 2h Ad", "4s 4d", "Three pair"),
    ("Ac Ad Ah 8s Qc 2c 7d", "Ah Qc", "Three aces"),
    ("Jk Ad Ah 8s Qc 2c 7d", "Ah Qc", "Three aces"),
    ("8c 8d 8h As Qc 2c 5d", "As Qc", "Three 8s back"),
    # straights and flushes stay in back, the highest front beside them
    ("9c 8d 7h 6s 5c Ac Ad", "Ac Ad", "Straight or flush"),
    ("Ac 2d 3h 4s 5c Kc Qd", "Kc Qd", "Straight or flush"),
    ("Jk 9d 8h 7s 5c Kc 2d", "Kc 2d", "Straight or flush"),  # joker completes 5-9
    ("9c 8c 7c 6c Jk Kd Kh", "Kd Kh", "Straight or flush"),  # joker completes the flush
    ("Ah Qh 9h 6h 2h Ks Kd", "Ks Kd", "Straight or flush"),
    ("Ah Qh 9h 6h 2h 3h Kd", "Ah Kd", "Straight or flush"),  # six hearts: A front, flush kept
    # ... but two or three pair go by their own rule, as at Foxwoods and the Trump Plaza
    ("9s 9d 8c 8h 7s 6d 5c", "8c 8h", "Two pair, 9s and 8s: split"),
    ("Kh Kd 5h 5c 9h 8h 2h", "5h 5c", "Two pair, kings and 5s: split"),
    ("As Ad 5h 5c 4d 3s 2c", "5h 5c", "Two pair, aces and 5s: split"),
    ("9s 9d 5h 5c 8d 7s As", "As 8d", "kept together"),  # the 5-9 straight is given up
    ("As Jk 5c 5d 4h 4s 3c", "As Jk", "Three pair"),  # so is the wheel the joker makes
    # full house: the pair goes front
    ("Qs Qd Qh 8s 8c 2c 7d", "8s 8c", "Full house"),
    ("Qs Qd Qh 8s 8c 8h 7d", "8s 8h", "Full house"),  # two trips: the lower splits
    ("Qs Qd Qh 8s 8c 5h 5d", "8s 8c", "Full house"),
    ("Jk Ad Ah 8s 8c 2c 7d", "8s 8c", "Full house"),
    # four of a kind
    ("Kc Kd Kh Ks 9c 8c 7d", "Ks Kh", "J or better"),
    ("Jc Jd Jh Js Ac Kc 7d", "Js Jh", "J or better"),
    ("8c 8d 8h 8s Ac 2c 7d", "Ac 7d", "kept together"),
    ("Tc Td Th Ts Kc 2c 7d", "Kc 7d", "kept together"),
    ("8c 8d 8h 8s Qc 2c 7d", "8s 8h", "no king or better"),
    ("5c 5d 5h 5s Qc 2c 7d", "Qc 7d", "kept together"),
    ("Jk Ac Ad Ah Qc 2c 7d", "Ah Ad", "J or better"),  # joker makes four aces
    # five aces
    ("Jk As Ah Ad Ac Kd Kc", "Kd Kc", "Five aces: the pair of kings"),
    ("Jk As Ah Ad Ac Kd Qc", "As Ah", "Five aces: a pair of aces"),
]


@pytest.mark.parametrize(("cards", "front", "rule"), CASES)
def test_house_way(cards: str, front: str, rule: str) -> None:
    setting = house_way(parse_cards(cards))
    assert set(setting.front) == set(parse_cards(front))
    assert sorted(map(str, setting.front + setting.back)) == sorted(cards.split())
    assert rule in setting.reason
    assert not setting.fouled


def test_straight_or_flush_rule_keeps_it_in_back() -> None:
    setting = house_way(parse_cards("9c 8c 7c 6c Jk Kd Kh"))
    assert setting.high >> 20 == Category.STRAIGHT_FLUSH  # the joker completes it
    wheel = house_way(parse_cards("Ac 2d 3h 4s 5c Kc Qd"))
    assert wheel.high >> 20 == Category.STRAIGHT


def test_two_pair_rule_is_a_replaceable_table() -> None:
    always_split = (TwoPair.SPLIT,) * 13
    cards = parse_cards("9s 9d 4c 4h As 3d 2c")
    assert set(house_way(cards).front) == set(parse_cards("As 3d"))
    assert set(house_way(cards, always_split).front) == set(parse_cards("4c 4h"))
    assert TWO_PAIR[9 - 2] is TwoPair.ACE_FRONT and TWO_PAIR[11 - 2] is TwoPair.SPLIT


TRUMP_PLAZA_CASES = [
    # (seven cards, the front by RULES.md's table, the front by the Trump Plaza's)
    ("Js Jd 4c 4h As 3d 9c", "4c 4h", "As 9c"),  # J-K and a small pair: together with an ace
    ("Ks Kd 8c 8h As 3d 9c", "8c 8h", "8c 8h"),  # ... but split with a bigger pair
    ("9s 9d 4c 4h Ks 3d 2c", "4c 4h", "Ks 3d"),  # 7-10 and a small pair: a king will do
    ("9s 9d 8c 8h Ks 3d 2c", "8c 8h", "8c 8h"),  # ... a bigger pair needs an ace
    ("9s 9d 8c 8h As 3d 2c", "As 3d", "As 3d"),
    ("As Ad 4c 4h Ks 3d 2c", "4c 4h", "4c 4h"),  # aces always split
    ("5s 5d 4c 4h Ks 3d 8c", "Ks 8c", "Ks 8c"),  # 6 or lower: the same in both
    ("6s 6d 4c 4h Qs 9d 8c", "4c 4h", "4c 4h"),
]


@pytest.mark.parametrize(("cards", "rules", "trump_plaza"), TRUMP_PLAZA_CASES)
def test_the_trump_plaza_two_pair_table(cards: str, rules: str, trump_plaza: str) -> None:
    hand = parse_cards(cards)
    assert set(house_way(hand).front) == set(parse_cards(rules))
    setting = house_way(hand, TRUMP_PLAZA)
    assert set(setting.front) == set(parse_cards(trump_plaza))
    assert setting.reason.startswith("Two pair") and not setting.fouled
    assert TWO_PAIR_TABLES == {"rules": TWO_PAIR, "trump-plaza": TRUMP_PLAZA}


@given(st.permutations(joker_deck()).map(lambda deck: deck[:7]))
def test_the_house_way_never_fouls_and_uses_every_card(cards: list) -> None:  # type: ignore[type-arg]
    for table in TWO_PAIR_TABLES.values():
        setting = house_way(cards, table)
        assert not setting.fouled
        assert {c.index for c in setting.front + setting.back} == {c.index for c in cards}


FOULS = [
    # (front, back, fouled)
    ("As Kd", "Qc Jd 9h 7s 5c", True),  # Q high behind A-K
    ("8s 8d", "As Kd Qh 9c 7s", True),  # no pair behind a pair
    ("9s 9d", "5s 5d Ah Kc 2d", True),  # a lower pair behind
    ("9s 9d", "5s 5d 4h 4c 2d", False),  # two pair behind a pair
    ("Ah Kd", "As Kc 9h 7s 5c", False),  # the same top two, and three more cards
    ("9s 9d", "9h 9c Ah Kc 2d", False),  # the same pair, and three more cards
    ("Ah Kd", "As Qc 9h 7s 5c", True),  # A-Q behind A-K
    ("Jk Kd", "Qs Jc 9h 7s 5c", True),  # the joker is an ace in front
    ("Jk 2d", "As Kc 9h 7s 5c", False),
    ("As Ad", "Jk Kc Qh Js Tc", False),  # the joker completes a straight behind
]


@pytest.mark.parametrize(("front", "back", "fouled"), FOULS)
def test_foul_detection(front: str, back: str, fouled: bool) -> None:
    cards = parse_cards(f"{front} {back}")
    assert make_setting(cards, parse_cards(front), "").fouled is fouled


def test_the_front_key_orders_two_card_hands_as_the_paigow_low_preset() -> None:
    deck = joker_deck()
    for a, b in itertools.combinations(deck, 2):
        assert low_key(a, b) == evaluate_key([a, b], LOW_RULES)


@given(st.permutations(joker_deck()).map(lambda deck: deck[:7]))
def test_straight_or_flush_detection_matches_every_split(cards: list) -> None:  # type: ignore[type-arg]
    kinds = {Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH}
    behind = any(high >> 20 in kinds for _, high in split_keys(cards))
    assert straight_or_flush_possible(cards) is behind
