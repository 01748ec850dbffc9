"""The numba kernels behind ``batch`` and ``count``; imported only when first needed.

They mirror ``five.key_function`` step by step on the packed arrays of ``batch.Packed``; the
arrays travel as one tuple ``t = (rk, sb, off, base, nf, fl, sk, nf5, fl5)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, prange

from pokernight.hands.value import LOW_CEILING

W_SHIFT = 39
J_SHIFT = 42


@njit(cache=True, inline="always")
def _slot(k: int, suited: int, size: int, off: Any, base: Any) -> int:
    w = (k >> W_SHIFT) & 7
    j = (k >> J_SHIFT) & 3
    m = size - w - j
    idx = base[suited, size, w, j]
    r = 0
    while m > 0:
        q = (k >> (3 * r)) & 7
        idx += off[suited, r, m, q]
        m -= q
        r += 1
    return int(idx)


@njit(cache=True, inline="always")
def _key5(row: Any, t: Any) -> int:
    sb, sk, nf5, fl5 = t[1], t[6], t[7], t[8]
    k = 0
    s = 0
    for i in range(5):
        k += sk[row[i]]
        s |= sb[row[i]]
    if s & (s - 1):
        return int(nf5[k])
    return int(fl5[k])


@njit(cache=True)
def _low_with_flush(row: Any, t: Any) -> int:
    """A low hand with five cards of one suit: the best of its five-card subsets."""
    n = row.shape[0]
    best = -1
    sub = np.empty(5, dtype=np.int64)
    idx = np.arange(5)
    while True:
        for i in range(5):
            sub[i] = row[idx[i]]
        v = _key5(sub, t)
        if v > best:
            best = v
        i = 4
        while i >= 0 and idx[i] == n - 5 + i:
            i -= 1
        if i < 0:
            return best
        idx[i] += 1
        for u in range(i + 1, 5):
            idx[u] = idx[u - 1] + 1


@njit(cache=True)
def key_of(row: Any, t: Any, high: bool, flushes_hurt: bool) -> int:
    n = row.shape[0]
    if n == 5:
        return _key5(row, t)
    rk, sb, off, base, nf, fl = t[0], t[1], t[2], t[3], t[4], t[5]
    k = 0
    for i in range(n):
        k += rk[row[i]]
    best = int(nf[n, _slot(k, 0, n, off, base)])
    wild = ((k >> W_SHIFT) & 7) + ((k >> J_SHIFT) & 3)
    most = 0
    for suit in range(4):
        bit = 1 << suit
        count = 0
        for i in range(n):
            if sb[row[i]] == bit:
                count += 1
        most = max(most, count)
        if high and count + wild >= 5:
            ks = 0
            for i in range(n):
                b = sb[row[i]]
                if b == bit or b == 0:
                    ks += rk[row[i]]
            v = int(fl[count + wild, _slot(ks, 1, count + wild, off, base)])
            if v > best:
                best = v
    if flushes_hurt and most >= 5:
        best = _low_with_flush(row, t)
    return best


@njit(cache=True)
def _dual_key(pairs: Any, t: Any) -> int:
    """Best key over the 32 orientations, visited in Gray-code order: each step turns one
    card, so the rank-key sum changes by one difference."""
    sb, sk, nf5, fl5 = t[1], t[6], t[7], t[8]
    side = np.zeros(5, dtype=np.int64)
    k = 0
    for i in range(5):
        k += sk[pairs[i, 0]]
    best = -1
    for step in range(32):
        if step:
            i = 0
            while not (step >> i) & 1:
                i += 1
            k -= sk[pairs[i, side[i]]]
            side[i] ^= 1
            k += sk[pairs[i, side[i]]]
        s = 0
        for j in range(5):
            s |= sb[pairs[j, side[j]]]
        v = int(nf5[k]) if s & (s - 1) else int(fl5[k])
        if v > best:
            best = v
    return best


@njit(cache=True, parallel=True)
def many_keys(hands: Any, out: Any, t: Any, high: bool, flushes_hurt: bool) -> None:
    for i in prange(hands.shape[0]):
        out[i] = key_of(hands[i], t, high, flushes_hurt)


@njit(cache=True, parallel=True)
def dual_keys(hands: Any, out: Any, t: Any, high: bool, flushes_hurt: bool) -> None:
    for i in prange(hands.shape[0]):
        out[i] = _dual_key(hands[i], t)


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
        row = np.empty(n, dtype=np.int64)
        for at in range(lane, firsts.shape[0], lanes):
            first = firsts[at]
            for i in range(n):
                idx[i] = first + i
            while True:
                if dual:
                    key = _dual_key(deck[idx], t)
                else:
                    for i in range(n):
                        row[i] = deck[idx[i], 0]
                    key = key_of(row, t, high, flushes_hurt)
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
        out[i] = key_of(hands[i], t, high, flushes_hurt)


@njit(cache=True)
def dual_keys_here(hands: Any, out: Any, t: Any, high: bool, flushes_hurt: bool) -> None:
    """``dual_keys`` on the calling thread, for batches too small to share out."""
    for i in range(hands.shape[0]):
        out[i] = _dual_key(hands[i], t)
