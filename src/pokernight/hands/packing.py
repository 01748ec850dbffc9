"""The batch path's arrays: how a card is packed into one integer (shared by the side that
packs it and the kernels that unpack it) and every table a kernel reads for one rule set, laid
out as flat arrays (``Packed``). ``batch`` evaluates with them, ``dualtable`` builds its table
with them, the kernels read them: none of those imports another to get them."""

from __future__ import annotations

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
    natural_keys,
    tables_for,
)

SUITS_AT, WILDS_AT, JOKERS_AT = 24, 40, 44
"""Where a card's integer keeps its suit's count nibble, the wild count and the joker count
(the rank sum below: at most 7,825,759 < 2**23)."""


I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]
SIZES = (6, 7)  # the sizes read by rank sums (five cards: the flat tables)


@dataclass(frozen=True)
class Packed:
    """Everything a kernel needs for one rule set, as arrays."""

    sb: I64  # (53,) card -> suit bit (0 for wild cards)
    first: I64  # (8, 53) [hand size] card -> rank key + counts (see SUITS_AT)
    again: I64  # (8, 53) [natural cards] card -> rank key (0 for wild cards)
    ranks: I32  # every segment: rank sum -> best key without a flush
    base: I64  # (8, 8, 4) [size][wilds][jokers] -> the segment's start in ranks
    suited: I32  # (8, 4, 8192) [wilds][jokers][one suit's rank bits] -> best flush-path key
    sk: I64  # (53,) card -> rank-key sum contribution (five-card fast path)
    nf5: I32  # flat five-card non-flush table by rank-key sum
    fl5: I32  # flat five-card one-suit table by rank-key sum
    suit_ranks: I64  # (53,) card -> its rank's bit in its suit's 13 (0 for wild cards)
    suit_counts: I64  # (53,) card -> one in its suit's nibble (a wild card: in every suit's)
    high: bool
    flushes_hurt: bool
    invert: bool
    nbw: bool


def _rank_sums(keys: I64, sizes: I64) -> I64:
    """The rank sum of each K, by the keys of its number of natural cards."""
    by_size = np.array([natural_keys(m) for m in range(8)], dtype=np.int64)
    counts = (keys[:, None] >> (3 * np.arange(13))) & 7
    sums: I64 = (counts * by_size[sizes]).sum(axis=1)
    return sums


@cache
def packed(rules: HandRules, max_size: int = 7) -> Packed:
    """The arrays of a rule set for hands of 5 to ``max_size`` cards (built once)."""
    rk, sb = card_keys(rules)
    natural = np.array(sb, dtype=np.int64) != 0
    suit_nibble = np.array([1 << SUITS_AT + 4 * max(b.bit_length() - 1, 0) for b in sb])
    unsuited = np.array(
        [(((k >> W_SHIFT) & 7) << WILDS_AT) + (((k >> J_SHIFT) & 3) << JOKERS_AT) for k in rk]
    )
    rank = np.minimum(np.arange(53) >> 2, 12)  # the joker's is never read: it is not natural
    first = np.zeros((8, 53), dtype=np.int64)
    again = np.zeros((8, 53), dtype=np.int64)
    for m in range(1, 8):
        again[m] = np.where(natural, np.array(natural_keys(m))[rank], 0)
        first[m] = np.where(natural, again[m] + suit_nibble, unsuited)
    base = np.zeros((8, 8, 4), dtype=np.int64)
    segments: list[I32] = []
    suited = np.full((8, 4, 1 << 13), -1, dtype=np.int32)
    start = 0
    # six or seven cards read every smaller size's one-suit tables; dual decks only five cards
    for size in range(5, max_size + 1) if max_size in SIZES and not rules.dual else ():
        tables = tables_for(rules, size)
        if size in SIZES:
            keys = np.fromiter(tables.nf, dtype=np.int64, count=len(tables.nf))
            values = np.fromiter(tables.nf.values(), dtype=np.int32, count=len(tables.nf))
            w, j = (keys >> W_SHIFT) & 7, (keys >> J_SHIFT) & 3
            sums = _rank_sums(keys & COUNT_MASK, size - w - j)
            for wj in np.unique(w * 4 + j):
                here = w * 4 + j == wj
                at = sums[here]
                if np.unique(at).size != at.size:
                    raise AssertionError(f"rank keys collide for {size} cards, {wj} unsuited")
                segment = np.full(int(at.max()) + 1, -1, dtype=np.int32)
                segment[at] = values[here]
                base[size, wj >> 2, wj & 3] = start
                start += segment.size
                segments.append(segment)
        for k, value in tables.fl.items():
            mask = sum(1 << r for r in range(13) if (k >> 3 * r) & 7)
            suited[(k >> W_SHIFT) & 7, (k >> J_SHIFT) & 3, mask] = value
    ranking = rules.ranking
    flat_nf, flat_fl = flat_tables(rules)
    return Packed(
        sb=np.array(sb, dtype=np.int64),
        first=first,
        again=again,
        ranks=np.concatenate(segments) if segments else np.zeros(1, dtype=np.int32),
        base=base,
        suited=suited,
        sk=np.array(card_sum_keys(rules), dtype=np.int64),
        nf5=np.array(flat_nf, dtype=np.int32),
        fl5=np.array(flat_fl, dtype=np.int32),
        suit_ranks=np.where(natural, 1 << 13 * (np.arange(53) & 3) + rank, 0),
        suit_counts=np.where(natural, 1 << 4 * (np.arange(53) & 3), 0x1111),
        high=not ranking.invert,
        flushes_hurt=ranking.flushes and ranking.invert,
        invert=ranking.invert,
        nbw=rules.natural_beats_wild,
    )


def kernel_args(p: Packed) -> tuple[Any, ...]:
    """The kernels' trailing arguments: the table tuple and the two flags."""
    tables = (
        *(p.sb, p.first, p.again, p.ranks, p.base, p.suited),
        *(p.sk, p.nf5, p.fl5, p.suit_ranks, p.suit_counts),
    )
    return (tables, p.high, p.flushes_hurt)
