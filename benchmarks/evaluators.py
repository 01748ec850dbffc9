"""Throughput of pokernight's hand evaluators beside treys, eval7, phevaluator and pokerkit.

Why: pokernight claims its evaluators are competitive with the established Python poker
libraries, and that its wild-card rule sets cost no more than plain high poker. This script
measures that claim on one machine, in one process, on the very same random hands, so the
numbers can be compared directly and re-checked whenever an evaluator changes.

How: every (library, path, card count) case evaluates a prefix of one shared set of random
distinct-card hands, converted to each library's card representation before any timing. Cases
run once per round, in a rotated order each round (interleaved, so drift in machine speed hits
every case alike), and the table reports the median evaluations per second. Per-hand paths are
driven by ``map``/``itertools.starmap`` so loop overhead is minimal and identical for every
library; batch paths take a whole numpy array and run on every core numba is given. Before any
timing, pokernight's ordering is checked against treys on every pair of 1,000 hands.

Run (competitors come from the ``bench`` extra; a missing one is skipped with a note)::

    .venv/bin/python benchmarks/evaluators.py [--json] [--quick] [--rounds N]

``--json`` prints only ``{"rows": [...], "count_seconds": {...}}`` on stdout (notes go to
stderr). ``--quick`` takes about 20 seconds; the default run stays under about 3 minutes.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from pokernight.cards import DualCard, card_from_index, dual641_deck
from pokernight.hands import batch, packing
from pokernight.hands.count import count
from pokernight.hands.five import best_orientation, key_function
from pokernight.hands.rules import HandRules, preset

I64 = npt.NDArray[np.int64]
Runner = Callable[[], object]
Factory = Callable[[int], Runner]
"""Given a number of hands, prepare (untimed) a callable that evaluates that many hands."""

RANKS = "23456789TJQKA"
SUITS = "cdhs"
JOKER = 52
WILD_PRESETS = ("deuces-wild", "joker-wild", "joker-bug", "paigow-high")
LOW_PRESETS = ("ace-to-five", "deuce-to-seven")
DUAL_PRESETS = ("dual-high", "dual-low")
DUAL_JOKERS = 2
"""The High-Low table's most jokers: its hands are dealt from dual641 and two jokers, and
valued by the presets with ``jokers=2``."""
COUNT_PRESETS = ("high", *WILD_PRESETS)
CARD_COUNTS = (5, 7)
BASELINE = "phevaluator"
CHECK_HANDS = 1_000


@dataclass
class Case:
    library: str
    path: str
    cards: int
    factory: Factory
    available: int
    batch: bool = False
    n: int = 0
    reps: int = 1
    runner: Runner | None = None
    rates: list[float] = field(default_factory=list)

    def calibrate(self, target: float) -> None:
        """Pick the number of hands (and repetitions) so one measurement takes ``target`` s."""
        probe = min(self.available, 100_000 if self.batch else 500)
        run = self.factory(probe)
        run()  # warm-up: first-call table builds and kernel compilation stay untimed
        start = time.perf_counter()
        run()
        rate = probe / max(time.perf_counter() - start, 1e-9)
        wanted = max(int(rate * target), 1)
        self.n = min(self.available, max(wanted, 500))
        self.reps = max(1, math.ceil(wanted / self.n))
        self.runner = self.factory(self.n)
        self.runner()

    def measure(self) -> None:
        assert self.runner is not None
        run, reps = self.runner, self.reps
        start = time.perf_counter()
        for _ in range(reps):
            run()
        self.rates.append(self.n * reps / (time.perf_counter() - start))

    @property
    def median(self) -> float:
        return statistics.median(self.rates)


def consume(results: Iterable[object]) -> None:
    deque(results, maxlen=0)


def per_hand(function: Callable[[Any], object], hands: Sequence[Any]) -> Factory:
    def factory(n: int) -> Runner:
        data = list(hands[:n])
        return lambda: consume(map(function, data))

    return factory


def per_hand_star(function: Callable[..., object], hands: Sequence[Sequence[Any]]) -> Factory:
    def factory(n: int) -> Runner:
        data = list(hands[:n])
        return lambda: consume(itertools.starmap(function, data))

    return factory


def random_hands(rng: np.random.Generator, count_: int, deck: int, size: int) -> I64:
    """``count_`` hands of ``size`` distinct cards drawn uniformly from ``deck`` cards."""
    order = np.argsort(rng.random((count_, deck)), axis=1)[:, :size]
    return np.ascontiguousarray(order, dtype=np.int64)


def card_name(index: int) -> str:
    return RANKS[index // 4] + SUITS[index % 4]


def split_hole_board(hand: Sequence[Any]) -> tuple[list[Any], list[Any]]:
    """Two hole cards and the rest as a board (treys' and pokerkit's calling convention)."""
    return list(hand[:2]), list(hand[2:])


# --- pokernight -------------------------------------------------------------------------


def pokernight_cases(
    hands: dict[int, I64],
    joker_hands: dict[int, I64],
    duals: dict[int, I64],
    repeat: int,
) -> list[Case]:
    """Per hand: every benchmarked preset (eval7 and phevaluator evaluate only the first).
    Batches: on every core, and on one core (the per-core rate, like for like with a C
    evaluator's single thread), dual-value hands included (``duals``: by the number of
    jokers in the deck they are dealt from), by the deck's table and, for comparison, by the
    32-orientation kernel the table is made with. Batches take the hands ``repeat`` times
    over: a call of 200,000 hands lasts under a millisecond, about what numba's threads take
    to wake on a shared machine, so shorter calls would time the waking."""
    batches = {size: np.tile(array, (repeat, 1)) for size, array in hands.items()}
    joker_batches = {size: np.tile(array, (repeat, 1)) for size, array in joker_hands.items()}
    cases: list[Case] = []
    for name in ("high", *WILD_PRESETS):
        rules = preset(name)
        for size in CARD_COUNTS:
            pool = joker_hands if rules.has_joker else hands
            ints = [tuple(h) for h in pool[size].tolist()]
            path = "key_function" if name == "high" else f"key_function[{name}]"
            runner = per_hand(key_function(rules, size), ints)
            cases.append(Case("pokernight", path, size, runner, len(ints)))
    for name in ("high", *WILD_PRESETS, *LOW_PRESETS):
        rules = preset(name)
        for size in CARD_COUNTS:
            array = joker_batches[size] if rules.has_joker else batches[size]
            path = "batch.keys" if name == "high" else f"batch.keys[{name}]"
            for cores in (0, 1) if name not in LOW_PRESETS else (1,):
                where = " 1 core" if cores else ""
                runner = batch_factory(array, name, cores)
                cases.append(Case("pokernight", path + where, size, runner, len(array), True))
    dual_batches = {j: np.tile(array, (repeat, 1, 1)) for j, array in duals.items()}
    for name in DUAL_PRESETS:
        for jokers, array in dual_batches.items():
            rules = dual_rules(name, jokers)
            label = f"batch.keys[{name}{', 2 jokers' if jokers else ''}]"
            for cores in (0, 1):
                where = " 1 core" if cores else ""
                runner = batch_factory(array, rules, cores)
                cases.append(Case("pokernight", label + where, 5, runner, len(array), True))
    runner = batch_factory(dual_batches[0], dual_rules("dual-high", 0), 1, orientations=True)
    path = "kernels.dual_keys[dual-high] 1 core"
    cases.append(Case("pokernight", path, 5, runner, len(dual_batches[0]), batch=True))
    return cases


def dual_rules(name: str, jokers: int) -> HandRules:
    """The preset as the High-Low table plays it with ``jokers`` in its deck."""
    return preset(name).with_options(jokers=max(1, jokers))


def batch_factory(
    array: I64, name: str | HandRules, cores: int = 0, *, orientations: bool = False
) -> Factory:
    """Batches of ``array`` under ``name``; ``cores``: numba's threads (0: all of them);
    ``orientations``: dual hands by the 32-orientation kernel, not the deck's table."""
    import numba

    rules = preset(name) if isinstance(name, str) else name

    def factory(n: int) -> Runner:
        data = np.ascontiguousarray(array[:n])
        if orientations:
            from pokernight.hands import kernels

            out = np.empty(n, dtype=np.int64)
            tables = packing.kernel_args(packing.packed(rules, 5))

            def evaluate() -> object:
                kernels.dual_keys(data, out, *tables)
                return out

        else:

            def evaluate() -> object:
                return batch.keys(data, rules)

        if not cores:
            return evaluate

        def run() -> None:
            every = numba.get_num_threads()
            numba.set_num_threads(cores)
            try:
                evaluate()
            finally:
                numba.set_num_threads(every)

        return run

    return factory


def dual_hands(rng: np.random.Generator, count_: int, jokers: int = 0) -> I64:
    """``count_`` hands of five dual-value cards dealt from the dual641 deck and ``jokers``
    jokers, as (top, bottom) ends, each card given the way up the deck holds it."""
    deck = dual641_deck()
    ends = np.array(
        [(c.top.index, c.bottom.index) for c in deck] + [(JOKER, JOKER)] * jokers, dtype=np.int64
    )
    return np.ascontiguousarray(ends[random_hands(rng, count_, len(ends), 5)])


def pokernight_keys(hands: I64, name: str = "high") -> I64:
    rules = preset(name)
    function = key_function(rules, hands.shape[1])
    return np.array([function(h) for h in hands.tolist()], dtype=np.int64)


# --- competitors (no type stubs: their use stays in these functions) ---------------------


def treys_cases(hands: dict[int, I64]) -> list[Case]:
    from treys import Card, Evaluator

    evaluator = Evaluator()
    table = [Card.new(card_name(i)) for i in range(52)]
    cases = []
    for size in CARD_COUNTS:
        pairs = [split_hole_board([table[c] for c in h]) for h in hands[size].tolist()]
        cases.append(
            Case(
                "treys",
                "Evaluator.evaluate",
                size,
                per_hand_star(evaluator.evaluate, pairs),
                len(pairs),
            )
        )
    return cases


def treys_values(hands: I64) -> I64:
    """treys ranks (1 = royal flush: lower is better)."""
    from treys import Card, Evaluator

    evaluator = Evaluator()
    table = [Card.new(card_name(i)) for i in range(52)]
    values = []
    for h in hands.tolist():
        hole, board = split_hole_board([table[c] for c in h])
        values.append(evaluator.evaluate(hole, board))
    return np.array(values, dtype=np.int64)


def eval7_cases(hands: dict[int, I64]) -> list[Case]:
    import eval7

    table = [eval7.Card(card_name(i)) for i in range(52)]
    cases = []
    for size in CARD_COUNTS:
        lists = [[table[c] for c in h] for h in hands[size].tolist()]
        cases.append(Case("eval7", "evaluate", size, per_hand(eval7.evaluate, lists), len(lists)))
    return cases


def phevaluator_cases(hands: dict[int, I64]) -> list[Case]:
    """Every Python-reachable path: the generic entry point, the size-specific wrapper, and the
    C extension function the wrapper calls (card ids are pokernight's indexes already)."""
    # Plain submodule imports: ``from phevaluator import ...`` recurses in its lazy __getattr__.
    import phevaluator.evaluator as evaluator

    _pheval = evaluator._pheval

    cases = []
    for size in CARD_COUNTS:
        ints = [tuple(h) for h in hands[size].tolist()]
        paths = {
            "evaluate_cards": evaluator.evaluate_cards,
            f"evaluate_{size}cards": getattr(evaluator, f"evaluate_{size}cards"),
            f"_pheval.evaluate_{size}cards": getattr(_pheval, f"evaluate_{size}cards"),
        }
        for path, function in paths.items():
            cases.append(Case(BASELINE, path, size, per_hand_star(function, ints), len(ints)))
    return cases


def phevaluator_values(hands: I64) -> I64:
    import phevaluator.evaluator as evaluator

    return np.array([evaluator.evaluate_cards(*h) for h in hands.tolist()], dtype=np.int64)


def pokerkit_cases(hands: dict[int, I64], limit: int) -> list[Case]:
    from pokerkit import Card, StandardHighHand

    table = [next(iter(Card.parse(card_name(i)))) for i in range(52)]
    cases = []
    for size in CARD_COUNTS:
        pairs = [
            tuple(tuple(part) for part in split_hole_board([table[c] for c in h]))
            for h in hands[size][:limit].tolist()
        ]
        runner = per_hand_star(StandardHighHand.from_game, pairs)
        cases.append(Case("pokerkit", "StandardHighHand.from_game", size, runner, len(pairs)))
    return cases


# --- checks, counts, reporting ----------------------------------------------------------


def check(
    hands: dict[int, I64],
    joker_hands: dict[int, I64],
    duals: dict[int, I64],
    note: Callable[[str], None],
) -> None:
    """Abort unless pokernight orders hands as treys does (every pair of ``CHECK_HANDS`` hands)
    and the batch path returns the per-hand keys, for every preset benchmarked (dual hands:
    the per-hand best of 32 orientations)."""
    for size in CARD_COUNTS:
        sample = hands[size][:CHECK_HANDS]
        ours = pokernight_keys(sample)
        try:
            theirs, source = treys_values(sample), "treys"
        except ImportError:
            try:
                theirs, source = phevaluator_values(sample), "phevaluator"
            except ImportError:
                note("check: neither treys nor phevaluator installed; ordering not checked")
                theirs, source = -ours, "itself"
        agree = np.sign(ours[:, None] - ours[None, :]) == np.sign(theirs[None, :] - theirs[:, None])
        if not agree.all():
            i, j = (int(x) for x in np.argwhere(~agree)[0])
            sys.exit(
                f"ABORT: pokernight disagrees with {source} on {size}-card hands "
                f"{[card_name(c) for c in sample[i]]} vs {[card_name(c) for c in sample[j]]}"
            )
        for name in ("high", *WILD_PRESETS, *LOW_PRESETS):
            pool = joker_hands if preset(name).has_joker else hands
            subset = pool[size][:CHECK_HANDS]
            if not np.array_equal(batch.keys(subset, preset(name)), pokernight_keys(subset, name)):
                sys.exit(f"ABORT: batch.keys differs from key_function for {name}, {size} cards")
    for name in DUAL_PRESETS:
        for jokers, array in duals.items():
            rules = dual_rules(name, jokers)
            subset = array[:CHECK_HANDS]
            cards = [
                [DualCard(card_from_index(t), card_from_index(b)) for t, b in h]
                for h in subset.tolist()
            ]
            expected = [best_orientation(h, rules)[0] for h in cards]
            if batch.keys(subset, rules).tolist() != expected:
                sys.exit(f"ABORT: batch.keys differs from best_orientation for {name}, {jokers}")


def count_seconds() -> dict[str, float]:
    """Seconds for a full-deck enumeration of each preset, once warm (first run untimed)."""
    seconds = {}
    for name in COUNT_PRESETS:
        count(preset(name))
        start = time.perf_counter()
        count(preset(name))
        seconds[name] = time.perf_counter() - start
    return seconds


def rows(cases: list[Case]) -> list[dict[str, object]]:
    baseline: dict[int, float] = {}
    for case in cases:
        if case.library == BASELINE:
            baseline[case.cards] = max(baseline.get(case.cards, 0.0), case.median)
    out: list[dict[str, object]] = []
    for case in sorted(cases, key=lambda c: (c.cards, -c.median)):
        base = baseline.get(case.cards)
        out.append(
            {
                "library": case.library,
                "path": case.path,
                "cards": case.cards,
                "evals_per_s": round(case.median, 1),
                "ratio_vs_phevaluator": round(case.median / base, 3) if base else None,
            }
        )
    return out


def print_tables(
    table: list[dict[str, object]], cases: list[Case], counts: dict[str, float], rounds: int
) -> None:
    sizes = {(c.library, c.path, c.cards): c for c in cases}
    header = f"{'library':<12} {'path':<40} {'cards':>5} {'evals/s':>14} {'vs phe':>8} {'hands':>8}"
    print(header)
    print("-" * len(header))
    for row in table:
        case = sizes[(str(row["library"]), str(row["path"]), int(str(row["cards"])))]
        ratio = row["ratio_vs_phevaluator"]
        ratio_text = f"{ratio:.3f}" if isinstance(ratio, float) else "-"
        hands = f"{case.n}x{case.reps}" if case.reps > 1 else str(case.n)
        print(
            f"{row['library']!s:<12} {row['path']!s:<40} {row['cards']!s:>5} "
            f"{float(str(row['evals_per_s'])):>14,.0f} {ratio_text:>8} {hands:>8}"
        )
    print()
    try:
        import numba

        threads = f"{numba.get_num_threads()} numba threads (prange)"
    except ImportError:  # pragma: no cover - numba is a dependency
        threads = "numba threads"
    print(
        f"Median of {rounds} interleaved rounds. Per-hand paths are single-threaded Python calls "
        "(map/starmap over pre-converted hands); pokernight batch.keys runs on "
        f"{threads}, so it is not a like-for-like single-core comparison; the '1 core' rows "
        "run it on one thread. A dual-value hand is one read of its deck's table; "
        "kernels.dual_keys values it over its 32 orientations, as the table is made. "
        "'vs phe' = evals/s / phevaluator's fastest path for the same card count. "
        "'hands' = hands per measurement (x repetitions)."
    )
    print()
    print(f"{'count(preset)':<16} {'seconds':>8} {'target':>7}")
    for name, seconds in counts.items():
        target = 0.5 if name == "high" else 2.0
        verdict = "ok" if seconds < target else "SLOW"
        print(f"{name:<16} {seconds:>8.3f} {'<' + str(target):>7} {verdict}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--json", action="store_true", help="print JSON only")
    parser.add_argument("--quick", action="store_true", help="a ~20 s run")
    parser.add_argument("--rounds", type=int, default=None, help="interleaved rounds (default 5)")
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args(argv)
    rounds = args.rounds or (3 if args.quick else 5)
    target = 0.08 if args.quick else 0.4
    total = 50_000 if args.quick else 200_000
    pokerkit_limit = 1_000 if args.quick else 2_000
    stream = sys.stderr if args.json else sys.stdout

    def note(message: str) -> None:
        print(message, file=stream, flush=True)

    rng = np.random.default_rng(args.seed)
    hands7 = random_hands(rng, total, 52, 7)
    joker7 = random_hands(rng, total, 53, 7)
    hands = {size: np.ascontiguousarray(hands7[:, :size]) for size in CARD_COUNTS}
    joker_hands = {size: np.ascontiguousarray(joker7[:, :size]) for size in CARD_COUNTS}
    duals = {j: dual_hands(rng, total, j) for j in (0, DUAL_JOKERS)}

    note("checking pokernight against treys ...")
    check(hands, joker_hands, duals, note)

    cases = pokernight_cases(hands, joker_hands, duals, 1 if args.quick else 5)
    competitors: list[tuple[str, Callable[[], list[Case]]]] = [
        ("treys", lambda: treys_cases(hands)),
        ("eval7", lambda: eval7_cases(hands)),
        ("phevaluator", lambda: phevaluator_cases(hands)),
        ("pokerkit", lambda: pokerkit_cases(hands, pokerkit_limit)),
    ]
    for name, make in competitors:
        try:
            cases.extend(make())
        except ImportError as error:
            note(f"note: {name} is not installed ({error}); skipped")

    note(f"calibrating {len(cases)} cases ...")
    for case in cases:
        case.calibrate(target)
    for r in range(rounds):
        note(f"round {r + 1}/{rounds}")
        shift = (r * len(cases)) // rounds
        for case in cases[shift:] + cases[:shift]:
            case.measure()

    note("timing count() ...")
    counts = count_seconds()
    table = rows(cases)
    if args.json:
        payload = {"rows": table, "count_seconds": {k: round(v, 4) for k, v in counts.items()}}
        print(json.dumps(payload, indent=2))
    else:
        print()
        print_tables(table, cases, counts, rounds)


if __name__ == "__main__":
    main()
