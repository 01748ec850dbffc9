"""Every five-card hand of a dual-value deck valued once, so a batch reads one key a hand.

A dual hand's key is the best of its 32 orientations (``kernels._dual_key``): 32 five-card
reads. But a deck has few cards (dual641: 52, plus the joker the table may deal, the same card
each time), and a hand's key depends only on which of them it holds, not on their order or
which way up they are given. So the hands of ``rules.deck`` are numbered by the combinatorial
number system (a hand of ``j`` jokers and ``5 - j`` distinct cards c0 < c1 < ... is at
``start[j] + C(c0, 1) + C(c1, 2) + ...``), their keys are made once by the 32-orientation
kernel (``kernels.dual_fill``), and a batch numbers each hand from the sum of its cards' bits
and reads its key (``kernels.dual_reads``, about 100 M hands a second a core here, against 10 M
by 32 orientations). A hand the table does not hold (a card of another deck, one card twice,
more jokers than the rules allow, dual641's 5s/6s and 6s/5s both given the same way up) is
still valued over its 32 orientations, so every key is the kernel's.

Size: C(52, 5) + C(52, 4) hands with one joker (+ C(52, 3) with two), each a two-byte code of
its key (a ranking of dual641 takes at most 8,350 keys): 5.7 MB a ranking, 5.8 MB with two
jokers; about 50 MB for a moment while it is made. First use: 0.35 to 0.65 s of one core to make
(on the calling thread, under a second, so nothing tells progress but ``batch.warm``), then kept
on disk like the other tables (``table_cache``) and read back in 10 to 25 ms; numba compiles the
two kernels once (cached on disk: seconds the first time).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cache
from hashlib import blake2b
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt

from pokernight.cards import JOKER_INDEX, DualCard, deck_by_name
from pokernight.errors import PokernightError
from pokernight.hands.rules import HandRules
from pokernight.hands.table_cache import on_disk

I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]
Codes = npt.NDArray[np.uint16] | I32
SOURCE = Path(__file__)
KERNELS = SOURCE.with_name("kernels.py")
_BUILDING = threading.Lock()
"""One table made at a time: a second thread asking for it waits for the first's (the web
server makes computer moves on a thread of their own)."""


@dataclass(frozen=True)
class DualTable:
    """A deck's hands and their keys under one ranking."""

    unit: I64  # (64 * 64,) 64 * top + bottom -> the card's unit (see ``kernels._dual_at``)
    weight: I64  # (5, 64) [i, c] -> C(c, i + 1) (0 past the cards)
    start: I64  # (16,) where the hands of that many jokers begin; -1: more than the rules allow
    codes: Codes  # every hand's key as its place in ``keys``, by number
    keys: I64  # the keys the deck's hands take, in increasing order

    @property
    def numbering(self) -> tuple[I64, I64, I64]:
        """What ``kernels.dual_reads`` is given to number a hand."""
        return (self.unit, self.weight, self.start)


def deck_ends(rules: HandRules) -> list[tuple[int, int]] | None:
    """The distinct cards of ``rules.deck`` as (top, bottom) end indexes, jokers left out, or
    None for a deck that is not dual."""
    try:
        deck = deck_by_name(rules.deck)
    except PokernightError:
        return None
    if not deck or not all(isinstance(c, DualCard) for c in deck):
        return None
    ends = [(c.top.index, c.bottom.index) for c in deck if isinstance(c, DualCard)]
    return [e for e in dict.fromkeys(ends) if JOKER_INDEX not in e]


def hand_numbers(ends: list[tuple[int, int]], jokers: int) -> tuple[I64, I64, I64]:
    """The arrays that number the hands of these cards and up to ``jokers`` jokers."""
    from pokernight.hands.kernels import JOKER_UNIT, UNKNOWN

    n = len(ends)
    unit = np.full(64 * 64, UNKNOWN, dtype=np.int64)
    for c, (top, bottom) in enumerate(ends):
        unit[64 * top + bottom] = 1 << c
    for c, (top, bottom) in enumerate(ends):
        # a card given the other way up. Where two cards are each other turned over (dual641
        # has one such pair) each keeps its own ends, so a hand holding both is read from the
        # table given either way up but one: both the same way up reads as one card twice
        if unit[64 * bottom + top] == UNKNOWN:
            unit[64 * bottom + top] = 1 << c
    unit[64 * JOKER_INDEX + JOKER_INDEX] = JOKER_UNIT
    weight = np.zeros((5, 64), dtype=np.int64)
    for i in range(5):
        weight[i, :n] = [comb(c, i + 1) for c in range(n)]
    start = np.full(16, -1, dtype=np.int64)
    start[: jokers + 1] = [0, *np.cumsum([comb(n, 5 - j) for j in range(jokers)])]
    return unit, weight, start


def dual_table(rules: HandRules) -> DualTable | None:
    """The table of ``rules.deck`` under ``rules`` (None: not a dual deck, or one of fewer
    than 5 or more than 52 cards), made on first use or read from the disk cache."""
    with _BUILDING:
        return _dual_table(rules)


@cache
def _dual_table(rules: HandRules) -> DualTable | None:
    ends = deck_ends(rules)
    if ends is None or not 5 <= len(ends) <= 52:
        return None
    jokers = rules.jokers if rules.has_joker else 0
    unit, weight, start = hand_numbers(ends, jokers)
    total = sum(comb(len(ends), 5 - j) for j in range(jokers + 1))
    from pokernight.hands.packing import kernel_args, packed

    p = packed(rules, 5)
    made_by = blake2b(digest_size=16)  # the five-card tables and the kernel it is made from
    for part in (p.sb, p.sk, p.nf5, p.fl5, p.suit_counts):
        made_by.update(np.ascontiguousarray(part).data)
    try:
        made_by.update(KERNELS.read_bytes())
    except OSError:
        made_by.update(b"?")

    def build() -> tuple[Codes, I64]:
        from pokernight.hands import kernels

        made = np.full(total, -1, dtype=np.int32)
        pairs = np.array([*ends, (JOKER_INDEX, JOKER_INDEX)], dtype=np.int64)
        for j in range(jokers + 1):
            kernels.dual_fill(pairs, j, int(start[j]), made, *kernel_args(p))
        if (made < 0).any():
            raise AssertionError("a dual hand was left out of its table")
        keys = np.unique(made)  # dual641: 8,350 keys or fewer, two bytes a hand
        codes: Codes = (
            np.empty(total, dtype=np.uint16)
            if keys.size <= 1 << 16
            else np.empty(total, dtype=np.int32)
        )
        for first in range(0, total, 1 << 20):  # a slice at a time: less memory at once
            codes[first : first + (1 << 20)] = np.searchsorted(
                keys, made[first : first + (1 << 20)]
            )
        return codes, keys.astype(np.int64)

    key = (rules, rules.ranking, tuple(ends), made_by.hexdigest())
    codes, keys = on_disk("dual", key, SOURCE, build)
    return DualTable(unit, weight, start, codes, keys)
