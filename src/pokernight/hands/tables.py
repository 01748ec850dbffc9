"""Lookup tables of the five-card family, built once per rule set and hand size, then cached.

A hand is reduced to one integer ``K``: 3 bits of count per rank index (bits 0..38), the number
of fully wild cards (bits 39..41) and of bug jokers (bits 42..43). Two dictionaries answer every
hand of a size:

- ``nf[K]``: the best key over every five of the hand with the wilds designated freely but
  without making a flush (suits ignored);
- ``fl[Ks]``: the best flush-path key over the cards of one suit plus the wilds.

Five-card tables are filled from the classification of each multiset; six and seven cards by
dynamic programming over "drop one card", so a per-hand lookup never loops over subsets. The
fastest paths read the same values re-indexed by sums of per-card integers (``SUM_KEYS``,
``natural_keys``, ``seven_tables``), so a hand is a few additions and a list or array read.
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Iterator, Mapping, Sequence
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


# -- seven cards by one sum ------------------------------------------------------------------
# A seven-card hand of natural cards is evaluated from one small integer: per card, a rank key
# (``SEVEN_KEYS``: sums of seven ranks, at most four of each, all differ; a greedy search like
# ``SUM_KEYS``'s, and ``seven_tables`` checks them whenever it fills a table) plus a suit code
# above bit ``SEVEN_SHIFT``. The largest rank sum, 7,825,759, is below 2**23 and the largest suit
# code of seven natural cards below 2**7, so the sum stays below 2**30: one CPython digit, whose
# additions take the interpreter's fast path (two-digit sums made the per-hand path half as fast).
SEVEN_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
SIX_KEYS = (0, 1, 5, 22, 98, 422, 1734, 5760, 14270, 37951, 90838, 206930, 436437)


def natural_keys(size: int) -> tuple[int, ...]:
    """Rank keys whose sums tell apart every multiset of ``size`` ranks (0 to 7), at most four of
    each. Each greedy search took every key as small as it could be, and the keys for fewer
    cards are smaller: the tables indexed by the sums stay small (31 MB for seven cards, 9 MB for
    six, 1.4 MB for five)."""
    return SEVEN_KEYS if size == 7 else SIX_KEYS if size == 6 else SUM_KEYS[4]


SEVEN_SUITS = (0, 1, 13, 18)
"""Suit code weights: seven natural cards' code (at most 7 * 18 < 128) says whether a suit may
hold five. Codes are shared, so 3.4 % of hands have a code that may without holding a flush:
the fewest of any weights up to 63 whose codes stay below 128 (searched exhaustively)."""
SEVEN_SHIFT = 23
SEVEN_RANKS = (1 << SEVEN_SHIFT) - 1
WILD_CODE, JOKER_CODE = 128, 1024
"""The codes of a wild card and of a bug joker, above every natural code (and seven wild cards'
below one joker's): a code tells the suits of the natural cards, the wilds and the jokers."""
FLUSH_FIELDS = {8 << (4 * suit): 16 + 13 * suit for suit in range(4)}
"""The overflow bit of a suit's count nibble (count + 3 reaches 8 at five cards) -> where that
suit's 13 rank bits start in ``SevenTables.suits``' sum."""

RankTable = Mapping[int, int] | Sequence[int]


@dataclass(frozen=True)
class SevenTables:
    """What the seven-card per-hand path reads for one rule set.

    The hand's sum is a rank sum (``SEVEN_KEYS`` of its natural cards) plus its code above bit
    ``SEVEN_SHIFT``. ``plain[code]`` is the table of the best keys without a flush by rank sum,
    when no suit can make a flush; otherwise ``flushes[code]`` holds that table and the flush
    table (one suit's 13 rank bits -> best flush-path key) of its wild cards and jokers, empty
    under a low (whose flushes are left to the general path). A code no hand of these rules has
    is None in both.
    """

    weights: list[int]  # per card index: rank key + code << SEVEN_SHIFT
    plain: list[RankTable | None]  # per code
    flushes: list[tuple[RankTable, list[int]] | None]  # per code
    suits: list[int]  # per card index: one in its suit's count nibble and in its rank bit there


@cache
def seven_tables(rules: HandRules) -> SevenTables:
    """The seven-card tables of a five-card rule set of single cards (not dual decks), made from
    the tables of five to seven cards (which the disk keeps) in about a tenth of a second. The
    rank table of natural hands is an array (31 MB; a dictionary read costs a cache miss or two
    more per hand), of hands with wild cards or jokers a dictionary each."""
    rk, sb = card_keys(rules)
    codes = [
        SEVEN_SUITS[c & 3] if sb[c] else WILD_CODE if rk[c] == ONE_WILD else JOKER_CODE
        for c in range(JOKER_INDEX + 1)
    ]
    weights = [
        (SEVEN_KEYS[c >> 2] if sb[c] else 0) + (code << SEVEN_SHIFT) for c, code in enumerate(codes)
    ]
    suits = [(1 << 4 * (c & 3)) + (1 << 16 + 13 * (c & 3) + (c >> 2)) for c in range(52)]
    suits = [s if sb[c] else 0x1111 for c, s in enumerate([*suits, 0])]  # a wild card: any suit
    nf = tables_for(rules, 7).nf
    ranking = rules.ranking
    high = not ranking.invert
    plain: list[RankTable | None] = [None] * (JOKER_CODE * (rules.max_bug + 1))
    flushes: list[tuple[RankTable, list[int]] | None] = [None] * len(plain)
    for wilds in range(rules.max_wild + 1):
        for jokers in range(min(rules.max_bug, 7 - wilds) + 1):
            naturals = 7 - wilds - jokers
            table = _rank_table(nf, naturals, wilds * ONE_WILD + jokers * ONE_JOKER)
            unsuited = wilds + jokers if high else 0  # a low's flush: five natural cards
            flush_codes = set()
            for counts in _suit_counts(naturals):
                code = sum(n * w for n, w in zip(counts, SEVEN_SUITS, strict=True))
                code += wilds * WILD_CODE + jokers * JOKER_CODE
                plain[code] = table
                if ranking.flushes and max(counts) + unsuited >= 5:
                    flush_codes.add(code)
            suited = _flush_table(rules, wilds, jokers) if high and flush_codes else []
            for code in flush_codes:  # codes are shared: one that may hold a flush must look
                plain[code] = None
                flushes[code] = (table, suited)
    return SevenTables(weights, plain, flushes, suits)


def _rank_table(nf: dict[int, int], naturals: int, unsuited: int) -> RankTable:
    """The best keys without a flush by rank sum, of hands with ``naturals`` natural cards and
    the wild cards and jokers of ``unsuited`` (a K)."""
    table: dict[int, int] = {}
    for k, at in _seven_sums(naturals, 0):
        value = nf.get(k + unsuited)  # None: a wild rank's card, never natural here
        if value is not None:
            if at in table:
                raise AssertionError(f"seven-card rank keys collide at {at}")
            table[at] = value
    if unsuited:
        return table
    ranks = array("i", [-1]) * (4 * SEVEN_KEYS[12] + 3 * SEVEN_KEYS[11] + 1)
    for at, value in table.items():
        ranks[at] = value
    return ranks


def _flush_table(rules: HandRules, wilds: int, jokers: int) -> list[int]:
    """One suit's 13 rank bits -> the best flush-path key of its cards with these wild cards
    and jokers (-1: not five cards)."""
    flushes = [-1] * (1 << 13)
    unsuited = wilds * ONE_WILD + jokers * ONE_JOKER
    for size in range(5, 8):
        for k, value in tables_for(rules, size).fl.items():
            if k & ~COUNT_MASK == unsuited:
                flushes[sum(1 << r for r in range(13) if (k >> 3 * r) & 7)] = value
    return flushes


@cache
def _seven_sums(size: int, rank: int) -> tuple[tuple[int, int], ...]:
    """(K, rank-key sum) of every multiset of ``size`` ranks from ``rank`` up, four at most of
    each (made once: enumerating the rule set's own table and summing keys per K took 0.4 s)."""
    if size == 0:
        return ((0, 0),)
    if rank == 13:
        return ()
    out: list[tuple[int, int]] = []
    for n in range(min(size, 4) + 1):
        k, at = n << 3 * rank, n * SEVEN_KEYS[rank]
        out.extend((k + rest, at + sum_) for rest, sum_ in _seven_sums(size - n, rank + 1))
    return tuple(out)


def _suit_counts(size: int) -> Iterator[tuple[int, int, int, int]]:
    """Every way ``size`` natural cards fall into the four suits."""
    for a in range(size + 1):
        for b in range(size + 1 - a):
            for c in range(size + 1 - a - b):
                yield a, b, c, size - a - b - c
