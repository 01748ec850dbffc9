"""The deck searches' exact incremental recount (numba; imported only by a search).

A move trades the bottom ends of two cards x and y, so only the 480,200 hands that hold x or y
can change. Every hand's reachability word is kept (by colex index); a move recomputes the
words of the touched hands under the new deck and returns how the category table changes, and
the new words wait in a buffer until the search takes the move. A move that trades two ends of
one rank cannot change what ranks reach (pairs, straights): only the flush bits are redone.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from pokernight.hands.dualcount import (
    _CHOOSE,
    HANDS,
    SUIT_BITS,
    _suited,
    all_words,
    card_masks,
    word,
)
from pokernight.hands.dualrankings import Ranking, categories_of

TOUCHED = 19_600 + 2 * 230_300  # hands with both cards, with x but not y, with y but not x

Counted = tuple[
    npt.NDArray[np.int64], npt.NDArray[np.uint16], npt.NDArray[np.uint8], npt.NDArray[np.int64]
]
"""A deck counted for exact incremental recounts: the kernels' card masks, every hand's
reachability word, each word's category under the ranking, and the hands in each category."""


def counted(cards: list[tuple[int, int]] | list[list[int]], ranking: Ranking) -> Counted:
    """Count a deck given as its cards' two faces, keeping what a move's recount needs (both
    searches, of ranks and of suits alone, start from it)."""
    masks = card_masks(np.array(cards, dtype=np.int64))
    words = np.zeros(HANDS, dtype=np.uint16)
    categories = categories_of(ranking)
    per_word = all_words(masks, 1, words)
    per_category = np.bincount(categories, weights=per_word, minlength=11).astype(np.int64)
    return masks, words, categories, per_category


@njit(cache=True, inline="always")
def _visit(
    masks: Any,
    hand: Any,
    idx: int,
    suits_only: bool,
    words: Any,
    categories: Any,
    delta: Any,
    at: Any,
    new_words: Any,
    changed: int,
) -> int:
    old = words[idx]
    a, b, c, d, e = hand[0], hand[1], hand[2], hand[3], hand[4]
    if suits_only:
        new = (old & ~SUIT_BITS) | _suited(masks, a, b, c, d, e, old)
    else:
        new = word(masks, a, b, c, d, e)
    if new != old:
        delta[categories[new]] += 1
        delta[categories[old]] -= 1
        at[changed] = idx
        new_words[changed] = new
        changed += 1
    return changed


@njit(cache=True)
def move_delta(
    masks: Any,
    x: int,
    y: int,
    suits_only: bool,
    old_suits: int,
    words: Any,
    categories: Any,
    at: Any,
    new_words: Any,
) -> Any:
    """Category-table change when ``masks`` (already the new deck) differs from the deck of
    ``words`` in cards x and y only (``old_suits``: the suits x and y showed before). Fills
    ``at``/``new_words`` with the hands whose word changed and returns (delta, how many).
    The smallest card varies fastest, so the colex indexes (summed level by level, the held
    cards slotted in by how many cards lie below them) walk the word array nearly in order."""
    size = masks.shape[0]
    delta = np.zeros(11, dtype=np.int64)
    hand = np.empty(5, dtype=np.int64)
    changed = 0
    low, high = min(x, y), max(x, y)
    # A move that keeps every rank can change a hand only if the other cards share a suit
    # that x or y shows before or after: the loops skip the rest, a level at a time.
    # (A move that changes ranks prunes nothing: every card "shows" every suit here.)
    keep = (masks[x, 1] | masks[y, 1] | old_suits) if suits_only else 15
    suits = masks[:, 1].copy() if suits_only else np.full(size, 15, dtype=np.int64)
    # hands with both: three others o1 < o2 < o3; a card's slot counts the held cards below it
    for o3 in range(size - 1, -1, -1):
        if o3 in (x, y) or suits[o3] & keep == 0:
            continue
        for o2 in range(o3 - 1, -1, -1):
            if o2 in (x, y) or suits[o3] & suits[o2] & keep == 0:
                continue
            for o1 in range(o2 - 1, -1, -1):
                if o1 in (x, y) or suits[o3] & suits[o2] & suits[o1] & keep == 0:
                    continue
                below_low = (o1 < low) + (o2 < low) + (o3 < low)
                below_high = (o1 < high) + (o2 < high) + (o3 < high)
                idx = (
                    _CHOOSE[o1, 1 + (o1 > low) + (o1 > high)]
                    + _CHOOSE[o2, 2 + (o2 > low) + (o2 > high)]
                    + _CHOOSE[o3, 3 + (o3 > low) + (o3 > high)]
                    + _CHOOSE[low, 1 + below_low]
                    + _CHOOSE[high, 2 + below_high]
                )
                hand[0], hand[1], hand[2], hand[3], hand[4] = x, y, o1, o2, o3
                changed = _visit(
                    masks, hand, idx, suits_only, words, categories, delta, at, new_words, changed
                )
    # hands with one of them: four others
    for held, skip in ((x, y), (y, x)):
        hand[0] = held
        for o4 in range(size - 1, -1, -1):
            s4 = suits[o4] & keep
            if o4 in (x, y) or s4 == 0:
                continue
            c4 = _CHOOSE[o4, 4 + (o4 > held)]
            for o3 in range(o4 - 1, -1, -1):
                s3 = s4 & suits[o3]
                if o3 in (skip, held) or s3 == 0:
                    continue
                c3 = c4 + _CHOOSE[o3, 3 + (o3 > held)]
                for o2 in range(o3 - 1, -1, -1):
                    s2 = s3 & suits[o2]
                    if o2 in (skip, held) or s2 == 0:
                        continue
                    c2 = c3 + _CHOOSE[o2, 2 + (o2 > held)]
                    below = (o2 < held) + (o3 < held) + (o4 < held)
                    for o1 in range(o2 - 1, -1, -1):
                        if o1 in (skip, held) or s2 & suits[o1] == 0:
                            continue
                        idx = (
                            c2
                            + _CHOOSE[o1, 1 + (o1 > held)]
                            + _CHOOSE[held, 1 + below + (o1 < held)]
                        )
                        hand[1], hand[2], hand[3], hand[4] = o1, o2, o3, o4
                        changed = _visit(
                            masks,
                            hand,
                            idx,
                            suits_only,
                            words,
                            categories,
                            delta,
                            at,
                            new_words,
                            changed,
                        )
    return delta, changed


@njit(cache=True)
def commit(words: Any, at: Any, new_words: Any, changed: int) -> None:
    for i in range(changed):
        words[at[i]] = new_words[i]
