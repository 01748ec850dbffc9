"""The house way: how the dealer sets seven cards (docs/games/paigow.md).

It is a rule of the game, not a bot's taste: the dealer always sets by it, and with the
``house_resets_fouls`` option the house re-sets a fouled hand by it. Bots and the advisor use
it from here. The two-pair rule is a table (``TwoPairTable``) that a casino may replace:
``TWO_PAIR`` is the rules' (docs/games/paigow.md), ``TRUMP_PLAZA`` the Trump Plaza casino's, the
way behind the published house-way-against-house-way figures (README, Pai Gow Poker).

Where the rules list rules that could both apply, the first that matches wins, in this order:
five aces, four of a kind, full house (two trips included), three pair, two pair, a straight or
flush (kept in back, the highest front beside it, so a pair goes front when one can), trips,
one pair, no pair. The rules do not say whether two pair or a straight or flush comes first;
the Foxwoods and Trump Plaza ways both play the pairs, and so does the dealer of the Wizard of
Odds' exact Trump Plaza tables (``benchmarks/paigow_fronts.py``: keeping the straight would
leave about 0.3% more dealer hands with a front of 9-high or less than those tables count). The
joker pairs only with aces unless it completes a straight or flush behind.

Every rule but the straight or flush reads ranks alone (``_by_ranks``), and a simulation meets
the same few tens of thousands of rank patterns over and over, so each pattern's choice is
worked out once and remembered; only the straight or flush looks at suits, every time.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import cache
from itertools import pairwise

from pokernight.cards import AnyCard, joker_deck
from pokernight.games.paigow.hands import (
    BACKS,
    PAIR_FLAG,
    PAIR_VALUES,
    SPLITS,
    Setting,
    index_key,
    make_setting,
)
from pokernight.hands.five import RANK_PLURALS
from pokernight.hands.rules import Wheel
from pokernight.hands.value import Category


def _name(value: int) -> str:
    """ "aces", "10s": the plural of a rank value 2..14."""
    return RANK_PLURALS[value - 2]


class TwoPair(StrEnum):
    """What to do with two pair, by the rank of the higher pair (the last two also look at the
    lower pair: "small" is 6 or lower)."""

    SPLIT = "split"
    ACE_FRONT = "together if an ace can go front, else split"
    KING_FRONT = "together if a king or better can go front, else split"
    ACE_FRONT_SMALL = "with a small pair, together if an ace can go front; else split"
    KING_FRONT_SMALL = (
        "with a small pair, together if a king or better can go front; with a bigger one, "
        "if an ace can; else split"
    )


TwoPairTable = tuple[TwoPair, ...]
"""Thirteen entries, for a higher pair of 2 .. A."""

TWO_PAIR: TwoPairTable = (
    (TwoPair.KING_FRONT,) * 5  # 2 .. 6
    + (TwoPair.ACE_FRONT,) * 4  # 7 .. 10
    + (TwoPair.SPLIT,) * 4  # J .. A
)
"""The rules' two-pair rule (docs/games/paigow.md) (the Foxwoods casino's too)."""

TRUMP_PLAZA: TwoPairTable = (
    (TwoPair.KING_FRONT,) * 5  # 2 .. 6
    + (TwoPair.KING_FRONT_SMALL,) * 4  # 7 .. 10
    + (TwoPair.ACE_FRONT_SMALL,) * 3  # J .. K
    + (TwoPair.SPLIT,)  # A
)
"""The Trump Plaza's: it keeps two pair together more often than the rules' when the lower pair
is small."""

TWO_PAIR_TABLES: dict[str, TwoPairTable] = {"rules": TWO_PAIR, "trump-plaza": TRUMP_PLAZA}
"""The two-pair tables a table or a simulation can name."""


def _together_needs(rule: TwoPair, low: int) -> int | None:
    """The lowest card that, able to go front, keeps two pair together under ``rule`` with a
    lower pair of ``low`` (14 an ace, 13 a king); None: always split."""
    small = low <= 6
    match rule:
        case TwoPair.ACE_FRONT:
            return 14
        case TwoPair.KING_FRONT:
            return 13
        case TwoPair.ACE_FRONT_SMALL:
            return 14 if small else None
        case TwoPair.KING_FRONT_SMALL:
            return 13 if small else 14
    return None


_ORDER = {card: 2 * card.index if card.index < 52 else 95 for card in joker_deck()}
"""Sort order of the 53 cards: the joker just below the four aces, so naturals go front first."""
_STRAIGHTS = tuple(sum(1 << (low + i) for i in range(5)) for low in range(1, 11))
"""Rank bit masks of the ten straights, the wheel (ace as 1) to the ace-high."""
_RANK_BITS = (*((1 << (i // 4 + 2)) | (2 if i // 4 == 12 else 0) for i in range(52)), 0)
"""Each card's rank bit (an ace also sets bit 1, its place in the wheel; the joker none)."""
_SUIT_UNITS = (*(1 << 4 * (i & 3) for i in range(52)), 0x11111)
"""Each card's count in a nibble per suit; the joker counts in every suit and in a fifth
nibble of its own. Summed over a hand, a suit holds five or more when its nibble plus 3
reaches 8 (a nibble never passes 7 in seven cards)."""


@cache
def _straight_cover() -> bytes:
    """For every rank mask, the most ranks it holds of any one straight (built once)."""
    return bytes(
        max((mask & window).bit_count() for window in _STRAIGHTS) for mask in range(1 << 15)
    )


def _has_straight_or_flush(suits: int, ranks: int) -> bool:
    """From a hand's summed ``_SUIT_UNITS`` and or-ed ``_RANK_BITS``."""
    return bool((suits + 0x3333) & 0x8888) or _straight_cover()[ranks] + (suits >> 16) >= 5


def straight_or_flush_possible(hand: Sequence[AnyCard]) -> bool:
    """Whether five of these cards make a straight or a flush (the joker completing one)."""
    suits = ranks = 0
    for card in hand:
        suits += _SUIT_UNITS[card.index]
        ranks |= _RANK_BITS[card.index]
    return _has_straight_or_flush(suits, ranks)


def _keep_straight_or_flush(hand: Sequence[AnyCard], wheel: Wheel) -> tuple[int, int]:
    """The split with the highest front that leaves a straight or better behind (the better
    back among equal fronts, the first such split among equal both). Fronts are tried from
    the highest down, so only the backs of the first few are valued."""
    values = [PAIR_VALUES[card.index] for card in hand]  # highest first, as ``hand`` is sorted
    fronts = [
        PAIR_FLAG | values[i] if values[i] == values[j] else values[i] << 4 | values[j]
        for i, j in SPLITS
    ]
    key5 = index_key(wheel)
    index = [card.index for card in hand]
    best, best_high, level = -1, -1, -1
    for k in sorted(range(len(SPLITS)), key=fronts.__getitem__, reverse=True):
        if fronts[k] != level:
            if best >= 0:
                break
            level = fronts[k]
        a, b, c, d, e = BACKS[k]
        high = key5((index[a], index[b], index[c], index[d], index[e]))
        if high >> 20 >= Category.STRAIGHT and high > best_high:
            best, best_high = k, high
    return SPLITS[best]


Decision = tuple[int, int, str, bool]
"""The positions of the two front cards in the hand sorted high to low, the rule's words, and
whether the rule outranks keeping a straight or flush (five aces, quads, a full house, three
pair, two pair)."""


def _best_two(rest: Sequence[int], values: Sequence[int]) -> list[int]:
    """The strongest front from these positions (highest first): a pair, else the top two."""
    for a, b in pairwise(rest):
        if values[a] == values[b]:
            return [a, b]
    return list(rest[:2])


def _by_ranks(values: tuple[int, ...], table: TwoPairTable) -> Decision:
    """The house way's choice from the ranks alone (the joker an ace), ``values`` high to low,
    as positions in the hand sorted the same way."""
    groups: dict[int, list[int]] = {}
    for position, value in enumerate(values):
        if value in groups:
            groups[value].append(position)
        else:
            groups[value] = [position]
    singles: list[int] = []
    pairs: list[int] = []
    trips: list[int] = []
    quads: list[int] = []  # five aces too
    for value, group in groups.items():
        by_size = (singles, pairs, trips, quads, quads)[len(group) - 1]
        by_size.append(group[0] if len(group) == 1 else value)

    def front(two: Sequence[int], reason: str, beats_straight: bool = False) -> Decision:
        return two[0], two[1], reason, beats_straight

    if len(groups.get(14, ())) == 5:
        if len(groups.get(13, ())) == 2:
            return front(groups[13], "Five aces: the pair of kings goes front", True)
        return front(groups[14][:2], "Five aces: a pair of aces goes front", True)
    if quads:
        q = quads[0]
        name = _name(q)
        kept = _best_two([p for p in range(len(values)) if values[p] != q], values)
        king_or_better = values[kept[0]] == values[kept[1]] or values[kept[0]] >= 13
        if q >= 11:
            return front(groups[q][:2], f"Four {name}, J or better: split into two pairs", True)
        if q >= 7 and not king_or_better:
            reason = f"Four {name}, 7 to 10, no king or better to go front: split"
            return front(groups[q][:2], reason, True)
        return front(kept, f"Four {name} kept together, the best two others front", True)
    if trips and (pairs or len(trips) > 1):
        paired = max(pairs + trips[1:])
        reason = f"Full house: the pair of {_name(paired)} goes front"
        return front(groups[paired][:2], reason, True)
    if len(pairs) == 3:
        reason = f"Three pair: the pair of {_name(pairs[0])} goes front"
        return front(groups[pairs[0]], reason, True)
    if len(pairs) == 2:
        high, low = pairs
        named = f"Two pair, {_name(high)} and {_name(low)}"
        needs = _together_needs(table[high - 2], low)
        if needs is None:
            return front(groups[low], f"{named}: split, the lower pair front", True)
        card = "an ace" if needs == 14 else "a king or better"
        if values[singles[0]] >= needs:
            return front(singles[:2], f"{named}: kept together, {card} can go front", True)
        return front(groups[low], f"{named}: split, {card} cannot go front", True)
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
    return front((1, 2), "No pair: the highest card back, the next two front")


_DECISIONS: dict[TwoPairTable, dict[tuple[int, ...], Decision]] = {}
"""``_by_ranks`` remembered per two-pair table: seven cards show a few tens of thousands of
rank patterns, so a long simulation computes each once."""


def house_way(
    cards: Sequence[AnyCard], table: TwoPairTable = TWO_PAIR, wheel: Wheel = Wheel.SECOND
) -> Setting:
    """The dealer's setting of seven cards, with the rule that chose it."""
    hand, front, reason = _choose(cards, table, wheel)
    return make_setting(hand, front, reason, wheel)


def house_front(
    cards: Sequence[AnyCard], table: TwoPairTable = TWO_PAIR, wheel: Wheel = Wheel.SECOND
) -> tuple[AnyCard, AnyCard]:
    """Only the two cards the house way sets in front: what a player setting by it sends,
    without valuing hands the game values again when it takes the setting."""
    return _choose(cards, table, wheel)[1]


def _choose(
    cards: Sequence[AnyCard], table: TwoPairTable, wheel: Wheel
) -> tuple[list[AnyCard], tuple[AnyCard, AnyCard], str]:
    """The hand sorted high to low, the house way's front and the rule's words."""
    hand = sorted(cards, key=_ORDER.__getitem__, reverse=True)
    suits = ranks = 0
    values = []
    for card in hand:
        index = card.index
        suits += _SUIT_UNITS[index]
        ranks |= _RANK_BITS[index]
        values.append(PAIR_VALUES[index])
    pattern = tuple(values)
    known = _DECISIONS.get(table)
    if known is None:
        known = _DECISIONS[table] = {}
    decision = known.get(pattern)
    if decision is None:
        decision = known[pattern] = _by_ranks(pattern, table)
    i, j, reason, beats_straight = decision
    if not beats_straight and _has_straight_or_flush(suits, ranks):
        i, j = _keep_straight_or_flush(hand, wheel)
        reason = "Straight or flush kept in back, the highest front beside it"
    return hand, (hand[i], hand[j]), reason
