"""High-Low computer players. ``ValueBot`` draws and orients by estimated value,
2/3 x P(best high) + 1/3 x P(best low), by Monte Carlo over the cards it cannot see.
``PatBot`` is a cheap model of an opponent for the advisor's rollouts (thousands of hands a
second, where the value bot plays a few hundred).

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
from typing import TYPE_CHECKING

from pokernight.bots.orientations import FLIPS
from pokernight.cards import CARDS, JOKER, Card, DualCard, Playable
from pokernight.engine.actions import CALL, CHECK, FOLD, KEEP, Action, Kind
from pokernight.engine.protocol import View
from pokernight.games.highlow.game import DRAW, HIGH, LOW, ORIENT
from pokernight.hands.five import best_orientation, key_function
from pokernight.hands.rules import HandRules
from pokernight.seeds import derive_seed

if TYPE_CHECKING:
    from pokernight.bots.highlow_values import I64


def rankings(deck: Sequence[DualCard]) -> tuple[HandRules, HandRules]:
    """The high and low rankings the players judge by: as many jokers as the deck holds (at
    least one, so every deck shares the tables)."""
    jokers = max(1, sum(1 for c in deck if c.top is JOKER))
    return HIGH.with_options(jokers=jokers), LOW.with_options(jokers=jokers)


class ValueBot:
    """Seeded Monte Carlo: ``samples`` opponent deals per decision, valued in batches
    (``highlow_values``)."""

    name = "value"

    def __init__(self, rng: random.Random, deck: Sequence[DualCard], samples: int = 60) -> None:
        from pokernight.bots.highlow_values import Valuation  # NumPy: on use, not at import

        self.rng, self.deck, self.samples = rng, list(deck), samples
        self.valuation = Valuation(*rankings(deck))
        self.ends = [(c.top.index, c.bottom.index) for c in deck]
        """Each card's (top, bottom) end indexes: equal exactly when the cards are."""

    def act(self, view: View) -> Action:
        """Cards are named by position in ``[*mine, *unseen]`` (their ends in ``cards``); the
        player's own hand is positions 0 to 4."""
        mine = [c for c in view.hole if isinstance(c, DualCard)]
        held = [(c.top.index, c.bottom.index) for c in mine]
        unseen = [e for e in self.ends if e not in held]
        cards = self.valuation.cards(held + unseen)
        pool = range(len(held), len(cards))
        opponents = self._opponents(view, cards, pool)
        if view.phase == ORIENT:
            return self._orient(mine, held, opponents, len(view.legal[0].cards))
        if view.phase == DRAW:
            return self._draw(mine, cards, pool, view.legal, opponents)
        return self._bet(view, self.valuation.best(cards, [range(5)], opponents)[0][0])

    def _opponents(self, view: View, cards: I64, pool: range) -> I64:
        """Per sample, the live opponents' best high key and best low key (``field``). Cards
        are sampled by position: ``rng.sample`` picks the same places in any population of
        one size, so these are the deals that sampling the unseen cards themselves makes."""
        others = sum(view.live) - 1
        picks = [self.rng.sample(pool, 5 * others) for _ in range(self.samples)]
        return self.valuation.field(cards, picks, others)

    def _orient(
        self, mine: list[DualCard], held: list[tuple[int, int]], opponents: I64, to_name: int
    ) -> Action:
        """The best orientation; a joker that must keep one value is tried as every card
        (one joker at a time, against 15 samples) and plays as that card at both ends."""
        cards = self.valuation.cards(held + [(c.index, c.index) for c in CARDS])  # c: 5 + c
        hand = list(range(5))
        named: list[Card] = []
        for at in [i for i, c in enumerate(mine) if c.top is JOKER][:to_name]:
            trials = [[*hand[:at], 5 + c.index, *hand[at + 1 :]] for c in CARDS]
            values = self.valuation.best(cards, trials, opponents[:, :15])[0]
            choice = CARDS[values.index(max(values))]  # the first of equals, as ``max`` picks
            hand[at] = 5 + choice.index
            named.append(choice)
        flips = FLIPS[self.valuation.best(cards, [hand], opponents)[1][0]]
        return Action(Kind.ORIENT, flips=flips, cards=tuple(named))

    def _draw(
        self,
        mine: list[DualCard],
        cards: I64,
        pool: range,
        legal: Sequence[Action],
        opponents: I64,
    ) -> Action:
        """Keep unless a draw of one or two cards gains 0.05 on average over four sampled
        draws, each against 15 samples (three-card draws are rarely right; they would triple
        the work). Every draw is sampled first, in the order it is weighed, then all are
        valued in one batch."""
        draws = [a for a in legal if a.kind is Kind.DISCARD and len(a.cards) <= 2]
        kept = [_kept(mine, action.cards) for action in draws]
        hands = [
            keep + self.rng.sample(pool, len(action.cards))
            for keep, action in zip(kept, draws, strict=True)
            for _ in range(4)
        ]
        best_action, best_value = KEEP, self.valuation.best(cards, [range(5)], opponents)[0][0]
        if not draws:
            return best_action
        values = self.valuation.best(cards, hands, opponents[:, :15])[0]
        for at, action in enumerate(draws):
            total = 0.0
            for value in values[4 * at : 4 * at + 4]:
                total += value
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


def _kept(mine: Sequence[DualCard], discards: Sequence[Playable]) -> list[int]:
    """The positions of the cards a discard keeps: each discarded card leaves once, so
    discarding one of two equal jokers keeps the other (and five cards after the draw)."""
    gone = list(discards)
    kept = []
    for i, card in enumerate(mine):
        if card in gone:
            gone.remove(card)
        else:
            kept.append(i)
    return kept


@cache
def typical_hands(deck: tuple[DualCard, ...], count: int = 1000) -> tuple[list[int], list[int]]:
    """The best high keys and the best low keys of ``count`` five-card hands drawn from the
    deck (a fixed sample, made once per deck), each list sorted."""
    high, low = rankings(deck)
    rng = random.Random(derive_seed(len(deck), "typical"))
    hands = [rng.sample(deck, 5) for _ in range(count)]
    return (
        sorted(best_orientation(hand, high)[0] for hand in hands),
        sorted(best_orientation(hand, low)[0] for hand in hands),
    )


class PatBot:
    """Stands pat, checks and calls, and orients for the largest 2/3 x (share of typical best
    high hands its high beats) + 1/3 x (share of typical best lows its low beats), ties half:
    a steady, cheap opponent for rollouts. A joker that must keep one value plays as As."""

    name = "pat"

    def __init__(self, rng: random.Random, deck: Sequence[DualCard]) -> None:
        self.highs, self.lows = typical_hands(tuple(deck))
        high, low = rankings(deck)
        self.high, self.low = key_function(high, 5), key_function(low, 5)

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
