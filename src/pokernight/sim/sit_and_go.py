"""Whole sit-and-gos between computer players: how a strategy fares when the antes rise.

Tournament ``k`` of a run seeded ``s`` is seated for ``table_seed(s, k)`` with the line-up
turned ``k`` places, so every bot plays every seat equally often over a multiple of the seat
count, and depends on nothing else: tournaments are cut into fixed batches, played by any
worker, and merged in order to the same totals. Each bot's result is its finishing places
(a share of its entries for each place) and its mean prize with a 95% interval (normal
approximation over its entries); the prizes of every tournament sum to its buy-ins.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

from pokernight.catalog import Prepare, entry, seat_table
from pokernight.engine.sit_and_go import SitAndGo
from pokernight.engine.structure import Structure
from pokernight.errors import InvalidRules
from pokernight.seeds import table_seed
from pokernight.sim.backends import executor
from pokernight.sim.runner import Options, Progress, lineup, prepare

BATCH = 25
"""Tournaments a worker plays at a time (a Hurricane sit-and-go is a few dozen hands)."""


@dataclass
class Finishes:
    """One bot's running sums: entries, the count of each place, the prizes and their
    squares, and the hands its tournaments lasted."""

    entries: int
    places: list[int]
    prizes: int
    squares: int

    @classmethod
    def empty(cls, seats: int) -> Finishes:
        return cls(0, [0] * seats, 0, 0)

    def add(self, place: int, prize: int) -> None:
        self.entries += 1
        self.places[place - 1] += 1
        self.prizes += prize
        self.squares += prize * prize

    def merge(self, other: Finishes) -> None:
        self.entries += other.entries
        self.places = [a + b for a, b in zip(self.places, other.places, strict=True)]
        self.prizes += other.prizes
        self.squares += other.squares


@dataclass(frozen=True)
class BotFinishes:
    """A bot's finishing distribution (the share of its entries at each place, summing to
    1), its mean prize with a 95% interval, and its mean net (prize less buy-in)."""

    bot: str
    entries: int
    shares: tuple[float, ...]
    prize: float
    ci95: tuple[float, float]
    net: float

    def to_json(self) -> dict[str, object]:
        return {
            "bot": self.bot,
            "entries": self.entries,
            "places": [round(s, 5) for s in self.shares],
            "prize": round(self.prize, 4),
            "prize_ci95": [round(self.ci95[0], 4), round(self.ci95[1], 4)],
            "net": round(self.net, 4),
        }


@dataclass(frozen=True)
class SitAndGoRun:
    game: str
    tournaments: int
    seed: int
    structure: Structure
    bots: tuple[BotFinishes, ...]
    hands: int
    """Hands played in all the tournaments."""
    prizes: int
    """Every prize paid: the buy-ins of every tournament, exactly."""

    def to_json(self) -> dict[str, object]:
        s = self.structure
        return {
            "game": self.game,
            "tournaments": self.tournaments,
            "seed": self.seed,
            "buy_in": s.buy_in,
            "chips": s.chips,
            "levels_every": s.schedule.every,
            "payouts": list(s.payouts.shares),
            "hands": self.hands,
            "prizes": self.prizes,
            "bots": [b.to_json() for b in self.bots],
        }


def play_batch(
    game: str,
    names: tuple[str, ...],
    seed: int,
    first: int,
    count: int,
    options: Options,
    structure: Structure,
) -> tuple[dict[str, Finishes], int]:
    """Tournaments ``first`` .. ``first + count - 1``: each bot's finishes and the hands."""
    finishes = {name: Finishes.empty(len(names)) for name in names}
    hands = 0
    for k in range(first, first + count):
        turn = k % len(names)
        seats = names[turn:] + names[:turn]
        seating = seat_table(
            game, table_seed(seed, k), len(seats), dict(enumerate(seats)), options, structure
        )
        tournament = seating.match(keep_records=False)
        assert isinstance(tournament, SitAndGo)  # seated with a structure
        while tournament.over() is None:
            tournament.play_hand()
        hands += tournament.hands
        for row in tournament.standings():
            finishes[seats[row.seat]].add(row.place, row.prize)
    return finishes, hands


def sit_and_goes(
    game: str,
    tournaments: int,
    structure: Structure,
    bots: Sequence[str] | None = None,
    seed: int = 0,
    workers: int = 1,
    progress: Progress | None = None,
    options: Options | None = None,
    backend: str = "process",
    run: Prepare | None = None,
) -> SitAndGoRun:
    """Play ``tournaments`` sit-and-gos between ``bots`` (one per seat), levels by hands."""
    options = dict(options or {})
    form = entry(game).spec.rules.sit_and_go
    if not bots and form is not None and form.seats:  # the house's table is too small for one
        house = entry(game).house
        bots = [house[s % len(house)] for s in range(form.seats)]
    names = lineup(game, bots, options)
    if tournaments < 1:
        raise InvalidRules("play at least one tournament")
    if structure.schedule.minutes:
        raise InvalidRules("a simulation has no clock: its levels rise by hands")
    prepare(game, names, options, run)
    sizes = [min(BATCH, tournaments - b) for b in range(0, tournaments, BATCH)]
    jobs = [(game, names, seed, b * BATCH, n, options, structure) for b, n in enumerate(sizes)]
    total = {name: Finishes.empty(len(names)) for name in names}
    hands = done = 0
    with executor(backend, workers) as pool:
        for (finishes, played), size in zip(_batches(pool, jobs), sizes, strict=True):
            for name, row in finishes.items():
                total[name].merge(row)
            hands += played
            done += size
            if progress:
                progress(done, tournaments)
    rows = tuple(_result(name, total[name], structure.buy_in) for name in total)
    prizes = sum(f.prizes for f in total.values())
    return SitAndGoRun(game, tournaments, seed, structure, rows, hands, prizes)


Job = tuple[str, tuple[str, ...], int, int, int, Options, Structure]


def _batches(
    pool: Executor | None, jobs: Sequence[Job]
) -> Iterator[tuple[dict[str, Finishes], int]]:
    """The batches' results in order, each as it is done (all submitted at once)."""
    if pool is None:
        return (play_batch(*job) for job in jobs)
    futures = [pool.submit(play_batch, *job) for job in jobs]
    return (future.result() for future in futures)


def _result(bot: str, row: Finishes, buy_in: int) -> BotFinishes:
    n = row.entries
    mean = row.prizes / n
    variance = max(0.0, row.squares / n - mean * mean) * n / max(1, n - 1)
    half = 1.96 * math.sqrt(variance / n)
    shares = tuple(count / n for count in row.places)
    return BotFinishes(bot, n, shares, mean, (mean - half, mean + half), mean - buy_in)
