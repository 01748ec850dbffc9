"""Dual-value decks counted by reachability: which categories can five dual cards reach?

A card offers two ends; a category is reachable when one end per card can make it. A hand's
reachable categories are one 11-bit word (bit ``c`` for ``Category`` c), found by bit masks
instead of trying the 32 orientations: bit-sliced counters over the cards' rank masks give the
ranks offered by at least 2, 3, 4 and 5 cards (pairs, trips, quads, five of a kind); a full house
or two pair is a matching between the few paired ranks' card sets; a straight is a perfect
matching of the five cards onto a window's ranks, a 32-state subset walk; a flush an AND of suit
masks. A counting convention (``dualrankings``) then names the hand's category: the first
reachable one in its order. So one pass over the 2,598,960 hands gives the table under every
convention, and the deck search keeps each hand's word and recounts only the hands a move
touches. Numba kernels; imported only when a dual deck is counted or fit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from pokernight.cards import DualCard
from pokernight.errors import InvalidCards
from pokernight.hands.value import Category

HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL, QUADS, SF, ROYAL, FIVE = (
    int(c) for c in sorted(Category)
)
WORDS = 1 << 11  # every reachability word
SUIT_BITS = (1 << FLUSH) | (1 << SF) | (1 << ROYAL)
"""The bits a move that keeps every rank (it trades two ends of one rank) can change."""
HANDS = 2_598_960
I64 = npt.NDArray[np.int64]

# Subsets of a window's five positions that do not hold position k, as a 32-bit set of subsets.
_WITHOUT = np.array(
    [sum(1 << m for m in range(32) if not (m >> k) & 1) for k in range(5)], dtype=np.int64
)
_POP5 = np.array([bin(m).count("1") for m in range(32)], dtype=np.int64)
_LOG2 = np.array([(b.bit_length() - 1) if b else 0 for b in range(17)], dtype=np.int64)


def _binomials() -> I64:
    table = np.zeros((53, 6), dtype=np.int64)
    for n in range(53):
        table[n, 0] = 1
        for k in range(1, 6):
            table[n, k] = table[n - 1, k - 1] + table[n - 1, k] if n else 0
    return table


_CHOOSE = _binomials()  # C(n, k) for n < 53, k <= 5: a hand's colex index is a sum of five


def deck_faces(deck: Sequence[DualCard]) -> I64:
    """(52, 2) array of end indexes (``rank * 4 + suit``): card, (top, bottom)."""
    out = np.zeros((len(deck), 2), dtype=np.int64)
    for i, card in enumerate(deck):
        for j, end in enumerate((card.top, card.bottom)):
            if end.index >= 52:
                raise InvalidCards(f"{card}: reachability counts take decks without jokers")
            out[i, j] = end.index
    return out


@njit(cache=True)
def card_masks(faces: Any) -> Any:
    """(52, 3) per card: rank mask, suit mask, and its ranks per suit (16 bits a suit)."""
    out = np.zeros((faces.shape[0], 3), dtype=np.int64)
    for c in range(faces.shape[0]):
        set_card(out, c, faces[c, 0], faces[c, 1])
    return out


@njit(cache=True, inline="always")
def set_card(masks: Any, c: int, top: int, bottom: int) -> None:
    masks[c, 0] = (1 << (top >> 2)) | (1 << (bottom >> 2))
    masks[c, 1] = (1 << (top & 3)) | (1 << (bottom & 3))
    masks[c, 2] = (1 << ((top & 3) * 16 + (top >> 2))) | (1 << ((bottom & 3) * 16 + (bottom >> 2)))


@njit(cache=True, inline="always")
def _matches(p0: int, p1: int, p2: int, p3: int, p4: int) -> bool:
    """Can each card take a different one of its window positions (``p`` are 5-bit sets) so
    that all five are taken? ``reach`` holds the reachable taken-sets, a bit per subset."""
    reach = 1
    for p in (p0, p1, p2, p3, p4):
        nxt = 0
        while p:
            low = p & -p
            nxt |= (reach & _WITHOUT[_LOG2[low]]) << low
            p ^= low
        reach = nxt
        if reach == 0:
            return False
    return (reach >> 31) & 1 == 1


@njit(cache=True, inline="always")
def _window(m0: int, m1: int, m2: int, m3: int, m4: int, union: int) -> int:
    """Bit 0: some straight window matches; bit 1: the ace-high window does (rank masks)."""
    found = 0
    if union & 0x100F == 0x100F and _matches(  # A-2-3-4-5, the ace in position 0
        ((m0 & 15) << 1) | ((m0 >> 12) & 1),
        ((m1 & 15) << 1) | ((m1 >> 12) & 1),
        ((m2 & 15) << 1) | ((m2 >> 12) & 1),
        ((m3 & 15) << 1) | ((m3 >> 12) & 1),
        ((m4 & 15) << 1) | ((m4 >> 12) & 1),
    ):
        found = 1
    for low in range(8, -1, -1):
        if (union >> low) & 31 == 31 and _matches(
            (m0 >> low) & 31, (m1 >> low) & 31, (m2 >> low) & 31, (m3 >> low) & 31, (m4 >> low) & 31
        ):
            found |= 3 if low == 8 else 1
            if found & 2 or low != 8:
                return found
    return found


@njit(cache=True, inline="always")
def _suited(masks: Any, c0: int, c1: int, c2: int, c3: int, c4: int, rank_bits: int) -> int:
    """The flush, straight flush and royal bits (``rank_bits`` says if a straight is reachable)."""
    common = masks[c0, 1] & masks[c1, 1] & masks[c2, 1] & masks[c3, 1] & masks[c4, 1]
    if common == 0:
        return 0
    out = 1 << FLUSH
    if not (rank_bits >> STRAIGHT) & 1:
        return out
    for s in range(4):
        if not (common >> s) & 1:
            continue
        shift = 16 * s
        m0 = (masks[c0, 2] >> shift) & 0x1FFF
        m1 = (masks[c1, 2] >> shift) & 0x1FFF
        m2 = (masks[c2, 2] >> shift) & 0x1FFF
        m3 = (masks[c3, 2] >> shift) & 0x1FFF
        m4 = (masks[c4, 2] >> shift) & 0x1FFF
        found = _window(m0, m1, m2, m3, m4, m0 | m1 | m2 | m3 | m4)
        if found & 1:
            out |= 1 << SF
        if found & 2:
            return out | (1 << ROYAL)
    return out


@njit(cache=True, inline="always")
def _owners(m0: int, m1: int, m2: int, m3: int, m4: int, rank: int) -> int:
    """The cards (5 bits) that offer ``rank`` (a one-bit rank mask)."""
    return (
        (1 if m0 & rank else 0)
        | (2 if m1 & rank else 0)
        | (4 if m2 & rank else 0)
        | (8 if m3 & rank else 0)
        | (16 if m4 & rank else 0)
    )


@njit(cache=True, inline="always")
def rank_word(m0: int, m1: int, m2: int, m3: int, m4: int) -> int:
    """The reachable categories that ranks alone decide (all but flush and straight flush)."""
    a1, a2, a3, a4 = m0, 0, 0, 0  # ranks offered by at least 1, 2, 3, 4 cards so far
    for m in (m1, m2, m3, m4):
        a4 |= a3 & m
        a3 |= a2 & m
        a2 |= a1 & m
        a1 |= m
    word = 1 << HIGH
    if a2:
        word |= 1 << PAIR
    if a3:
        word |= 1 << TRIPS
    if a4:
        word |= 1 << QUADS
    if m0 & m1 & m2 & m3 & m4:
        word |= 1 << FIVE
    if a2 & (a2 - 1):  # two ranks offered twice: two pair, or a full house if cards allow
        rest = a2
        while rest:
            r = rest & -rest
            rest ^= r
            a = _owners(m0, m1, m2, m3, m4, r)
            others = rest
            while others:
                t = others & -others
                others ^= t
                b = _owners(m0, m1, m2, m3, m4, t)
                union = _POP5[a | b]
                if union >= 4:
                    word |= 1 << TWO_PAIR
                    if union == 5:  # three take one rank, two the other, if the cards allow
                        only_a, only_b = _POP5[a & ~b & 31], _POP5[b & ~a & 31]
                        if (only_a <= 3 and only_b <= 2) or (only_b <= 3 and only_a <= 2):
                            word |= 1 << FULL
    if _window(m0, m1, m2, m3, m4, a1) & 1:
        word |= 1 << STRAIGHT
    return word


@njit(cache=True, inline="always")
def word(masks: Any, c0: int, c1: int, c2: int, c3: int, c4: int) -> int:
    """Every category five dual cards can reach, one bit each."""
    ranks = rank_word(masks[c0, 0], masks[c1, 0], masks[c2, 0], masks[c3, 0], masks[c4, 0])
    return ranks | _suited(masks, c0, c1, c2, c3, c4, ranks)


@njit(cache=True, parallel=True)
def all_words(masks: Any, lanes: int, words: Any) -> Any:
    """Fill ``words`` (by colex index; an empty array keeps none) and return how many hands
    reach each word."""
    size = masks.shape[0]
    keep = words.shape[0] > 0
    hist = np.zeros((lanes, WORDS), dtype=np.int64)
    for lane in prange(lanes):
        for e in range(4 + lane, size, lanes):
            for d in range(3, e):
                for c in range(2, d):
                    for b in range(1, c):
                        for a in range(b):
                            w = word(masks, a, b, c, d, e)
                            hist[lane, w] += 1
                            if keep:
                                words[
                                    _CHOOSE[a, 1]
                                    + _CHOOSE[b, 2]
                                    + _CHOOSE[c, 3]
                                    + _CHOOSE[d, 4]
                                    + _CHOOSE[e, 5]
                                ] = w
    return hist.sum(axis=0)


def count_words(deck: Sequence[DualCard], lanes: int) -> I64:
    """How many of the deck's hands reach each word (``WORDS`` entries)."""
    return all_words(card_masks(deck_faces(deck)), lanes, np.zeros(0, dtype=np.uint16))  # type: ignore[no-any-return]
