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

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numba
import numpy as np
from numba import njit, prange

PARALLEL = 1_000_000
"""Elements of work from which a kernel call shares it between threads: waking a sleeping
thread costs milliseconds on a busy machine, more than a small call's whole work."""
BLOCK = 128
"""Columns a kernel works on at once: its scratch rows of a block stay in cache."""


@contextmanager
def threads(size: int) -> Iterator[None]:
    """All of numba's threads for a call of ``size`` elements' work or more, else one (the
    caller's)."""
    before = numba.get_num_threads()
    numba.set_num_threads(before if size >= PARALLEL else 1)
    try:
        yield
    finally:
        numba.set_num_threads(before)


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


@njit(cache=True, fastmath=True, inline="always")
def _live_rows(  # pragma: no cover - compiled
    x: Any, some: Any, c0: int, w: int, slot: Any
) -> None:
    """``slot[b]``: b if row b of ``x`` has more than zeros in columns [c0, c0 + w), else -1
    (not read); ``some[b, e]``: whether it has in its e-th span of columns (``x``'s width
    over ``some``'s). A row read has its spans without made zeros here, in these columns
    only (``round_reach`` writes nothing there; another block zeroes its own)."""
    span = x.shape[1] // some.shape[1]
    first, last = c0 // span, (c0 + w - 1) // span
    for b in range(x.shape[0]):
        slot[b] = -1
        for e in range(first, last + 1):
            if some[b, e]:
                slot[b] = b
        if slot[b] < 0:
            continue
        for e in range(first, last + 1):
            if not some[b, e]:
                x[b, max(c0, e * span) : min(c0 + w, e * span + span)] = 0


@njit(cache=True, fastmath=True, inline="always")
def _kept(  # pragma: no cover - compiled
    index: Any, weights: Any, lo: int, hi: int, slot: Any, keys: Any, kept: Any
) -> int:
    """``keys[:n]``, ``kept[:n]``: ``slot[index[i]]`` and ``weights[i]`` over the i in
    [lo, hi) whose slot is not -1, in order; returns n."""
    n = 0
    for i in range(lo, hi):
        if slot[index[i]] >= 0:
            keys[n] = slot[index[i]]
            kept[n] = weights[i]
            n += 1
    return n


@njit(cache=True, fastmath=True, parallel=True)
def fold_values(  # pragma: no cover - compiled
    x: Any,
    some: Any,
    scale: Any,
    at: int,
    m_ptr: Any,
    m_key: Any,
    m_weight: Any,
    a_ptr: Any,
    a_moment: Any,
    a_coef: Any,
    out: Any,
) -> None:
    """``out[a, at + c] = scale[c] * sum_b chance(a, b) x[b, at + c]`` for the ``len(scale)``
    columns from ``at``: each moment's total over the other seat's members (``m_*``, grouped
    by moment), then each of my keys' own moments weighted (``a_*``, grouped by my key).
    ``some[b, e]``: whether the other seat's row b has more than zeros in its e-th span of
    columns (``x``'s width over ``some``'s; anything where not, zeros once read):
    ``round_reach`` knows the ends it reaches nothing at, most of them, and writes nothing
    there. A row with nothing in a block is not read (reading the other seat's reach from
    memory is most of the work) and left out of the totals, as its zeros would add nothing;
    moments left with no member are left out of my keys' sums."""
    keys, n = out.shape[0], len(scale)
    moments = len(m_ptr) - 1
    longest = 0
    for j in range(moments):
        longest = max(longest, m_ptr[j + 1] - m_ptr[j])
    for a in range(keys):
        longest = max(longest, a_ptr[a + 1] - a_ptr[a])
    for blk in prange((n + BLOCK - 1) // BLOCK):
        c0 = blk * BLOCK
        w = min(n, c0 + BLOCK) - c0
        totals = np.empty((moments, BLOCK), out.dtype)
        row = np.empty(BLOCK, out.dtype)
        slot = np.empty(x.shape[0], np.int64)
        some_total = np.empty(moments, np.int64)
        index = np.empty(longest, np.int64)
        kept = np.empty(longest, out.dtype)
        _live_rows(x, some, at + c0, w, slot)
        for j in range(moments):
            found = _kept(m_key, m_weight, m_ptr[j], m_ptr[j + 1], slot, index, kept)
            some_total[j] = j if found else -1
            if found:
                _weighted_sum(x, index, kept, 0, found, at + c0, w, totals[j])
        for a in range(keys):
            found = _kept(a_moment, a_coef, a_ptr[a], a_ptr[a + 1], some_total, index, kept)
            _gather(totals, index, kept, 0, found, w, row)
            target = out[a, at + c0 : at + c0 + w]
            for k in range(w):
                target[k] = row[k] * scale[c0 + k]


@njit(cache=True, fastmath=True, parallel=True)
def show_values(  # pragma: no cover - compiled
    x: Any,
    some: Any,
    scale: Any,
    at: int,
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
    keys its groups weighted. Columns and ``some`` as ``fold_values``': a prefix sum is
    kept only where a member adds to it (``up_hi[i]``, ``up_lo[i]``: which one holds the first
    i members' sum), and the groups of a moment with no member out of my keys' sums."""
    keys, n = out.shape[0], len(scale)
    moments = len(m_ptr) - 1
    longest = 0
    for j in range(moments):
        longest = max(longest, m_ptr[j + 1] - m_ptr[j])
    asks = 0
    for a in range(keys):
        asks = max(asks, a_ptr[a + 1] - a_ptr[a])
    for blk in prange((n + BLOCK - 1) // BLOCK):
        c0 = blk * BLOCK
        w = min(n, c0 + BLOCK) - c0
        groups = np.empty((len(g_at), BLOCK), out.dtype)
        hi = np.empty((longest + 1, BLOCK), out.dtype)
        lo = np.empty((longest + 1, BLOCK), out.dtype)
        up_hi = np.empty(longest + 1, np.int64)
        up_lo = np.empty(longest + 1, np.int64)
        row = np.empty(BLOCK, out.dtype)
        slot = np.empty(x.shape[0], np.int64)
        some_group = np.empty(len(g_at), np.int64)
        index = np.empty(asks, np.int64)
        kept = np.empty(asks, out.dtype)
        _live_rows(x, some, at + c0, w, slot)
        for j in range(moments):
            m0 = m_ptr[j]
            m = m_ptr[j + 1] - m0
            hi[0, :w] = 0
            lo[0, :w] = 0
            up_hi[0] = up_lo[0] = 0
            for i in range(m):
                nh, nl = up_hi[i], up_lo[i]
                sh, sl = slot[hi_key[m0 + i]], slot[lo_key[m0 + i]]
                if sh >= 0:
                    h0, h1, wh = hi[nh], hi[nh + 1], hi_weight[m0 + i]
                    xh = x[sh, at + c0 : at + c0 + w]
                    for k in range(w):
                        h1[k] = h0[k] + wh * xh[k]
                    nh += 1
                if sl >= 0:
                    l0, l1, wl = lo[nl], lo[nl + 1], lo_weight[m0 + i]
                    xl = x[sl, at + c0 : at + c0 + w]
                    for k in range(w):
                        l1[k] = l0[k] + wl * xl[k]
                    nl += 1
                up_hi[i + 1], up_lo[i + 1] = nh, nl
            every = hi[up_hi[m]]
            for g in range(g_ptr[j], g_ptr[j + 1]):
                some_group[g] = g if up_hi[m] > 0 else -1
                if up_hi[m] == 0:
                    continue
                p, q = hi[up_hi[g_at[g, 0]]], hi[up_hi[g_at[g, 1]]]
                r, s = lo[up_lo[g_at[g, 2]]], lo[up_lo[g_at[g, 3]]]
                target = groups[g]
                for k in range(w):
                    target[k] = p[k] + q[k] + r[k] + s[k] - 2 * every[k]
        for a in range(keys):
            found = _kept(a_group, a_coef, a_ptr[a], a_ptr[a + 1], some_group, index, kept)
            _gather(groups, index, kept, 0, found, w, row)
            target = out[a, at + c0 : at + c0 + w]
            for k in range(w):
                target[k] = row[k] * scale[c0 + k]


ROWS = 8
"""Private states a thread takes at once through a whole betting round: its scratch (every
node's row, 237 nodes by a batch of 79 at 13 ranks) stays in cache between them."""
CFR, BEST, PLAY = 0, 1, 2
"""``round_values``' modes: update my regrets; best-respond; play the average strategies."""


@njit(cache=True, fastmath=True, inline="always")
def _match(  # pragma: no cover - compiled
    weights: Any, first: int, count: int, sigma: Any, norm: Any
) -> None:
    """``sigma[first:first + count]``: those rows of ``weights`` (one private state's, every
    action legal) matched as ``normalise`` does."""
    width = sigma.shape[1]
    norm[:] = 0
    for a in range(first, first + count):
        source, target = weights[a], sigma[a]
        for c in range(width):
            v = max(source[c], 0)
            target[c] = v
            norm[c] += v
    share = 1 / count
    for a in range(first, first + count):
        target = sigma[a]
        for c in range(width):
            target[c] = target[c] / norm[c] if norm[c] > 0 else share


@njit(cache=True, fastmath=True, inline="always")
def _some(row: Any) -> bool:  # pragma: no cover - compiled
    """Whether any of ``row`` is not zero."""
    c = 0
    while c < len(row) and row[c] == 0:
        c += 1
    return c < len(row)


@njit(cache=True, fastmath=True, inline="always")
def _times(target: Any, here: Any, p: Any) -> None:  # pragma: no cover - compiled
    """``target = here * p``."""
    for c in range(len(target)):
        target[c] = here[c] * p[c]


@njit(cache=True, fastmath=True, inline="always")
def _add(target: Any, other: Any) -> None:  # pragma: no cover - compiled
    """``target += other``."""
    for c in range(len(target)):
        target[c] += other[c]


@njit(cache=True, fastmath=True, inline="always")
def _most(target: Any, other: Any) -> None:  # pragma: no cover - compiled
    """``target = max(target, other)``."""
    for c in range(len(target)):
        target[c] = max(target[c], other[c])


@njit(cache=True, fastmath=True, inline="always")
def _add_times(target: Any, other: Any, p: Any) -> None:  # pragma: no cover - compiled
    """``target += p * other``."""
    for c in range(len(target)):
        target[c] += p[c] * other[c]


@njit(cache=True, fastmath=True, parallel=True)
def round_reach(  # pragma: no cover - compiled
    weights: Any,
    root: Any,
    node: Any,
    actor: Any,
    offset: Any,
    kids_ptr: Any,
    kids: Any,
    column: Any,
    seat: int,
    leaves: Any,
    some: Any,
) -> None:
    """The other seat's reach at every end of a betting round, in one pass per private
    state: ``root[s]`` its reach at the round's root, its strategy the positive part of
    ``weights[s]`` normalised (``[states, its actions, C]``: regrets for an iteration, sums for
    the average); the decisions (``node``, ``actor``, each one's first action in its actor's
    ``offset`` and its children ``kids[kids_ptr[d]:kids_ptr[d + 1]]``) parents first; each
    end's reach written to ``leaves[s]`` in its ``column`` block (-1: not an end) where it
    has more than zeros, ``some[s, e]`` whether end e's has: most of a state's rows are
    nothing deep in the round, and the end values take them as zeros unwritten."""
    rows, width = root.shape
    nodes, ends = len(column), leaves.shape[1] // width
    for blk in prange((rows + ROWS - 1) // ROWS):
        reach = np.empty((nodes, width), root.dtype)
        live = np.empty(nodes, np.bool_)
        sigma = np.empty((weights.shape[1], width), root.dtype)
        norm = np.empty(width, root.dtype)
        for s in range(blk * ROWS, min(rows, blk * ROWS + ROWS)):
            at_end = leaves[s].reshape((ends, width))
            reach[0] = root[s]
            live[0] = _some(root[s])
            for d in range(len(node)):
                here, first, count = reach[node[d]], kids_ptr[d], kids_ptr[d + 1] - kids_ptr[d]
                alive = live[node[d]]  # else no strategy to play, nothing to write
                acts = actor[d] == seat and alive
                if acts:
                    _match(weights[s], offset[d], count, sigma, norm)
                for a in range(count):
                    child = kids[first + a]
                    target = at_end[column[child]] if column[child] >= 0 else reach[child]
                    there = alive
                    if acts:
                        _times(target, here, sigma[offset[d] + a])
                        there = _some(target)
                    elif alive:
                        target[:] = here
                    if column[child] >= 0:
                        some[s, column[child]] = there
                    else:
                        live[child] = there


@njit(cache=True, fastmath=True, parallel=True)
def round_values(  # pragma: no cover - compiled
    regret: Any,
    total: Any,
    root: Any,
    leaves: Any,
    node: Any,
    actor: Any,
    offset: Any,
    kids_ptr: Any,
    kids: Any,
    column: Any,
    seat: int,
    mode: int,
    keep: float,
    drop: float,
    decay: float,
    weight: float,
    floor: bool,
    out: Any,
) -> None:
    """My values at a betting round's root (``out[s]``), in one pass per private state, from
    the ends' (``leaves[s]``, in their ``column`` blocks) and my reach at the root
    (``root``, read in CFR only); the round as ``round_reach`` takes it, ``regret`` and
    ``total`` mine (``[states, my actions, C]``). My decisions take the best action for a
    best response; else my strategy (regret matching in CFR, the sums normalised in play),
    and in CFR each action's strategy sum and regret learn as ``decide``'s."""
    rows, width = out.shape
    nodes, ends = len(column), leaves.shape[1] // width
    for blk in prange((rows + ROWS - 1) // ROWS):
        reach = np.empty((nodes, width), out.dtype)
        value = np.empty((nodes, width), out.dtype)
        sigma = np.empty((regret.shape[1], width), out.dtype)
        norm = np.empty(width, out.dtype)
        for s in range(blk * ROWS, min(rows, blk * ROWS + ROWS)):
            if mode != BEST:
                weights = regret[s] if mode == CFR else total[s]
                reach[0] = root[s]
                for d in range(len(node)):
                    first, count = kids_ptr[d], kids_ptr[d + 1] - kids_ptr[d]
                    mine = actor[d] == seat
                    if mine:
                        _match(weights, offset[d], count, sigma, norm)
                    if mode != CFR:
                        continue
                    here = reach[node[d]]
                    for a in range(count):
                        child = kids[first + a]
                        if column[child] >= 0:  # an end: my reach there never read
                            continue
                        if mine:
                            _times(reach[child], here, sigma[offset[d] + a])
                        else:
                            reach[child] = here
            at_end = leaves[s].reshape((ends, width))
            for d in range(len(node) - 1, -1, -1):
                v, first, count = value[node[d]], kids_ptr[d], kids_ptr[d + 1] - kids_ptr[d]
                mine = actor[d] == seat
                v[:] = -np.inf if mine and mode == BEST else 0
                for a in range(count):
                    child = kids[first + a]
                    va = at_end[column[child]] if column[child] >= 0 else value[child]
                    if not mine:
                        _add(v, va)
                    elif mode == BEST:
                        _most(v, va)
                    else:
                        _add_times(v, va, sigma[offset[d] + a])
                if not mine or mode != CFR:
                    continue
                r = reach[node[d]]
                grows = decay != 1 or _some(r)  # undiscounted sums I never reach stay as they are
                for a in range(count):
                    child = kids[first + a]
                    va = at_end[column[child]] if column[child] >= 0 else value[child]
                    pa, ra, ta = (
                        sigma[offset[d] + a],
                        regret[s, offset[d] + a],
                        total[s, offset[d] + a],
                    )
                    if grows:
                        for c in range(width):
                            ta[c] = ta[c] * decay + weight * r[c] * pa[c]
                    for c in range(width):
                        old = ra[c]
                        new = old * (keep if old > 0 else drop) + (va[c] - v[c])
                        ra[c] = max(new, 0) if floor else new
            out[s] = value[0]


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
    table, flat = np.zeros((1, 0, 1), np.float32), np.zeros((1, 0), np.float32)
    tree = (none, none, none, np.zeros(1, np.int64), none, np.full(1, -1, np.int64), 0)
    for kind in (np.float32, np.float64):
        x, out, scale = np.zeros((1, 1), kind), np.zeros((1, 1), kind), np.zeros(1, kind)
        empty = np.zeros(0, kind)
        some = np.ones((1, 1), np.bool_)
        calls.append((fold_values, (x, some, scale, 0, ptr, none, empty, ptr, none, empty, out)))
        show = (x, some, scale, 0, ptr, none, empty, none, empty, ptr, at, ptr, none, empty, out)
        calls.append((show_values, show))
        rows = np.zeros((0, 1), kind)
        calls.append((round_reach, (table, rows, *tree, rows, np.ones((0, 1), np.bool_))))
        learn = (CFR, 1.0, 1.0, 1.0, 1.0, False, rows)
        calls.append((round_values, (table, table, rows, rows, *tree, *learn)))
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
