"""Lookup tables of the five-card family, built once per rule set and hand size, then cached.

A hand is reduced to one integer ``K``: 3 bits of count per rank index (bits 0..38), the number
of fully wild cards (bits 39..41) and of bug jokers (bits 42..43). Two dictionaries answer every
hand of a size:

- ``nf[K]``: the best key over every five of the hand with the wilds designated freely but
  without making a flush (suits ignored);
- ``fl[Ks]``: the best flush-path key over the cards of one suit plus the wilds.

Five-card tables are filled from the classification of each multiset; six and seven cards by
dynamic programming over "drop one card", so a per-hand lookup never loops over subsets.
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pokernight.cards import JOKER_INDEX
from pokernight.hands.rules import ACE, HandRules, JokerMode, Ranking
from pokernight.hands.table_cache import on_disk
from pokernight.hands.value import LOW_CEILING, Category, pack

# Rank keys whose sums tell every multiset of at most five ranks apart (at most four of a rank;
# five for dual-value decks): a five-card hand's ranks index a flat table by one addition per
# card. Found by a greedy search; ``sum_index`` checks for collisions whenever a table is filled.
SUM_KEYS = {
    4: (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415),
    5: (0, 1, 6, 31, 108, 366, 926, 2286, 5733, 12905, 27316, 44676, 94545),
}
SUM_SEGMENT = 1 << 19  # above every sum of five ranks: wild cards add whole segments

W_SHIFT = 39
J_SHIFT = 42
COUNT_MASK = (1 << W_SHIFT) - 1
ONE_WILD = 1 << W_SHIFT
ONE_JOKER = 1 << J_SHIFT


def wild_count(k: int) -> int:
    return (k >> W_SHIFT) & 7


def joker_count(k: int) -> int:
    return (k >> J_SHIFT) & 3


def counts_of(k: int) -> list[int]:
    return [(k >> (3 * r)) & 7 for r in range(13)]


def classify(counts: list[int], ranking: Ranking) -> int:
    """Raw (high-order, uninverted) value of five cards given as rank counts, suits ignored."""
    order = ranking.order
    present = [r for r in range(13) if counts[r]]
    groups = sorted(present, key=lambda r: (counts[r], order[r]), reverse=True)
    shape = tuple(counts[r] for r in groups)
    nib = [order[r] for r in groups for _ in range(counts[r])]
    if shape == (5,):
        category = Category.FIVE_OF_A_KIND
    elif shape == (4, 1):
        category = Category.FOUR_OF_A_KIND
    elif shape == (3, 2):
        category = Category.FULL_HOUSE
    elif shape == (3, 1, 1):
        category = Category.THREE_OF_A_KIND
    elif shape == (2, 2, 1):
        category = Category.TWO_PAIR
    elif shape == (2, 1, 1, 1):
        category = Category.ONE_PAIR
    else:
        strength = straight_strength(frozenset(present), ranking)
        if strength:
            return pack(Category.STRAIGHT, (strength,))
        category = Category.HIGH_CARD
    return pack(category, tuple(nib))


def straight_strength(ranks: frozenset[int], ranking: Ranking) -> int:
    """1 for the weakest straight of the rule set, len(straights) for the strongest, 0: none."""
    straights = ranking.straights
    for position, (members, _) in enumerate(straights):
        if ranks == members:
            return len(straights) - position
    return 0


def classify_flush(counts: list[int], ranking: Ranking) -> int:
    """Raw value of five cards of one suit (duplicated ranks happen with dual-value decks)."""
    if not ranking.flushes:
        return classify(counts, ranking)
    present = frozenset(r for r in range(13) if counts[r])
    if len(present) == 5:
        strength = straight_strength(present, ranking)
        if strength:
            royal = present == ranking.royal
            return pack(Category.ROYAL_FLUSH if royal else Category.STRAIGHT_FLUSH, (strength,))
    nib = sorted((ranking.order[r] for r in range(13) for _ in range(counts[r])), reverse=True)
    return pack(Category.FLUSH, tuple(nib))


@dataclass(frozen=True)
class Tables:
    """The two dictionaries for one rule set and one hand size, plus what built them."""

    size: int
    nf: dict[int, int]
    fl: dict[int, int]
    flh: dict[int, int]


class _Builder:
    """Fills the tables of one rule set; hand sizes share the smaller sizes' tables."""

    def __init__(self, rules: HandRules) -> None:
        self.rules = rules
        self.ranking = rules.ranking
        self.low = rules.low is not None
        self.caps = natural_caps(rules)
        self.max_wild = rules.max_wild
        self.max_joker = rules.max_bug
        self.nf: dict[int, dict[int, int]] = {}
        self.fl: dict[int, dict[int, int]] = {}
        self.nf_memo: dict[int, int] = {}
        self.fl_memo: dict[int, int] = {}

    def states(self, size: int, suited: bool) -> Iterator[tuple[int, int, int]]:
        """Every reachable (K, wilds, jokers) of ``size`` cards; suited: one suit's naturals."""
        caps = [min(1, c) if suited and not self.rules.dual else c for c in self.caps]
        for w in range(min(self.max_wild, size) + 1):
            for j in range(min(self.max_joker, size - w) + 1):
                for k in multisets(size - w - j, tuple(caps)):
                    yield k + w * ONE_WILD + j * ONE_JOKER, w, j

    # -- five cards ------------------------------------------------------------------------
    def five(self) -> None:
        self.nf[5] = {k: self.tag(self.best_nf(k), 5 - w - j) for k, w, j in self.states(5, False)}
        self.fl[5] = {k: self.tag(self.best_fl(k), 5 - w - j) for k, w, j in self.states(5, True)}

    def tag(self, key: int, naturals: int) -> int:
        """Append the natural-card count when fewer wilds break ties."""
        return (key << 3) | naturals if self.rules.natural_beats_wild else key

    def final(self, raw: int) -> int:
        return LOW_CEILING - raw if self.ranking.invert else raw

    def best_nf(self, k: int) -> int:
        """Best key (without the natural tag) of five cards, wilds designated, no flush."""
        memo = self.nf_memo
        if k in memo:
            return memo[k]
        counts = counts_of(k)
        if joker_count(k):
            base = k - ONE_JOKER
            if self.low:
                best = self.best_nf(base + (1 << 3 * self.lowest_missing(counts)))
            else:
                best = self.best_nf(base + (1 << 3 * ACE))
                straight = self.joker_straight(counts)
                if straight:
                    best = max(best, self.final(straight))
        elif wild_count(k):
            base = k - ONE_WILD
            best = max(self.best_nf(base + (1 << 3 * r)) for r in range(13))
        else:
            best = self.final(classify(counts, self.ranking))
        memo[k] = best
        return best

    def best_fl(self, k: int) -> int:
        """Best key (without the natural tag) of five cards all of one suit, wilds included."""
        memo = self.fl_memo
        if k in memo:
            return memo[k]
        counts = counts_of(k)
        if joker_count(k):
            base = k - ONE_JOKER
            if self.low:
                best = self.best_fl(base + (1 << 3 * self.lowest_missing(counts)))
            else:
                missing = [r for r in range(13) if not counts[r]]
                top = max(missing, key=lambda r: self.ranking.order[r])
                options = [r for r in missing if self.is_straight(counts, r)] + [top]
                best = max(self.best_fl(base + (1 << 3 * r)) for r in options)
        elif wild_count(k):
            base = k - ONE_WILD
            allowed = (
                range(13)
                if self.rules.wild_may_duplicate
                else [r for r in range(13) if not counts[r]]
            )
            best = max(self.best_fl(base + (1 << 3 * r)) for r in allowed)
        else:
            best = self.final(classify_flush(counts, self.ranking))
        memo[k] = best
        return best

    def lowest_missing(self, counts: list[int]) -> int:
        order = self.ranking.order
        return min((r for r in range(13) if not counts[r]), key=lambda r: order[r])

    def is_straight(self, counts: list[int], extra: int) -> bool:
        ranks = frozenset([*(r for r in range(13) if counts[r]), extra])
        return len(ranks) == 5 and straight_strength(ranks, self.ranking) > 0

    def joker_straight(self, counts: list[int]) -> int:
        """Best straight a bug joker completes from four natural cards (0 if none)."""
        best = 0
        for r in range(13):
            if not counts[r] and self.is_straight(counts, r):
                ranks = frozenset([*(x for x in range(13) if counts[x]), r])
                best = max(best, pack(Category.STRAIGHT, (straight_strength(ranks, self.ranking),)))
        return best

    # -- six and seven cards ---------------------------------------------------------------
    def grow(self, size: int) -> None:
        for table, suited in ((self.nf, False), (self.fl, True)):
            smaller = table[size - 1]
            bigger: dict[int, int] = {}
            for k, w, j in self.states(size, suited):
                best = -1
                if w:
                    best = smaller[k - ONE_WILD]
                if j:
                    best = max(best, smaller[k - ONE_JOKER])
                for r in range(13):
                    if (k >> (3 * r)) & 7:
                        best = max(best, smaller[k - (1 << (3 * r))])
                bigger[k] = best
            table[size] = bigger

    def tables(self, size: int) -> Tables:
        if 5 not in self.nf:
            self.five()
        for s in range(6, size + 1):
            if s not in self.nf:
                self.grow(s)
        nf, fl = self.nf[size], self.fl[size]
        flh: dict[int, int] = {}
        if size == 5:
            for k, value in fl.items():
                wild = wild_count(k) + joker_count(k)
                if wild == 0 or not self.ranking.flushes:
                    flh[k] = value
                elif self.low and joker_count(k):
                    flh[k] = nf[k]
                else:
                    flh[k] = max(value, nf[k])
        return Tables(size, nf, fl, flh)


def natural_caps(rules: HandRules) -> list[int]:
    """How many natural cards of each rank a hand can hold under these rules."""
    if rules.dual:
        return [5] * 13
    caps = [4] * 13
    for card in rules.wild:
        caps[card >> 2] -= 1
    return caps


def multisets(size: int, caps: tuple[int, ...]) -> Iterator[int]:
    """Every K with ``size`` cards and at most ``caps[r]`` of rank r."""
    return iter(_multisets(size, caps, 0))


@cache
def _multisets(size: int, caps: tuple[int, ...], rank: int) -> tuple[int, ...]:
    if size == 0:
        return (0,)
    if rank == 13:
        return ()
    out: list[int] = []
    for c in range(min(size, caps[rank]) + 1):
        out.extend(k + (c << 3 * rank) for k in _multisets(size - c, caps, rank + 1))
    return tuple(out)


@cache
def _builder(rules: HandRules) -> _Builder:
    return _Builder(rules)


_BUILDING = threading.Lock()
"""A builder fills its tables step by step: a second thread must not read them half made (the
web server makes computer moves on a thread of their own while the loop settles showdowns)."""


@cache
def tables_for(rules: HandRules, size: int) -> Tables:
    """The cached tables of a five-card rule set for hands of ``size`` cards (5..7), kept on
    disk between runs."""
    with _BUILDING:
        return on_disk(
            "tables", (rules, rules.ranking, size), SOURCE, lambda: _builder(rules).tables(size)
        )


SOURCE = Path(__file__)
"""The builder's source: a cached table made by other code is never read."""


def sum_keys(rules: HandRules) -> tuple[int, ...]:
    return SUM_KEYS[5 if rules.dual else 4]


def sum_index(k: int, rules: HandRules) -> int:
    """Where a five-card K lands in the flat tables: rank-key sum plus wild segments."""
    keys = sum_keys(rules)
    max_wild = rules.max_wild
    index = sum(((k >> (3 * r)) & 7) * keys[r] for r in range(13))
    return index + SUM_SEGMENT * (wild_count(k) + (max_wild + 1) * joker_count(k))


def card_sum_keys(rules: HandRules) -> list[int]:
    """Per card index (53 entries): its contribution to ``sum_index``."""
    keys = sum_keys(rules)
    max_wild = rules.max_wild
    out = [keys[c >> 2] for c in range(52)] + [0]
    for c in rules.wild:
        out[c] = SUM_SEGMENT
    bug = rules.joker is JokerMode.BUG
    out[JOKER_INDEX] = SUM_SEGMENT * (max_wild + 1) if bug else SUM_SEGMENT
    return out


def flat_tables(rules: HandRules) -> tuple[list[int], list[int]]:
    """The five-card non-flush and one-suit tables as flat lists indexed by ``sum_index``,
    kept on disk between runs (as machine integers: a pickled array loads in a millisecond, a
    pickled list of ints in twenty)."""
    nf, fl = on_disk(
        "flat", (rules, rules.ranking), SOURCE, lambda: [array("q", t) for t in _flat_tables(rules)]
    )
    return nf.tolist(), fl.tolist()


def _flat_tables(rules: HandRules) -> tuple[list[int], list[int]]:
    tables = tables_for(rules, 5)
    max_wild, max_joker = rules.max_wild, rules.max_bug
    size = SUM_SEGMENT * (max_wild + 1) * (max_joker + 1)
    out: list[list[int]] = []
    for source in (tables.nf, tables.flh):
        flat = [-1] * size
        for k, value in source.items():
            at = sum_index(k, rules)
            if flat[at] not in (-1, value):
                raise AssertionError(f"rank keys collide at {at}")
            flat[at] = value
        out.append(flat)
    return out[0], out[1]


def card_keys(rules: HandRules) -> tuple[list[int], list[int]]:
    """Per card index (53 entries): its contribution to K, and its suit bit (0 for wilds)."""
    rk = [1 << 3 * (c >> 2) for c in range(52)] + [0]
    sb = [1 << (c & 3) for c in range(52)] + [0]
    for c in rules.wild:
        rk[c], sb[c] = ONE_WILD, 0
    rk[JOKER_INDEX] = ONE_JOKER if rules.joker is JokerMode.BUG else ONE_WILD
    return rk, sb
