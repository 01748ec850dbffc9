"""How many rollouts a second ``pokernight advise hurricane|highlow`` plays.

Why: the rollout advisors play every legal decision out on every sampled deal, so their
answer time is (decisions x samples) / (rollouts a second); this measures that rate on a few
typical positions (one process), so the default sample counts can be chosen and checked.

Run::

    .venv/bin/python benchmarks/advise_rollouts.py [--samples 100] [--json]
"""

from __future__ import annotations

import argparse
import json
import time

from pokernight.bots.rollout_advice import advise_position
from pokernight.cli.advise_state import parse_position

HL_CARDS = "cards 2c/6h 2d/Ts 2h/3d 2s/4s 3c/8d"
POSITIONS = [
    ("hurricane", "8 seats, leading edge", "seats 8; dealer 7; seat 2; cards 7h 2s; "
     "history bet 1, call"),
    ("hurricane", "4 seats, the draw", "seats 4; dealer 3; seat 1; cards Kh 9s; "
     "history check, check, check, check, keep"),
    ("highlow", "4 seats, the draw", f"seats 4; dealer 3; seat 1; {HL_CARDS}; "
     "history check, check, check, check, keep"),
    ("highlow", "6 seats, the orientation", f"seats 6; dealer 5; seat 1; {HL_CARDS}; "
     "history check, check, check, check, check, check, keep, keep, discard ?, keep, keep, keep, "
     "orient"),
]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for game, what, state in POSITIONS:
        position = parse_position(game, state)
        start = time.perf_counter()
        choices = advise_position(position, samples=args.samples, seed=1)
        seconds = time.perf_counter() - start
        rollouts = len(choices) * args.samples
        rows.append(
            {
                "game": game,
                "position": what,
                "decisions": len(choices),
                "rollouts": rollouts,
                "seconds": round(seconds, 3),
                "rollouts_per_second": round(rollouts / seconds),
                "best": choices[0].action,
            }
        )
    if args.json:
        print(json.dumps(rows))
        return
    for r in rows:
        print(
            f"{r['game']:<10} {r['position']:<26} {r['decisions']:>3} decisions "
            f"{r['rollouts']:>6} rollouts {r['seconds']:>7.2f} s "
            f"{r['rollouts_per_second']:>6,} rollouts/s  best: {r['best']}"
        )


if __name__ == "__main__":
    main()
