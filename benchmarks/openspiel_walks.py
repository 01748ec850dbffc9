"""The solver against OpenSpiel where it takes too long for CI: the check ``tests/solve``
makes on 3 ranks with seat 1 the dealer (the exported policy's exploitability is the solver's
own) and OpenSpiel's CFR+ reaching the solver's game value, on the 4-rank deck (``--ranks 3``:
on the tests' deck), and the first on 3 ranks with the dealer drawn by chance (the solver's
one strategy plays both seats), each timed.

    .venv/bin/python benchmarks/openspiel_walks.py [--ranks 4]

Needs the ``openspiel`` extra; run from the repository's root folder (it reads the checks
from ``tests/solve/openspiel_checks.py``). A failed check stops it with an AssertionError.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' checks

from tests.solve.openspiel_checks import (
    cfr_value_check,
    exploitability_check,
    game,
    solved,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ranks", type=int, default=4, help="ranks in the deck (3 to 5)")
    ranks = parser.parse_args().ranks
    start = time.perf_counter()
    exploitability_check(game(3, -1), solved(3, 30, True))
    seconds = time.perf_counter() - start
    print(f"3 ranks, either seat the dealer: exploitability is OpenSpiel's: {seconds:.1f} s")
    start = time.perf_counter()
    walked = game(ranks, 1)
    print(f"{ranks} ranks: OpenSpiel's tree cached in {time.perf_counter() - start:.1f} s")
    start = time.perf_counter()
    exploitability_check(walked, solved(ranks, 30, True), dealer=1)
    print(f"exploitability is OpenSpiel's: {time.perf_counter() - start:.1f} s")
    start = time.perf_counter()
    cfr_value_check(walked, ranks, 300, 150)
    print(f"OpenSpiel's CFR+ reaches the same value: {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
