"""What an evaluated hand is: one integer key plus what is needed to explain it.

The five-card key layout is ``category << 20 | five 4-bit rank nibbles`` in significance order
(quads ``q q q q k``, full house ``t t t p p`` ...). Nibble values are ``rank order`` values:
2..14 with the ace high, 1 for an ace playing low. Straights store their strength index (1 =
weakest straight of the rule set) in the first nibble so that any straight order (Pai Gow's
second-highest wheel, wrap-arounds) is one table. Low rules invert the key so that, for every
pot, a larger key is the better hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from pokernight.cards import AnyCard, Card, DualCard

NIBBLE_BITS = 20
LOW_CEILING = (1 << 24) - 1


class Category(IntEnum):
    """Five-card categories in high order; JSON names are the lower-case names."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9
    FIVE_OF_A_KIND = 10

    @property
    def json_name(self) -> str:
        return self.name.lower()

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").lower().replace("one pair", "pair")


def pack(category: int, nibbles: tuple[int, ...]) -> int:
    """Key of a five-card value: category above five significance-ordered nibbles."""
    key = category
    for nibble in nibbles:
        key = (key << 4) | nibble
    return key << 4 * (5 - len(nibbles))


def unpack(value: int) -> tuple[Category, tuple[int, int, int, int, int]]:
    """Inverse of ``pack`` (for a value that is not inverted for low)."""
    n = tuple((value >> shift) & 15 for shift in (16, 12, 8, 4, 0))
    return Category(value >> NIBBLE_BITS), (n[0], n[1], n[2], n[3], n[4])


@dataclass(frozen=True)
class HandValue:
    """A hand evaluated once under one rule set.

    ``key`` orders hands for the pot the rules play for (larger is better, low rules included);
    the rest explains it: the best cards used, what each wild card stood for, the orientation of
    dual-value cards, and a sentence for people.
    """

    rules: str
    cards: tuple[AnyCard | DualCard, ...]
    key: int
    category: str
    best: tuple[AnyCard, ...]
    wild_as: tuple[tuple[AnyCard, Card], ...] = ()
    description: str = ""
    orientation: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "rules": self.rules,
            "cards": [str(c) for c in self.cards],
            "category": self.category,
            "key": self.key,
            "best": [str(c) for c in self.best],
            "wild_as": {str(wild): str(card) for wild, card in self.wild_as},
            "description": self.description,
        }
        if self.orientation is not None:
            data["orientation"] = list(self.orientation)
        return data


@dataclass(frozen=True)
class Comparison:
    """The result of comparing hands under one rule set: who wins and the deciding step."""

    rules: str
    hands: tuple[HandValue, ...]
    winners: tuple[int, ...]
    reason: str

    def to_json(self) -> dict[str, object]:
        return {
            "rules": self.rules,
            "hands": [h.to_json() for h in self.hands],
            "winners": list(self.winners),
            "reason": self.reason,
        }
