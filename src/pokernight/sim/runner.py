"""Seeded simulations whose result does not depend on how many workers run them.

Hands are cut into fixed batches (``sim.batches``) merged in batch order, so the totals are
the same for any worker count or backend. Each seat's net per hand gets a 95% confidence
interval (normal approximation); each bot's cumulative net is kept after every batch with
its 95% band, for plots.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

from pokernight.catalog import Prepare, check, entry, prepare_quietly, seat_table
from pokernight.errors import InvalidRules
from pokernight.sim.backends import executor
from pokernight.sim.batches import Batch, SeatResult, Tally, tally_batch

BATCH = 500
Progress = Callable[[int, int], None]
Options = Mapping[str, str]
Sink = Callable[[str], object]


@dataclass(frozen=True)
class Checkpoint:
    """After ``hands`` hands: each distinct bot's cumulative net and its 95% half-width."""

    hands: int
    nets: tuple[int, ...]
    halves: tuple[float, ...]


@dataclass(frozen=True)
class SimResult:
    game: str
    hands: int
    seed: int
    seats: tuple[SeatResult, ...]
    by_bot: dict[str, SeatResult]
    seconds: float
    curve: tuple[Checkpoint, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "hands": self.hands,
            "seed": self.seed,
            "seats": [r.to_json() for r in self.seats],
            "by_bot": {name: r.to_json() for name, r in self.by_bot.items()},
            "seconds": round(self.seconds, 3),
        }


def lineup(game: str, bots: Sequence[str] | None, options: Options) -> tuple[str, ...]:
    """The bots of every seat (the game's default line-up unless named), checked by the
    catalog against the game's bots, seats and options."""
    entry(game).spec.check_choices(options)  # before the default line-up reads them
    names = tuple(bots) if bots else entry(game).lineup(options)
    check(game, len(names), dict(enumerate(names)), options)
    return names


def prepare(game: str, names: tuple[str, ...], options: Options, run: Prepare | None) -> None:
    """The bots' one-time work (a solve on first use), done here before any batch so the
    workers, each seating its own bots, find it done rather than all doing it at once."""
    work = seat_table(game, 0, len(names), dict(enumerate(names)), options).preparations
    if work:
        (run or prepare_quietly)(work)


def simulate(
    game: str,
    hands: int,
    bots: Sequence[str] | None = None,
    seed: int = 0,
    workers: int = 1,
    progress: Progress | None = None,
    options: Options | None = None,
    backend: str = "process",
    sink: Sink | None = None,
    run: Prepare | None = None,
) -> SimResult:
    """Play ``hands`` hands between ``bots`` (one per seat); ``sink`` receives each hand's
    record line (newline included), in order; ``run`` runs the bots' one-time work first."""
    options = dict(options or {})
    names = lineup(game, bots, options)
    if workers < 1:
        raise InvalidRules(f"workers: at least 1, not {workers}")
    if hands < 1:
        raise InvalidRules("simulate at least one hand")
    prepare(game, names, options, run)
    start = time.perf_counter()
    with executor(backend, workers) as pool:
        total, curve = play(pool, game, names, hands, seed, 0, options, progress, sink)
    unit = entry(game).spec.rules.unit
    seats = tuple(total.result(s, name, unit) for s, name in enumerate(names))
    by_bot = {
        name: total.result(len(names) + i, name, unit)
        for i, name in enumerate(dict.fromkeys(names))
    }
    return SimResult(game, hands, seed, seats, by_bot, time.perf_counter() - start, curve)


def play(
    pool: Executor | None,
    game: str,
    names: tuple[str, ...],
    hands: int,
    seed: int,
    first: int,
    options: Options,
    progress: Progress | None = None,
    sink: Sink | None = None,
) -> tuple[Tally, tuple[Checkpoint, ...]]:
    """Merge the batches ``first``, ``first + 1``, ... of ``hands`` hands in order, with
    each distinct bot's cumulative net and band after every batch."""
    sizes = [min(BATCH, hands - b * BATCH) for b in range((hands + BATCH - 1) // BATCH)]
    jobs = [
        (game, names, seed, first + b, size, options, sink is not None)
        for b, size in enumerate(sizes)
    ]
    batches: Iterator[Batch]
    if pool is None:
        batches = (tally_batch(*job) for job in jobs)
    else:
        futures = [pool.submit(tally_batch, *job) for job in jobs]
        batches = (future.result() for future in futures)
    bots = range(len(names), len(names) + len(dict.fromkeys(names)))
    total = Tally.empty(bots.stop)
    curve: list[Checkpoint] = []
    done = 0
    for batch, size in zip(batches, sizes, strict=True):
        total.merge(batch.tally)
        for line in batch.records:
            if sink is not None:
                sink(line + "\n")
        done += size
        nets = tuple(total.sums[c][1] for c in bots)
        halves = tuple(1.96 * math.sqrt(total.variance(c) * done) for c in bots)
        curve.append(Checkpoint(done, nets, halves))
        if progress:
            progress(done, hands)
    return total, tuple(curve)
