"""How ``sim`` scales from one worker to two on this machine (the target: at least 1.8x).

Why: the simulator cuts a run into fixed seeded batches so that any number of workers gives
the same result; this checks that the split also pays. Each round times ``simulate(GAME,
HANDS, workers=1)`` and ``workers=2`` in alternating order (drift hits both alike) and the
table reports the median hands per second of each and their ratio. The two results are
checked to be identical. Run::

    .venv/bin/python benchmarks/scaling.py [--game hurricane] [--hands 20000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import statistics

from pokernight.sim.runner import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hurricane")
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    rates: dict[int, list[float]] = {1: [], 2: []}
    results: dict[int, object] = {}
    for r in range(args.rounds):
        for workers in (1, 2) if r % 2 == 0 else (2, 1):
            result = simulate(args.game, args.hands, seed=r, workers=workers)
            rates[workers].append(args.hands / result.seconds)
            results[workers] = {k: v for k, v in result.to_json().items() if k != "seconds"}
        assert results[1] == results[2], "1 and 2 workers disagree"
    one, two = statistics.median(rates[1]), statistics.median(rates[2])
    print(
        f"{args.game}: {args.hands:,} hands, median of {args.rounds} rounds, {os.cpu_count()} CPUs"
    )
    print(f"  1 worker   {one:10,.0f} hands/s")
    print(f"  2 workers  {two:10,.0f} hands/s   {two / one:.2f}x (target 1.8x)")
    print(f"  load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
