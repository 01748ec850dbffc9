"""Pai Gow's best setting: each of a hand's 21 settings valued against the dealer's house way.

The advisor values each setting over the dealer's possible hands: all of them when there are
no more than the samples asked for (cards known to be out of play leave fewer unseen),
otherwise a random sample, the same for every setting (common random numbers), with the 95%
interval of each estimate. A full deck leaves 46 unseen cards and 53,524,680 dealer hands, too
many to set by the house way in a terminal; the benchmark ``benchmarks/paigow_advisor.py`` does
it for a few hands to check the sampled estimates. It is the game's own knowledge of its
settings (beside the house way), so the game's ``paigow-set`` tool and the advisor the catalog
lists (``bots.advisors``) both ask it here.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from pokernight.cards import AnyCard
from pokernight.engine.advice import half_width
from pokernight.games.paigow.game import DECK
from pokernight.games.paigow.hands import SPLITS, Setting, fouls, make_setting, split_keys
from pokernight.games.paigow.way import TWO_PAIR, TwoPairTable, house_way
from pokernight.hands.rules import Wheel


@dataclass(frozen=True)
class Advice:
    """The best setting found, its expected result per unit wagered with a 95% interval (of
    zero width when ``exact``: every dealer hand was valued), and the house way's setting
    valued on the same dealer hands."""

    best: Setting
    ev: float
    ci95: tuple[float, float]
    house: Setting
    house_ev: float
    samples: int
    ranked: tuple[tuple[tuple[AnyCard, AnyCard], float, float], ...] = ()
    """Every setting's front hand, mean and 95% half-width, best first."""
    exact: bool = False


def tally(
    settings: Sequence[tuple[int, int]],
    dealers: Iterable[Sequence[AnyCard]],
    table: TwoPairTable = TWO_PAIR,
    wheel: Wheel = Wheel.SECOND,
) -> tuple[list[int], list[int], int]:
    """For each setting (its front and back keys, as ``split_keys`` gives them): against how
    many of the dealer's hands, each set by the house way, it wins both hands and loses both
    (copies lose; a foul always loses); and how many dealer hands there were."""
    foul = [fouls(high, low) for low, high in settings]
    wins = [0] * len(settings)
    losses = [0] * len(settings)
    count = 0
    for dealt in dealers:
        dealer = house_way(dealt, table, wheel)
        back, front = dealer.high, dealer.low
        count += 1
        for k, (low, high) in enumerate(settings):
            if foul[k] or (high <= back and low <= front):
                losses[k] += 1
            elif high > back and low > front:
                wins[k] += 1
    return wins, losses, count


def advise(
    cards: Sequence[AnyCard],
    samples: int = 4000,
    seed: int = 0,
    commission: int = 5,
    table: TwoPairTable = TWO_PAIR,
    wheel: Wheel = Wheel.SECOND,
    unseen: Sequence[AnyCard] | None = None,
) -> Advice:
    """The setting of ``cards`` with the highest expected result against the house way, the
    dealer's seven drawn from ``unseen`` (by default every card not in ``cards``)."""
    hand = list(cards)
    held = {c.index for c in hand}
    pool = [c for c in (DECK if unseen is None else unseen) if c.index not in held]
    exact = math.comb(len(pool), 7) <= samples
    rng = random.Random(seed)
    dealers: Iterable[Sequence[AnyCard]] = (
        combinations(pool, 7) if exact else (rng.sample(pool, 7) for _ in range(samples))
    )
    mine = split_keys(hand, wheel)
    wins, losses, count = tally(mine, dealers, table, wheel)
    win = 1 - commission / 100
    means = [(win * wins[k] - losses[k]) / count for k in range(len(SPLITS))]
    spread = [(win * win * wins[k] + losses[k]) / count - means[k] ** 2 for k in range(len(SPLITS))]
    halves = [0.0 if exact else half_width(v, count) for v in spread]
    order = sorted(range(len(SPLITS)), key=lambda k: (means[k], mine[k]), reverse=True)
    best = order[0]
    way = house_way(hand, table, wheel)
    way_split = next(k for k, (i, j) in enumerate(SPLITS) if {hand[i], hand[j]} == set(way.front))
    i, j = SPLITS[best]
    over = (
        f"exact over all {count:,} dealer hands"
        if exact
        else f"95% ± {halves[best]:.3f}, {count:,} dealer hands sampled"
    )
    reason = f"highest expected result against the house way: {means[best]:+.3f} per unit ({over})"
    return Advice(
        best=make_setting(hand, (hand[i], hand[j]), reason, wheel),
        ev=means[best],
        ci95=(means[best] - halves[best], means[best] + halves[best]),
        house=way,
        house_ev=means[way_split],
        samples=count,
        ranked=tuple(
            ((hand[SPLITS[k][0]], hand[SPLITS[k][1]]), means[k], halves[k]) for k in order
        ),
        exact=exact,
    )
