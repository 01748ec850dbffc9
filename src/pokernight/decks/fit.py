"""Fitting a dual-value deck to a category table (seed 001 gives only the table).

A deck is a pairing of top ends with bottom ends; the search trades the bottom ends of two cards
at a time. What the closed forms of ``bound`` pin is fixed up front and kept by every move
(``Structure``): the dual deck's invariants (docs/programs/dual-deck.md), and with them five of a
kind at the seed's 658; with
``four``, also four of a kind at 36,985 before straight flushes take their few hands. Each
move's table change is exact: the hands that hold neither card cannot change, and the others
are recounted from their kept reachability words (``moves``), so a move that trades two
ends of one rank costs about a millisecond and one that moves ranks a few tens. A move of ranks
is judged first by the rows ranks decide (closed forms, microseconds), then exactly, after the
suits are repaired around it. Simulated annealing on the L1 distance to the target table,
restarted from the best deck so far (shaken) or from a fresh one; ``fit`` runs one search per
worker process and reports every improvement.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np
import numpy.typing as npt

from pokernight.cards import DualCard
from pokernight.decks.bound import five_and_four, multigraph, rank_rows
from pokernight.decks.moves import TOUCHED, commit, counted, move_delta
from pokernight.decks.plan import Best, Plan, Structure, deck_of, distance
from pokernight.decks.suits import SuitSearch, shaken
from pokernight.errors import InvalidCards
from pokernight.hands.dualcount import set_card
from pokernight.hands.dualrankings import RANK_ROWS, RANKINGS, ROWS, Ranking, RankingName, rows_of


def keeps(bottom: list[int], structure: Structure) -> bool:
    """Whether a deck (``bottom[t]``: the bottom end of the card whose top is t) keeps what
    ``structure`` pins."""
    m, n = multigraph(bottom)
    return all(top != end for top, end in enumerate(bottom)) and _keeps(m, n, structure)


def _keeps(m: npt.NDArray[np.int64], n: npt.NDArray[np.int64], structure: Structure) -> bool:
    if int(n.min()) < 7 or int((n == 7).sum()) != 2:  # two loops, on two ranks
        return False
    most = int(m.max())
    if structure is Structure.FIVE:
        return most < 5
    five, four = five_and_four(m, n)
    return most <= 3 and four - five == FOUR_OF_A_KIND


FOUR_OF_A_KIND = 36_985
"""The seed's four of a kind, which ``Structure.FOUR`` pins."""


def random_deck(structure: Structure, rng: random.Random) -> list[int]:
    """A random deck keeping ``structure``: a shuffle with the right doubles, then (for
    ``four``) trades that never move the rank pairs further from the pinned ones."""
    while True:
        bottom = list(range(52))
        rng.shuffle(bottom)
        if keeps(bottom, Structure.FIVE):
            break
    if structure is Structure.FIVE:
        return bottom
    miss = _four_miss(bottom)
    while miss:
        x, y = rng.sample(range(52), 2)
        trial = _traded(bottom, x, y)
        if keeps(trial, Structure.FIVE) and (new := _four_miss(trial)) <= miss:
            bottom, miss = trial, new
    return bottom


def _four_miss(bottom: list[int]) -> int:
    m, n = multigraph(bottom)
    five, four = five_and_four(m, n)
    return abs(four - five - FOUR_OF_A_KIND) + 1000 * int(np.maximum(m - 3, 0).sum())


def _traded(bottom: list[int], x: int, y: int) -> list[int]:
    trial = list(bottom)
    trial[x], trial[y] = trial[y], trial[x]
    return trial


class Search:
    """One annealing walk: the deck, its rank multigraph, every hand's reachability word and
    the table.

    A move of ranks is judged in two stages (delayed acceptance): first by the rows ranks
    alone decide (``bound``, microseconds), and only if that stage passes by the exact
    recount of every hand the move touches. Most moves of ranks that a cool walk would refuse
    are refused at the first stage."""

    def __init__(
        self,
        bottom: list[int],
        ranking: Ranking,
        target: dict[str, int],
        structure: Structure,
        rng: random.Random,
    ) -> None:
        if not keeps(bottom, structure):
            raise InvalidCards(f"the starting deck does not keep the structure {structure}")
        self.bottom = list(bottom)
        self.structure = structure
        self.target = target
        self.ranking = ranking
        self.rng = rng
        self.m, self.n = multigraph(bottom)
        self.masks, self.words, self.categories, self.per_category = counted(
            list(enumerate(bottom)), ranking
        )
        self.l1 = distance(self.table(), target)
        self.rank_cost = self._rank_cost()
        self._at = np.zeros(TOUCHED, dtype=np.int64)
        self._new = np.zeros(TOUCHED, dtype=np.uint16)
        self.moves = 0
        self.recounts = 0

    def table(self) -> dict[str, int]:
        return rows_of(self.per_category)

    def _rank_cost(self) -> int:
        """The distance over the rows ranks decide under this ranking (to within the few
        hands straight flushes take)."""
        rows = dict(zip(RANK_ROWS, rank_rows(self.m, self.n), strict=True))
        return sum(abs(rows[name] - self.target[name]) for name in self.ranking.rank_rows)

    def _retie(self, x: int, y: int) -> None:
        """Trade the bottom ends of x and y in the multigraph (its own inverse)."""
        rx, ry = x >> 2, y >> 2
        bx, by = self.bottom[x] >> 2, self.bottom[y] >> 2
        for r, q, sign in ((rx, bx, -1), (ry, by, -1), (rx, by, 1), (ry, bx, 1)):
            if r == q:
                self.n[r] -= sign
            else:
                self.m[r, q] += sign
                self.m[q, r] += sign
        self.bottom[x], self.bottom[y] = self.bottom[y], self.bottom[x]

    def delta(self, x: int, y: int) -> tuple[npt.NDArray[np.int64], int]:
        """The exact table change of trading x's and y's bottom ends (the words and masks
        are left as they were unless ``take`` follows)."""
        old_suits = int(self.masks[x, 1] | self.masks[y, 1])
        bx, by = self.bottom[x], self.bottom[y]
        set_card(self.masks, x, x, by)
        set_card(self.masks, y, y, bx)
        result = move_delta(
            self.masks,
            x,
            y,
            bx >> 2 == by >> 2,
            old_suits,
            self.words,
            self.categories,
            self._at,
            self._new,
        )
        set_card(self.masks, x, x, bx)
        set_card(self.masks, y, y, by)
        self.recounts += 1
        return result  # type: ignore[no-any-return]

    def take(self, x: int, y: int, delta: npt.NDArray[np.int64], changed: int) -> None:
        commit(self.words, self._at, self._new, changed)
        self._retie(x, y)
        set_card(self.masks, x, x, self.bottom[x])
        set_card(self.masks, y, y, self.bottom[y])
        self.per_category += delta
        self.l1 = distance(self.table(), self.target)
        self.rank_cost = self._rank_cost()

    def pick(self, same_rank: float) -> tuple[int, int]:
        """Two cards to trade bottom ends: with probability ``same_rank`` two ends of one rank
        (only suits move), else any two."""
        x = self.rng.randrange(52)
        if self.rng.random() < same_rank:
            rank = self.bottom[x] >> 2
            return x, self.rng.choice(
                [c for c in range(52) if c != x and self.bottom[c] >> 2 == rank]
            )
        return x, self.rng.randrange(52)

    def step(self, temperature: float, same_rank: float, repairs: int = 0) -> bool:
        """One proposal, taken by the Metropolis rule in two stages; whether it was taken.
        A move of ranks that passes the first stage is first followed by up to ``repairs``
        trades of suits, each kept only if it helps, and judged with them (the suits that
        suited the old ranks rarely suit the new ones)."""
        x, y = self.pick(same_rank)
        self.moves += 1
        if x == y or self.bottom[y] == x or self.bottom[x] == y:
            return False  # a card would show the same card at both ends
        first = 0
        moves_ranks = self.bottom[x] >> 2 != self.bottom[y] >> 2
        if moves_ranks:
            self._retie(x, y)
            kept = _keeps(self.m, self.n, self.structure)
            first = self._rank_cost() - self.rank_cost if kept else 0
            self._retie(x, y)
            if not kept or not self._passes(first, temperature):
                return False
        if moves_ranks and repairs:
            return self._repaired(x, y, first, temperature, repairs)
        delta, changed = self.delta(x, y)
        rest = distance(rows_of(self.per_category + delta), self.target) - self.l1 - first
        if not self._passes(rest, temperature):
            return False
        self.take(x, y, delta, changed)
        return True

    def _repaired(self, x: int, y: int, first: int, temperature: float, repairs: int) -> bool:
        before = self.l1
        saved = (
            self.words.copy(),
            self.masks.copy(),
            self.per_category.copy(),
            list(self.bottom),
            self.m.copy(),
            self.n.copy(),
            self.rank_cost,
        )
        self.take(x, y, *self.delta(x, y))
        for _ in range(repairs):
            a, b = self.pick(1.0)
            if a == b or self.bottom[b] == a or self.bottom[a] == b:
                continue
            delta, changed = self.delta(a, b)
            if distance(rows_of(self.per_category + delta), self.target) < self.l1:
                self.take(a, b, delta, changed)
        if self._passes(self.l1 - before - first, temperature):
            return True
        words, masks, per_category, bottom, m, n, rank_cost = saved
        self.words[:] = words
        self.masks[:] = masks
        self.per_category[:] = per_category
        self.bottom, self.m, self.n, self.rank_cost = bottom, m, n, rank_cost
        self.l1 = before
        return False

    def _passes(self, worse: int, temperature: float) -> bool:
        return worse <= 0 or self.rng.random() < math.exp(-worse / temperature)


def warm(told: Callable[[int, int], None]) -> None:
    """Compile (or read from numba's disk cache) every kernel a walk runs, by one search on a
    fresh deck judging and taking one move, telling ``told(done, total)``: the workers then
    read them from the disk cache at once."""
    rng = random.Random(0)
    told(0, 2)
    deck, nothing = random_deck(Structure.FIVE, rng), dict.fromkeys(ROWS, 0)
    search = Search(deck, RANKINGS[RankingName.STANDARD], nothing, Structure.FIVE, rng)
    told(1, 2)
    x, y = search.pick(0.5)
    delta, changed = search.delta(x, y)
    search.take(x, y, delta, changed)
    told(2, 2)


def walk(plan: Plan, worker: int, report: Callable[[Best | int], None]) -> None:
    """One worker: annealing chains until the time is up, each from ``_chain_start``'s deck,
    of ``Search`` (or, with ``keep_ranks``, ``SuitSearch``) steps. Reports each improvement as a
    ``Best`` and, every two seconds, the moves counted so far."""
    rng = random.Random(plan.seed * 1_000_003 + worker)
    ranking = RANKINGS[plan.ranking]
    begin = time.perf_counter()
    end = begin + plan.seconds
    best: Best | None = None
    moves_before = 0
    chain = 0
    last_tick = begin
    while (now := time.perf_counter()) < end and (best is None or best.distance > 0):
        bottom = _chain_start(plan, chain, best, rng)
        search: Search | SuitSearch
        step: Callable[[float], bool]
        if plan.keep_ranks:
            search = SuitSearch(bottom, ranking, plan.target, rng)
            step = search.step
        else:
            search = Search(bottom, ranking, plan.target, plan.structure, rng)
            step = partial(search.step, same_rank=plan.same_rank, repairs=plan.repairs)
        length = min(plan.chain_seconds, end - now)
        chain_begin = time.perf_counter()
        while (now := time.perf_counter()) < chain_begin + length:
            if best is None or search.l1 < best.distance:
                best = Best(
                    search.l1,
                    list(search.bottom),
                    search.table(),
                    now - begin,
                    moves_before + search.moves,
                    worker,
                )
                report(best)
                if best.distance == 0:
                    return
            progress = (now - chain_begin) / length
            temperature = plan.heat ** (1 - progress)  # heat down to 1, geometrically
            step(temperature)
            if now - last_tick > 2:
                report(moves_before + search.moves)
                last_tick = now
        moves_before += search.moves
        chain += 1
    report(moves_before)


FRESH_SWAPS = 200
"""Random suit swaps that make a fresh deck on the start's ranks (8 faces a rank, 13 ranks)."""


def _chain_start(plan: Plan, chain: int, best: Best | None, rng: random.Random) -> list[int]:
    """The deck a chain starts from: the plan's first, then this worker's best shaken by a few
    random trades, or one time in four a fresh deck (with ``keep_ranks``: a few, or many,
    swaps of suits, the ranks kept)."""
    if chain == 0 and plan.start is not None:
        return plan.start
    near = best is not None and rng.random() < 0.75
    if plan.keep_ranks:
        assert plan.start is not None  # keep_ranks keeps the start's ranks
        if best is not None and near:
            return shaken(best.bottom, rng.randint(2, 6), rng)
        return shaken(plan.start, FRESH_SWAPS, rng)
    if best is not None and near:
        return _shaken(best.bottom, plan.structure, rng)
    return random_deck(plan.structure, rng)


def _shaken(bottom: list[int], structure: Structure, rng: random.Random) -> list[int]:
    deck = list(bottom)
    for _ in range(rng.randint(2, 6)):
        for _try in range(1000):
            x, y = rng.sample(range(52), 2)
            trial = _traded(deck, x, y)
            if keeps(trial, structure):
                deck = trial
                break
    return deck


def _worker(plan: Plan, worker: int, queue: Any) -> None:
    """A worker process: its reports go to the parent through ``queue``."""
    walk(plan, worker, lambda news: queue.put((worker, news)))
    queue.put((worker, None))


@dataclass(frozen=True)
class FitResult:
    deck: list[DualCard]
    table: dict[str, int]
    distance: int
    moves: int
    seconds: float


def fit(
    plan: Plan,
    workers: int,
    on_best: Callable[[Best], None] | None = None,
    on_tick: Callable[[int, float], None] | None = None,
) -> FitResult:
    """Run ``workers`` searches at once (processes; one runs in this process) and return the
    best deck. ``on_best`` hears each improvement on the best so far, ``on_tick`` the moves
    counted by all workers and the time."""
    begin = time.perf_counter()
    moves = [0] * workers
    best: Best | None = None

    def hear(worker: int, news: Best | int) -> None:
        nonlocal best
        if isinstance(news, int):
            moves[worker] = news
            if on_tick is not None:
                on_tick(sum(moves), time.perf_counter() - begin)
            return
        if best is None or news.distance < best.distance:
            best = news
            if on_best is not None:
                on_best(news)

    if workers == 1:
        walk(plan, 0, lambda news: hear(0, news))
    else:
        context = multiprocessing.get_context(
            "spawn"
        )  # a fresh interpreter: no numba threads to inherit
        queue = context.Queue()
        processes = [
            context.Process(target=_worker, args=(plan, w, queue), daemon=True)
            for w in range(workers)
        ]
        for process in processes:
            process.start()
        running = workers
        try:
            while running:
                worker, news = queue.get()
                if news is None:
                    running -= 1
                else:
                    hear(worker, news)
        finally:
            for process in processes:
                process.join(timeout=5)
                if process.is_alive():
                    process.terminate()
    assert best is not None  # every walk reports its first deck
    return FitResult(
        deck_of(best.bottom),
        best.table,
        best.distance,
        sum(moves),
        time.perf_counter() - begin,
    )
