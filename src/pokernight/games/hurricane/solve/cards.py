"""Heads-up Hurricane's private information, as arrays: holdings, draws, and the chance and
showdown weights between two seats' holdings.

Suits never matter in Hurricane, so a seat's private state is ranks: before the draw its two
cards (one of the ``H = K(K+1)/2`` rank pairs of a K-rank deck); after a draw, the pair it
held, which card it threw and the rank it got. Dealing is exchangeable: the chance of any
ordered run of ranks depends only on how many of each rank it takes, so the chance of two
seats' private states is ``ways(a) * ways(b) * deals(used(a) + used(b))`` (``ways``: how many
orders deal the pair; ``used``: every rank the seat has taken from the deck). After the draw,
states that used the same ranks and hold the same two cards are alike to both seats' payoffs,
so the matrices are indexed by those *keys* (the hand held and the card thrown), smaller than
the states themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

from pokernight.cards import Card
from pokernight.games.hurricane.game import HurricaneOptions, reading

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
LO, HI = 0, 1
"""The two discards: the lower-ranked card or the higher (a pair has only the first)."""


@dataclass(frozen=True)
class Space:
    """One seat's private states at one point of the hand, and how they fold into keys:
    ``key[s]`` the key of state s, ``ways[s]`` how many deals make it, ``used[k]`` the
    ranks key k took from the deck, ``hand[k]`` the pair it holds."""

    key: Ints
    ways: Floats
    used: Ints
    hand: Ints

    @property
    def size(self) -> int:
        return len(self.key)

    @property
    def keys(self) -> int:
        return len(self.used)

    @cached_property
    def order(self) -> tuple[Ints, Ints]:
        """States sorted by key, and where each key's run starts (for ``np.add.reduceat``)."""
        order = np.argsort(self.key, kind="stable")
        starts = np.searchsorted(self.key[order], np.arange(len(self.used)))
        return order, starts

    def fold(self, reach: Floats) -> Floats:
        """Reach of states (rows) summed into keys, each weighted by its ways."""
        order, starts = self.order
        ways = self.ways.astype(reach.dtype)[:, None]
        return np.add.reduceat((reach * ways)[order], starts, axis=0)

    def unfold(self, values: Floats) -> Floats:
        """Values of keys (rows) given back to their states, weighted by their ways."""
        out: Floats = values[self.key] * self.ways.astype(values.dtype)[:, None]
        return out


class Deck:
    """A K-rank Hurricane deck heads-up: its holdings, private spaces and weight matrices."""

    def __init__(self, options: HurricaneOptions) -> None:
        cards = options.deck
        self.ranks = tuple(dict.fromkeys(c.rank for c in cards))
        k = self.k = len(self.ranks)
        self.counts = np.array([sum(c.rank == r for c in cards) for r in self.ranks], np.int64)
        self.cards = len(cards)
        self.pairs = list(combinations_with_replacement(range(k), 2))  # (low, high) indices
        self.index = {p: i for i, p in enumerate(self.pairs)}
        examples = [[c for c in cards if c.rank == r] for r in self.ranks]
        keys = [reading(examples[a][0], examples[b][-1]) for a, b in self.pairs]
        self.high = np.array([key[0] for key in keys], np.int64)
        self.low = np.array([key[2] for key in keys], np.int64)
        self.examples: list[list[Card]] = examples

    @property
    def holdings(self) -> int:
        return len(self.pairs)

    def _counts(self, ranks: list[int]) -> Ints:
        return np.bincount(np.array(ranks, np.int64), minlength=self.k)

    @cached_property
    def kept(self) -> Space:
        """A seat that kept its pair (also every seat before the draw)."""
        ways = np.array([1.0 if a == b else 2.0 for a, b in self.pairs])
        used = np.array([self._counts([a, b]) for a, b in self.pairs])
        every = np.arange(self.holdings)
        return Space(every, ways, used, every)

    @cached_property
    def drew(self) -> Space:
        """A seat that threw one card and drew one: states (pair, discard LO/HI, new rank),
        pair-major, every combination listed (a pair's HI discard is never played); keys
        (hand held, rank thrown)."""
        k, states, ways = self.k, [], []
        for a, b in self.pairs:
            for discard in (LO, HI):
                thrown, kept = (a, b) if discard == LO else (b, a)
                for new in range(k):
                    held = self.index[(min(kept, new), max(kept, new))]
                    states.append(held * k + thrown)
                    ways.append(1.0 if a == b else 2.0)
        used = np.array(
            [self._counts([*self.pairs[h], x]) for h in range(self.holdings) for x in range(k)]
        )
        hand = np.repeat(np.arange(self.holdings), k)
        return Space(np.array(states, np.int64), np.array(ways), used, hand)

    def chance(self, a: Space, b: Space) -> Floats:
        """The chance of one ordered deal of each pair of keys: ``[a keys, b keys]``."""
        total = a.used[:, None, :] + b.used[None, :, :]
        falling = np.ones((self.k, 8))
        for r, count in enumerate(self.counts):
            for m in range(1, 8):
                falling[r, m] = falling[r, m - 1] * max(count - m + 1, 0)
        ways = np.prod(falling[np.arange(self.k), total], axis=2)
        dealt = int(total[0, 0].sum())
        deals = float(np.prod(np.arange(self.cards - dealt + 1, self.cards + 1, dtype=float)))
        out: Floats = ways / deals
        return out

    def showdown(self, a: Space, b: Space) -> Floats:
        """Halves the first seat wins minus halves it loses against the second (-2 to 2):
        its share of a pot P, less its P/2 in it, is P/4 times this (ties split a half, and
        what a tied half cannot divide carries for both alike)."""
        ha, hb = a.hand[:, None], b.hand[None, :]
        out: Floats = np.sign(self.high[ha] - self.high[hb]) + np.sign(self.low[ha] - self.low[hb])
        return out.astype(np.float64)
