"""Pai Gow Poker hands per second, house way against house way, on one core and on two.

Why: the published house edge takes millions of hands to reproduce within a tight interval, so
the simulator's speed decides whether that check is a coffee break or an afternoon. The target
is at least 20,000 hands per second per core, the house way setting both sides' hands. None of
the reference libraries (PokerKit, OpenSpiel, RLCard, treys) deals Pai Gow, so there is no
side-by-side row here: the figures stand against the target.

What is timed:

* one core: ``play_batch("paigow", ("house",), seed, batch, hands)``, the simulator's own batch
  (one player against the house dealer through the full protocol: wager, deal, set, showdown,
  settlement), a new batch index each round; the median over the rounds. The house way
  remembers its choice for each pattern of ranks it has met (49,283 can be dealt), so a
  process starts cold: the first ``--warm`` hands are timed on their own and reported as the
  cold rate, the rounds after them as the running rate a long simulation sees;
* scaling: ``simulate("paigow", hands, workers=k)`` for k = 1 and 2 (process pool), the
  same seed, so both runs play exactly the same hands; the ratio is the speed-up.

Run::

    .venv/bin/python benchmarks/paigow.py [--hands N] [--rounds R] [--json]

The default run takes about half a minute on the 2-CPU dev box.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from pokernight.sim.batches import play_batch
from pokernight.sim.runner import simulate

TARGET = 20_000.0


def one_core(hands: int, rounds: int, seed: int, warm: int) -> tuple[float, float]:
    """The cold rate over the first ``warm`` hands of the process, and the running rate."""
    start = time.perf_counter()
    cold = len(play_batch("paigow", ("house",), seed, 0, warm)) / (time.perf_counter() - start)
    rates = []
    for r in range(rounds):
        start = time.perf_counter()
        played = len(play_batch("paigow", ("house",), seed, r + 1, hands))
        rates.append(played / (time.perf_counter() - start))
    return cold, statistics.median(rates)


def scaling(hands: int, seed: int) -> dict[int, float]:
    rates = {}
    for workers in (1, 2):
        result = simulate("paigow", hands, seed=seed, workers=workers)
        rates[workers] = hands / result.seconds
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands per one-core round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warm", type=int, default=50_000, help="hands played cold first")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    cold, rate = one_core(args.hands, args.rounds, args.seed, args.warm)
    scaled = scaling(args.hands * 4, args.seed)
    rows = {
        "one_core_hands_per_s": round(rate),
        "one_core_cold_hands_per_s": round(cold),
        "target": TARGET,
        "meets_target": rate >= TARGET,
        "workers_1_hands_per_s": round(scaled[1]),
        "workers_2_hands_per_s": round(scaled[2]),
        "speedup_2_workers": round(scaled[2] / scaled[1], 2),
        "cpus": os.cpu_count(),
    }
    if args.json:
        print(json.dumps(rows))
        return
    print(f"Pai Gow, house way against house way ({os.cpu_count()} CPUs)")
    print(f"  one core:   {rate:>9,.0f} hands/s  ({rate / TARGET:.2f}x the 20,000 target)")
    print(f"  cold start: {cold:>9,.0f} hands/s  (the first {args.warm:,} hands of a process)")
    print(f"  workers 1:  {scaled[1]:>9,.0f} hands/s  (simulate, {args.hands * 4:,} hands)")
    print(f"  workers 2:  {scaled[2]:>9,.0f} hands/s  ({scaled[2] / scaled[1]:.2f}x)")


if __name__ == "__main__":
    main()
