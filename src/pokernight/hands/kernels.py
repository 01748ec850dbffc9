"""The numba kernels behind ``batch`` and ``count``; imported only when first needed.

They read the packed arrays of ``batch.Packed`` as one tuple ``t`` (see ``batch.kernel_args``)
and give ``five.key_function``'s keys: five cards by the flat tables, six and seven by rank sums
(see ``batch``). A hand is passed as its array and its row number rather than as a row view: a
fifth faster for seven cards, measured.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, prange

from pokernight.hands.batch import JOKERS_AT, SUITS_AT, WILDS_AT
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
