"""Fitting only the suits of a dual-value deck whose ranks are fixed (``deck fit --keep-ranks``).

Why a search of its own: ``floor`` proves a floor for every deck sharing a deck's rank
pairs, whatever its suits, so with the ranks fixed the question is how close suits can get to
that floor. The deck search moves ranks too and drifts away from the ranks it started from.

A deck is held as 52 cards of two faces each, by position; a face's rank never changes. A move
swaps the suits of two faces of one rank, on two different cards: every standard card is still
shown by exactly two faces, and every card keeps its two ranks, so the rank multigraph (and the
floor) is the same for every deck the search visits. Which end of a card is its top is not
counted: a deck file is written by orienting each cycle of the cards (a card joins the two
standard cards it shows; each standard card is on two cards), so that every standard card is
once a top and once a bottom end, as docs/programs/dual-deck.md says. Only the suit bits of the
hands holding one of the two cards can change, so each move is the cheap exact recount of
``moves``.
"""

from __future__ import annotations

import math
import random

import numpy as np
import numpy.typing as npt

from pokernight.decks.moves import TOUCHED, commit, counted, move_delta
from pokernight.decks.plan import distance
from pokernight.errors import InvalidCards
from pokernight.hands.dualcount import set_card
from pokernight.hands.dualrankings import Ranking, rows_of

Position = tuple[int, int]
"""A face of a deck: (card, end)."""


def faces_of(bottom: list[int]) -> list[list[int]]:
    """A deck's cards as [top, bottom] face indexes (``bottom[t]``: the bottom end of the card
    whose top is t)."""
    return [[top, end] for top, end in enumerate(bottom)]


def oriented(faces: list[list[int]]) -> list[int]:
    """The deck as ``bottom[t]``: each cycle of cards walked one way, so every standard card is
    once a top and once a bottom end (``faces`` must show each standard card on two faces)."""
    holders: list[list[int]] = [[] for _ in range(52)]
    for card, (a, b) in enumerate(faces):
        holders[a].append(card)
        holders[b].append(card)
    if any(len(h) != 2 for h in holders) or any(a == b for a, b in faces):
        raise InvalidCards("a deck must show every standard card on two cards, never twice on one")
    bottom = [-1] * 52
    used = [False] * len(faces)
    for first in range(len(faces)):
        card, at = first, faces[first][0]
        while not used[card]:
            used[card] = True
            a, b = faces[card]
            end = b if a == at else a
            bottom[at] = end
            at = end
            pair = holders[at]
            card = pair[1] if pair[0] == card else pair[0]
    return bottom


def rank_pairs(bottom: list[int]) -> list[tuple[int, int]]:
    """The deck's cards as sorted rank pairs, sorted: what ``--keep-ranks`` keeps."""
    return sorted((min(t >> 2, b >> 2), max(t >> 2, b >> 2)) for t, b in enumerate(bottom))


class SuitSearch:
    """An annealing walk over the suits of a deck whose ranks stay fixed: the cards' faces,
    the kernels' card masks, every hand's reachability word and the table."""

    def __init__(
        self, bottom: list[int], ranking: Ranking, target: dict[str, int], rng: random.Random
    ) -> None:
        self.faces = faces_of(bottom)
        self.target = target
        self.rng = rng
        self.by_rank = positions(self.faces)
        self.masks, self.words, self.categories, self.per_category = counted(self.faces, ranking)
        self.l1 = distance(self.table(), target)
        self._at = np.zeros(TOUCHED, dtype=np.int64)
        self._new = np.zeros(TOUCHED, dtype=np.uint16)
        self.moves = 0

    @property
    def bottom(self) -> list[int]:
        return oriented(self.faces)

    def table(self) -> dict[str, int]:
        return rows_of(self.per_category)

    def _swap(self, first: Position, second: Position) -> None:
        """Swap the suits of two faces of one rank (its own inverse) and their cards' masks."""
        (x, ex), (y, ey) = first, second
        self.faces[x][ex], self.faces[y][ey] = self.faces[y][ey], self.faces[x][ex]
        set_card(self.masks, x, *self.faces[x])
        set_card(self.masks, y, *self.faces[y])

    def delta(self, first: Position, second: Position) -> tuple[npt.NDArray[np.int64], int]:
        """The exact table change of swapping two faces' suits; the swap is left undone and the
        new words wait in the buffer for ``step``."""
        x, y = first[0], second[0]
        old_suits = int(self.masks[x, 1] | self.masks[y, 1])
        self._swap(first, second)
        result = move_delta(
            self.masks, x, y, True, old_suits, self.words, self.categories, self._at, self._new
        )
        self._swap(first, second)
        return result  # type: ignore[no-any-return]

    def step(self, temperature: float) -> bool:
        """One proposed swap, taken by the Metropolis rule; whether it was taken."""
        self.moves += 1
        chosen = draw(self.faces, self.by_rank, self.rng)
        if chosen is None:
            return False
        delta, changed = self.delta(*chosen)
        new = distance(rows_of(self.per_category + delta), self.target)
        worse = new - self.l1
        if worse > 0 and self.rng.random() >= math.exp(-worse / temperature):
            return False
        commit(self.words, self._at, self._new, changed)
        self._swap(*chosen)
        self.per_category += delta
        self.l1 = new
        return True


def positions(faces: list[list[int]]) -> list[list[Position]]:
    """Every face by its rank: the faces a move may swap (a face's rank never changes)."""
    by_rank: list[list[Position]] = [[] for _ in range(13)]
    for card, pair in enumerate(faces):
        for end, face in enumerate(pair):
            by_rank[face >> 2].append((card, end))
    return by_rank


def draw(
    faces: list[list[int]], by_rank: list[list[Position]], rng: random.Random
) -> tuple[Position, Position] | None:
    """Two faces of one rank on two cards, of two suits, whose swap leaves no card showing one
    card at both ends; None when the draw gives none."""
    (x, ex), (y, ey) = rng.sample(by_rank[rng.randrange(13)], 2)
    fx, fy = faces[x][ex], faces[y][ey]
    if x == y or fx == fy or fy == faces[x][1 - ex] or fx == faces[y][1 - ey]:
        return None
    return (x, ex), (y, ey)


def shaken(bottom: list[int], swaps: int, rng: random.Random) -> list[int]:
    """``bottom`` after ``swaps`` random suit swaps (ranks kept): a restart near a deck, or,
    with many, a deck of random suits on the same ranks."""
    faces = faces_of(bottom)
    by_rank = positions(faces)
    done = 0
    while done < swaps:
        chosen = draw(faces, by_rank, rng)
        if chosen is not None:
            (x, ex), (y, ey) = chosen
            faces[x][ex], faces[y][ey] = faces[y][ey], faces[x][ex]
            done += 1
    return oriented(faces)
