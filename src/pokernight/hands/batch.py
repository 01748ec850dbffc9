"""Array-in, array-out evaluation of five-card rule sets (numba kernels, compiled lazily).

The kernels read the very tables the per-hand path reads (``tables.py``), laid out as flat
arrays. Five cards index the flat tables by their rank-key sum. Six and seven cards add one
64-bit integer per card: the rank key of the natural cards (``natural_keys``), the count of each
suit, of wild cards and of bug jokers; a hand without a wild card reads its best key at that rank
sum, a hand with some adds the rank keys again for the smaller number of natural cards. So batch
keys equal per-hand keys by construction, and the tests check it anyway.

Numba is imported only when a batch is first asked for; kernels are cached on disk.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from pokernight.hands.packing import I64, kernel_args, packed
from pokernight.hands.rules import HandRules


def warm(rules: HandRules, told: Callable[[int, int], None] | None = None) -> None:
    """Compile (or read from numba's disk cache) the five-card key kernel for ``rules`` by a
    call with no hands, telling ``told(done, total)``: tens of seconds the first time, so a
    front end says so first. Dual rules then their deck's table and the kernel reading it
    (``dualtable``: under a second to make, read from disk after)."""
    shapes = ((0, 5), (0, 5, 2)) if rules.dual else ((0, 5),)
    for done, shape in enumerate(shapes):
        if told is not None:
            told(done, len(shapes))
        keys(np.zeros(shape, np.int64), rules)
    if told is not None:
        told(len(shapes), len(shapes))


def keys(hands: npt.ArrayLike, rules: HandRules, *, threads: bool = True) -> I64:
    """Keys of many hands at once: ``hands`` is (N, 5..7) card indexes, or (N, 5, 2) dual
    cards given as (top, bottom) end indexes (best over every orientation: one read of the
    table of every hand of ``rules.deck``, ``dualtable``, made or read from disk on first use).

    ``threads=False`` keeps the work on the calling thread: for a few hundred hands (a
    player's decision) handing them to numba's threads costs more than it saves, and on a
    busy machine a waiting thread stalls each call for about a millisecond."""
    from pokernight.hands import kernels

    array = np.ascontiguousarray(hands, dtype=np.int64)
    p = packed(rules, array.shape[1] if array.ndim == 2 else 5)
    out = np.empty(array.shape[0], dtype=np.int64)
    if array.ndim == 3:
        from pokernight.hands.dualtable import dual_table

        table = dual_table(rules)
        if table is None:
            dual = kernels.dual_keys if threads else kernels.dual_keys_here
            dual(array, out, *kernel_args(p))
        else:
            reads = kernels.dual_reads if threads else kernels.dual_reads_here
            reads(array, out, table.numbering, table.codes, table.keys, *kernel_args(p))
    else:
        many = kernels.many_keys if threads else kernels.many_keys_here
        many(array, out, *kernel_args(p))
    return out
