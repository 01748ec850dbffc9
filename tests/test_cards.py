"""Card notation, decks and the seeded shoe."""

from __future__ import annotations

import random

import pytest

from pokernight.cards import (
    CARDS,
    JOKER,
    Card,
    Rank,
    Shoe,
    Suit,
    card_from_index,
    deck_by_name,
    dual641_deck,
    format_cards,
    load_dual_deck,
    parse_card,
    parse_cards,
    parse_dual,
    validate_dual_deck,
)
from pokernight.errors import InvalidCards


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("As", Card(Rank.ACE, Suit.SPADES)),
        ("10h", Card(Rank.TEN, Suit.HEARTS)),
        ("th", Card(Rank.TEN, Suit.HEARTS)),
        ("Q♦", Card(Rank.QUEEN, Suit.DIAMONDS)),
        ("2C", Card(Rank.TWO, Suit.CLUBS)),
    ],
)
def test_parse_card_notation_case_insensitive_and_unicode_suits(text: str, card: Card) -> None:
    assert parse_card(text) == card


def test_joker_notation_and_index() -> None:
    assert parse_card("Jk") is JOKER and parse_card("JK") is JOKER
    assert card_from_index(52) is JOKER and JOKER.index == 52


def test_every_card_round_trips_through_text_and_index() -> None:
    for index, card in enumerate(CARDS):
        assert card.index == index
        assert parse_card(str(card)) == card
        assert parse_card(card.pretty()) == card
        assert card_from_index(index) == card


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("As As Kd", "As appears twice"),
        ("Xs", "unknown rank"),
        ("Ax", "unknown suit"),
        ("A", "is not a card"),
        ("11h", "unknown rank"),
    ],
)
def test_bad_card_text_raises_invalid_cards_with_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(InvalidCards, match=message):
        parse_cards(text)


def test_format_cards_plain_and_pretty() -> None:
    cards = parse_cards("As 10h Jk")
    assert format_cards(cards) == "As Th Jk"
    assert format_cards(cards, pretty=True) == "A♠ T♥ Jk"


def test_decks() -> None:
    assert len(deck_by_name("standard")) == 52
    assert deck_by_name("joker")[-1] is JOKER and len(deck_by_name("joker")) == 53
    assert len(deck_by_name("hurricane")) == 52
    with pytest.raises(InvalidCards, match="unknown deck"):
        deck_by_name("pinochle")


def test_dual641_satisfies_the_invariants() -> None:
    deck = dual641_deck()
    validate_dual_deck(deck)
    assert sorted(str(c.top) for c in deck) == sorted(str(c) for c in CARDS)
    assert sorted(str(c.bottom) for c in deck) == sorted(str(c) for c in CARDS)
    same_rank = [c for c in deck if c.top.rank == c.bottom.rank]  # type: ignore[union-attr]
    assert len(same_rank) == 2 and len({c.top.rank for c in same_rank}) == 2  # type: ignore[union-attr]


def test_dual_notation() -> None:
    card = parse_dual("As/7d")
    assert str(card) == "As/7d" and str(card.flipped()) == "7d/As"
    with pytest.raises(InvalidCards, match="top/bottom"):
        parse_dual("As")


def test_dual_deck_file_errors_name_the_card(tmp_path: object) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path))
    lines = [f"{c}/{CARDS[(i + 5) % 52]}" for i, c in enumerate(CARDS)]
    good = folder / "good.txt"
    good.write_text("\n".join(lines))
    assert len(load_dual_deck(good)) == 52
    short = folder / "short.txt"
    short.write_text("\n".join(lines[:51]))
    with pytest.raises(InvalidCards, match="52 cards"):
        load_dual_deck(short)
    dup = folder / "dup.txt"
    dup.write_text("\n".join([*lines[:51], "2c/Ad"]))
    with pytest.raises(InvalidCards, match="2c is already a top end"):
        load_dual_deck(dup)
    bad = folder / "bad.txt"
    bad.write_text("\n".join([*lines[:3], "Zz/2c", *lines[4:]]))
    with pytest.raises(InvalidCards, match="line 4"):
        load_dual_deck(bad)


def test_shoe_is_replayable_from_its_seed() -> None:
    a = Shoe.seeded(CARDS, 42).deal(10)
    b = Shoe.seeded(CARDS, 42).deal(10)
    c = Shoe(CARDS, random.Random(43)).deal(10)
    assert a == b and a != c
    shoe = Shoe.seeded(CARDS, 1)
    shoe.deal(50)
    with pytest.raises(InvalidCards, match="2 cards left"):
        shoe.deal(3)
