"""Fitting a dual-value deck to a category table (seed 001 gives only the table).

A deck is a pairing of top ends with bottom ends. The search swaps the bottom ends of two
cards at a time, keeps the invariants (every standard card once per side, no card with the
same card at both ends, exactly two cards of two different ranks with the same rank at both
ends), and recounts exactly only the hands that hold a changed card. Simulated annealing on
the L1 distance to the target table; the seed makes a run reproducible.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from pokernight.cards import DualCard, dual641_deck, load_dual_deck
from pokernight.errors import InvalidCards
from pokernight.hands.value import Category
from pokernight.text_files import read_text

ORDER = (
    "five_of_a_kind",
    "straight_flush",
    "four_of_a_kind",
    "full_house",
    "flush",
    "straight",
    "three_of_a_kind",
    "two_pair",
    "one_pair",
    "high_card",
)
# Where each ORDER entry sits in a category histogram (royal flushes join straight flushes).
SLOTS = {name: int(Category[name.upper()]) for name in ORDER}
Progress = Callable[[int, int, float], None]  # best distance, candidates, elapsed


def read_target(path: Path) -> dict[str, int]:
    """A target table: JSON {category: count} with the ten categories of seed 001."""
    wanted = f"a JSON table of whole counts for {', '.join(ORDER)}"
    try:
        data = json.loads(read_text(path, wanted))
    except (ValueError, RecursionError):
        raise InvalidCards(f"cannot read target {path}: not JSON: give {wanted}") from None
    if not isinstance(data, dict) or not all(type(data.get(n)) is int for n in ORDER):
        raise InvalidCards(f"target {path} needs whole counts for: {', '.join(ORDER)}")
    return {name: int(data[name]) for name in ORDER}


def table_of(hist: npt.NDArray[np.int64]) -> dict[str, int]:
    counts = {name: int(hist[slot]) for name, slot in SLOTS.items()}
    counts["straight_flush"] += int(hist[Category.ROYAL_FLUSH])  # as the seed counts them
    return counts


def distance(table: dict[str, int], target: dict[str, int]) -> int:
    return sum(abs(table[n] - target[n]) for n in ORDER)


def _same_rank_cards(bottom: list[int]) -> list[int]:
    return [i for i, b in enumerate(bottom) if i >> 2 == b >> 2]


def valid(bottom: list[int]) -> bool:
    same = _same_rank_cards(bottom)
    return (
        all(i != b for i, b in enumerate(bottom))
        and len(same) == 2
        and same[0] >> 2 != same[1] >> 2
    )


@dataclass
class FitResult:
    deck: list[DualCard]
    table: dict[str, int]
    distance: int
    candidates: int
    seconds: float


def warm(told: Callable[[int, int], None] | None = None) -> None:
    """Compile (or read from numba's disk cache) the counting kernels ``fit`` runs, each by a
    call with no cards, telling ``told(done, total)`` after each."""
    from pokernight.hands.dualcount import count_all, moved_by

    none = np.zeros((0, 2, 2), np.int64)
    if told is not None:
        told(0, 2)
    count_all(none, 1)
    if told is not None:
        told(1, 2)
    moved_by(none, none, 0, 1, 1)
    if told is not None:
        told(2, 2)


def fit(
    target: dict[str, int],
    start: list[DualCard] | None = None,
    seed: int = 0,
    minutes: float = 1.0,
    progress: Progress | None = None,
    heat: float = 3000.0,
) -> FitResult:
    """Anneal from ``heat`` (how much worse, in hands, a move may be and still be taken with
    probability 1/e) down to 1 over the time budget."""
    from numba import get_num_threads

    from pokernight.hands.dualcount import count_all, deck_ends, moved_by

    deck = start or dual641_deck()
    by_top = sorted(deck, key=lambda c: c.top.index)
    bottom = [c.bottom.index for c in by_top]
    if not valid(bottom):
        raise InvalidCards("the starting deck breaks the dual641 invariants")
    lanes = get_num_threads()
    ends = deck_ends(_deck(bottom))
    hist = count_all(ends, lanes)
    current = distance(table_of(hist), target)
    best, best_bottom, best_hist = current, list(bottom), hist.copy()
    rng = random.Random(seed)
    begin = time.perf_counter()
    budget = minutes * 60
    candidates = 0
    while (elapsed := time.perf_counter() - begin) < budget and best > 0:
        x, y = rng.sample(range(52), 2)
        trial = list(bottom)
        trial[x], trial[y] = trial[y], trial[x]
        if not valid(trial):
            continue
        new_ends = ends.copy()
        for card in (x, y):
            new_ends[card, 1] = (trial[card] >> 2, trial[card] & 3)
        new_hist = hist + moved_by(ends, new_ends, x, y, lanes)
        candidates += 1
        score = distance(table_of(new_hist), target)
        temperature = heat * (1 - elapsed / budget) + 1.0
        if score <= current or rng.random() < math.exp((current - score) / temperature):
            bottom, ends, hist, current = trial, new_ends, new_hist, score
            if score < best:
                best, best_bottom, best_hist = score, list(trial), new_hist.copy()
        if progress is not None and candidates % 20 == 0:
            progress(best, candidates, elapsed)
    return FitResult(
        _deck(best_bottom), table_of(best_hist), best, candidates, time.perf_counter() - begin
    )


def _deck(bottom: list[int]) -> list[DualCard]:
    from pokernight.cards import CARDS

    return [DualCard(CARDS[top], CARDS[b]) for top, b in enumerate(bottom)]


def write_deck(deck: list[DualCard], path: Path, note: str) -> None:
    lines = [f"# {line}" for line in note.splitlines()] + [str(c) for c in deck]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    load_dual_deck(path)  # what is written must load
