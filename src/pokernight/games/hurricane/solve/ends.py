"""Fold and showdown values at the trailing edge's ends without the dense chance matrices.

The chance of my key a against the other seat's key b is, for a deck of ``N_r`` cards of each
rank r, ``prod_r fall(N_r, ua_r + ub_r) / deals`` (``u``: the ranks each key took, ``fall``:
the falling factorial). Split by the suits each seat could hold, the card removal between the
two is an inclusion-exclusion over the cards a holds, and it separates into moments:

    chance(a, b) = W_a V_b / deals * sum_j alpha_a(j) beta_b(j),
    alpha_a(j) = prod_r C(ua_r, j_r) (-1)^j_r / fall(N_r, j_r),   beta_b(j) = prod_r fall(ub_r, j_r)

over the count vectors ``j <= ua`` (at most 8 for a key of three cards), with ``W`` and ``V``
each key's own ``prod_r fall(N_r, u_r)``. A fold value is then each moment's total over the
other seat's reach, handed to the keys that ask for it; a showdown value, the same totals
split at each key's own strength: the halves it wins minus those it loses, high and low, are
(below + up to its own - all) of the moment's members sorted by strength, prefix sums of the
other seat's reach. ``kernels`` does the sums; this module lays out which key asks for which
moment, with what weight, and where its strength falls in each moment's sorted members.
"""

from __future__ import annotations

from itertools import product
from math import comb, prod

import numpy as np

from pokernight.games.hurricane.solve.cards import Bools, Deck, Floats, Ints, Space
from pokernight.games.hurricane.solve.kernels import fold_values, show_values, threads

Moment = tuple[tuple[int, int], ...]
"""A count vector j as its (rank, count) pairs with a count, in rank order."""


def _falling(n: int, k: int) -> float:
    return float(prod(range(n - k + 1, n + 1))) if k <= n else 0.0


def _moments(used: Ints) -> list[dict[Moment, float]]:
    """Each key's moments j <= used, with beta(j) = prod_r fall(used_r, j_r)."""
    out = []
    for row in used:
        held = [(r, int(u)) for r, u in enumerate(row) if u]
        found = {}
        for js in product(*(range(u + 1) for _, u in held)):
            j = tuple((r, k) for (r, _), k in zip(held, js, strict=True) if k)
            found[j] = prod(_falling(u, k) for (_, u), k in zip(held, js, strict=True))
        out.append(found)
    return out


def _own(counts: list[int], used: Ints) -> list[float]:
    """Each key's ways to take its own cards from the deck: prod_r fall(N_r, used_r)."""
    return [prod(_falling(counts[r], int(u)) for r, u in enumerate(row)) for row in used]


Entry = list[tuple[int, float]]


def _split(deck: Deck, mine: Space, theirs: Space) -> tuple[list[Entry], list[Entry]]:
    """Per moment both keys share: the other seat's members (b, beta V_b) and my askers
    (a, alpha W_a / deals)."""
    counts = [int(c) for c in deck.counts]
    deals = _falling(deck.cards, int(mine.used[0].sum() + theirs.used[0].sum()))
    own, their_own = _own(counts, mine.used), _own(counts, theirs.used)
    asks, holds = _moments(mine.used), _moments(theirs.used)
    shared = sorted({j for found in asks for j in found} & {j for f in holds for j in f})
    index = {j: i for i, j in enumerate(shared)}
    members: list[Entry] = [[] for _ in shared]
    for b, found in enumerate(holds):
        for j, beta in found.items():
            if j in index:
                members[index[j]].append((b, beta * their_own[b]))
    askers: list[Entry] = [[] for _ in shared]
    for a, found in enumerate(asks):
        for j in (j for j in found if j in index):
            sign_and_share = prod(
                comb(int(mine.used[a][r]), k) * (-1) ** k / _falling(counts[r], k) for r, k in j
            )
            askers[index[j]].append((a, sign_and_share * own[a] / deals))
    return members, askers


class Pairing:
    """My keys (``mine``) against the other seat's (``theirs``) after the draw: the moments'
    members sorted by high and by low strength (``m_ptr`` each moment's run), the groups of
    my keys at one strength within a moment (``g_ptr``; ``g_at``: their places below and up
    to themselves, high then low), and each of my keys' moments and groups with its weight
    (``a_ptr`` each key's run)."""

    def __init__(self, deck: Deck, mine: Space, theirs: Space) -> None:
        members, askers = _split(deck, mine, theirs)
        high, low = deck.high[theirs.hand], deck.low[theirs.hand]
        mine_high, mine_low = deck.high[mine.hand], deck.low[mine.hand]
        self.keys = mine.keys
        self.m_ptr = np.cumsum([0] + [len(m) for m in members]).astype(np.int64)
        sorted_keys: dict[str, list[Ints]] = {"high": [], "low": []}
        sorted_weights: dict[str, list[Floats]] = {"high": [], "low": []}
        at: list[tuple[int, ...]] = []
        g_ptr = [0]
        asked_by: list[list[tuple[int, int, float]]] = [[] for _ in range(mine.keys)]
        for moment, (part, asked) in enumerate(zip(members, askers, strict=True)):
            keys = np.array([b for b, _ in part], np.int64)
            weights = np.array([w for _, w in part])
            places = []
            for name, strength, own in (("high", high, mine_high), ("low", low, mine_low)):
                order = np.argsort(strength[keys], kind="stable")
                ranked = strength[keys][order]
                sorted_keys[name].append(keys[order])
                sorted_weights[name].append(weights[order])
                mine_at = own[[a for a, _ in asked]]
                places.append(np.searchsorted(ranked, mine_at, side="left"))
                places.append(np.searchsorted(ranked, mine_at, side="right"))
            group: dict[tuple[int, ...], int] = {}
            for (a, coef), place in zip(asked, np.stack(places, axis=1).tolist(), strict=True):
                g = group.setdefault(tuple(place), len(at) + len(group))
                asked_by[a].append((moment, g, coef))
            at.extend(sorted(group, key=group.__getitem__))
            g_ptr.append(len(at))
        self.hi_key, self.lo_key = (np.concatenate(sorted_keys[n]) for n in ("high", "low"))
        self._hi_w, self._lo_w = (np.concatenate(sorted_weights[n]) for n in ("high", "low"))
        self.g_ptr = np.array(g_ptr, np.int64)
        self.g_at = np.array(at, np.int64).reshape(-1, 4)
        self.a_ptr = np.cumsum([0] + [len(q) for q in asked_by]).astype(np.int64)
        flat = [item for q in asked_by for item in q]
        self.a_moment = np.array([j for j, _, _ in flat], np.int64)
        self.a_group = np.array([g for _, g, _ in flat], np.int64)
        self._a_coef = np.array([c for _, _, c in flat])
        self._typed: dict[type, tuple[Floats, Floats, Floats]] = {}

    def _weights(self, kind: type) -> tuple[Floats, Floats, Floats]:
        if kind not in self._typed:
            hi: Floats = np.ascontiguousarray(self._hi_w, kind)
            lo: Floats = np.ascontiguousarray(self._lo_w, kind)
            coef: Floats = np.ascontiguousarray(self._a_coef, kind)
            self._typed[kind] = (hi, lo, coef)
        return self._typed[kind]

    def fold(
        self, x: Floats, scale: Floats, out: Floats, at: int = 0, some: Bools | None = None
    ) -> None:
        """``out``: ``scale`` (per column) times the chance-weighted sum of ``x`` (theirs, by
        key), in the ``len(scale)`` columns from ``at`` of both. ``some[b, e]``: whether row b
        of ``x`` has more than zeros in its e-th span of columns (``x``'s width over
        ``some``'s): where not, ``x`` may hold anything, taken as zeros (and made zeros
        where a block of the kernels' columns reads the row). None: every row read."""
        hi_w, _, coef = self._weights(x.dtype.type)
        flags = _every(x) if some is None else some
        with threads(len(x) * len(scale)):
            fold_values(
                x, flags, scale, at, self.m_ptr, self.hi_key, hi_w, self.a_ptr, self.a_moment,
                coef, out,
            )  # fmt: skip

    def show(
        self, x: Floats, scale: Floats, out: Floats, at: int = 0, some: Bools | None = None
    ) -> None:
        """``out``: ``scale`` times the chance-weighted halves won minus lost against ``x``
        (columns and ``some`` as ``fold``'s)."""
        hi_w, lo_w, coef = self._weights(x.dtype.type)
        flags = _every(x) if some is None else some
        with threads(len(x) * len(scale)):
            show_values(
                x, flags, scale, at, self.m_ptr, self.hi_key, hi_w, self.lo_key, lo_w,
                self.g_ptr, self.g_at, self.a_ptr, self.a_group, coef, out,
            )  # fmt: skip


def _every(x: Floats) -> Bools:
    """Every row of ``x`` read, in one span."""
    return np.ones((len(x), 1), np.bool_)
