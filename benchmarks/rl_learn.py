"""A tabular learner of heads-up Hurricane that beats the random player, trained and judged
through ``VectorPokerEnv`` in a few minutes: what the environments are for, end to end.

Why: a learning environment is worth its speed only if something learns on it, measurably.
The learner is Monte Carlo control: for each situation (its two cards' ranks, the phase, the
bet it faces, the raises left) and each action, the mean of the hand's net chips after taking
it, played epsilon-greedily while learning. The opponent is the random player (a uniformly
random legal action). Both seats learn the same table, so the learner plays either seat.

The margin is judged over paired games: the same hands (the same seeds: the same cards,
dealer and stakes) are played twice, the learner in seat 0 and then in seat 1, against the
random player, and each pair's mean net is one sample, which takes out much of the luck of
the cards. The report gives the mean margin per hand with its 95% interval (normal, over the
pairs); a random player in the learner's chair would score 0 on average.

Run::

    .venv/bin/python benchmarks/rl_learn.py [--train HANDS] [--judge PAIRS] [--seed S]

The defaults (60,000 hands learnt, 10,000 pairs judged) take under a minute on one core.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from pokernight.engine.observe import CARD, PER_SEAT
from pokernight.rl.driver import HandDriver
from pokernight.rl.vector import VectorPokerEnv, sample_legal

GAME, SEATS, TABLES = "hurricane", 2, 256
EPSILON = 0.1
"""How often the learner tries a random action while it learns."""

Situation = tuple[int, ...]


class Learner:
    """The table of mean returns by situation and action, and the policy it makes."""

    def __init__(self) -> None:
        driver = HandDriver(GAME, SEATS)
        observer = driver.observer
        self.cards = observer.slots * observer.width
        self.phases = observer.slots * observer.width + (1 + SEATS) * observer.width
        self.numbers = observer.size - 4 - PER_SEAT * SEATS
        self.actions = len(driver.space)
        self.total: dict[Situation, npt.NDArray[np.float64]] = defaultdict(self._row)
        self.count: dict[Situation, npt.NDArray[np.float64]] = defaultdict(self._row)

    def _row(self) -> npt.NDArray[np.float64]:
        return np.zeros(self.actions)

    def situation(self, observation: npt.NDArray[np.float32]) -> Situation:
        """The learner's two ranks (low first), the phase, whether it faces a bet, the raises
        left: what it knows that matters most, in a table small enough to fill."""
        held = np.flatnonzero(observation[: self.cards]) % CARD // 4
        phase = int(np.argmax(observation[self.phases : self.numbers]))
        to_call, raises = observation[self.numbers + 1], observation[self.numbers + 3]
        return (*sorted(held.tolist()), phase, int(to_call > 0), int(raises))

    def choose(self, situation: Situation, mask: npt.NDArray[np.int8]) -> int:
        """The legal action of the best mean return (ties and unseen ones: the first)."""
        count = self.count[situation]
        mean = np.where(count > 0, self.total[situation] / np.maximum(count, 1), 0.0)
        return int(np.flatnonzero(mask)[np.argmax(mean[mask == 1])])

    def learn(self, visited: Sequence[tuple[Situation, int]], net: float) -> None:
        for situation, action in visited:
            self.total[situation][action] += net
            self.count[situation][action] += 1


def play(
    learner: Learner,
    hands: int,
    seat: int,
    seed: int,
    epsilon: float,
    rng: np.random.Generator,
) -> dict[int, float]:
    """At least ``hands`` hands of a vector seeded ``seed``, the learner in ``seat`` (learning when
    ``epsilon`` > 0): the learner's net of each hand by its number (hand k of table t of a
    vector of N tables is number t + k N, the same deal in every vector with that seed)."""
    env = VectorPokerEnv(GAME, tables=TABLES, seats=SEATS)
    batch = env.reset(seed=seed)
    dealt = [0] * TABLES
    visited: list[list[tuple[Situation, int]]] = [[] for _ in range(TABLES)]
    nets: dict[int, float] = {}
    while len(nets) < hands:
        actions = sample_legal(batch.action_mask, rng)
        for t in np.flatnonzero(batch.seat == seat).tolist():
            situation = learner.situation(batch.observation[t])
            if rng.random() >= epsilon:
                actions[t] = learner.choose(situation, batch.action_mask[t])
            visited[t].append((situation, int(actions[t])))
        batch = env.step(actions)
        for t in np.flatnonzero(batch.done).tolist():
            net = float(batch.reward[t, seat])
            if epsilon > 0:
                learner.learn(visited[t], net)
            nets[t + dealt[t] * TABLES] = net
            dealt[t] += 1
            visited[t] = []
    return nets


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--train", type=int, default=60_000, help="hands learnt")
    parser.add_argument("--judge", type=int, default=10_000, help="pairs of hands judged")
    parser.add_argument("--seed", type=int, default=41)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    learner = Learner()
    start = time.perf_counter()
    for half in range(2):  # each seat in turn, on hands of their own
        play(learner, args.train // 2, half, args.seed + half, EPSILON, rng)
    learnt = time.perf_counter() - start
    judged = args.seed + 1_000  # hands the learner never saw
    first = play(learner, args.judge, 0, judged, 0.0, rng)
    second = play(learner, args.judge, 1, judged, 0.0, rng)
    pairs = [(first[k] + second[k]) / 2 for k in sorted(first.keys() & second.keys())]
    mean, spread = statistics.fmean(pairs), statistics.stdev(pairs) / math.sqrt(len(pairs))
    print(f"learnt on {args.train:,} hands in {learnt:.0f} s ({len(learner.count):,} situations)")
    print(
        f"margin over the random player: {mean:+.3f} chips a hand, 95% interval "
        f"{mean - 1.96 * spread:+.3f} to {mean + 1.96 * spread:+.3f} ({len(pairs):,} paired hands)"
    )


if __name__ == "__main__":
    main()
