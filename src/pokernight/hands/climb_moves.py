"""Every Big Two play a hand holds, or every one that beats the play on the table.

Search bots call this at every node, so it works on climb values (ints, ``climb.tables``) and
builds each combination by its structure instead of trying all 1,586 subsets of 1, 2, 3 and 5
of thirteen cards; its keys come from ``climb``'s key functions, and a test checks it against
``classify_values`` over every subset. Plays come as ``(play_key, cards)`` with the cards
ascending (the seed's ranking, lowest first), sorted by size, then key, then cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from pokernight.hands.climb import SEED_ORDER, ClimbOrder, Combo, flush_key, play_key, tables

Play = tuple[int, tuple[int, ...]]

_PAIR, _TRIPLE = play_key(Combo.PAIR, 0), play_key(Combo.TRIPLE, 0)
_FLUSH = play_key(Combo.FLUSH, 0)
_HOUSE, _QUADS = play_key(Combo.FULL_HOUSE, 0), play_key(Combo.FOUR_OF_A_KIND, 0)
_STRAIGHT, _SF = play_key(Combo.STRAIGHT, 0), play_key(Combo.STRAIGHT_FLUSH, 0)
_ROYAL = play_key(Combo.ROYAL_FLUSH, 0)


def plays(
    hand: Sequence[int], beat: Play | None = None, order: ClimbOrder = SEED_ORDER
) -> list[Play]:
    """The plays of ``hand`` (climb values) that beat ``beat`` (same size, higher key), or
    every play when ``beat`` is None."""
    size = len(beat[1]) if beat is not None else 0
    floor = beat[0] if beat is not None else -1
    by_rank: list[list[int]] = [[] for _ in range(13)]
    for v in sorted(hand):
        by_rank[v >> 2].append(v)
    found: list[Play] = []
    if size in (0, 1):
        found.extend((v, (v,)) for v in sorted(hand) if v > floor)
    if size in (0, 2):
        for cards in by_rank:
            if len(cards) >= 2:
                found.extend((_PAIR | b, (a, b)) for a, b in combinations(cards, 2))
    if size in (0, 3):
        for r, cards in enumerate(by_rank):
            if len(cards) >= 3:
                found.extend((_TRIPLE | r, t) for t in combinations(cards, 3))
    if size in (0, 5) and len(hand) >= 5:
        _five(by_rank, order, floor, found)
    if beat is not None:
        found = [p for p in found if p[0] > floor]
    found.sort(key=_order)
    return found


def _order(play: Play) -> tuple[int, int, tuple[int, ...]]:
    return len(play[1]), play[0], play[1]


def _five(by_rank: list[list[int]], order: ClimbOrder, floor: int, found: list[Play]) -> None:
    """Five-card plays; whole categories below ``floor`` are skipped."""
    table = tables(order)
    top_window = len(table.windows) - 1
    if floor < _FLUSH:
        for w, window in enumerate(table.windows):
            if all(by_rank[r] for r in window):
                for run in product(*(by_rank[r] for r in window)):
                    top = run[4] & 3
                    if run[0] & 3 == run[1] & 3 == run[2] & 3 == run[3] & 3 == top:
                        continue  # a straight flush: below
                    found.append((_STRAIGHT | (w * 4 + top), tuple(sorted(run))))
    if floor < _HOUSE:
        by_suit: list[list[int]] = [[], [], [], []]
        for group in by_rank:
            for v in group:
                by_suit[v & 3].append(v)
        for suited in by_suit:
            for five in combinations(suited, 5):
                if sum(1 << (v >> 2) for v in five) not in table.window_of:
                    found.append((_FLUSH | flush_key(five[::-1]), five))
    if floor < _QUADS:
        for r3, threes in enumerate(by_rank):
            if len(threes) < 3:
                continue
            for r2, twos in enumerate(by_rank):
                if r2 == r3 or len(twos) < 2:
                    continue
                for t in combinations(threes, 3):
                    for p in combinations(twos, 2):
                        found.append((_HOUSE | r3, p + t if r2 < r3 else t + p))
    if floor < _SF:
        for r, quad in enumerate(by_rank):
            if len(quad) == 4:
                q = tuple(quad)
                for kickers in by_rank:
                    for k in kickers:
                        if k >> 2 != r:
                            found.append((_QUADS | r, (k, *q) if k < q[0] else (*q, k)))
    for w, window in enumerate(table.windows):
        if not all(by_rank[r] for r in window):
            continue
        for suit in range(4):
            flush = tuple(r * 4 + suit for r in window)
            if all(v in by_rank[v >> 2] for v in flush):
                kind = _ROYAL if w == top_window and suit == 3 else _SF
                found.append((kind | (w * 4 + suit), tuple(sorted(flush))))
