"""One batch of a simulation: a short seeded match of its own, summed per seat and per bot.

Batch ``b`` of a run seeded ``s`` depends on nothing but ``(s, b)``, so any worker of any
backend can play it and the results merge in batch order to the same totals. Batch 0 is the
table the catalog seats for ``s`` itself (the same line-up, dealer and first hand as a person
gets with that seed); batch ``b`` is seated for ``table_seed(s, b)``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from pokernight.catalog import seat_bankrolled
from pokernight.engine.table import Match
from pokernight.history.record import record_line
from pokernight.seeds import table_seed

Options = Mapping[str, str]


@dataclass(frozen=True)
class SeatResult:
    """One seat's (or one bot's) result: the net, its mean per hand with a 95% interval, how
    often a hand ended won, even or lost, and, for games with a fixed wager, the mean per
    unit wagered (the player's edge; negative is the house's)."""

    bot: str
    net: int
    net_per_hand: float
    ci95: tuple[float, float]
    rates: tuple[float, float, float]
    unit: int | None = None

    @property
    def per_unit(self) -> tuple[float, tuple[float, float]] | None:
        if self.unit is None:
            return None
        u = self.unit
        return self.net_per_hand / u, (self.ci95[0] / u, self.ci95[1] / u)

    def to_json(self) -> dict[str, object]:
        row: dict[str, object] = {
            "bot": self.bot,
            "net": self.net,
            "net_per_hand": round(self.net_per_hand, 4),
            "ci95": [round(self.ci95[0], 4), round(self.ci95[1], 4)],
            "won": round(self.rates[0], 5),
            "even": round(self.rates[1], 5),
            "lost": round(self.rates[2], 5),
        }
        if (edge := self.per_unit) is not None:
            row["per_unit"] = round(edge[0], 5)
            row["per_unit_ci95"] = [round(edge[1][0], 5), round(edge[1][1], 5)]
        return row


@dataclass
class Tally:
    """Running sums of per-hand results (count, sum, sum of squares, won, even, lost), so a
    long simulation keeps no per-hand list and batches merge in any worker."""

    sums: list[list[int]]

    @classmethod
    def empty(cls, columns: int) -> Tally:
        return cls([[0] * 6 for _ in range(columns)])

    def add(self, column: int, net: int, winner: bool = False) -> None:
        """One hand's net; ``winner``: the hand named this column a winner, which counts a
        hand won at no gain as won (a climbing round's winner scores 0, the best there is)."""
        row = self.sums[column]
        row[0] += 1
        row[1] += net
        row[2] += net * net
        row[3 if net > 0 or (net == 0 and winner) else 4 if net == 0 else 5] += 1

    def merge(self, other: Tally) -> None:
        for mine, theirs in zip(self.sums, other.sums, strict=True):
            for i, value in enumerate(theirs):
                mine[i] += value

    def result(self, column: int, bot: str, unit: int | None) -> SeatResult:
        n, total, _, won, even, lost = self.sums[column]
        mean = total / n
        half = 1.96 * math.sqrt(self.variance(column) / n)
        return SeatResult(
            bot, total, mean, (mean - half, mean + half), (won / n, even / n, lost / n), unit
        )

    def variance(self, column: int) -> float:
        """The sample variance of one column's per-hand results."""
        n, total, squares = self.sums[column][:3]
        mean = total / n
        return max((squares - n * mean * mean) / (n - 1), 0.0) if n > 1 else 0.0


@dataclass(frozen=True)
class Batch:
    """What a worker sends back: the batch's tally and, when asked, its hand records."""

    tally: Tally
    records: tuple[str, ...] = ()


def _match(
    game: str, bots: tuple[str, ...], seed: int, batch: int, options: Options | None
) -> Match:
    seating = seat_bankrolled(
        game, table_seed(seed, batch), len(bots), dict(enumerate(bots)), dict(options or {})
    )
    return seating.match(keep_records=False)


def play_batch(
    game: str,
    bots: tuple[str, ...],
    seed: int,
    batch: int,
    hands: int,
    options: Options | None = None,
) -> list[tuple[int, ...]]:
    """Per-hand net of every seat over one batch: a match of its own, whose stakes may go
    into debt (a simulation measures play; it does not stop at a game-over rule)."""
    match = _match(game, bots, seed, batch, options)
    return [match.play_hand().outcome.net for _ in range(hands)]


def tally_batch(
    game: str,
    bots: tuple[str, ...],
    seed: int,
    batch: int,
    hands: int,
    options: Options,
    records: bool = False,
) -> Batch:
    """One batch summed per seat, then per distinct bot (the sum of its seats each hand),
    with each hand's record line when ``records``."""
    names = list(dict.fromkeys(bots))
    tally = Tally.empty(len(bots) + len(names))
    match = _match(game, bots, seed, batch, options)
    lines: list[str] = []
    seats_of = [[s for s, bot in enumerate(bots) if bot == name] for name in names]
    for _ in range(hands):
        record = match.play_hand()
        if records:
            lines.append(record_line(match.game, bots, record))
        net = record.outcome.net
        won = {*record.outcome.high_winners, *record.outcome.low_winners}
        for seat, amount in enumerate(net):
            tally.add(seat, amount, seat in won)
        for i, seats in enumerate(seats_of):
            tally.add(len(bots) + i, sum(net[s] for s in seats), bool(won.intersection(seats)))
    return Batch(tally, tuple(lines))
