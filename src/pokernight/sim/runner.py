"""Seeded simulations whose result does not depend on how many workers run them.

Hands are cut into fixed batches; batch ``b`` is its own short match seeded from
``(seed, b)``, so any worker can play any batch and the per-hand results come back in batch
order. Each seat's net per hand gets a 95% confidence interval (normal approximation).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace

from pokernight.engine.protocol import Player
from pokernight.engine.table import Match
from pokernight.errors import InvalidRules
from pokernight.sim.games import SIM_GAMES

BATCH = 500
Progress = Callable[[int, int], None]
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


@dataclass(frozen=True)
class SimResult:
    game: str
    hands: int
    seed: int
    seats: tuple[SeatResult, ...]
    by_bot: dict[str, SeatResult]
    seconds: float

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "hands": self.hands,
            "seed": self.seed,
            "seats": [r.to_json() for r in self.seats],
            "by_bot": {name: r.to_json() for name, r in self.by_bot.items()},
            "seconds": round(self.seconds, 3),
        }


@dataclass
class Tally:
    """Running sums of per-hand results (count, sum, sum of squares, won, even, lost), so a
    long simulation keeps no per-hand list and batches merge in any worker."""

    sums: list[list[int]]

    @classmethod
    def empty(cls, columns: int) -> Tally:
        return cls([[0] * 6 for _ in range(columns)])

    def add(self, column: int, net: int) -> None:
        row = self.sums[column]
        row[0] += 1
        row[1] += net
        row[2] += net * net
        row[3 if net > 0 else 4 if net == 0 else 5] += 1

    def merge(self, other: Tally) -> None:
        for mine, theirs in zip(self.sums, other.sums, strict=True):
            for i, value in enumerate(theirs):
                mine[i] += value

    def result(self, column: int, bot: str, unit: int | None) -> SeatResult:
        n, total, squares, won, even, lost = self.sums[column]
        mean = total / n
        var = (squares - n * mean * mean) / (n - 1) if n > 1 else 0.0
        half = 1.96 * math.sqrt(max(var, 0.0) / n)
        return SeatResult(
            bot, total, mean, (mean - half, mean + half), (won / n, even / n, lost / n), unit
        )


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
    spec = SIM_GAMES[game]
    players: list[Player] = [
        spec.bots[name](random.Random(f"sim:{seed}:{batch}:{seat}"))
        for seat, name in enumerate(bots)
    ]
    rng = random.Random(f"sim-table:{seed}:{batch}")
    rules, table = spec.table(len(bots), rng, dict(options or {}))
    if spec.bankroll is not None:
        table = replace(table, stakes=(spec.bankroll,) * table.seats)
    match = Match(rules, players, rng.getrandbits(63), table, keep_records=False)
    return [match.play_hand().outcome.net for _ in range(hands)]


def tally_batch(
    game: str, bots: tuple[str, ...], seed: int, batch: int, hands: int, options: Options
) -> Tally:
    """One batch summed per seat, then per distinct bot (the sum of its seats each hand)."""
    names = list(dict.fromkeys(bots))
    tally = Tally.empty(len(bots) + len(names))
    for net in play_batch(game, bots, seed, batch, hands, options):
        for seat, amount in enumerate(net):
            tally.add(seat, amount)
        for i, name in enumerate(names):
            tally.add(len(bots) + i, sum(a for s, a in enumerate(net) if bots[s] == name))
    return tally


def simulate(
    game: str,
    hands: int,
    bots: Sequence[str] | None = None,
    seed: int = 0,
    workers: int = 1,
    progress: Progress | None = None,
    options: Options | None = None,
) -> SimResult:
    if game not in SIM_GAMES:
        raise InvalidRules(f"no simulation for {game!r} yet: games are {', '.join(SIM_GAMES)}")
    spec = SIM_GAMES[game]
    options = dict(options or {})
    for key, value in options.items():
        allowed = spec.options.get(key)
        if allowed is None:
            raise InvalidRules(f"{game} has no option {key!r}")
        if value not in allowed:
            raise InvalidRules(f"{key} must be one of {', '.join(allowed)}, not {value!r}")
    names = tuple(bots) if bots else spec.lineup(options)
    unknown = [b for b in names if b not in spec.bots]
    if unknown:
        raise InvalidRules(f"unknown bot {unknown[0]!r}: bots are {', '.join(spec.bots)}")
    low, high = spec.seats
    if not low <= len(names) <= high:
        span = f"{low} to {high}" if low != high else str(low)
        raise InvalidRules(f"{game} seats {span} bots, not {len(names)}")
    if hands < 1:
        raise InvalidRules("simulate at least one hand")
    spec.table(len(names), random.Random(0), options)  # bad seat/option mixes fail here, once
    start = time.perf_counter()
    sizes = [min(BATCH, hands - b * BATCH) for b in range((hands + BATCH - 1) // BATCH)]
    distinct = list(dict.fromkeys(names))
    total = Tally.empty(len(names) + len(distinct))
    done = 0
    if workers <= 1:
        for b, size in enumerate(sizes):
            total.merge(tally_batch(game, names, seed, b, size, options))
            done += size
            if progress:
                progress(done, hands)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [
                pool.submit(tally_batch, game, names, seed, b, s, options)
                for b, s in enumerate(sizes)
            ]
            for future, size in zip(futures, sizes, strict=True):
                total.merge(future.result())
                done += size
                if progress:
                    progress(done, hands)
    seats = tuple(total.result(s, name, spec.unit) for s, name in enumerate(names))
    by_bot = {
        name: total.result(len(names) + i, name, spec.unit) for i, name in enumerate(distinct)
    }
    return SimResult(game, hands, seed, seats, by_bot, time.perf_counter() - start)
