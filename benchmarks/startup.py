"""Whole-process time of short commands, this tree beside a previous release, interleaved.

    .venv/bin/python benchmarks/startup.py [--base 9042b62] [--rounds 9]

Each command runs as a fresh process (``python -c`` calling the console entry point) with
``PYTHONPATH`` set to one tree's ``src``; the previous tree is ``git archive`` of ``--base``
(the last release before the lazily loaded commands). A run before the rounds warms both
trees' byte-code and this tree's table cache, as a user's second command would find them.
Prints each command's median seconds for both trees and their ratio.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = (
    ("--help",),
    ("eval", "As", "Ks", "Qs", "Js", "Ts", "--rules", "high"),
    ("compare", "As Ks Qs Js Ts", "Qs Qd Qc 2h 2d", "--rules", "high"),
)
ENTRY = "import sys; from pokernight.cli.main import main; sys.argv[0] = 'pokernight'; main()"


def run(src: Path, args: tuple[str, ...]) -> float:
    env = {**os.environ, "PYTHONPATH": str(src)}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", ENTRY, *args], env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def previous(base: str, into: Path) -> Path:
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", base, "src"], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="9042b62")
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        trees = {"previous": previous(args.base, Path(folder)), "now": ROOT / "src"}
        times: dict[tuple[str, str], list[float]] = {}
        for command in COMMANDS:
            for tree in trees.values():
                run(tree, command)  # warm byte-code and caches
        for _ in range(args.rounds):
            for command in COMMANDS:
                for name, tree in trees.items():
                    times.setdefault((name, command[0]), []).append(run(tree, command))
        print(f"{'command':<10} {'previous s':>11} {'now s':>8} {'now/previous':>13}")
        for command in COMMANDS:
            before = statistics.median(times[("previous", command[0])])
            now = statistics.median(times[("now", command[0])])
            print(f"{command[0]:<10} {before:>11.3f} {now:>8.3f} {now / before:>13.2f}")


if __name__ == "__main__":
    main()
