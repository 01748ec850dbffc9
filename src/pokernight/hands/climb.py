"""Big Two (Mount Holyoke Poker) combinations: what a set of cards is as a play, and its key.

Order: ranks 3 < 4 < ... < K < A < 2, suits diamonds < clubs < hearts < spades; a single card's
value is ``rank * 4 + suit`` in that order. Keys compare only plays of the same size.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import IntEnum

from pokernight.cards import Card, Suit
from pokernight.errors import InvalidCards

SUIT_ORDER = {Suit.DIAMONDS: 0, Suit.CLUBS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
RANK_NAMES = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
SUIT_NAMES = ["diamonds", "clubs", "hearts", "spades"]


class Combo(IntEnum):
    """Play kinds; the five-card ones in the seed's order (straight lowest)."""

    SINGLE = 0
    PAIR = 1
    TRIPLE = 2
    STRAIGHT = 10
    FLUSH = 11
    FULL_HOUSE = 12
    FOUR_OF_A_KIND = 13
    STRAIGHT_FLUSH = 14
    ROYAL_FLUSH = 15

    @property
    def json_name(self) -> str:
        return self.name.lower()


def climb_rank(card: Card) -> int:
    """0 for a three ... 11 for an ace, 12 for a deuce."""
    return (card.rank.index - 1) % 13


def climb_value(card: Card) -> int:
    """0 (3 of diamonds) ... 51 (2 of spades)."""
    return climb_rank(card) * 4 + SUIT_ORDER[card.suit]


def classify_play(cards: Sequence[Card]) -> tuple[Combo, int]:
    """The combination and its key; InvalidCards if these cards are not one play."""
    n = len(cards)
    values = sorted((climb_value(c) for c in cards), reverse=True)
    ranks = [v >> 2 for v in values]
    counts = Counter(ranks)
    if n == 1:
        return Combo.SINGLE, values[0]
    if n in (2, 3):
        if len(counts) != 1:
            raise InvalidCards(
                f"{' '.join(map(str, cards))} is not a play: "
                f"{'a pair' if n == 2 else 'three of a kind'} needs cards of one rank"
            )
        return (Combo.PAIR, values[0]) if n == 2 else (Combo.TRIPLE, ranks[0])
    if n != 5:
        raise InvalidCards(
            f"{n} cards are not a play: play a single, a pair, three of a kind or five cards"
        )
    flush = len({c.suit for c in cards}) == 1
    straight = len(counts) == 5 and ranks[0] - ranks[4] == 4
    shape = sorted(counts.values(), reverse=True)
    if straight and flush:
        royal = ranks[0] == 12 and cards[0].suit is Suit.SPADES
        return (Combo.ROYAL_FLUSH if royal else Combo.STRAIGHT_FLUSH), values[0]
    if shape == [4, 1]:
        return Combo.FOUR_OF_A_KIND, _most_common(counts)
    if shape == [3, 2]:
        return Combo.FULL_HOUSE, _most_common(counts)
    if flush:
        key = 0
        for r in ranks:
            key = (key << 4) | r
        return Combo.FLUSH, (key << 2) | (values[0] & 3)
    if straight:
        return Combo.STRAIGHT, values[0]
    raise InvalidCards(
        f"{' '.join(map(str, cards))} is not a five-card play: it must be a straight, flush, "
        "full house, four of a kind or straight flush"
    )


def _most_common(counts: Counter[int]) -> int:
    return counts.most_common(1)[0][0]


def play_key(combo: Combo, key: int) -> int:
    """One integer per play: the combination above its key (same-size plays compare by it)."""
    return (int(combo) << 24) | key


def describe_play(combo: Combo, cards: Sequence[Card]) -> str:
    top = max(cards, key=climb_value)
    name = f"{RANK_NAMES[climb_rank(top)]} of {SUIT_NAMES[SUIT_ORDER[top.suit]]}"
    counts = Counter(climb_rank(c) for c in cards)
    main = RANK_NAMES[counts.most_common(1)[0][0]]
    match combo:
        case Combo.SINGLE:
            return name
        case Combo.PAIR:
            return f"Pair of {main}s"
        case Combo.TRIPLE:
            return f"Three {main}s"
        case Combo.FULL_HOUSE:
            return f"Full house, {main}s full"
        case Combo.FOUR_OF_A_KIND:
            return f"Four {main}s"
        case Combo.ROYAL_FLUSH:
            return "Royal flush"
    return f"{combo.name.replace('_', ' ').capitalize()} to the {name}"
