"""The Pai Gow advisor's sampled estimates against exhaustive evaluation, on a few hands.

Why: the advisor (``pokernight paigow-set --way best``, ``pokernight advise paigow``) values
the 21 settings on 4,000 sampled dealer hands and states a 95% interval for each; this checks
that statement where the test suite cannot, over all 53,524,680 hands the dealer can hold
against seven cards, each set by the house way. Each hand takes a few minutes on both cores.

Prints, per hand, every setting's exact value per unit wagered beside the sampled estimate and
its interval, and how many intervals hold the exact value.

Run::

    .venv/bin/python benchmarks/paigow_advisor.py [--hands 2] [--seed 1] [--workers 2] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations

from pokernight.cards import AnyCard
from pokernight.games.paigow.advice import advise, tally
from pokernight.games.paigow.game import DECK
from pokernight.games.paigow.hands import SPLITS, split_keys

WIN = 0.95  # a win pays 1 less the 5% commission


def _part(hand: tuple[int, ...], first: int) -> tuple[list[int], list[int], int]:
    """The dealer hands whose lowest unseen card is ``unseen[first]``: one worker's share."""
    cards = [DECK[i] for i in hand]
    unseen = [c for c in DECK if c.index not in hand]
    lead = unseen[first]
    dealers = ((lead, *rest) for rest in combinations(unseen[first + 1 :], 6))
    return tally(split_keys(cards), dealers)


def exact(cards: list[AnyCard], workers: int) -> tuple[list[float], int]:
    """Every setting's value per unit over all dealer hands, and how many there were."""
    hand = tuple(c.index for c in cards)
    wins, losses, count = [0] * len(SPLITS), [0] * len(SPLITS), 0
    with ProcessPoolExecutor(workers) as pool:
        for w, lost, n in pool.map(_part, [hand] * 40, range(40)):
            wins = [a + b for a, b in zip(wins, w, strict=True)]
            losses = [a + b for a, b in zip(losses, lost, strict=True)]
            count += n
    return [(WIN * w - lost) / count for w, lost in zip(wins, losses, strict=True)], count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=4000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rows = []
    for _ in range(args.hands):
        cards = rng.sample(DECK, 7)
        start = time.perf_counter()
        values, count = exact(cards, args.workers)
        seconds = time.perf_counter() - start
        sampled = advise(cards, samples=args.samples, seed=args.seed)
        truth = {
            frozenset((cards[i], cards[j])): v for (i, j), v in zip(SPLITS, values, strict=True)
        }
        settings = [
            {
                "front": " ".join(map(str, front)),
                "exact": round(truth[frozenset(front)], 5),
                "sampled": round(mean, 5),
                "half_width": round(half, 5),
                "covered": abs(mean - truth[frozenset(front)]) <= half,
            }
            for front, mean, half in sampled.ranked
        ]
        best_exact = max(values)
        rows.append(
            {
                "hand": " ".join(map(str, cards)),
                "dealer_hands": count,
                "seconds": round(seconds, 1),
                "covered": sum(
                    abs(mean - truth[frozenset(front)]) <= half
                    for front, mean, half in sampled.ranked
                ),
                "advised_front": settings[0]["front"],
                "advised_exact_value": settings[0]["exact"],
                "best_exact_value": round(best_exact, 5),
                "settings": settings,
            }
        )
        if not args.json:
            row = rows[-1]
            print(f"{row['hand']}: {count:,} dealer hands in {seconds:.0f} s")
            for s in settings:
                mark = "" if s["covered"] else "  <- outside"
                print(
                    f"  front {s['front']:<6} exact {s['exact']:+.4f}  "
                    f"sampled {s['sampled']:+.4f} ± {s['half_width']:.4f}{mark}"
                )
            print(
                f"  {row['covered']}/21 intervals hold the exact value; advised front "
                f"{row['advised_front']} is worth {row['advised_exact_value']:+.4f}, "
                f"the best {row['best_exact_value']:+.4f}"
            )
    if args.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
