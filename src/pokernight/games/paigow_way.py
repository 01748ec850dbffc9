"""The house way: how the dealer sets seven cards (RULES.md, Pai Gow Poker).

It is a rule of the game, not a bot's taste: the dealer always sets by it, and with the
``house_resets_fouls`` option the house re-sets a fouled hand by it. Bots and the advisor use
it from here. The two-pair rule is a table (``TwoPairTable``) that a casino may replace.

Where RULES.md lists rules that could both apply, the first that matches wins, in this order:
five aces, four of a kind, full house (two trips included), a straight or flush (kept in back,
the highest front beside it, so a pair goes front when one can), three pair, two pair, trips,
one pair, no pair. With that order, house way against house way reproduces the published
rates (README). The joker pairs only with aces unless it completes a straight or flush behind.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import cache

from pokernight.cards import JOKER_INDEX, AnyCard, joker_deck
from pokernight.games.paigow_hands import (
    PAIR_VALUES,
    SPLITS,
    Setting,
    make_setting,
    pair_value,
    split_keys,
)
from pokernight.hands.five import RANK_PLURALS
from pokernight.hands.rules import Wheel
from pokernight.hands.value import Category


def _name(value: int) -> str:
    """ "aces", "10s": the plural of a rank value 2..14."""
    return RANK_PLURALS[value - 2]


class TwoPair(StrEnum):
    """What to do with two pair, by the rank of the higher pair."""

    SPLIT = "split"
    ACE_FRONT = "together if an ace can go front, else split"
    KING_FRONT = "together if a king or better can go front, else split"


TwoPairTable = tuple[TwoPair, ...]
"""Thirteen entries, for a higher pair of 2 .. A."""

TWO_PAIR: TwoPairTable = (
    (TwoPair.KING_FRONT,) * 5  # 2 .. 6
    + (TwoPair.ACE_FRONT,) * 4  # 7 .. 10
    + (TwoPair.SPLIT,) * 4  # J .. A
)

_ORDER = {card: 2 * card.index if card.index < 52 else 95 for card in joker_deck()}
"""Sort order of the 53 cards: the joker just below the four aces, so naturals go front first."""
_STRAIGHTS = tuple(sum(1 << (low + i) for i in range(5)) for low in range(1, 11))
"""Rank bit masks of the ten straights, the wheel (ace as 1) to the ace-high."""
_RANK_BITS = tuple((1 << (i // 4 + 2)) | (2 if i // 4 == 12 else 0) for i in range(52))
"""Each card's rank bit (an ace also sets bit 1, its place in the wheel)."""


@cache
def _straight_cover() -> bytes:
    """For every rank mask, the most ranks it holds of any one straight (built once)."""
    return bytes(
        max((mask & window).bit_count() for window in _STRAIGHTS) for mask in range(1 << 15)
    )


def _groups(hand: Sequence[AnyCard]) -> dict[int, list[AnyCard]]:
    groups: dict[int, list[AnyCard]] = {}
    for card in hand:
        value = PAIR_VALUES[card.index]
        if value in groups:
            groups[value].append(card)
        else:
            groups[value] = [card]
    return groups


def straight_or_flush_possible(hand: Sequence[AnyCard]) -> bool:
    """Whether five of these cards make a straight or a flush (the joker completing one)."""
    jokers, mask, suits = 0, 0, [0, 0, 0, 0]
    for card in hand:
        index = card.index
        if index == JOKER_INDEX:
            jokers = 1
            continue
        suits[index & 3] += 1
        mask |= _RANK_BITS[index]
    return max(suits) + jokers >= 5 or _straight_cover()[mask] + jokers >= 5


def house_way(
    cards: Sequence[AnyCard], table: TwoPairTable = TWO_PAIR, wheel: Wheel = Wheel.SECOND
) -> Setting:
    """The dealer's setting of seven cards, with the rule that chose it."""
    hand = sorted(cards, key=_ORDER.__getitem__, reverse=True)
    groups = _groups(hand)
    sizes = {v: len(g) for v, g in groups.items()}
    singles: list[AnyCard] = []
    pairs: list[int] = []
    trips: list[int] = []
    quads: list[int] = []
    by_size = (singles, pairs, trips, quads, quads)  # five aces are checked first, by size
    for value, group in groups.items():
        if len(group) == 1:
            singles.append(group[0])
        else:
            by_size[len(group) - 1].append(value)  # type: ignore[arg-type]

    def front(two: Sequence[AnyCard], reason: str) -> Setting:
        return make_setting(hand, two, reason, wheel)

    def best_two(rest: Sequence[AnyCard]) -> list[AnyCard]:
        """The strongest front from these cards (highest first): a pair, else the top two."""
        rest_groups = _groups(rest)
        paired = [v for v, g in rest_groups.items() if len(g) >= 2]
        return rest_groups[paired[0]][:2] if paired else list(rest[:2])

    if sizes.get(14) == 5:
        if sizes.get(13) == 2:
            return front(groups[13], "Five aces: the pair of kings goes front")
        return front(groups[14][:2], "Five aces: a pair of aces goes front")
    if quads:
        q = quads[0]
        name = _name(q)
        rest = [c for c in hand if pair_value(c) != q]
        kept = best_two(rest)
        king_or_better = pair_value(kept[0]) == pair_value(kept[1]) or pair_value(kept[0]) >= 13
        if q >= 11:
            return front(groups[q][:2], f"Four {name}, J or better: split into two pairs")
        if q >= 7 and not king_or_better:
            return front(
                groups[q][:2], f"Four {name}, 7 to 10, no king or better to go front: split"
            )
        return front(kept, f"Four {name} kept together, the best two others front")
    if trips and (pairs or len(trips) > 1):
        paired = max(pairs + trips[1:])
        return front(groups[paired][:2], f"Full house: the pair of {_name(paired)} goes front")
    if straight_or_flush_possible(hand):
        keys = split_keys(hand, wheel)
        best = max(
            (k for k in range(len(SPLITS)) if keys[k][1] >> 20 >= Category.STRAIGHT),
            key=keys.__getitem__,
        )
        i, j = SPLITS[best]
        return front(
            (hand[i], hand[j]), "Straight or flush kept in back, the highest front beside it"
        )
    if len(pairs) == 3:
        return front(groups[pairs[0]], f"Three pair: the pair of {_name(pairs[0])} goes front")
    if len(pairs) == 2:
        high, low = pairs
        rule = table[high - 2]
        named = f"Two pair, {_name(high)} and {_name(low)}"
        can = "an ace can" if rule is TwoPair.ACE_FRONT else "a king or better can"
        top = pair_value(singles[0])
        together = (rule is TwoPair.ACE_FRONT and top == 14) or (
            rule is TwoPair.KING_FRONT and top >= 13
        )
        if together:
            return front(singles[:2], f"{named}: kept together, {can} go front")
        if rule is TwoPair.SPLIT:
            return front(groups[low], f"{named}: split, the lower pair front")
        return front(groups[low], f"{named}: split, {can.replace(' can', '')} cannot go front")
    if trips:
        t = trips[0]
        if t == 14:
            return front(
                [groups[14][0], singles[0]],
                "Three aces: a pair of aces back, an ace and the next front",
            )
        return front(singles[:2], f"Three {_name(t)} back, the two highest others front")
    if pairs:
        return front(singles[:2], f"Pair of {_name(pairs[0])} back, the two highest others front")
    return front(hand[1:3], "No pair: the highest card back, the next two front")
