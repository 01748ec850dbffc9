"""Hands per second of pokernight's simulator beside RLCard's and PokerKit's random play.

Why: pokernight's simulator is meant to be fast enough for large bot-versus-bot studies (the
target is at least 5,000 Hurricane hands per second with 8 computer seats on one core). This
script checks that target and puts the number beside two established Python poker engines,
measured on the same machine, in the same process, in the same run, so the figures can be
compared directly and re-checked whenever the engine or the bots change.

What is timed (one process, pinned to one core where the OS allows it):

* pokernight: ``play_batch("hurricane", STRATEGIES + ("random",), seed, batch, hands)``, i.e. a
  Hurricane table of 8 computer seats (the seven strategies plus a second random bot), all
  playing through the public player protocol; a fixed number of hands per measurement, with a
  new batch index (so new cards) every round.
* pokernight's slower games, each at the table ``pokernight sim`` seats by default (the house
  player and three random bots, a tenth of Hurricane's hand count): High-Low (the ``value``
  player, Monte Carlo over its opponents' cards; its target is at least 200 hands per second
  on one core) and Big Two (the ``greedy`` player). Their ratio to Hurricane is what the cost
  of a house player's thinking is measured by: one run, the same machine load.
* RLCard: ``rlcard.make("no-limit-holdem", config={"game_num_players": 8, "seed": ...})`` with 8
  ``RandomAgent``s and one ``env.run(is_training=False)`` per hand; the same fixed hand count.
* PokerKit: a fresh 8-player ``NoLimitTexasHoldem`` state per hand with every automation on
  (blinds, dealing, showdown, chip pushing), each decision a uniformly random legal choice of
  fold / check-call / min complete-bet-raise-to, until ``state.status`` is False. It is slower,
  so it runs for a fixed wall-clock budget and counts completed hands.

The cases are measured once per round in a rotated order (interleaved, so drift in machine
speed hits every case alike) after an untimed warm-up that also checks that no chips are created
or lost; the table reports the median hands per second over the rounds and the ratio to pokernight.

These are different games: pokernight plays Hurricane (two-card draw, two betting rounds around
one draw), the others play no-limit hold'em (four betting rounds), each with its own library's
random or simple bots. Same seat count, not identical work: it is a throughput comparison of
the engines.

Run (competitors: ``.venv/bin/pip install rlcard pokerkit``; a missing one is skipped with a
note)::

    .venv/bin/python benchmarks/simulate.py [--json] [--quick] [--rounds N] [--seed S]

``--json`` prints only ``{"rows": [...]}`` on stdout (notes go to stderr). ``--quick`` takes
about 10 seconds; the default run takes about 35 seconds (measured on the 2-CPU dev box).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _dist_version
from typing import Any

from pokernight.bots.hurricane import STRATEGIES
from pokernight.sim.batches import play_batch

SEATS = 8
TARGET = 5_000.0
"""pokernight's goal: Hurricane hands per second, 8 computer seats, one core."""
HOUSE_SEATS = 4
HIGHLOW_TARGET = 200.0
"""High-Low's goal: hands per second with the value player and three random bots, one core."""
BASELINE = "pokernight"
BLINDS = (1, 2)
STACK = 100
"""PokerKit table: RLCard's no-limit defaults (blinds 1/2, 100 chips each)."""

Measure = Callable[[int], int]
"""Play one measurement for the given round (0-based; -1 is the warm-up); return hands played."""


@dataclass
class Case:
    library: str
    what: str
    measure: Measure
    work: str
    """Amount of work per measurement, for the table ("2000 hands", "2.0 s")."""
    seats: int = SEATS
    target: float | None = None
    """The hands per second this case should reach, for the verdict under the table."""
    rates: list[float] = field(default_factory=list)

    def run(self, round_index: int) -> None:
        start = time.perf_counter()
        hands = self.measure(round_index)
        self.rates.append(hands / (time.perf_counter() - start))

    @property
    def median(self) -> float:
        return statistics.median(self.rates)


def version(distribution: str) -> str:
    try:
        return _dist_version(distribution)
    except PackageNotFoundError:
        return "?"


def check_chips(
    library: str, nets: Sequence[Sequence[float]], carry: bool = False, seats: int = SEATS
) -> None:
    """Every hand has one net per seat and no chips are created or lost.

    Without ``carry`` each hand sums to zero. With it (Hurricane carries an undivided remainder
    into the next hand's pot) the running total is minus the chips carried, so never positive.
    """
    total = 0.0
    for net in nets:
        total += sum(net)
        if len(net) != seats or total > 1e-9 or (not carry and abs(total) > 1e-9):
            raise RuntimeError(f"{library}: chips do not balance over {seats} seats at {net}")


def check_points(library: str, nets: Sequence[Sequence[int]]) -> None:
    """Big Two scores points, not chips: every round one seat goes out (scores 0) and no
    seat gains."""
    for net in nets:
        if len(net) != HOUSE_SEATS or max(net) != 0:
            raise RuntimeError(f"{library}: a round without one seat out at {net}")


def pokernight_case(seed: int, hands: int) -> Case:
    bots = (*STRATEGIES, "random")
    if len(bots) != SEATS:
        raise RuntimeError(f"expected {SEATS} Hurricane bots, got {len(bots)}: {bots}")

    def measure(round_index: int) -> int:
        if round_index < 0:  # warm-up on batch 0, checked
            nets = play_batch("hurricane", bots, seed, 0, min(hands, 200))
            check_chips(BASELINE, nets, carry=True)
            return len(nets)
        return len(play_batch("hurricane", bots, seed, round_index + 1, hands))

    what = "Hurricane, 7 strategies + random"
    return Case(BASELINE, what, measure, f"{hands} hands", target=TARGET)


def house_case(
    game: str,
    house: str,
    seed: int,
    hands: int,
    check: Callable[[str, Sequence[Sequence[int]]], None],
    target: float | None = None,
) -> Case:
    """``game`` as ``pokernight sim`` seats it: ``house`` and three random bots."""
    bots = (house, *("random",) * (HOUSE_SEATS - 1))

    def measure(round_index: int) -> int:
        if round_index < 0:  # warm-up on batch 0 (loads what the house player needs), checked
            nets = play_batch(game, bots, seed, 0, min(hands, 50))
            check(f"{BASELINE} {game}", nets)
            return len(nets)
        return len(play_batch(game, bots, seed, round_index + 1, hands))

    what = f"{game}, {house} + 3 random"
    return Case(BASELINE, what, measure, f"{hands} hands", HOUSE_SEATS, target)


def highlow_check(library: str, nets: Sequence[Sequence[int]]) -> None:
    check_chips(library, nets, seats=HOUSE_SEATS)


def rlcard_case(seed: int, hands: int) -> Case:
    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent

    env: Any = rlcard.make("no-limit-holdem", config={"game_num_players": SEATS, "seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions)] * SEATS)
    np.random.seed(seed % 2**32)  # RandomAgent draws from numpy's global generator

    def measure(round_index: int) -> int:
        if round_index < 0:
            nets = []
            for _ in range(min(hands, 200)):
                _, payoffs = env.run(is_training=False)
                nets.append([float(p) for p in payoffs])
            check_chips("rlcard", nets)
            return len(nets)
        run = env.run
        for _ in range(hands):
            run(is_training=False)
        return hands

    return Case(f"rlcard {version('rlcard')}", "NL hold'em, RandomAgent", measure, f"{hands} hands")


def pokerkit_case(seed: int, budget: float) -> Case:
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = tuple(Automation)  # every automation: only betting decisions are left
    rng = random.Random(seed)
    random.seed(seed)  # PokerKit shuffles its deck with the module-level generator

    def hand() -> list[int]:
        state = NoLimitTexasHoldem.create_state(
            automations, True, 0, BLINDS, BLINDS[1], (STACK,) * SEATS, SEATS
        )
        while state.status:
            choices: list[Callable[[], object]] = []
            if state.can_fold():
                choices.append(state.fold)
            if state.can_check_or_call():
                choices.append(state.check_or_call)
            if state.can_complete_bet_or_raise_to():  # no amount: the minimum
                choices.append(state.complete_bet_or_raise_to)
            if not choices:
                raise RuntimeError("pokerkit: hand still running but no betting action is legal")
            rng.choice(choices)()
        return list(state.payoffs)

    def measure(round_index: int) -> int:
        if round_index < 0:
            check_chips("pokerkit", [hand() for _ in range(50)])
            return 50
        clock = time.perf_counter
        end = clock() + budget
        played = 0
        while clock() < end:
            hand()
            played += 1
        return played

    what = "NL hold'em, random legal (min raise)"
    return Case(f"pokerkit {version('pokerkit')}", what, measure, f"{budget:g} s")


def pin_one_core(note: Callable[[str], None]) -> None:
    if not hasattr(os, "sched_setaffinity"):
        note("note: cannot pin to one core on this OS; running unpinned (still one process)")
        return
    cpus = sorted(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpus[0]})
    note(f"pinned to CPU {cpus[0]} (of {len(cpus)} available)")


def rows(cases: list[Case]) -> list[dict[str, object]]:
    """Fastest first; the ratio is to the first case, pokernight's Hurricane."""
    base = cases[0].median
    return [
        {
            "library": case.library,
            "what": case.what,
            "seats": case.seats,
            "hands_per_s": round(case.median, 1),
            "ratio_vs_pokernight": round(case.median / base, 4),
        }
        for case in sorted(cases, key=lambda c: -c.median)
    ]


def print_table(cases: list[Case], rounds: int) -> None:
    header = (
        f"{'library':<16} {'what':<36} {'seats':>5} {'hands/s':>10} {'vs pn':>8} "
        f"{'min-max hands/s':>17} {'per round':>11}"
    )
    print(header)
    print("-" * len(header))
    for row, case in zip(rows(cases), sorted(cases, key=lambda c: -c.median), strict=True):
        ratio = row["ratio_vs_pokernight"]
        ratio_text = f"{ratio:.3f}" if isinstance(ratio, float) else "-"
        spread = f"{min(case.rates):,.0f}-{max(case.rates):,.0f}"
        print(
            f"{case.library:<16} {case.what:<36} {case.seats:>5} {case.median:>10,.0f} "
            f"{ratio_text:>8} {spread:>17} {case.work:>11}"
        )
    print()
    for case in cases:
        if case.target is not None:
            verdict = "met" if case.median >= case.target else "NOT met"
            print(f"target >= {case.target:,.0f} hands/s on one core, {case.what}: {verdict}")
    footnote = (
        f"Median of {rounds} interleaved rounds, one process on one core. 'vs pn' = hands/s "
        "divided by pokernight's Hurricane. Different games: pokernight plays Hurricane "
        f"(two-card draw, {SEATS} seats, 2 betting rounds + a draw), and High-Low and Big Two "
        "at their default tables; RLCard and PokerKit play no-limit hold'em "
        f"(blinds {BLINDS[0]}/{BLINDS[1]}, {STACK}-chip stacks, 4 betting rounds), each with "
        "its own library's random or simple bots. Not identical work: a throughput "
        "comparison of the engines, and of the house players' thinking."
    )
    print(textwrap.fill(footnote, width=100))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--json", action="store_true", help="print JSON only")
    parser.add_argument("--quick", action="store_true", help="a run of a few seconds")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    hands = 400 if args.quick else 2_000
    budget = 0.5 if args.quick else 2.0
    stream = sys.stderr if args.json else sys.stdout

    def note(message: str) -> None:
        print(message, file=stream, flush=True)

    pin_one_core(note)
    cases = [
        pokernight_case(args.seed, hands),
        house_case("highlow", "value", args.seed, hands // 10, highlow_check, HIGHLOW_TARGET),
        house_case("bigtwo", "greedy", args.seed, hands // 10, check_points),
    ]
    competitors: list[tuple[str, Callable[[], Case]]] = [
        ("rlcard", lambda: rlcard_case(args.seed, hands)),
        ("pokerkit", lambda: pokerkit_case(args.seed, budget)),
    ]
    for name, make in competitors:
        try:
            cases.append(make())
        except Exception as error:  # not installed, or an API this script does not know
            note(f"note: {name} is unavailable ({type(error).__name__}: {error}); skipped")

    note(f"warming up {len(cases)} cases (untimed, chips checked) ...")
    for case in list(cases):
        try:
            case.measure(-1)
        except Exception as error:
            if case.library == BASELINE:
                raise
            why = f"{type(error).__name__}: {error}"
            note(f"note: {case.library} failed its warm-up ({why}); skipped")
            cases.remove(case)
    for r in range(args.rounds):
        note(f"round {r + 1}/{args.rounds}")
        shift = (r * len(cases)) // args.rounds
        for case in cases[shift:] + cases[:shift]:
            case.run(r)

    if args.json:
        print(json.dumps({"rows": rows(cases)}, indent=2))
    else:
        print()
        print_table(cases, args.rounds)


if __name__ == "__main__":
    main()
