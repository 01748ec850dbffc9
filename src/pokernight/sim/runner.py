"""Seeded simulations whose result does not depend on how many workers run them.

Hands are cut into fixed batches; batch ``b`` is its own short match seeded from
``(seed, b)``, so any worker can play any batch and the per-hand results come back in batch
order. Each seat's net per hand gets a 95% confidence interval (normal approximation).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from pokernight.engine.protocol import Player
from pokernight.engine.table import Match
from pokernight.errors import InvalidRules
from pokernight.sim.games import SIM_GAMES

BATCH = 500
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class SeatResult:
    bot: str
    net: int
    net_per_hand: float
    ci95: tuple[float, float]


@dataclass(frozen=True)
class SimResult:
    game: str
    hands: int
    seed: int
    seats: tuple[SeatResult, ...]
    by_bot: dict[str, SeatResult]
    seconds: float

    def to_json(self) -> dict[str, object]:
        def row(r: SeatResult) -> dict[str, object]:
            return {
                "bot": r.bot,
                "net": r.net,
                "net_per_hand": round(r.net_per_hand, 4),
                "ci95": [round(r.ci95[0], 4), round(r.ci95[1], 4)],
            }

        return {
            "game": self.game,
            "hands": self.hands,
            "seed": self.seed,
            "seats": [row(r) for r in self.seats],
            "by_bot": {name: row(r) for name, r in self.by_bot.items()},
            "seconds": round(self.seconds, 3),
        }


def play_batch(
    game: str, bots: tuple[str, ...], seed: int, batch: int, hands: int
) -> list[tuple[int, ...]]:
    """Per-hand net of every seat over one batch: a match of its own, whose stakes may go
    into debt (a simulation measures play; it does not stop at a game-over rule)."""
    spec = SIM_GAMES[game]
    players: list[Player] = [
        spec.bots[name](random.Random(f"sim:{seed}:{batch}:{seat}"))
        for seat, name in enumerate(bots)
    ]
    rng = random.Random(f"sim-table:{seed}:{batch}")
    rules, table = spec.table(len(bots), rng)
    match = Match(rules, players, rng.getrandbits(63), table, keep_records=False)
    return [match.play_hand().outcome.net for _ in range(hands)]


def simulate(
    game: str,
    hands: int,
    bots: Sequence[str] | None = None,
    seed: int = 0,
    workers: int = 1,
    progress: Progress | None = None,
) -> SimResult:
    if game not in SIM_GAMES:
        raise InvalidRules(f"no simulation for {game!r} yet: games are {', '.join(SIM_GAMES)}")
    spec = SIM_GAMES[game]
    names = tuple(bots) if bots else spec.default_bots
    unknown = [b for b in names if b not in spec.bots]
    if unknown:
        raise InvalidRules(f"unknown bot {unknown[0]!r}: bots are {', '.join(spec.bots)}")
    low, high = spec.seats
    if not low <= len(names) <= high:
        span = f"{low} to {high}" if low != high else str(low)
        raise InvalidRules(f"{game} seats {span} bots, not {len(names)}")
    if hands < 1:
        raise InvalidRules("simulate at least one hand")
    start = time.perf_counter()
    sizes = [min(BATCH, hands - b * BATCH) for b in range((hands + BATCH - 1) // BATCH)]
    nets: list[tuple[int, ...]] = []
    if workers <= 1:
        for b, size in enumerate(sizes):
            nets.extend(play_batch(game, names, seed, b, size))
            if progress:
                progress(len(nets), hands)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [
                pool.submit(play_batch, game, names, seed, b, s) for b, s in enumerate(sizes)
            ]
            for future in futures:
                nets.extend(future.result())
                if progress:
                    progress(len(nets), hands)
    seats = tuple(_summary(name, [row[s] for row in nets]) for s, name in enumerate(names))
    by_bot = {
        name: _summary(
            name, [sum(row[s] for s in range(len(names)) if names[s] == name) for row in nets]
        )
        for name in dict.fromkeys(names)
    }
    return SimResult(game, hands, seed, seats, by_bot, time.perf_counter() - start)


def _summary(bot: str, per_hand: Sequence[int]) -> SeatResult:
    n = len(per_hand)
    mean = sum(per_hand) / n
    var = sum((x - mean) ** 2 for x in per_hand) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return SeatResult(bot, sum(per_hand), mean, (mean - half, mean + half))
