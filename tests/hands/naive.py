"""An independent, deliberately plain evaluator for the tests: sort, group, look for straights
and flushes, and try every substitution of every wild card. Slow and obvious on purpose; it
shares no code with ``pokernight.hands``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import product

CATEGORY_ORDER = [
    "high_card",
    "one_pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "royal_flush",
    "five_of_a_kind",
]
Card = tuple[int, int]  # (rank value 2..14, suit 0..3)


def straight_top(values: set[int], ace_low: bool, ace_high: bool, wheel_second: bool) -> int:
    """Strength of a straight made by five distinct values (0 if none)."""
    if len(values) != 5:
        return 0
    tops = []
    if ace_high and max(values) - min(values) == 4:
        tops.append(max(values) * 2)
    if ace_low and 14 in values and {v if v != 14 else 1 for v in values} == {1, 2, 3, 4, 5}:
        tops.append(27 if wheel_second else 5 * 2 - 1)
    if not ace_high and 14 not in values and max(values) - min(values) == 4:
        tops.append(max(values) * 2)
    return max(tops, default=0)


def high_value(
    cards: Sequence[Card],
    *,
    ace_low_straights: bool = True,
    wheel_second: bool = False,
    ace_high_straights: bool = True,
) -> tuple[int, tuple[int, ...]]:
    """(category index, tiebreak) of five natural cards under high rules."""
    values = [v for v, _ in cards]
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    tiebreak = tuple(v for v, n in groups for _ in range(n))
    flush = len({s for _, s in cards}) == 1
    top = straight_top(set(values), ace_low_straights, ace_high_straights, wheel_second)
    shape = [n for _, n in groups]
    if shape == [5]:
        return 10, tiebreak
    if top and flush:
        royal = set(values) == {10, 11, 12, 13, 14} and ace_high_straights
        return (9 if royal else 8), (top,)
    if shape == [4, 1]:
        return 7, tiebreak
    if shape == [3, 2]:
        return 6, tiebreak
    if flush:
        return 5, tuple(sorted(values, reverse=True))
    if top:
        return 4, (top,)
    return {(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(tuple(shape), 0), tiebreak


def all_cards() -> list[Card]:
    return [(v, s) for v in range(2, 15) for s in range(4)]


def best_with_wilds(
    naturals: Sequence[Card], wilds: int, choices: Iterable[Card] | None = None, **rules: bool
) -> tuple[int, tuple[int, ...]]:
    """Best high value over every substitution of each wild by any card (duplicates allowed)."""
    options = list(choices) if choices is not None else all_cards()
    return max(high_value([*naturals, *subs], **rules) for subs in product(options, repeat=wilds))


def bug_joker_best(naturals: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """The bug joker: an ace of any suit, or any card that completes a straight or flush."""
    best = max(high_value([*naturals, (14, s)]) for s in range(4))
    for card in all_cards():
        value = high_value([*naturals, card])
        if value[0] in (4, 5, 8, 9):
            held = {c for c in naturals}
            if value[0] == 5 and card in held:
                continue
            best = max(best, value)
    return best


def ace_to_five_value(values: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """Low ace-to-five as a high-style value (smaller is the better low)."""
    low = [1 if v == 14 else v for v in values]
    counts = Counter(low)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    category = {
        (1, 1, 1, 1, 1): 0,
        (2, 1, 1, 1): 1,
        (2, 2, 1): 2,
        (3, 1, 1): 3,
        (3, 2): 6,
        (4, 1): 7,
    }[shape]
    return category, tuple(v for v, n in groups for _ in range(n))
