"""The numba kernels behind ``batch`` and ``count``; imported only when first needed.

They read the packed arrays of ``packing.Packed`` as one tuple ``t`` (see ``packing.kernel_args``)
and give ``five.key_function``'s keys: five cards by the flat tables, six and seven by rank sums
(see ``batch``); dual hands by one read of their deck's table (``dualtable``), made by the
32-orientation kernel. A hand is passed as its array and its row number rather than as a row
view: a fifth faster for seven cards, measured.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np
from numba import njit, prange
from numba.cpython.unsafe.numbers import trailing_zeros as _trailing_zeros

from pokernight.hands.packing import JOKERS_AT, SUITS_AT, WILDS_AT
from pokernight.hands.value import LOW_CEILING

RANK_SUM = (1 << SUITS_AT) - 1
FIVE_OF_A_SUIT = 0x8888  # each count nibble's top bit, once 3 is added to every nibble


@njit(cache=True, inline="always")
def _key5(rows: Any, h: int, t: Any) -> int:
    sb, sk, nf5, fl5 = t[0], t[6], t[7], t[8]
    k = 0
    s = 0
    for i in range(5):
        k += sk[rows[h, i]]
        s |= sb[rows[h, i]]
    if s & (s - 1):
        return int(nf5[k])
    return int(fl5[k])


@njit(cache=True)
def _low_with_flush(rows: Any, h: int, t: Any) -> int:
    """A low hand of six or seven cards with five of one suit: the best of its five-card
    subsets, each what is left once one card (of six) or two (of seven) are set aside."""
    sb, sk, nf5, fl5 = t[0], t[6], t[7], t[8]
    n = rows.shape[1]
    best = -1
    for a in range(n):
        # b = n sets nothing more aside: six cards leave one out
        for b in range(a + 1 if n == 7 else n, n + 1 if n == 6 else n):
            k = 0
            s = 0
            for i in range(n):
                if i != a and i != b:
                    k += sk[rows[h, i]]
                    s |= sb[rows[h, i]]
            v = int(nf5[k]) if s & (s - 1) else int(fl5[k])
            if v > best:
                best = v
    return best


@njit(cache=True, inline="always")
def key_of(rows: Any, h: int, t: Any, high: bool, flushes_hurt: bool) -> int:
    """The key of hand ``rows[h]``."""
    n = rows.shape[1]
    if n == 5:
        return _key5(rows, h, t)
    first, again, ranks, base, suited, suit_ranks = t[1], t[2], t[3], t[4], t[5], t[9]
    s = 0
    for i in range(n):
        s += first[n, rows[h, i]]
    w = (s >> WILDS_AT) & 15
    j = (s >> JOKERS_AT) & 15
    if w + j == 0:
        r = s & RANK_SUM
    else:  # the rank keys of fewer natural cards
        m = n - w - j
        r = 0
        for i in range(n):
            r += again[m, rows[h, i]]
    best = int(ranks[base[n, w, j] + r])
    counts = (s >> SUITS_AT) & 0xFFFF
    if high:
        # a nibble reaching 8: that suit's cards and the wild ones make five
        over = (counts + 0x3333 + 0x1111 * (w + j)) & FIVE_OF_A_SUIT
        if over:
            masks = 0
            for i in range(n):
                masks |= suit_ranks[rows[h, i]]
            for suit in range(4):
                if (over >> (4 * suit + 3)) & 1:
                    best = max(best, int(suited[w, j, (masks >> (13 * suit)) & 0x1FFF]))
    elif flushes_hurt and (counts + 0x3333) & FIVE_OF_A_SUIT:
        best = _low_with_flush(rows, h, t)
    return best


GRAY_TURNS = np.array([0] + [(step & -step).bit_length() - 1 for step in range(1, 32)])
"""The card turned at each step of the 32 orientations' Gray code (the lowest set bit)."""


@njit(cache=True, inline="always")
def _dual_key(hands: Any, h: int, t: Any) -> int:
    """Best key of dual hand ``hands[h]`` over the 32 orientations, visited in Gray-code order:
    each step turns one card, so the rank-key sum and the suit counts change by one difference
    each (a wild end counts in every suit: five in a suit is a flush)."""
    sk, nf5, fl5, suit_counts = t[6], t[7], t[8], t[10]
    k = 0
    counts = 0x3333  # three more in each suit's nibble: five of a suit sets its top bit
    for i in range(5):
        k += sk[hands[h, i, 0]]
        counts += suit_counts[hands[h, i, 0]]
    best = -1
    sides = 0  # bit i: card i shows its bottom
    for step in range(32):
        if step:
            i = GRAY_TURNS[step]
            was, now = hands[h, i, (sides >> i) & 1], hands[h, i, ((sides >> i) & 1) ^ 1]
            sides ^= 1 << i
            k += sk[now] - sk[was]
            counts += suit_counts[now] - suit_counts[was]
        v = int(fl5[k]) if counts & FIVE_OF_A_SUIT else int(nf5[k])
        if v > best:
            best = v
    return best


@njit(cache=True, parallel=True)
def many_keys(hands: Any, out: Any, t: Any, high: bool, flushes_hurt: bool) -> None:
    for i in prange(hands.shape[0]):
        out[i] = key_of(hands, i, t, high, flushes_hurt)


@njit(cache=True, parallel=True)
def dual_keys(hands: Any, out: Any, t: Any, high: bool, flushes_hurt: bool) -> None:
    for i in prange(hands.shape[0]):
        out[i] = _dual_key(hands, i, t)


@njit(cache=True, parallel=True)
def count_all(
    deck: Any,
    n: int,
    dual: bool,
    invert: bool,
    nbw: bool,
    lanes: int,
    firsts: Any,
    hist: Any,
    seen: Any,
    t: Any,
    high: bool,
    flushes_hurt: bool,
) -> None:
    """Every n-card subset of ``deck`` (D, 2) whose first card is in ``firsts``, once:
    histogram per lane of category and top nibble, and the keys seen. Lane ``l`` takes
    ``firsts[l::lanes]``, which balances the work."""
    size = deck.shape[0]
    for lane in prange(lanes):
        idx = np.empty(n, dtype=np.int64)
        row = np.empty((1, n), dtype=np.int64)
        pairs = np.empty((1, n, 2), dtype=np.int64)
        for at in range(lane, firsts.shape[0], lanes):
            first = firsts[at]
            for i in range(n):
                idx[i] = first + i
            while True:
                if dual:
                    for i in range(n):
                        pairs[0, i, 0] = deck[idx[i], 0]
                        pairs[0, i, 1] = deck[idx[i], 1]
                    key = _dual_key(pairs, 0, t)
                else:
                    for i in range(n):
                        row[0, i] = deck[idx[i], 0]
                    key = key_of(row, 0, t, high, flushes_hurt)
                value = key >> 3 if nbw else key
                raw = LOW_CEILING - value if invert else value
                hist[lane, raw >> 20, (raw >> 16) & 15] += 1
                seen[key] = 1
                i = n - 1
                while i >= 1 and idx[i] == size - n + i:
                    i -= 1
                if i < 1:
                    break
                idx[i] += 1
                for u in range(i + 1, n):
                    idx[u] = idx[u - 1] + 1


@njit(cache=True)
def many_keys_here(hands: Any, out: Any, t: Any, high: bool, flushes_hurt: bool) -> None:
    """``many_keys`` on the calling thread, for batches too small to share out (see
    ``batch.keys``)."""
    for i in range(hands.shape[0]):
        out[i] = key_of(hands, i, t, high, flushes_hurt)


@njit(cache=True)
def dual_keys_here(hands: Any, out: Any, t: Any, high: bool, flushes_hurt: bool) -> None:
    """``dual_keys`` on the calling thread, for batches too small to share out."""
    for i in range(hands.shape[0]):
        out[i] = _dual_key(hands, i, t)


trailing_zeros = cast(Callable[[int], int], _trailing_zeros)
"""The count of a number's trailing zero bits, one instruction (numba's intrinsic)."""
UNKNOWN = 1 << 57
"""A card that is not of the table's deck, in ``_dual_at``'s sum (five stay below 2**60)."""
JOKER_UNIT = 1 << 53
CARD_BITS = (1 << 52) - 1
NO_CARD = 1 << 63
BLOCK = 512
"""Hands numbered before their keys are read (``_dual_block``): the reads of a block then wait
for memory side by side rather than one after another, about 1.5 times as fast, measured."""


@njit(cache=True, inline="always")
def _dual_unit(hands: Any, h: int, i: int, unit: Any) -> int:
    top, bottom = hands[h, i, 0], hands[h, i, 1]
    u = int(unit[((top << 6) | bottom) & 4095])
    return u if (top | bottom) >> 6 == 0 else UNKNOWN  # negative or past the joker: none


@njit(cache=True, inline="always")
def _dual_at(hands: Any, h: int, unit: Any, weight: Any, start: Any) -> int:
    """Where dual hand ``hands[h]`` is in its deck's table (``dualtable``), or -1 when the
    table does not hold it (a card not of the deck, one card twice, too many jokers).

    ``unit[64 * top + bottom]`` is ``1 << c`` for the deck's card ``c`` with those ends
    (either way up), ``JOKER_UNIT`` for the joker and ``UNKNOWN`` for any other. Summed over a
    hand, the jokers are counted from bit 53 and the cards are the bits set below 52, as many
    as the hand has cards but its jokers exactly when no card is there twice (two of one card
    carry into one bit). Their bits in increasing order c0 < c1 < ... give the hand's number,
    ``start[jokers] + C(c0, 1) + C(c1, 2) + ...`` (``weight[i, c]`` = C(c, i + 1), 0 from
    column 52 on; ``start`` is -1 for too many jokers): the combinatorial number system.
    Without a branch: with early returns numba kept the arrays' reference counts hand by hand,
    and ``dual_reads_here`` ran at 40 M hands a second against 61 M, measured."""
    s = 0
    for i in range(5):
        s += _dual_unit(hands, h, i, unit)
    jokers = (s >> 53) & 15
    cards = s & CARD_BITS
    at = int(start[jokers])
    found = 0
    for i in range(5):
        at += weight[i, trailing_zeros(cards | NO_CARD)]  # no card left: column 63, 0
        found += cards != 0
        cards &= cards - 1
    ok = s < UNKNOWN and found + jokers == 5 and start[jokers] >= 0
    return at if ok else -1


@njit(cache=True, inline="always")
def _dual_block(
    hands: Any, out: Any, first: int, at: Any, d: Any, codes: Any, keys: Any, t: Any
) -> None:
    """Hands ``first`` to ``first + BLOCK`` (or the last): numbered into ``at``, then read; a
    hand the table does not hold is valued over its 32 orientations."""
    unit, weight, start = d[0], d[1], d[2]
    n = min(BLOCK, hands.shape[0] - first)
    for i in range(n):
        at[i] = _dual_at(hands, first + i, unit, weight, start)
        if at[i] < 0:
            out[first + i] = _dual_key(hands, first + i, t)
    for i in range(n):
        if at[i] >= 0:
            out[first + i] = keys[codes[at[i]]]


@njit(cache=True, parallel=True)
def dual_reads(
    hands: Any, out: Any, d: Any, codes: Any, keys: Any, t: Any, high: bool, flushes_hurt: bool
) -> None:
    """``dual_keys`` by one read of the deck's table a hand (``dualtable``): ``keys[codes[n]]``
    is the key of the hand numbered ``n``."""
    for block in prange((hands.shape[0] + BLOCK - 1) // BLOCK):
        at = np.empty(BLOCK, dtype=np.int64)
        _dual_block(hands, out, block * BLOCK, at, d, codes, keys, t)


@njit(cache=True)
def dual_reads_here(
    hands: Any, out: Any, d: Any, codes: Any, keys: Any, t: Any, high: bool, flushes_hurt: bool
) -> None:
    """``dual_reads`` on the calling thread, for batches too small to share out."""
    at = np.empty(BLOCK, dtype=np.int64)
    for block in range((hands.shape[0] + BLOCK - 1) // BLOCK):
        _dual_block(hands, out, block * BLOCK, at, d, codes, keys, t)


@njit(cache=True)
def dual_fill(ends: Any, jokers: int, start: int, table: Any, t: Any, high: bool, fh: bool) -> None:
    """Fill ``table[start:]`` with the best keys of every hand of ``k = 5 - jokers`` of the
    deck's cards ``ends[:-1]`` (as (top, bottom); k at least 2) and ``jokers`` jokers
    ``ends[-1]``, in the order of the combinatorial number system (see ``_dual_at``): the
    hands whose highest card is ``e`` are the C(e, k - 1) after ``start + C(e, k)``, walked in
    colex order. On the calling thread: made once, and perhaps on a computer player's thread
    while another runs numba's threads."""
    n = ends.shape[0] - 1
    k = 5 - jokers
    pairs = np.empty((1, 5, 2), dtype=np.int64)
    c = np.empty(k, dtype=np.int64)
    for i in range(k, 5):
        pairs[0, i, 0], pairs[0, i, 1] = ends[n, 0], ends[n, 1]
    below = 0  # C(e, k): the hands of lower cards only
    for e in range(k - 1, n):
        block = 1  # C(e, k - 1)
        for i in range(k - 1):
            block = block * (e - i) // (i + 1)
        for i in range(k - 1):
            c[i] = i
        c[k - 1] = e
        for r in range(block):
            for i in range(k):
                pairs[0, i, 0], pairs[0, i, 1] = ends[c[i], 0], ends[c[i], 1]
            table[start + below + r] = _dual_key(pairs, 0, t)
            i = 0  # the next (k - 1)-subset of range(e) in colex order
            while i < k - 2 and c[i] + 1 == c[i + 1]:
                c[i] = i
                i += 1
            c[i] += 1
        below += block
