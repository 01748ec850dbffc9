"""Dual-value decks counted by reachability: which categories can five dual cards reach?

A card offers two ends; a category is reachable when one end per card can make it. Bit masks
answer that without trying the 32 orientations: five of a kind is an AND of rank masks, a flush
an AND of suit masks, straights a tiny matching over the window's ranks, and the paired
categories counts of cards that offer a rank. The best reachable category is the hand's
category under ``dual-high``. Numba kernels; imported only when a dual deck is counted or fit.
"""

from __future__ import annotations

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
# Rank index windows of the high straights (ace low or high, no wrap), royal last.
WINDOWS = np.array(
    [[12, 0, 1, 2, 3]] + [[low + k for k in range(5)] for low in range(9)], dtype=np.int64
)


def deck_ends(deck: list[DualCard]) -> npt.NDArray[np.int64]:
    """(52, 2, 2) array: card, end (top, bottom), (rank index, suit)."""
    out = np.zeros((len(deck), 2, 2), dtype=np.int64)
    for i, card in enumerate(deck):
        for j, end in enumerate((card.top, card.bottom)):
            if end.index >= 52:
                raise InvalidCards(f"{card}: reachability counts take decks without jokers")
            out[i, j] = (end.index >> 2, end.index & 3)
    return out


@njit(cache=True, inline="always")
def _window_matches(ends: Any, cards: Any, window: Any, suit: int) -> bool:
    """Can one end per card cover the window's five ranks exactly (of one suit if >= 0)?
    ``reach`` is a set of covered-rank subsets, itself kept as 32 bits."""
    reach = 1
    for n in range(5):
        nxt = 0
        c = cards[n]
        for side in range(2):
            rank, s = ends[c, side, 0], ends[c, side, 1]
            if suit >= 0 and s != suit:
                continue
            for k in range(5):
                if window[k] == rank:
                    bit = 1 << k
                    for m in range(32):
                        if (reach >> m) & 1 and not m & bit:
                            nxt |= 1 << (m | bit)
        reach = nxt
        if reach == 0:
            return False
    return (reach >> 31) & 1 == 1


@njit(cache=True)
def category(ends: Any, cards: Any) -> int:
    """The best category five dual cards can make under high rules."""
    r0 = (1 << ends[cards[0], 0, 0]) | (1 << ends[cards[0], 1, 0])
    r1 = (1 << ends[cards[1], 0, 0]) | (1 << ends[cards[1], 1, 0])
    r2 = (1 << ends[cards[2], 0, 0]) | (1 << ends[cards[2], 1, 0])
    r3 = (1 << ends[cards[3], 0, 0]) | (1 << ends[cards[3], 1, 0])
    r4 = (1 << ends[cards[4], 0, 0]) | (1 << ends[cards[4], 1, 0])
    if r0 & r1 & r2 & r3 & r4:
        return FIVE
    common_suits = 15
    for n in range(5):
        c = cards[n]
        common_suits &= (1 << ends[c, 0, 1]) | (1 << ends[c, 1, 1])
    if common_suits:
        for w in range(WINDOWS.shape[0] - 1, -1, -1):
            for s in range(4):
                if common_suits & (1 << s) and _window_matches(ends, cards, WINDOWS[w], s):
                    return ROYAL if w == WINDOWS.shape[0] - 1 else SF
    offers = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    most = 0
    pairs_ranks = 0  # ranks offered by at least two cards
    for r in range(13):
        bit = 1 << r
        a = (
            (1 if r0 & bit else 0)
            | (2 if r1 & bit else 0)
            | (4 if r2 & bit else 0)
            | (8 if r3 & bit else 0)
            | (16 if r4 & bit else 0)
        )
        offers = _set(offers, r, a)
        na = _bits(a)
        most = max(most, na)
        if na >= 2:
            pairs_ranks |= bit
    if most >= 4:
        return QUADS
    two_pair = False
    for r in range(13):
        if not pairs_ranks & (1 << r):
            continue
        a = offers[r]
        na = _bits(a)
        for t in range(13):
            if t == r or not pairs_ranks & (1 << t):
                continue
            b = offers[t]
            union = _bits(a | b)
            if na >= 3 and union == 5 and _bits(a & ~b) <= 3 and _bits(b & ~a) <= 2:
                return FULL  # three take r, two take t
            if union >= 4:
                two_pair = True
    if common_suits:
        return FLUSH
    for w in range(WINDOWS.shape[0]):
        if _window_matches(ends, cards, WINDOWS[w], -1):
            return STRAIGHT
    if most >= 3:
        return TRIPS
    if two_pair:
        return TWO_PAIR
    return PAIR if most >= 2 else HIGH


@njit(cache=True, inline="always")
def _set(values: Any, index: int, value: int) -> Any:
    """A copy of a 13-tuple with one item replaced (tuples keep the kernel allocation-free)."""
    out = (
        value if index == 0 else values[0],
        value if index == 1 else values[1],
        value if index == 2 else values[2],
        value if index == 3 else values[3],
        value if index == 4 else values[4],
        value if index == 5 else values[5],
        value if index == 6 else values[6],
        value if index == 7 else values[7],
        value if index == 8 else values[8],
        value if index == 9 else values[9],
        value if index == 10 else values[10],
        value if index == 11 else values[11],
        value if index == 12 else values[12],
    )
    return out


@njit(cache=True, inline="always")
def _bits(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True, parallel=True)
def count_all(ends: Any, lanes: int) -> Any:
    """Category table of every five-card hand of the deck (parallel over first cards)."""
    size = ends.shape[0]
    hist = np.zeros((lanes, 11), dtype=np.int64)
    for lane in prange(lanes):
        cards = np.empty(5, dtype=np.int64)
        for a in range(lane, size - 4, lanes):
            cards[0] = a
            for b in range(a + 1, size - 3):
                cards[1] = b
                for c in range(b + 1, size - 2):
                    cards[2] = c
                    for d in range(c + 1, size - 1):
                        cards[3] = d
                        for e in range(d + 1, size):
                            cards[4] = e
                            hist[lane, category(ends, cards)] += 1
    return hist.sum(axis=0)


@njit(cache=True, parallel=True)
def moved_by(old: Any, new: Any, x: int, y: int, lanes: int) -> Any:
    """How the category table changes from deck ``old`` to deck ``new`` when only cards x and
    y differ: each hand holding x or y is counted once under each deck."""
    size = old.shape[0]
    others = np.array([c for c in range(size) if c != x and c != y], dtype=np.int64)
    m = others.shape[0]
    delta = np.zeros((lanes, 11), dtype=np.int64)
    for lane in prange(lanes):
        cards = np.empty(5, dtype=np.int64)
        for i in range(lane, m, lanes):
            for j in range(i + 1, m):
                for k in range(j + 1, m):
                    cards[0], cards[1] = x, y
                    cards[2], cards[3], cards[4] = others[i], others[j], others[k]
                    delta[lane, category(new, cards)] += 1
                    delta[lane, category(old, cards)] -= 1
                    for q in range(k + 1, m):
                        cards[1] = others[q]
                        for held in (x, y):
                            cards[0] = held
                            delta[lane, category(new, cards)] += 1
                            delta[lane, category(old, cards)] -= 1
    return delta.sum(axis=0)
