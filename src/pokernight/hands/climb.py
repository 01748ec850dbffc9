"""Big Two (Mount Holyoke Poker) combinations: what a set of cards is as a play, and its key.

Order: ranks 3 < 4 < ... < K < A < 2, suits diamonds < clubs < hearts < spades (the seed's; a
``ClimbOrder`` may name another suit order or straight variant). A card's climb value is
``rank * 4 + suit position``; keys compare only plays of the same size. The move generator
(``climb_moves``) builds on the same tables and key functions, so a rule lives here once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from functools import cache
from typing import NamedTuple

from pokernight.cards import CARDS, SUIT_CHARS, Card, Suit
from pokernight.errors import InvalidCards, InvalidRules

RANK_NAMES = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
RANK_PLURALS = [*(f"{r}s" for r in range(3, 11)), "jacks", "queens", "kings", "aces", "2s"]
"""Each climbing rank in words for a group of them: "Pair of aces", "Three 2s"."""
SUIT_NAMES = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}


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


class Straights(StrEnum):
    """Which five ranks make a straight, lowest first.

    ``climb`` (the seed): consecutive in the 3...2 order, no wrap, J-Q-K-A-2 on top.
    ``poker`` (a common Big Two house rule): A-2-3-4-5 lowest, then 2-3-4-5-6, 3-4-5-6-7 ...
    up to 10-J-Q-K-A; J-Q-K-A-2 is no straight."""

    CLIMB = "climb"
    POKER = "poker"


@dataclass(frozen=True)
class ClimbOrder:
    """The orders a Big Two table may change: suits (low to high, e.g. ``dchs``) and
    straights. The royal flush is the top straight in the top suit."""

    suits: str = "dchs"
    straights: Straights = Straights.CLIMB

    def __post_init__(self) -> None:
        if sorted(self.suits) != sorted(SUIT_CHARS):
            raise InvalidRules(
                f"suit order {self.suits!r} must name c, d, h and s once each, lowest first"
            )


SEED_ORDER = ClimbOrder()


class OrderTables(NamedTuple):
    """An order's tables: climb value of each card index and back, and the straights as
    rank windows (lowest first, top rank last) with a rank-mask lookup."""

    value_of: tuple[int, ...]
    card_of: tuple[Card, ...]
    windows: tuple[tuple[int, ...], ...]
    window_of: dict[int, int]


@cache
def tables(order: ClimbOrder) -> OrderTables:
    position = {Suit(SUIT_CHARS.index(ch)): i for i, ch in enumerate(order.suits)}
    value_of = tuple(((c.rank.index - 1) % 13) * 4 + position[c.suit] for c in CARDS)
    card_of = tuple(sorted(CARDS, key=lambda c: value_of[c.index]))
    if order.straights is Straights.CLIMB:
        windows = tuple(tuple(range(low, low + 5)) for low in range(9))
    else:
        wheels = ((11, 12, 0, 1, 2), (12, 0, 1, 2, 3))
        windows = wheels + tuple(tuple(range(low, low + 5)) for low in range(8))
    window_of = {sum(1 << r for r in w): i for i, w in enumerate(windows)}
    return OrderTables(value_of, card_of, windows, window_of)


def climb_rank(card: Card) -> int:
    """0 for a three ... 11 for an ace, 12 for a deuce."""
    return (card.rank.index - 1) % 13


def climb_value(card: Card, order: ClimbOrder = SEED_ORDER) -> int:
    """0 (3 of diamonds) ... 51 (2 of spades) in the seed's order."""
    return tables(order).value_of[card.index]


def flush_key(values: Sequence[int]) -> int:
    """Five same-suit values, highest first: ranks in turn, then the suit."""
    key = 0
    for v in values:
        key = (key << 4) | (v >> 2)
    return (key << 2) | (values[0] & 3)


def play_key(combo: Combo, key: int) -> int:
    """One integer per play: the combination above its key (same-size plays compare by it)."""
    return (int(combo) << 24) | key


def classify_values(values: Sequence[int], order: ClimbOrder = SEED_ORDER) -> tuple[Combo, int]:
    """The combination and key of climb values; InvalidCards if they are not one play."""
    n = len(values)
    high = sorted(values, reverse=True)
    ranks = [v >> 2 for v in high]
    if n == 1:
        return Combo.SINGLE, high[0]
    if n in (2, 3):
        if ranks[0] != ranks[-1]:
            need = "a pair" if n == 2 else "three of a kind"
            raise InvalidCards(
                f"{_text(high, order)} is not a play: {need} needs cards of one rank"
            )
        return (Combo.PAIR, high[0]) if n == 2 else (Combo.TRIPLE, ranks[0])
    if n != 5:
        raise InvalidCards(
            f"{n} cards are not a play: play a single, a pair, three of a kind or five cards"
        )
    table = tables(order)
    distinct = set(ranks)
    flush = len({v & 3 for v in high}) == 1
    if len(distinct) == 2:
        # 4+1 or 3+2: the middle card (of the sorted five) belongs to the big group
        big = ranks[2]
        shape = ranks.count(big)
        return (Combo.FOUR_OF_A_KIND if shape == 4 else Combo.FULL_HOUSE), big
    window = table.window_of.get(sum(1 << r for r in distinct)) if len(distinct) == 5 else None
    if window is not None:
        top_rank = table.windows[window][-1]
        key = window * 4 + next(v & 3 for v in high if v >> 2 == top_rank)
        if not flush:
            return Combo.STRAIGHT, key
        royal = window == len(table.windows) - 1 and high[0] & 3 == 3
        return (Combo.ROYAL_FLUSH if royal else Combo.STRAIGHT_FLUSH), key
    if flush:
        return Combo.FLUSH, flush_key(high)
    raise InvalidCards(
        f"{_text(high, order)} is not a five-card play: it must be a straight, flush, "
        "full house, four of a kind or straight flush"
    )


def _text(values: Sequence[int], order: ClimbOrder) -> str:
    card_of = tables(order).card_of
    return " ".join(str(card_of[v]) for v in sorted(values))


def classify_play(cards: Sequence[Card], order: ClimbOrder = SEED_ORDER) -> tuple[Combo, int]:
    """The combination and its key; InvalidCards if these cards are not one play."""
    value_of = tables(order).value_of
    return classify_values([value_of[c.index] for c in cards], order)


def describe_play(combo: Combo, cards: Sequence[Card], order: ClimbOrder = SEED_ORDER) -> str:
    table = tables(order)
    values = sorted(table.value_of[c.index] for c in cards)
    top = table.card_of[values[-1]]
    if combo in (Combo.STRAIGHT, Combo.STRAIGHT_FLUSH):  # the window's top (5 in A-2-3-4-5)
        key = classify_values(values, order)[1]
        top = table.card_of[table.windows[key >> 2][-1] * 4 + (key & 3)]
    name = f"{RANK_NAMES[climb_rank(top)]} of {SUIT_NAMES[top.suit]}"
    main = RANK_PLURALS[values[len(values) // 2] >> 2]  # the middle card: the biggest group
    match combo:
        case Combo.SINGLE:
            return name
        case Combo.PAIR:
            return f"Pair of {main}"
        case Combo.TRIPLE:
            return f"Three {main}"
        case Combo.FULL_HOUSE:
            return f"Full house, {main} full"
        case Combo.FOUR_OF_A_KIND:
            return f"Four {main}"
        case Combo.ROYAL_FLUSH:
            return "Royal flush"
    return f"{combo.name.replace('_', ' ').capitalize()} to the {name}"
