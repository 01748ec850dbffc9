"""High-Low computer players. ``ValueBot`` draws and orients by estimated value,
2/3 x P(best high) + 1/3 x P(best low), by Monte Carlo over the cards it cannot see.
``PatBot`` is a cheap model of an opponent for the advisor's rollouts (thousands of hands a
second, where the value bot plays a few).

Both read only their view (their own cards, how many players are live, the bets) and the
deck's composition, which is public. Opponents are sampled from the unseen cards and credited
with their best high and their best low separately (an optimistic opponent).
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from functools import cache
from itertools import product

from pokernight.cards import CARDS, JOKER, Card, DualCard
from pokernight.engine.actions import CALL, CHECK, FOLD, KEEP, Action, Kind
from pokernight.engine.protocol import View
from pokernight.games.highlow.game import DRAW, HIGH, LOW, ORIENT, plays
from pokernight.hands.five import key_function
from pokernight.seeds import derive_seed

FLIPS = list(product((0, 1), repeat=5))


class ValueBot:
    """Seeded Monte Carlo: ``samples`` opponent deals per decision."""

    name = "value"

    def __init__(self, rng: random.Random, deck: Sequence[DualCard], samples: int = 60) -> None:
        self.rng, self.deck, self.samples = rng, list(deck), samples
        jokers = max(1, sum(1 for c in deck if c.top is JOKER))
        self.high = key_function(HIGH.with_options(jokers=jokers), 5)
        self.low = key_function(LOW.with_options(jokers=jokers), 5)

    def act(self, view: View) -> Action:
        mine = [c for c in view.hole if isinstance(c, DualCard)]
        opponents = self._opponents(view, mine)
        if view.phase == ORIENT:
            return self._orient(mine, opponents, len(view.legal[0].cards))
        if view.phase == DRAW:
            return self._draw(mine, view.legal, opponents)
        return self._bet(view, self._best(mine, opponents)[0])

    def _opponents(self, view: View, mine: list[DualCard]) -> list[list[tuple[int, int]]]:
        """Per sample, each live opponent's (best high key, best low key)."""
        unseen = [c for c in self.deck if c not in mine]
        others = sum(view.live) - 1
        out = []
        for _ in range(self.samples):
            dealt = self.rng.sample(unseen, 5 * others)
            out.append([self._best_each(dealt[5 * i : 5 * i + 5]) for i in range(others)])
        return out

    def _best_each(self, cards: list[DualCard]) -> tuple[int, int]:
        ends = [(c.top.index, c.bottom.index) for c in cards]
        high = max(self.high([e[f] for e, f in zip(ends, flips, strict=True)]) for flips in FLIPS)
        low = max(self.low([e[f] for e, f in zip(ends, flips, strict=True)]) for flips in FLIPS)
        return high, low

    def _value(self, high: int, low: int, opponents: list[list[tuple[int, int]]]) -> float:
        wins = 0.0
        for sample in opponents:
            wins += 2 / 3 * all(high >= h for h, _ in sample)
            wins += 1 / 3 * all(low >= lo for _, lo in sample)
        return wins / len(opponents)

    def _best(
        self, mine: list[DualCard], opponents: list[list[tuple[int, int]]]
    ) -> tuple[float, tuple[int, ...]]:
        best = (-1.0, FLIPS[0])
        for flips in FLIPS:
            ends = [plays(c, f) for c, f in zip(mine, flips, strict=True)]
            high = self.high([h.index for h, _ in ends])
            low = self.low([lo.index for _, lo in ends])
            best = max(best, (self._value(high, low, opponents), flips))
        return best

    def _orient(
        self, mine: list[DualCard], opponents: list[list[tuple[int, int]]], to_name: int
    ) -> Action:
        """The best orientation; a joker that must keep one value is tried as every card
        (one joker at a time) and plays as that card at both ends."""
        named: list[Card] = []
        hand = list(mine)
        for _ in range(to_name):
            at = next(i for i, c in enumerate(hand) if c.top is JOKER)
            choice = max(
                CARDS,
                key=lambda card: self._best(
                    [*hand[:at], DualCard(card, card), *hand[at + 1 :]], opponents[:15]
                )[0],
            )
            hand[at] = DualCard(choice, choice)
            named.append(choice)
        return Action(Kind.ORIENT, flips=self._best(hand, opponents)[1], cards=tuple(named))

    def _draw(
        self,
        mine: list[DualCard],
        legal: Sequence[Action],
        opponents: list[list[tuple[int, int]]],
    ) -> Action:
        unseen = [c for c in self.deck if c not in mine]
        best_action, best_value = KEEP, self._best(mine, opponents)[0]
        for action in legal:
            if action.kind is not Kind.DISCARD or len(action.cards) > 2:
                continue  # three-card draws are rarely right; they would triple the work
            kept = [c for c in mine if c not in action.cards]
            total = 0.0
            for _ in range(4):
                drawn = self.rng.sample(unseen, len(action.cards))
                total += self._best([*kept, *drawn], opponents[:15])[0]
            if total / 4 > best_value + 0.05:
                best_action, best_value = action, total / 4
        return best_action

    def _bet(self, view: View, value: float) -> Action:
        legal = view.legal
        aggressive = [a for a in legal if a.kind in (Kind.BET, Kind.RAISE)]
        if value > 0.55 and aggressive:
            return aggressive[0]
        if view.to_call == 0:
            return CHECK if CHECK in legal else legal[0]
        pot_odds = view.to_call / ((view.pot or 0) + view.to_call)
        return CALL if value >= pot_odds else FOLD


@cache
def typical_hands(deck: tuple[DualCard, ...], count: int = 1000) -> tuple[list[int], list[int]]:
    """The best high keys and the best low keys of ``count`` five-card hands drawn from the
    deck (a fixed sample, made once per deck), each list sorted."""
    bot = ValueBot(random.Random(0), deck, samples=0)
    rng = random.Random(derive_seed(len(deck), "typical"))
    best = [bot._best_each(rng.sample(deck, 5)) for _ in range(count)]
    return sorted(h for h, _ in best), sorted(lo for _, lo in best)


class PatBot:
    """Stands pat, checks and calls, and orients for the largest 2/3 x (share of typical best
    high hands its high beats) + 1/3 x (share of typical best lows its low beats), ties half:
    a steady, cheap opponent for rollouts. A joker that must keep one value plays as As."""

    name = "pat"

    def __init__(self, rng: random.Random, deck: Sequence[DualCard]) -> None:
        self.highs, self.lows = typical_hands(tuple(deck))
        jokers = max(1, sum(1 for c in deck if c.top is JOKER))
        self.high = key_function(HIGH.with_options(jokers=jokers), 5)
        self.low = key_function(LOW.with_options(jokers=jokers), 5)

    def act(self, view: View) -> Action:
        if view.phase == ORIENT:
            return self._orient([c for c in view.hole if isinstance(c, DualCard)], view.legal)
        if view.phase == DRAW:
            return KEEP
        return CALL if view.to_call else CHECK

    def _orient(self, mine: list[DualCard], legal: Sequence[Action]) -> Action:
        to_name = len(legal[0].cards)
        hand = [DualCard(CARDS[-1], CARDS[-1]) if to_name and c.top is JOKER else c for c in mine]
        ends = [(c.top.index, c.bottom.index) for c in hand]
        highs, lows = self.highs, self.lows  # as many of each: shares are counts
        best, best_flips = -1, FLIPS[0]
        for flips in FLIPS if len(hand) == 5 else product((0, 1), repeat=len(hand)):
            high = self.high([e[f] for e, f in zip(ends, flips, strict=True)])
            low = self.low([e[1 - f] for e, f in zip(ends, flips, strict=True)])
            score = 2 * (bisect_left(highs, high) + bisect_right(highs, high)) + (
                bisect_left(lows, low) + bisect_right(lows, low)
            )
            if score > best:
                best, best_flips = score, flips
        return Action(Kind.ORIENT, flips=best_flips, cards=(CARDS[-1],) * to_name)
