"""Mount Holyoke Poker (Big Two): move generations per second, greedy rounds per second, and
how much the search player beats the greedy one.

Why: the search player calls the move generator at every node of every rollout, so the
generator has a target (at least 20,000 full generations per second from a 13-card hand) and
whole rounds have one too (at least 500 four-player greedy rounds per second, one core). The
strength run says whether the search is worth its time: over 1,000 seeded rounds against three
greedy players, the per-round difference (search's net minus the greedy seats' mean net; net
is minus the cards left) must have a 95% interval above zero.

What is timed (one process): ``plays(hand)`` over fresh random 13-card hands (leading: every
play) and ``plays(hand, beat)`` against a random play of another hand (following); and
``play_batch("bigtwo", ("greedy",) * 4, ...)``, whole rounds through the public protocol (views,
legal actions, events). Cases run in turn each round (interleaved, so drift in machine speed
hits them alike); the table shows the median over the rounds and the load average.

The strength run plays the same batches as
``pokernight sim bigtwo --hands 1000 --bots search,greedy,greedy,greedy --seed S``.

Run::

    .venv/bin/python benchmarks/bigtwo.py [--rounds N] [--strength] [--hands 1000] [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from pokernight.hands.climb_moves import Play, plays
from pokernight.sim.batches import play_batch
from pokernight.sim.runner import BATCH

HANDS_PER_CASE = 2_000
ROUNDS_PER_CASE = 200


def generation_cases(seed: int) -> dict[str, Callable[[], float]]:
    rng = random.Random(seed)

    def leading() -> float:
        hands = [rng.sample(range(52), 13) for _ in range(HANDS_PER_CASE)]
        start = time.perf_counter()
        for hand in hands:
            plays(hand)
        return HANDS_PER_CASE / (time.perf_counter() - start)

    def following() -> float:
        pairs: list[tuple[list[int], Play]] = []
        for _ in range(HANDS_PER_CASE):
            deck = rng.sample(range(52), 26)
            pairs.append((deck[:13], rng.choice(plays(deck[13:]))))
        start = time.perf_counter()
        for hand, beat in pairs:
            plays(hand, beat)
        return HANDS_PER_CASE / (time.perf_counter() - start)

    batch = iter(range(10**6))

    def greedy_rounds() -> float:
        start = time.perf_counter()
        play_batch("bigtwo", ("greedy",) * 4, seed, next(batch), ROUNDS_PER_CASE)
        return ROUNDS_PER_CASE / (time.perf_counter() - start)

    return {
        "move generations/s, leading (every play)": leading,
        "move generations/s, following a play": following,
        "greedy 4-player rounds/s": greedy_rounds,
    }


def speed(rounds: int, seed: int) -> None:
    cases = generation_cases(seed)
    for run in cases.values():  # warm-up: caches and tables
        run()
    results: dict[str, list[float]] = {name: [] for name in cases}
    names = list(cases)
    for r in range(rounds):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            results[name].append(cases[name]())
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"median of {rounds} interleaved rounds; load average {load}")
    for name, values in results.items():
        spread = f"{min(values):,.0f}..{max(values):,.0f}"
        print(f"  {name:<42} {statistics.median(values):>10,.0f}   ({spread})")


def strength(hands: int, seed: int, workers: int) -> None:
    bots = ("search", "greedy", "greedy", "greedy")
    sizes = [min(BATCH, hands - b * BATCH) for b in range((hands + BATCH - 1) // BATCH)]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_batch, "bigtwo", bots, seed, b, n) for b, n in enumerate(sizes)]
        nets = [net for future in futures for net in future.result()]
    diffs = [net[0] - sum(net[1:]) / 3 for net in nets]
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    per_seat = [statistics.fmean(net[s] for net in nets) for s in range(4)]
    print(
        f"search vs greedy x3, {len(nets)} rounds, seed {seed}, {time.perf_counter() - start:.0f} s"
    )
    seats = "  ".join(f"{b} {v:+.3f}" for b, v in zip(bots, per_seat, strict=True))
    print(f"  net per round by seat: {seats}")
    low, high = mean - half, mean + half
    print(f"  search minus greedy mean: {mean:+.3f} cards/round, 95% [{low:+.3f}, {high:+.3f}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--strength", action="store_true", help="also search vs greedy")
    parser.add_argument("--hands", type=int, default=1_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    speed(args.rounds, args.seed)
    if args.strength:
        strength(args.hands, args.seed, args.workers)


if __name__ == "__main__":
    main()
