"""High-Low's value player valued in batches decides exactly as the one-hand-at-a-time player
it replaced: the same action and the same draws from its generator on a few hundred views of
seeded matches (bets, draws, orientations, jokers named), so its strength is unchanged."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import product

import numpy as np

from pokernight.bots.generic import RandomBot
from pokernight.bots.highlow import ValueBot, typical_hands
from pokernight.cards import CARDS, JOKER, Card, DualCard, Playable, parse_duals
from pokernight.engine.actions import CALL, CHECK, FOLD, KEEP, Action, Kind, discard
from pokernight.engine.protocol import TableState, View
from pokernight.engine.table import Match
from pokernight.games.highlow.game import (
    DRAW,
    HIGH,
    LOW,
    ORIENT,
    HighLow,
    HighLowHand,
    HighLowOptions,
    plays,
)
from pokernight.hands.batch import keys
from pokernight.hands.five import key_function
from pokernight.seeds import derive_seed

FLIPS = list(product((0, 1), repeat=5))
JOKER_CARD = DualCard(JOKER, JOKER)
SAMPLES = 16
"""More than the 15 that draws and jokers are weighed against, few enough to be quick."""


def without(cards: Sequence[DualCard], taken: Sequence[Playable]) -> list[DualCard]:
    """``cards`` less one of each card in ``taken`` (the deck's two jokers are equal)."""
    rest = list(cards)
    for card in taken:
        if isinstance(card, DualCard):
            rest.remove(card)
    return rest


class Reference:
    """The value player as it was, every sampled opponent hand and every orientation keyed
    one at a time in Python (about 50 ms a decision), but for one fix: holding both jokers
    of the deck, a discard of one took both out of the hand and then failed on a four-card
    hand; now ``without`` takes one."""

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
        unseen = [c for c in self.deck if c not in mine]
        others = sum(view.live) - 1
        out = []
        for _ in range(self.samples):
            dealt = self.rng.sample(unseen, 5 * others)
            out.append([self.best_each(dealt[5 * i : 5 * i + 5]) for i in range(others)])
        return out

    def best_each(self, cards: list[DualCard]) -> tuple[int, int]:
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
                continue
            kept = without(mine, action.cards)
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


class Recorder:
    """A seat that keeps every view it was asked to act on."""

    name = "recorder"

    def __init__(self, player: ValueBot, views: list[View]) -> None:
        self.player, self.views = player, views

    def act(self, view: View) -> Action:
        self.views.append(view)
        return self.player.act(view)


def views_of(options: HighLowOptions, value_seats: int, hands: int) -> list[View]:
    """The views of the first ``value_seats`` seats, value players, over seeded hands."""
    game = HighLow(options)
    views: list[View] = []
    players = [
        Recorder(ValueBot(random.Random(s), game.deck, SAMPLES), views)
        if s < value_seats
        else RandomBot(random.Random(s))
        for s in range(options.seats)
    ]
    match = Match(game, players, options.seats, game.new_table())
    for _ in range(hands):
        match.play_hand()
    return views


def test_batched_decisions_equal_the_reference_ones_with_the_same_draws() -> None:
    tables = [
        (HighLowOptions(seats=2), 2, 12),
        (HighLowOptions(seats=4), 1, 12),
        (HighLowOptions(seats=3, jokers=1), 2, 8),
        (HighLowOptions(seats=2, jokers=2, joker_same_both_ends=True), 2, 8),
        (HighLowOptions(seats=6, jokers=2), 3, 4),
    ]
    phases: Counter[str] = Counter()
    named = 0
    for t, (options, value_seats, hands) in enumerate(tables):
        deck = HighLow(options).deck
        for i, view in enumerate(views_of(options, value_seats, hands)):
            new = ValueBot(random.Random(derive_seed(t, i)), deck, SAMPLES)
            old = Reference(random.Random(derive_seed(t, i)), deck, SAMPLES)
            action = new.act(view)
            assert action == old.act(view), (options, i)
            assert new.rng.getstate() == old.rng.getstate()
            phases[view.phase] += 1
            named += len(action.cards) if view.phase == ORIENT else 0
    assert phases == {"first bet": 120, "draw": 62, "orient": 62, "second bet": 109}
    assert named == 5  # jokers named at orientation, each weighed as all 52 cards


def test_holding_both_jokers_a_draw_of_one_weighs_five_cards() -> None:
    options = HighLowOptions(seats=2, jokers=2)
    deck = HighLow(options).deck
    holes = [
        [JOKER_CARD, JOKER_CARD, *parse_duals("As/2c Ah/3c Kd/5c")],
        parse_duals("Kh/7c Qs/9c Qh/Tc Qd/Jc 9d/8c"),
    ]
    dealt = [c for pair in zip(holes[1], holes[0], strict=True) for c in pair]
    rest = [c for c in deck if str(c) not in {str(c) for c in dealt}]
    hand = HighLowHand(options, deck, TableState((100, 100), 0), 0, dealt + rest)
    for action in (CHECK, CHECK, KEEP):
        hand.apply(action)
    view = hand.view(0)  # the reference as it was failed here, on discarding one joker
    assert view.to_act == 0 and view.phase == DRAW and discard(JOKER_CARD) in view.legal
    new, old = ValueBot(random.Random(4), deck, SAMPLES), Reference(random.Random(4), deck, SAMPLES)
    assert new.act(view) == old.act(view) == KEEP


def test_typical_hands_are_the_best_of_every_orientation() -> None:
    deck = tuple(HighLow(HighLowOptions(jokers=1)).deck)
    rng = random.Random(derive_seed(len(deck), "typical"))
    best = [Reference(random.Random(0), deck).best_each(rng.sample(deck, 5)) for _ in range(300)]
    assert typical_hands(deck, 300) == (sorted(h for h, _ in best), sorted(lo for _, lo in best))


def test_keys_on_the_calling_thread_equal_the_shared_out_ones() -> None:
    deck = HighLow(HighLowOptions(jokers=2)).deck
    ends = np.array([(c.top.index, c.bottom.index) for c in deck])
    rng = np.random.default_rng(3)
    duals = ends[np.array([rng.choice(len(deck), 5, replace=False) for _ in range(400)])]
    for hands in (duals, duals[:, :, 0]):
        for rules in (HIGH.with_options(jokers=2), LOW.with_options(jokers=2)):
            assert keys(hands, rules, threads=False).tolist() == keys(hands, rules).tolist()
