"""The solver's numba kernels: the trailing edge's end values by card-removal moments and
sweeps in hand-strength order (``ends.Pairing`` lays out their arrays).

Why kernels: a fold or showdown value is a chance-weighted sum over the other seat's keys, a
dense product of 1,183 x 1,183 at 13 ranks for every end and leading-edge context (80 GFLOP an
iteration). Written as moments it is a few row operations a key, which NumPy cannot fuse but a
loop can. Each kernel works on a block of columns at a time (``BLOCK``) so its scratch rows
stay in cache, and splits the blocks between threads; rows are taken as one-dimensional slices
and added four at a time, which is what lets LLVM vectorise them. Compiled once and kept on
disk (``cache=True``); ``warm`` compiles them up front so a front end can say so meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numba import njit, prange

BLOCK = 128
"""Columns a kernel works on at once: its scratch rows of a block stay in cache."""


@njit(cache=True, fastmath=True, inline="always")
def _weighted_sum(  # pragma: no cover - compiled
    src: Any, keys: Any, weights: Any, lo: int, hi: int, c0: int, w: int, dst: Any
) -> None:
    """``dst[:w] = sum_i weights[i] * src[keys[i], c0:c0 + w]`` over i in [lo, hi)."""
    dst[:w] = 0
    i = lo
    while i + 4 <= hi:
        r0, r1 = src[keys[i], c0 : c0 + w], src[keys[i + 1], c0 : c0 + w]
        r2, r3 = src[keys[i + 2], c0 : c0 + w], src[keys[i + 3], c0 : c0 + w]
        w0, w1, w2, w3 = weights[i], weights[i + 1], weights[i + 2], weights[i + 3]
        for k in range(w):
            dst[k] += w0 * r0[k] + w1 * r1[k] + w2 * r2[k] + w3 * r3[k]
        i += 4
    while i < hi:
        r0, w0 = src[keys[i], c0 : c0 + w], weights[i]
        for k in range(w):
            dst[k] += w0 * r0[k]
        i += 1


@njit(cache=True, fastmath=True, inline="always")
def _gather(  # pragma: no cover - compiled
    rows: Any, ask: Any, coef: Any, lo: int, hi: int, w: int, dst: Any
) -> None:
    """``dst[:w] = sum_q coef[q] * rows[ask[q], :w]`` over q in [lo, hi)."""
    dst[:w] = 0
    q = lo
    while q + 4 <= hi:
        r0, r1, r2, r3 = rows[ask[q]], rows[ask[q + 1]], rows[ask[q + 2]], rows[ask[q + 3]]
        w0, w1, w2, w3 = coef[q], coef[q + 1], coef[q + 2], coef[q + 3]
        for k in range(w):
            dst[k] += w0 * r0[k] + w1 * r1[k] + w2 * r2[k] + w3 * r3[k]
        q += 4
    while q < hi:
        r0, w0 = rows[ask[q]], coef[q]
        for k in range(w):
            dst[k] += w0 * r0[k]
        q += 1


@njit(cache=True, fastmath=True, parallel=True)
def fold_values(  # pragma: no cover - compiled
    x: Any,
    scale: Any,
    m_ptr: Any,
    m_key: Any,
    m_weight: Any,
    a_ptr: Any,
    a_moment: Any,
    a_coef: Any,
    out: Any,
) -> None:
    """``out[a, c] = scale[c] * sum_b chance(a, b) x[b, c]``: each moment's total over the
    other seat's members (``m_*``, grouped by moment), then each of my keys' own moments
    weighted (``a_*``, grouped by my key)."""
    keys, n = out.shape
    moments = len(m_ptr) - 1
    for blk in prange((n + BLOCK - 1) // BLOCK):
        c0 = blk * BLOCK
        w = min(n, c0 + BLOCK) - c0
        totals = np.empty((moments, BLOCK), out.dtype)
        row = np.empty(BLOCK, out.dtype)
        for j in range(moments):
            _weighted_sum(x, m_key, m_weight, m_ptr[j], m_ptr[j + 1], c0, w, totals[j])
        for a in range(keys):
            _gather(totals, a_moment, a_coef, a_ptr[a], a_ptr[a + 1], w, row)
            target = out[a, c0 : c0 + w]
            for k in range(w):
                target[k] = row[k] * scale[c0 + k]


@njit(cache=True, fastmath=True, parallel=True)
def show_values(  # pragma: no cover - compiled
    x: Any,
    scale: Any,
    m_ptr: Any,
    hi_key: Any,
    hi_weight: Any,
    lo_key: Any,
    lo_weight: Any,
    g_ptr: Any,
    g_at: Any,
    a_ptr: Any,
    a_group: Any,
    a_coef: Any,
    out: Any,
) -> None:
    """``out[a, c] = scale[c] * sum_b chance(a, b) (sign(high) + sign(low)) x[b, c]``. For each
    moment, prefix sums of its members in high order and in low order; each group of my keys
    at one strength (``g_at``: where it falls, below and up to it, high and low) takes
    (below + up to its own - all) in each order, which is (below - above); then each of my
    keys its groups weighted."""
    keys, n = out.shape
    moments = len(m_ptr) - 1
    longest = 0
    for j in range(moments):
        longest = max(longest, m_ptr[j + 1] - m_ptr[j])
    for blk in prange((n + BLOCK - 1) // BLOCK):
        c0 = blk * BLOCK
        w = min(n, c0 + BLOCK) - c0
        groups = np.empty((len(g_at), BLOCK), out.dtype)
        hi = np.empty((longest + 1, BLOCK), out.dtype)
        lo = np.empty((longest + 1, BLOCK), out.dtype)
        row = np.empty(BLOCK, out.dtype)
        for j in range(moments):
            m0 = m_ptr[j]
            m = m_ptr[j + 1] - m0
            hi[0, :w] = 0
            lo[0, :w] = 0
            for i in range(m):
                h0, h1 = hi[i], hi[i + 1]
                l0, l1 = lo[i], lo[i + 1]
                xh, wh = x[hi_key[m0 + i], c0 : c0 + w], hi_weight[m0 + i]
                xl, wl = x[lo_key[m0 + i], c0 : c0 + w], lo_weight[m0 + i]
                for k in range(w):
                    h1[k] = h0[k] + wh * xh[k]
                    l1[k] = l0[k] + wl * xl[k]
            for g in range(g_ptr[j], g_ptr[j + 1]):
                p, q, r, s = hi[g_at[g, 0]], hi[g_at[g, 1]], lo[g_at[g, 2]], lo[g_at[g, 3]]
                every, target = hi[m], groups[g]
                for k in range(w):
                    target[k] = p[k] + q[k] + r[k] + s[k] - 2 * every[k]
        for a in range(keys):
            _gather(groups, a_group, a_coef, a_ptr[a], a_ptr[a + 1], w, row)
            target = out[a, c0 : c0 + w]
            for k in range(w):
                target[k] = row[k] * scale[c0 + k]


@njit(cache=True)
def normalise(weights: Any, legal: Any, out: Any) -> None:  # pragma: no cover - compiled
    """Regret matching and averaging alike: ``out[:, s, c]`` the positive part of
    ``weights[:, s, c]`` over the legal actions (``legal[a, s] > 0``), normalised, or uniform
    over them where none is positive."""
    actions, states, n = weights.shape
    for s in range(states):
        norm = np.zeros(n, out.dtype)
        count = 0
        for a in range(actions):
            target = out[a, s]
            if legal[a, s] > 0:
                count += 1
                source = weights[a, s]
                for c in range(n):
                    v = max(source[c], 0)
                    target[c] = v
                    norm[c] += v
            else:
                target[:] = 0
        for a in range(actions):
            if legal[a, s] > 0:
                target = out[a, s]
                for c in range(n):
                    target[c] = target[c] / norm[c] if norm[c] > 0 else 1 / count


@njit(cache=True)
def decide(  # pragma: no cover - compiled
    values: Any,
    reach: Any,
    sigma: Any,
    regret: Any,
    total: Any,
    keep: float,
    drop: float,
    decay: float,
    weight: float,
    floor: bool,
    value: Any,
) -> None:
    """One decision of the seat being updated, in one pass over each private state:
    ``value`` the node's value under ``sigma`` (``values`` each action's); each action's
    strategy sum (``decay`` times itself plus ``weight`` times the reach-weighted strategy)
    and regret (kept by ``keep`` where positive, ``drop`` where not, plus this iteration's,
    floored at zero for CFR+)."""
    actions, states, n = values.shape
    for s in range(states):
        v = value[s]
        v[:] = 0
        for a in range(actions):
            va, pa = values[a, s], sigma[a, s]
            for c in range(n):
                v[c] += pa[c] * va[c]
        r = reach[s]
        for a in range(actions):
            va, pa, ra, ta = values[a, s], sigma[a, s], regret[a, s], total[a, s]
            for c in range(n):
                ta[c] = ta[c] * decay + weight * r[c] * pa[c]
                old = ra[c]
                new = old * (keep if old > 0 else drop) + (va[c] - v[c])
                ra[c] = max(new, 0) if floor else new


Told = Callable[[int, int], None]


def warm(told: Told | None = None) -> None:
    """Compile (or read from numba's disk cache) every kernel for the types the solver calls
    it with (the end values in float32 and float64; the update and regret matching in
    float32, the averages into float64), each by a call with no work, telling ``told(done,
    total)`` after each."""
    calls: list[tuple[Callable[..., None], tuple[Any, ...]]] = []
    ptr, none = np.zeros(2, np.int64), np.zeros(0, np.int64)
    at = np.zeros((0, 4), np.int64)
    for kind in (np.float32, np.float64):
        x, out, scale = np.zeros((1, 1), kind), np.zeros((1, 1), kind), np.zeros(1, kind)
        empty = np.zeros(0, kind)
        calls.append((fold_values, (x, scale, ptr, none, empty, ptr, none, empty, out)))
        show = (x, scale, ptr, none, empty, none, empty, ptr, at, ptr, none, empty, out)
        calls.append((show_values, show))
    table, flat = np.zeros((1, 0, 1), np.float32), np.zeros((1, 0), np.float32)
    calls.append((normalise, (table, flat, np.zeros((1, 0, 1)))))
    fused = (table, flat, table, table, table, 1.0, 1.0, 1.0, 1.0, False, flat)
    calls.append((normalise, (table, flat, table)))
    calls.append((decide, fused))
    if told is not None:
        told(0, len(calls))
    for done, (kernel, args) in enumerate(calls, start=1):
        kernel(*args)
        if told is not None:
            told(done, len(calls))
