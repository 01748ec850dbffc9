"""Pai Gow players: the house way as a strategy, and an advisor that finds the best setting.

The advisor values each of the 21 settings against the dealer's house way. Exhaustive
enumeration is not feasible in a terminal (the dealer's seven cards come from the 46 unseen:
53,524,680 hands, each set by the house way), so it samples dealer hands, the same sample for
every setting (common random numbers), and reports the 95% interval of each estimate.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from pokernight.cards import AnyCard, Card, Joker
from pokernight.engine.actions import Action, Kind
from pokernight.engine.protocol import View
from pokernight.games.paigow import DECK, WAGER
from pokernight.games.paigow_hands import SPLITS, Setting, fouls, make_setting, split_keys
from pokernight.games.paigow_way import TWO_PAIR, TwoPairTable, house_way
from pokernight.hands.rules import Wheel


def own_cards(view: View) -> list[AnyCard]:
    return [c for c in view.hole if isinstance(c, Card | Joker)]


class HouseWayBot:
    """Wagers the table minimum and sets every hand by the house way."""

    name = "house"

    def __init__(self, rng: random.Random, table: TwoPairTable = TWO_PAIR) -> None:
        self.table = table

    def act(self, view: View) -> Action:
        if view.phase == WAGER:
            return view.legal[0]
        return Action(Kind.SET, cards=house_way(own_cards(view), self.table).front)


@dataclass(frozen=True)
class Advice:
    """The best setting found, its expected result per unit wagered with a 95% interval, and
    the house way's setting valued on the same sample."""

    best: Setting
    ev: float
    ci95: tuple[float, float]
    house: Setting
    house_ev: float
    samples: int
    ranked: tuple[tuple[tuple[AnyCard, AnyCard], float, float], ...] = ()
    """Every setting's front hand, mean and 95% half-width, best first."""


def advise(
    cards: Sequence[AnyCard],
    samples: int = 4000,
    seed: int = 0,
    commission: int = 5,
    table: TwoPairTable = TWO_PAIR,
    wheel: Wheel = Wheel.SECOND,
) -> Advice:
    """The setting of ``cards`` with the highest expected result against the house way."""
    hand = list(cards)
    held = {c.index for c in hand}
    unseen = [c for c in DECK if c.index not in held]
    rng = random.Random(seed)
    mine = split_keys(hand, wheel)
    foul = [fouls(high, low) for low, high in mine]
    win = 1 - commission / 100
    totals = [0.0] * len(SPLITS)
    squares = [0.0] * len(SPLITS)
    for _ in range(samples):
        dealer = house_way(rng.sample(unseen, 7), table, wheel)
        for k, (low, high) in enumerate(mine):
            if foul[k]:
                result = -1.0
            elif high > dealer.high and low > dealer.low:
                result = win
            elif high <= dealer.high and low <= dealer.low:
                result = -1.0
            else:
                continue
            totals[k] += result
            squares[k] += result * result
    means = [t / samples for t in totals]
    halves = [
        1.96 * math.sqrt(max(squares[k] / samples - means[k] ** 2, 0.0) / samples)
        for k in range(len(SPLITS))
    ]
    order = sorted(range(len(SPLITS)), key=lambda k: (means[k], mine[k]), reverse=True)
    best = order[0]
    way = house_way(hand, table, wheel)
    way_split = next(k for k, (i, j) in enumerate(SPLITS) if {hand[i], hand[j]} == set(way.front))
    i, j = SPLITS[best]
    reason = (
        f"highest expected result against the house way: {means[best]:+.3f} per unit "
        f"(95% ± {halves[best]:.3f}, {samples:,} dealer hands sampled)"
    )
    return Advice(
        best=make_setting(hand, (hand[i], hand[j]), reason, wheel),
        ev=means[best],
        ci95=(means[best] - halves[best], means[best] + halves[best]),
        house=way,
        house_ev=means[way_split],
        samples=samples,
        ranked=tuple(
            ((hand[SPLITS[k][0]], hand[SPLITS[k][1]]), means[k], halves[k]) for k in order
        ),
    )
