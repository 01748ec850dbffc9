"""Dual-value deck speed: the full table by reachability words against trying all 32
orientations per hand, and the search's exact recount of one move (ranks, suits).

Run: ``.venv/bin/python benchmarks/dualdeck.py [--json]`` (warm-up runs are not timed; the
full counts use every core, a move's recount one).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import numba
import numpy as np

from pokernight.cards import dual641_deck
from pokernight.decks.fit import Search
from pokernight.decks.plan import Structure, bottoms_of, read_target
from pokernight.hands import kernels
from pokernight.hands.dualcount import count_words
from pokernight.hands.dualrankings import RANKINGS, RankingName
from pokernight.hands.packing import kernel_args, packed
from pokernight.hands.rules import preset

TARGET = Path(__file__).parents[1] / "src" / "pokernight" / "data" / "seed001_table.json"


def median_seconds(work: Callable[[], object], rounds: int) -> float:
    work()
    times: list[float] = []
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def orientations() -> None:
    ends = np.array([(c.top.index, c.bottom.index) for c in dual641_deck()], dtype=np.int64)
    lanes = numba.get_num_threads()
    hist = np.zeros((lanes, 16, 16), dtype=np.int64)
    seen = np.zeros(1 << 24, dtype=np.uint8)
    args = kernel_args(packed(preset("dual-high"), 5))
    kernels.count_all(ends, 5, True, False, False, lanes, np.arange(48), hist, seen, *args)


def move_seconds(same_rank: bool, rounds: int) -> float:
    """Median time of one move's exact recount (ranks moved, or only suits)."""
    rng = random.Random(1)
    search = Search(
        bottoms_of(dual641_deck()),
        RANKINGS[RankingName.STANDARD],
        read_target(TARGET),
        Structure.FIVE,
        rng,
    )
    times: list[float] = []
    while len(times) < rounds:
        x, y = search.pick(1.0 if same_rank else 0.0)
        if x == y or (search.bottom[x] >> 2 == search.bottom[y] >> 2) != same_rank:
            continue
        start = time.perf_counter()
        search.delta(x, y)
        times.append(time.perf_counter() - start)
    return statistics.median(times[1:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    deck = dual641_deck()
    lanes = numba.get_num_threads()
    rows = {
        "count_words_s": round(median_seconds(lambda: count_words(deck, lanes), args.rounds), 3),
        "count_32_orientations_s": round(median_seconds(orientations, args.rounds), 3),
        "move_ranks_ms": round(move_seconds(False, 40) * 1000, 1),
        "move_suits_ms": round(move_seconds(True, 40) * 1000, 2),
        "threads": lanes,
    }
    if args.json:
        print(json.dumps(rows))
        return
    print(f"dual-high full count, reachability words: {rows['count_words_s']:.3f} s")
    print(f"dual-high full count, 32 orientations:    {rows['count_32_orientations_s']:.3f} s")
    print(f"one move's exact recount, ranks moved:    {rows['move_ranks_ms']} ms")
    print(f"one move's exact recount, suits only:     {rows['move_suits_ms']} ms")
    print(f"({rows['threads']} numba threads for the full counts, one for a move)")


if __name__ == "__main__":
    main()
