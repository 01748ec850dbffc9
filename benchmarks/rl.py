"""Steps per second of pokernight's learning environments beside RLCard's, in one run.

Why: research code steps an environment millions of times, so ``PokerEnv`` (PettingZoo AEC)
should run near the simulator's speed (issue 41's targets: Hurricane at 30,000 steps/s or
more on one core, and ``VectorPokerEnv`` at 100,000 or more on two), and the figures mean most
beside an established library's environment measured on the same machine in the same run.

What is timed (a step is one decision taken; the steps PettingZoo asks of a seat whose hand
is over are not counted):

* ``PokerEnv(game)`` at the catalog's table, stepped as its documentation shows
  (``agent_iter``, ``last``, a uniformly random legal action from the mask, ``step``), one
  episode after another from ``reset(seed=S)``.
* ``VectorPokerEnv(game, tables=T, processes=P)``: ``step(sample_legal(mask, rng))`` on every
  table at once, auto-reset included; each step counts T decisions.
* RLCard (``limit-holdem`` and ``no-limit-holdem``) at Hurricane's seat count, stepped the same
  way as ``PokerEnv``: ``reset``, then a random legal action of ``state["legal_actions"]`` per
  ``step`` until ``is_over``.

Each case runs for a fixed time per round, the rounds interleaved (drift in the machine's speed
hits every case alike) after an untimed warm-up; the median of the rounds is reported, as
steps per wall-clock second and, for a case in one process, steps per CPU second of that
process (less swayed by other programs on a shared machine). The machine's
load average is printed before and after, since a loaded machine shares its cores.

Run (RLCard: ``.venv/bin/pip install rlcard``; missing, it is skipped with a note)::

    .venv/bin/python benchmarks/rl.py [--json] [--quick] [--rounds N] [--seed S]

``--quick`` takes about 15 seconds; the default run about a minute.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pokernight.rl.aec import PokerEnv
from pokernight.rl.vector import VectorPokerEnv, sample_legal

GAMES = ("hurricane", "highlow", "bigtwo", "draw", "paigow")
TABLES = 128
"""Tables per process of a vector: enough that a step's fixed costs vanish, few enough that
the hands stay in the processor's caches (1,024 tables per process ran a third slower)."""
HURRICANE_SEATS = 7
"""The catalog's Hurricane table, and the seat count RLCard's tables get."""
TARGETS = {("PokerEnv", "hurricane", 1): 30_000.0, ("VectorPokerEnv", "hurricane", 2): 100_000.0}

Measure = Callable[[float], tuple[int, float]]
"""Step for about ``budget`` seconds; return the steps taken and the CPU seconds spent."""


@dataclass
class Case:
    library: str
    game: str
    processes: int
    measure: Measure
    closing: Callable[[], None] | None = None
    """Ends what the case started (a vector's worker processes)."""
    walls: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)

    def run(self, budget: float) -> None:
        start = time.perf_counter()
        steps, cpu = self.measure(budget)
        self.walls.append(steps / (time.perf_counter() - start))
        self.cpus.append(steps / cpu)

    @property
    def wall(self) -> float:
        return statistics.median(self.walls)

    @property
    def cpu(self) -> float | None:
        """Steps per CPU second of the caller's process: the whole work only in one process
        (a vector's workers are not counted, so none is given for it)."""
        return statistics.median(self.cpus) if self.processes == 1 else None


def aec_case(game: str, seed: int) -> Case:
    env = PokerEnv(game)
    rng = random.Random(seed)
    env.reset(seed=seed)

    def measure(budget: float) -> tuple[int, float]:
        steps, cpu, end = 0, time.process_time(), time.perf_counter() + budget
        while time.perf_counter() < end:
            for _ in env.agent_iter():
                observation, _, over, truncated, _ = env.last()
                if over or truncated:
                    env.step(None)
                    continue
                legal = observation["action_mask"].nonzero()[0]
                env.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
            env.reset()
        return steps, time.process_time() - cpu

    return Case("PokerEnv", game, 1, measure)


def vector_case(game: str, seed: int, processes: int) -> Case:
    env = VectorPokerEnv(game, tables=TABLES * processes, processes=processes)
    rng = np.random.default_rng(seed)
    batch = env.reset(seed=seed)

    def measure(budget: float) -> tuple[int, float]:
        nonlocal batch
        steps, cpu, end = 0, time.process_time(), time.perf_counter() + budget
        while time.perf_counter() < end:
            batch = env.step(sample_legal(batch.action_mask, rng))
            steps += env.tables
        return steps, time.process_time() - cpu

    return Case("VectorPokerEnv", game, processes, measure, closing=env.close)


def rlcard_case(name: str, seed: int) -> Case:
    import rlcard

    env: Any = rlcard.make(name, config={"game_num_players": HURRICANE_SEATS, "seed": seed})
    rng = random.Random(seed)

    def measure(budget: float) -> tuple[int, float]:
        steps, cpu, end = 0, time.process_time(), time.perf_counter() + budget
        while time.perf_counter() < end:
            state, _ = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[rng.randrange(len(legal))])
                steps += 1
        return steps, time.process_time() - cpu

    return Case(f"rlcard {rlcard.__version__}", name, 1, measure)


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} cores"


def rows(cases: Sequence[Case]) -> list[dict[str, object]]:
    """Each case, with its ratio to ``PokerEnv`` on the same game (Hurricane's for RLCard's
    hold'em, played at Hurricane's seat count)."""
    single = {c.game: c.wall for c in cases if c.library == "PokerEnv"}
    base = single["hurricane"]
    return [
        {
            "library": c.library,
            "game": c.game,
            "processes": c.processes,
            "steps_per_s": round(c.wall),
            "steps_per_cpu_s": None if c.cpu is None else round(c.cpu),
            "vs_PokerEnv": round(c.wall / single.get(c.game, base), 3),
            "target": TARGETS.get((c.library, c.game, c.processes)),
        }
        for c in cases
    ]


def print_table(table: list[dict[str, object]], rounds: int, before: str, after: str) -> None:
    header = (
        f"{'library':<16} {'game':<16} {'procs':>5} {'steps/s':>10} {'steps/cpu-s':>12} "
        f"{'vs PokerEnv':>12} {'target':>9}"
    )
    print(header)
    print("-" * len(header))
    for row in table:
        target = row["target"]
        verdict = "" if not isinstance(target, float) else f"{target:,.0f}"
        cpu = "-" if row["steps_per_cpu_s"] is None else f"{row['steps_per_cpu_s']:,}"
        print(
            f"{row['library']!s:<16} {row['game']!s:<16} {row['processes']!s:>5} "
            f"{row['steps_per_s']:>10,} {cpu:>12} "
            f"{row['vs_PokerEnv']!s:>12} {verdict:>9}"
        )
    print()
    print(f"Median of {rounds} interleaved rounds. Before: {before}. After: {after}.")
    print(
        "'vs PokerEnv': steps/s over PokerEnv's on the same game (RLCard's: over Hurricane's,"
        f" {HURRICANE_SEATS} seats each). Different games, the same way of stepping."
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--json", action="store_true", help="print JSON only")
    parser.add_argument("--quick", action="store_true", help="a run of about 15 seconds")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default 3)")
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args(argv)
    budget = 0.4 if args.quick else 1.5
    stream = sys.stderr if args.json else sys.stdout
    before = load()
    print(before, file=stream, flush=True)
    cases = [aec_case(game, args.seed) for game in GAMES]
    cases += [vector_case(game, args.seed, 1) for game in GAMES]
    cases += [vector_case("hurricane", args.seed, 2)]
    for name in ("limit-holdem", "no-limit-holdem"):
        try:
            cases.append(rlcard_case(name, args.seed))
        except Exception as error:  # not installed, or an API this script does not know
            print(f"note: rlcard {name} unavailable ({error}); skipped", file=stream)
    for case in cases:
        case.measure(0.1)  # warm-up, untimed
    for r in range(args.rounds):
        print(f"round {r + 1}/{args.rounds}", file=stream, flush=True)
        shift = (r * len(cases)) // args.rounds
        for case in cases[shift:] + cases[:shift]:
            case.run(budget)
    after = load()
    for case in cases:
        if case.closing is not None:
            case.closing()
    table = rows(cases)
    if args.json:
        print(json.dumps({"before": before, "after": after, "rows": table}, indent=2))
    else:
        print()
        print_table(table, args.rounds, before, after)


if __name__ == "__main__":
    main()
