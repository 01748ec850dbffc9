"""The numba kernels behind ``batch`` and ``count``; imported only when first needed.

They mirror ``five.key_function`` step by step on the packed arrays of ``batch.Packed``.
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


@njit(cache=True)
def _key5(row: Any, rk: Any, sb: Any, off: Any, base: Any, nf: Any, flh: Any) -> int:
    k = 0
    s = 0
    for t in range(5):
        k += rk[row[t]]
        s |= sb[row[t]]
    if s & (s - 1):
        return int(nf[5, _slot(k, 0, 5, off, base)])
    return int(flh[_slot(k, 1, 5, off, base)])


@njit(cache=True)
def key_of(
    row: Any,
    rk: Any,
    sb: Any,
    off: Any,
    base: Any,
    nf: Any,
    fl: Any,
    flh: Any,
    high: bool,
    flushes_hurt: bool,
) -> int:
    n = row.shape[0]
    if n == 5:
        return _key5(row, rk, sb, off, base, nf, flh)
    k = 0
    for t in range(n):
        k += rk[row[t]]
    best = nf[n, _slot(k, 0, n, off, base)]
    wild = ((k >> W_SHIFT) & 7) + ((k >> J_SHIFT) & 3)
    if high:
        for suit in range(4):
            bit = 1 << suit
            count = 0
            for t in range(n):
                if sb[row[t]] == bit:
                    count += 1
            if count + wild >= 5:
                ks = 0
                for t in range(n):
                    b = sb[row[t]]
                    if b == bit or b == 0:
                        ks += rk[row[t]]
                v = fl[count + wild, _slot(ks, 1, count + wild, off, base)]
                if v > best:
                    best = v
    elif flushes_hurt:
        most = 0
        for suit in range(4):
            count = 0
            for t in range(n):
                if sb[row[t]] == (1 << suit):
                    count += 1
            most = max(most, count)
        if most >= 5:
            best = -1
            sub = np.empty(5, dtype=np.int64)
            idx = np.arange(5)
            while True:
                for t in range(5):
                    sub[t] = row[idx[t]]
                v = _key5(sub, rk, sb, off, base, nf, flh)
                if v > best:
                    best = v
                t = 4
                while t >= 0 and idx[t] == n - 5 + t:
                    t -= 1
                if t < 0:
                    break
                idx[t] += 1
                for u in range(t + 1, 5):
                    idx[u] = idx[u - 1] + 1
    return int(best)


@njit(cache=True)
def _dual_key(
    pairs: Any,
    rk: Any,
    sb: Any,
    off: Any,
    base: Any,
    nf: Any,
    flh: Any,
) -> int:
    best = -1
    row = np.empty(5, dtype=np.int64)
    for flips in range(32):
        for t in range(5):
            row[t] = pairs[t, (flips >> t) & 1]
        v = _key5(row, rk, sb, off, base, nf, flh)
        if v > best:
            best = v
    return best


@njit(cache=True, parallel=True)
def many_keys(
    hands: Any,
    out: Any,
    rk: Any,
    sb: Any,
    off: Any,
    base: Any,
    nf: Any,
    fl: Any,
    flh: Any,
    high: bool,
    flushes_hurt: bool,
) -> None:
    for i in prange(hands.shape[0]):
        out[i] = key_of(hands[i], rk, sb, off, base, nf, fl, flh, high, flushes_hurt)


@njit(cache=True, parallel=True)
def dual_keys(
    hands: Any,
    out: Any,
    rk: Any,
    sb: Any,
    off: Any,
    base: Any,
    nf: Any,
    fl: Any,
    flh: Any,
    high: bool,
    flushes_hurt: bool,
) -> None:
    for i in prange(hands.shape[0]):
        out[i] = _dual_key(hands[i], rk, sb, off, base, nf, flh)


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
    rk: Any,
    sb: Any,
    off: Any,
    base: Any,
    nf: Any,
    fl: Any,
    flh: Any,
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
            for t in range(n):
                idx[t] = first + t
            while True:
                if dual:
                    key = _dual_key(deck[idx], rk, sb, off, base, nf, flh)
                else:
                    for t in range(n):
                        row[t] = deck[idx[t], 0]
                    key = key_of(row, rk, sb, off, base, nf, fl, flh, high, flushes_hurt)
                value = key >> 3 if nbw else key
                raw = LOW_CEILING - value if invert else value
                hist[lane, raw >> 20, (raw >> 16) & 15] += 1
                seen[key] = 1
                t = n - 1
                while t >= 1 and idx[t] == size - n + t:
                    t -= 1
                if t < 1:
                    break
                idx[t] += 1
                for u in range(t + 1, n):
                    idx[u] = idx[u - 1] + 1
