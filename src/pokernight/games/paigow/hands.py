"""Pai Gow Poker's two hands: the keys that compare them, the foul, and the 21 ways to set.

Seven cards become a five-card high hand (back) and a two-card low hand (front). Both keys
come from the shared evaluators (presets ``paigow-high`` and ``paigow-low``), so a hand is
valued by one rule set wherever it is compared: the dealer's settlement, the house way, the
advisor. The foul rule lives here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from itertools import combinations
from typing import NamedTuple, cast

from pokernight.cards import AnyCard
from pokernight.engine.protocol import View
from pokernight.hands.evaluate import evaluate
from pokernight.hands.five import key_function
from pokernight.hands.rules import HandRules, Wheel, preset
from pokernight.hands.value import Category

LOW_RULES = preset("paigow-low")
PAIR_FLAG = 1 << 8
SPLITS = tuple(combinations(range(7), 2))
"""The 21 ways to choose the front two of seven cards, by position."""


def high_rules(wheel: Wheel = Wheel.SECOND) -> HandRules:
    """The back hand's ranking: the bug joker, and 5-4-3-2-A where the table puts it."""
    base = preset("paigow-high")
    return base if wheel is base.wheel else replace(base, wheel=wheel)


@cache
def index_key(wheel: Wheel) -> Callable[[Sequence[int]], int]:
    """The back hand's key from five card indexes (built once per wheel position)."""
    return key_function(high_rules(wheel), 5)


PAIR_VALUES = (*(i // 4 + 2 for i in range(52)), 14)
"""A card's rank for pairing, 2..14, by card index: the bug joker (index 52) is an ace."""


def low_key(a: AnyCard, b: AnyCard) -> int:
    """The front hand's key: pairs AA..22 above non-pairs A-K..3-2 (the joker is an ace).
    The same order as ``hands.twocard.paigow_low``; inlined because every setting needs it."""
    x, y = PAIR_VALUES[a.index], PAIR_VALUES[b.index]
    if x == y:
        return PAIR_FLAG | x
    return (x << 4) | y if x > y else (y << 4) | x


def fouls(high: int, low: int) -> bool:
    """True when the back hand does not outrank the front. A back hand that matches the
    front's two cards (a pair of the same rank, or the same two top cards) outranks it: its
    five cards hold the front's two plus three more."""
    category = high >> 20
    if low & PAIR_FLAG:
        if category >= Category.TWO_PAIR:
            return False
        return category < Category.ONE_PAIR or (high >> 16) & 15 < low & 15
    if category >= Category.ONE_PAIR:
        return False
    return (high >> 12) & 255 < low


class Setting(NamedTuple):
    """One way to set seven cards, with the keys that settle it, whether it fouls, and why it
    was chosen. (A named tuple: two or three are made per hand, and it is immutable.)"""

    front: tuple[AnyCard, AnyCard]
    back: tuple[AnyCard, ...]
    high: int
    low: int
    reason: str
    fouled: bool


def make_setting(
    cards: Sequence[AnyCard], front: Sequence[AnyCard], reason: str, wheel: Wheel = Wheel.SECOND
) -> Setting:
    """Set ``front`` in front and the rest of ``cards`` (in their order) behind."""
    a, b = front
    ai, bi = a.index, b.index
    back = tuple([c for c in cards if c.index != ai and c.index != bi])
    key5 = index_key(wheel)
    high = key5([c.index for c in back])
    low = low_key(a, b)
    return Setting((a, b), back, high, low, reason, fouls(high, low))


def describe(setting: Setting, wheel: Wheel = Wheel.SECOND) -> tuple[str, str]:
    """What the back and the front hold, in words."""
    back = evaluate(list(setting.back), high_rules(wheel)).description
    front = evaluate(list(setting.front), LOW_RULES).description
    return back, front


BACKS = tuple(tuple(k for k in range(7) if k not in split) for split in SPLITS)
"""The positions of the back five for each split."""


def split_keys(cards: Sequence[AnyCard], wheel: Wheel = Wheel.SECOND) -> list[tuple[int, int]]:
    """(front key, back key) of each of the 21 splits, in the order of ``SPLITS``: what the
    house way and the advisor search, without building a setting for each."""
    key5 = index_key(wheel)
    index = [c.index for c in cards]
    return [
        (low_key(cards[i], cards[j]), key5((index[a], index[b], index[c], index[d], index[e])))
        for (i, j), (a, b, c, d, e) in zip(SPLITS, BACKS, strict=True)
    ]


def own_cards(view: View) -> Sequence[AnyCard]:
    """A Pai Gow seat's own seven cards, as its view holds them (none hidden from itself)."""
    return cast(Sequence[AnyCard], view.hole)
