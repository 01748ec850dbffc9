"""The five-card draw advisor (``pokernight advise draw``).

The draw advisor is exact: for every
way to discard (none up to ``max_discards`` cards) it enumerates every draw from the 47 cards
it cannot see and averages the final hand's strength, the share of all 2,598,960 five-card
hands it beats (ties count half) under the seed's ace-high-only ranking.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from pokernight.bots.ranking import best_first
from pokernight.cards import CARDS, AnyCard, Card
from pokernight.engine.actions import KEEP, discard
from pokernight.engine.advice import Choice, Progress
from pokernight.errors import InvalidCards
from pokernight.hands.batch import keys
from pokernight.hands.five import key_function
from pokernight.hands.rules import preset

DRAW_RULES = preset("draw-ti")


@cache
def _all_keys() -> npt.NDArray[np.int64]:
    """Every five-card hand's key, sorted (built once: about a second)."""
    hands = np.array(list(combinations(range(52), 5)), dtype=np.int64)
    return np.sort(keys(hands, DRAW_RULES))


def strength(key: int) -> float:
    """The share of all five-card hands that ``key`` beats, ties counted half."""
    table = _all_keys()
    below = int(np.searchsorted(table, key, "left"))
    tied = int(np.searchsorted(table, key, "right")) - below
    return (below + tied / 2) / len(table)


def advise_draw(
    hand: Sequence[AnyCard], max_discards: int = 3, progress: Progress | None = None
) -> list[Choice]:
    """Every discard of ``hand`` ranked by exact expected strength after the draw; ``progress``
    hears after each discard is valued (the first asking builds the strength table, a few
    seconds)."""
    cards = [c for c in hand if isinstance(c, Card)]
    if len(cards) != 5 or len(set(cards)) != 5:
        raise InvalidCards("five-card draw advice needs five different cards (no joker)")
    key5 = key_function(DRAW_RULES, 5)
    unseen = [c.index for c in CARDS if c not in cards]
    choices: list[Choice] = []
    memo: dict[int, float] = {}
    total = sum(comb(5, size) for size in range(max_discards + 1))
    if progress is not None:
        progress(0, total)
    for size in range(max_discards + 1):
        for thrown in combinations(range(5), size):
            kept = [c.index for i, c in enumerate(cards) if i not in thrown]
            summed, n = 0.0, 0
            for drawn in combinations(unseen, size):
                k = key5([*kept, *drawn])
                s = memo.get(k)
                if s is None:
                    s = memo[k] = strength(k)
                summed += s
                n += 1
            action = discard(*(cards[i] for i in thrown)) if thrown else KEEP
            choices.append(Choice(str(action), summed / n, (summed / n, summed / n)))
            if progress is not None:
                progress(len(choices), total)
    return best_first(choices)
