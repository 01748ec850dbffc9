"""Dual-value deck speed: the full category count by reachability bit masks against the same
count by trying all 32 orientations per hand, and the exact candidate rate of the deck fit.

Run: ``.venv/bin/python benchmarks/dualdeck.py [--json]`` (warm-up runs are not timed; numba
uses every core the machine has).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

import numba
import numpy as np

from pokernight.cards import dual641_deck
from pokernight.hands import kernels
from pokernight.hands.batch import kernel_args, packed
from pokernight.hands.deckfit import fit, read_target
from pokernight.hands.dualcount import count_all, deck_ends
from pokernight.hands.rules import preset

TARGET = Path(__file__).parents[1] / "src" / "pokernight" / "data" / "seed001_table.json"


def time_reachability(rounds: int) -> float:
    ends = deck_ends(dual641_deck())
    count_all(ends, numba.get_num_threads())
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        count_all(ends, numba.get_num_threads())
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def time_orientations(rounds: int) -> float:
    rules = preset("dual-high")
    deck = dual641_deck()
    pack = packed(rules, 5)
    ends = np.array([(c.top.index, c.bottom.index) for c in deck], dtype=np.int64)
    lanes = numba.get_num_threads()
    times = []
    for r in range(rounds + 1):
        hist = np.zeros((lanes, 16, 16), dtype=np.int64)
        seen = np.zeros(1 << 24, dtype=np.uint8)
        start = time.perf_counter()
        kernels.count_all(
            ends,
            5,
            True,
            False,
            False,
            lanes,
            np.arange(48, dtype=np.int64),
            hist,
            seen,
            *kernel_args(pack),
        )
        if r:
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def fit_rate(seconds: float) -> float:
    target = read_target(TARGET)
    fit(target, minutes=0.05)  # warm-up: compile and first counts
    result = fit(target, seed=1, minutes=seconds / 60)
    return result.candidates / result.seconds * 60


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    rows = {
        "count_reachability_s": round(time_reachability(args.rounds), 3),
        "count_32_orientations_s": round(time_orientations(args.rounds), 3),
        "fit_candidates_per_minute": round(fit_rate(30.0)),
        "threads": numba.get_num_threads(),
    }
    if args.json:
        print(json.dumps(rows))
        return
    print(f"dual-high full count, reachability:    {rows['count_reachability_s']:.3f} s")
    print(f"dual-high full count, 32 orientations: {rows['count_32_orientations_s']:.3f} s")
    print(f"deck fit, exact candidates per minute: {rows['fit_candidates_per_minute']:,}")
    print(f"({rows['threads']} numba threads)")


if __name__ == "__main__":
    main()
