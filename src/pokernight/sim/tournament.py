"""``pokernight tournament``: strategies ranked over rotating seats.

Seat order matters (who acts first, who deals, who banks), so every bot plays every seat
equally often: rotation k seats the list turned k places, and plays its own batches of the
same seed. Each bot's per-hand results are pooled over all its seats and rotations; the
ranking is by mean net per hand with its 95% interval.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokernight.catalog import Prepare
from pokernight.errors import InvalidRules
from pokernight.sim.backends import executor
from pokernight.sim.batches import Options, SeatResult, Tally
from pokernight.sim.runner import BATCH, Progress, lineup, play, prepare


@dataclass(frozen=True)
class Standing:
    rank: int
    result: SeatResult
    clear_of_next: bool
    """Its interval lies wholly above the next bot's: the order is not chance."""


@dataclass(frozen=True)
class TournamentResult:
    game: str
    hands: int
    seed: int
    rotations: int
    standings: tuple[Standing, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "hands": self.hands,
            "seed": self.seed,
            "rotations": self.rotations,
            "ranking": [
                {"rank": s.rank, **s.result.to_json(), "clear_of_next": s.clear_of_next}
                for s in self.standings
            ],
        }


def tournament(
    game: str,
    bots: Sequence[str],
    hands: int,
    seed: int = 0,
    workers: int = 1,
    backend: str = "process",
    progress: Progress | None = None,
    run: Prepare | None = None,
    options: Options | None = None,
) -> TournamentResult:
    """``hands`` hands in each of ``len(bots)`` rotations of the seats under the game's text
    ``options`` (the bots' one-time work run first by ``run``)."""
    options = dict(options or {})
    names = lineup(game, bots, options)
    if len(set(names)) < 2:
        raise InvalidRules("a tournament needs at least two different bots")
    if hands < 1:
        raise InvalidRules("play at least one hand per rotation")
    distinct = list(dict.fromkeys(names))
    pooled = Tally.empty(len(distinct))
    per_rotation = (hands + BATCH - 1) // BATCH
    total = hands * len(names)

    def report(k: int) -> Progress | None:
        return None if progress is None else lambda done, _: progress(k * hands + done, total)

    prepare(game, names, options, run)
    with executor(backend, workers) as pool:
        for k in range(len(names)):
            seats = names[k:] + names[:k]
            tally, _ = play(pool, game, seats, hands, seed, k * per_rotation, options, report(k))
            order = list(dict.fromkeys(seats))
            for name in distinct:
                row = tally.sums[len(seats) + order.index(name)]
                pooled.sums[distinct.index(name)] = [
                    a + b for a, b in zip(pooled.sums[distinct.index(name)], row, strict=True)
                ]
    results = sorted(
        (pooled.result(i, name, None) for i, name in enumerate(distinct)),
        key=lambda r: -r.net_per_hand,
    )
    standings = tuple(
        Standing(i + 1, r, i + 1 < len(results) and r.ci95[0] > results[i + 1].ci95[1])
        for i, r in enumerate(results)
    )
    return TournamentResult(game, hands, seed, len(names), standings)
