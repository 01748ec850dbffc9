"""Array-in, array-out evaluation of five-card rule sets (numba kernels, compiled lazily).

The kernels read the very tables the per-hand path reads (``tables.py``), turned into flat
arrays: a multiset of ranks is numbered densely by its combinatorial rank among multisets of its
size (``offsets``), one segment per count of wild cards. So batch keys equal per-hand keys by
construction, and the tests check it anyway.

Numba is imported only when a batch is first asked for; kernels are cached on disk.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from pokernight.hands.rules import HandRules
from pokernight.hands.tables import (
    COUNT_MASK,
    J_SHIFT,
    W_SHIFT,
    card_keys,
    card_sum_keys,
    flat_tables,
    natural_caps,
    tables_for,
)

I64 = npt.NDArray[np.int64]
SIZES = (5, 6, 7)


@dataclass(frozen=True)
class Packed:
    """Everything a kernel needs for one rule set, as arrays."""

    rk: I64  # (53,) card -> K contribution
    sb: I64  # (53,) card -> suit bit (0 for wild cards)
    off: I64  # (2, 13, 8, 8) [suited][rank][remaining][count] -> index contribution
    base: I64  # (2, 8, 8, 4) [suited][size][wilds][jokers] -> segment start
    nf: I64  # (8, M) [size] -> non-flush values
    fl: I64  # (8, M) [size] -> pure flush-path values
    sk: I64  # (53,) card -> rank-key sum contribution (five-card fast path)
    nf5: npt.NDArray[np.int32]  # flat five-card non-flush table by rank-key sum
    fl5: npt.NDArray[np.int32]  # flat five-card one-suit table by rank-key sum
    high: bool
    flushes_hurt: bool
    invert: bool
    nbw: bool


def _offsets(caps: list[int]) -> tuple[I64, list[list[int]]]:
    """off[r, m, q] = number of multisets of size m over ranks r.. whose count at r is below q."""
    ways = [[0] * 8 for _ in range(14)]
    ways[13][0] = 1
    for r in range(12, -1, -1):
        for m in range(8):
            ways[r][m] = sum(ways[r + 1][m - c] for c in range(min(m, caps[r]) + 1))
    off = np.zeros((13, 8, 8), dtype=np.int64)
    for r in range(13):
        for m in range(8):
            total = 0
            for q in range(8):
                off[r, m, q] = total
                if q <= m:
                    total += ways[r + 1][m - q]
    return off, ways


def _index(k: int, off: I64, naturals: int) -> int:
    idx, m = 0, naturals
    for r in range(13):
        q = (k >> (3 * r)) & 7
        idx += int(off[r, m, q])
        m -= q
    return idx


@cache
def packed(rules: HandRules, max_size: int = 7) -> Packed:
    """The arrays of a rule set for hands of 5 to ``max_size`` cards (built once)."""
    rk, sb = card_keys(rules)
    caps = natural_caps(rules)
    suited_caps = caps if rules.dual else [min(1, c) for c in caps]
    offs, ways = zip(*(_offsets(c) for c in (caps, suited_caps)), strict=True)
    off = np.stack(offs)
    base = np.zeros((2, 8, 8, 4), dtype=np.int64)
    lengths = [[0] * 8, [0] * 8]
    for suited in (0, 1):
        for size in SIZES:
            start = 0
            for w in range(8):
                for j in range(4):
                    base[suited, size, w, j] = start
                    if w + j <= size:
                        start += ways[suited][0][size - w - j]
            lengths[suited][size] = start
    width = max(max(lengths[0]), max(lengths[1]))
    nf = np.full((8, width), -1, dtype=np.int64)
    fl = np.full((8, width), -1, dtype=np.int64)
    for size in range(5, (5 if rules.dual else max_size) + 1):
        tables = tables_for(rules, size)
        for suited, source, target in ((0, tables.nf, nf), (1, tables.fl, fl)):
            for k, value in source.items():
                w, j = (k >> W_SHIFT) & 7, (k >> J_SHIFT) & 3
                slot = base[suited, size, w, j] + _index(k & COUNT_MASK, off[suited], size - w - j)
                target[size, slot] = value
    ranking = rules.ranking
    flat_nf, flat_fl = flat_tables(rules)
    return Packed(
        rk=np.array(rk, dtype=np.int64),
        sb=np.array(sb, dtype=np.int64),
        off=off,
        base=base,
        nf=nf,
        fl=fl,
        sk=np.array(card_sum_keys(rules), dtype=np.int64),
        nf5=np.array(flat_nf, dtype=np.int32),
        fl5=np.array(flat_fl, dtype=np.int32),
        high=not ranking.invert,
        flushes_hurt=ranking.flushes and ranking.invert,
        invert=ranking.invert,
        nbw=rules.natural_beats_wild,
    )


def kernel_args(p: Packed) -> tuple[Any, ...]:
    """The kernels' trailing arguments: the table tuple and the two flags."""
    tables = (p.rk, p.sb, p.off, p.base, p.nf, p.fl, p.sk, p.nf5, p.fl5)
    return (tables, p.high, p.flushes_hurt)


def warm(rules: HandRules, told: Callable[[int, int], None] | None = None) -> None:
    """Compile (or read from numba's disk cache) the five-card key kernel for ``rules`` by a
    call with no hands, telling ``told(done, total)``: tens of seconds the first time, so a
    front end says so first."""
    if told is not None:
        told(0, 1)
    keys(np.zeros((0, 5), np.int64), rules)
    if told is not None:
        told(1, 1)


def keys(hands: npt.ArrayLike, rules: HandRules, *, threads: bool = True) -> I64:
    """Keys of many hands at once: ``hands`` is (N, 5..7) card indexes, or (N, 5, 2) dual
    cards given as (top, bottom) end indexes (best over every orientation).

    ``threads=False`` keeps the work on the calling thread: for a few hundred hands (a
    player's decision) handing them to numba's threads costs more than it saves, and on a
    busy machine a waiting thread stalls each call for about a millisecond."""
    from pokernight.hands import kernels

    array = np.ascontiguousarray(hands, dtype=np.int64)
    p = packed(rules, array.shape[1] if array.ndim == 2 else 5)
    out = np.empty(array.shape[0], dtype=np.int64)
    if array.ndim == 3:
        dual = kernels.dual_keys if threads else kernels.dual_keys_here
        dual(array, out, *kernel_args(p))
    else:
        many = kernels.many_keys if threads else kernels.many_keys_here
        many(array, out, *kernel_args(p))
    return out
