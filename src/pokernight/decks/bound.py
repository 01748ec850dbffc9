"""The rows of a dual-value deck's table that ranks alone decide, in closed form.

A deck's ranks are a multigraph on the 13 ranks: each card is an edge between the ranks of its
ends (a loop when both ends show one rank). With ``n[r]`` the cards offering rank r (8, less one
for a loop at r) and ``m[r, q]`` the cards offering exactly r and q:

- five of a kind: the hands whose five cards all offer one rank, sum over r of C(n_r, 5), less
  C(m_rq, 5) for the hands counted under both r and q;
- four of a kind or better: C(n_r, 4)(52 - n_r) + C(n_r, 5) over r, less, for each pair, the
  hands where both are offered four times (only through three or more cards offering both);
- full house or better (``full_or_better``): the union over r of E_r, "four cards offer r, or
  exactly three do and the other two share a rank", by inclusion and exclusion. Two E's meet
  only through cards offering both ranks, three only inside a triangle holding four of the five
  cards, four never (that would take 12 offers from 10 ends); each term is a sum over pairs,
  paths of length three and triangles of the multigraph.

The full house row is ``full_or_better - four_or_better``. Under the standard ranking these
rows are the table's, less the handful of hands a straight flush takes (suits decide that), so
a search can judge a move of ranks in microseconds, and a bound can reason about them without
counting a hand. ``tests/hands/test_dual_bound.py`` checks every form against counting all
2,598,960 hands.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit


@njit(cache=True, inline="always")
def _c(n: int, k: int) -> int:
    """C(n, k), 0 outside 0 <= k <= n."""
    if k < 0 or n < k:
        return 0
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


def multigraph(bottom: list[int]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """(m, n) of a deck given as ``bottom[t]``, the bottom end of the card whose top is t."""
    m = np.zeros((13, 13), dtype=np.int64)
    n = np.full(13, 8, dtype=np.int64)
    for top, end in enumerate(bottom):
        r, q = top >> 2, end >> 2
        if r == q:
            n[r] -= 1
        else:
            m[r, q] += 1
            m[q, r] += 1
    return m, n


@njit(cache=True)
def five_and_four(m: Any, n: Any) -> tuple[int, int]:
    """(five of a kind, four of a kind or better) hands."""
    five = 0
    four = 0
    for r in range(13):
        five += _c(n[r], 5)
        four += _c(n[r], 4) * (52 - n[r]) + _c(n[r], 5)
    for r in range(13):
        for q in range(r + 1, 13):
            c = m[r, q]
            five -= _c(c, 5)
            four -= _c(c, 5) + _c(c, 4) * (52 - c) + _c(c, 3) * (n[r] - c) * (n[q] - c)
    return five, four


@njit(cache=True)
def full_or_better(m: Any, n: Any) -> int:
    """Hands where ranks reach a full house, four or five of a kind (see the module)."""
    # sum of |E_r|: z counts the pairs of cards without r that share a rank
    doubled = 0
    for q in range(13):
        for t in range(q + 1, 13):
            doubled += _c(m[q, t], 2)
    singles = 0
    for r in range(13):
        z = 0
        own = 0
        for q in range(13):
            if q != r:
                z += _c(n[q] - m[r, q], 2)
                own += _c(m[r, q], 2)
        z -= doubled - own
        singles += _c(n[r], 5) + _c(n[r], 4) * (52 - n[r]) + _c(n[r], 3) * z
    return singles - _pairs(m, n) + _triangles(m, n)


@njit(cache=True)
def _pairs(m: Any, n: Any) -> int:
    """Sum of |E_r and E_q|, by c (cards offering both) and the cards offering one or none."""
    out = 0
    for r in range(13):
        for q in range(r + 1, 13):
            k = m[r, q]
            if k == 0:
                continue
            a = n[r] - k
            b = n[q] - k
            s = k * _c(a, 2) * _c(b, 2)
            s += _c(k, 2) * (_c(a, 2) * b + a * _c(b, 2))
            s += _c(k, 3) * (_c(a, 2) + _c(b, 2) + a * b)
            s += _c(k, 4) * (52 - k) + _c(k, 5)
            if k >= 2:  # two both-cards, r-y, q-x, and a card sharing x and y
                paths = 0
                for y in range(13):
                    if y in (r, q) or m[r, y] == 0:
                        continue
                    for x in range(13):
                        if x in (r, q) or m[q, x] == 0:
                            continue
                        w = m[x, y] if x != y else n[x] - m[r, x] - m[q, x]
                        paths += m[r, y] * m[q, x] * w
                s += _c(k, 2) * paths
            if k >= 3:  # three both-cards and two cards, one offering r or q, sharing a rank
                shared = 0
                for y in range(13):
                    if y in (r, q):
                        continue
                    free = n[y] - m[r, y] - m[q, y]
                    shared += (m[r, y] + m[q, y]) * free + _c(free, 2)
                    for x in range(y + 1, 13):
                        if x != r and x != q:
                            shared -= _c(m[x, y], 2)
                s += _c(k, 3) * shared
            out += s
    return out


@njit(cache=True)
def _triangles(m: Any, n: Any) -> int:
    """Sum of |E_r and E_q and E_t|: five cards of the triangle, or four and a card offering
    the rank still short of three (its other end outside the triangle)."""
    out = 0
    for r in range(13):
        for q in range(r + 1, 13):
            a = m[r, q]
            if a == 0:
                continue
            for t in range(q + 1, 13):
                b = m[q, t]
                c = m[r, t]
                if a + b + c < 4:
                    continue
                for i in range(a + 1):
                    for j in range(b + 1):
                        k = 5 - i - j
                        if 0 <= k <= c and i + k >= 3 and i + j >= 3 and j + k >= 3:
                            out += _c(a, i) * _c(b, j) * _c(c, k)
                        k = 4 - i - j
                        if k < 0 or k > c:
                            continue
                        ways = _c(a, i) * _c(b, j) * _c(c, k)
                        on_r, on_q, on_t = i + k, i + j, j + k
                        if on_r >= 2 and on_q >= 3 and on_t >= 3:
                            out += ways * (n[r] - a - c)
                        if on_r >= 3 and on_q >= 2 and on_t >= 3:
                            out += ways * (n[q] - a - b)
                        if on_r >= 3 and on_q >= 3 and on_t >= 2:
                            out += ways * (n[t] - b - c)
    return out


@njit(cache=True)
def rank_rows(m: Any, n: Any) -> tuple[int, int, int]:
    """(five of a kind, four of a kind, full house) as ranks decide them."""
    five, four = five_and_four(m, n)
    return five, four - five, full_or_better(m, n) - four


@njit(cache=True)
def _floor_cost(m: Any, n: Any, target: Any, rows: Any, most: int, four: int) -> int:
    """Sum over the chosen rank rows of |row - target| plus |their summed difference| (the
    other rows must make that difference up); -1 if the multigraph breaks the structure
    (two loops on two ranks, no pair above ``most`` cards, four of a kind ``four`` if >= 0)."""
    sevens = 0
    for r in range(13):
        if n[r] < 7:
            return -1
        sevens += n[r] == 7
        for q in range(r + 1, 13):
            if m[r, q] > most:
                return -1
    if sevens != 2:
        return -1
    five, quads, full = rank_rows(m, n)
    if four >= 0 and quads != four:
        return -1
    got = (five, quads, full)
    cost = 0
    total = 0
    for i in range(3):
        if rows[i]:
            cost += abs(got[i] - target[i])
            total += got[i] - target[i]
    return cost + abs(total)


@njit(cache=True)
def _floor_walk(
    bottom: Any, target: Any, rows: Any, most: int, four: int, moves: int, heat: float, seed: int
) -> tuple[int, Any]:
    """Annealing over rank multigraphs: trade the bottom ranks of two cards at a time."""
    np.random.seed(seed)
    m = np.zeros((13, 13), dtype=np.int64)
    n = np.full(13, 8, dtype=np.int64)
    for card in range(52):
        _tie(m, n, card >> 2, bottom[card], 1)
    current = _floor_cost(m, n, target, rows, most, four)
    if current < 0:
        current = 1 << 40
    best = current
    best_bottom = bottom.copy()
    for step in range(moves):
        temperature = heat ** (1.0 - step / moves)
        x = np.random.randint(52)
        y = np.random.randint(52)
        bx, by = bottom[x], bottom[y]
        if bx == by:
            continue
        _tie(m, n, x >> 2, bx, -1)
        _tie(m, n, y >> 2, by, -1)
        _tie(m, n, x >> 2, by, 1)
        _tie(m, n, y >> 2, bx, 1)
        cost = _floor_cost(m, n, target, rows, most, four)
        if cost >= 0 and (
            cost <= current or np.random.random() < np.exp((current - cost) / temperature)
        ):
            bottom[x], bottom[y] = by, bx
            current = cost
            if cost < best:
                best = cost
                best_bottom = bottom.copy()
            continue
        _tie(m, n, x >> 2, by, -1)
        _tie(m, n, y >> 2, bx, -1)
        _tie(m, n, x >> 2, bx, 1)
        _tie(m, n, y >> 2, by, 1)
    return best, best_bottom


@njit(cache=True, inline="always")
def _tie(m: Any, n: Any, r: int, q: int, sign: int) -> None:
    if r == q:
        n[r] -= sign
    else:
        m[r, q] += sign
        m[q, r] += sign


def rank_floor(
    target: dict[str, int],
    rows: tuple[str, ...],
    four_pinned: bool,
    restarts: int,
    moves: int,
    seed: int,
) -> tuple[int, list[int]]:
    """The smallest part of the L1 distance the rows ranks decide that an annealing search
    over rank multigraphs finds: sum of |row - target| over ``rows`` plus |their summed
    difference|, which the other rows must make up. A search, not a proof: the multigraphs
    number in the tens of billions up to relabelling and the full house row is a polynomial
    of degree five in their edge counts. Returns the cost and the bottom ranks of its deck
    (``bottom[card]``, the rank of the bottom end of the card whose top end is ``card``)."""
    names = ("five_of_a_kind", "four_of_a_kind", "full_house")
    wanted = np.array([target[name] for name in names], dtype=np.int64)
    chosen = np.array([name in rows for name in names], dtype=np.bool_)
    rng = np.random.default_rng(seed)
    best: tuple[int, list[int]] = (1 << 40, [])
    for restart in range(restarts):
        while True:  # a shuffle of the bottom ranks with two loops on two ranks
            bottom = rng.permutation(np.arange(52, dtype=np.int64) // 4)
            loops = [card >> 2 for card in range(52) if bottom[card] == card >> 2]
            if len(loops) == 2 and loops[0] != loops[1]:
                break
        # with four of a kind pinned: first reach the pin, then walk only where it holds
        cost, found = _floor_walk(
            bottom, wanted, chosen, 3 if four_pinned else 4, -1, moves, 300.0, seed + restart
        )
        if four_pinned:
            reach = np.array([0, 1, 0], dtype=np.bool_)
            _, found = _floor_walk(found, wanted, reach, 3, -1, moves, 30.0, seed + restart)
            cost, found = _floor_walk(
                found, wanted, chosen, 3, int(wanted[1]), moves, 300.0, seed + restart
            )
        if cost < best[0]:
            best = (int(cost), [int(b) for b in found])
    return best
