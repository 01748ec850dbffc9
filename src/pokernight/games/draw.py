"""Five-card draw against the computer (seed 002): heads-up, the computer always deals.

You are seat 0 and act first in both betting rounds; the computer is seat 1. Each hand: $2
antes, five cards each dealt alternately (you get the first), a betting round in which you bet
$1 to $10 or fold, the computer sees or raises, and you may re-raise once; the draw (at most
three cards, yours first); the same betting again; then the showdown, where the ace is high
only and an exact tie splits the pot. Nobody shows cards when a hand ends in a fold.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pokernight.cards import CARDS, AnyCard
from pokernight.engine.actions import Action, Kind
from pokernight.engine.betting import BettingRound, Limits
from pokernight.engine.draw import DrawPhase
from pokernight.engine.events import (
    Acted,
    Anted,
    Dealt,
    Drew,
    Event,
    HandLog,
    HandStarted,
    PotAwarded,
    RoundStarted,
    Showdown,
)
from pokernight.engine.pots import divide_odd_chips
from pokernight.engine.protocol import Outcome, TableState, View
from pokernight.errors import IllegalAction, InvalidRules
from pokernight.hands.evaluate import compare
from pokernight.hands.rules import preset

HUMAN, COMPUTER = 0, 1
FIRST, DRAW, SECOND, OVER = "first bet", "draw", "second bet", "showdown"
RULES = preset("draw-ti")


@dataclass(frozen=True)
class DrawOptions:
    """RULES.md seed 002 defaults."""

    stake: int = 200
    ante: int = 2
    max_bet: int = 10
    max_discards: int = 3
    win_above: int = 399
    lose_below: int = 2

    def __post_init__(self) -> None:
        if self.stake <= 0 or self.ante < 0 or self.max_bet < 1 or not 0 <= self.max_discards <= 5:
            raise InvalidRules("stake and bets must be positive; discards 0 to 5")

    @property
    def limits(self) -> Limits:
        # You bet or fold; the computer sees or raises; you may re-raise once.
        return Limits(tuple(range(1, self.max_bet + 1)), raises=2, must_open=True)


class FiveCardDraw:
    name = "draw"

    def __init__(self, options: DrawOptions | None = None) -> None:
        self.options = options or DrawOptions()

    def new_table(self) -> TableState:
        """The computer always deals."""
        return TableState(stakes=(self.options.stake, self.options.stake), dealer=COMPUTER)

    def new_hand(self, table: TableState, seed: int) -> DrawHand:
        return DrawHand(self.options, table, seed)

    def game_over(self, table: TableState) -> str | None:
        you = table.stakes[HUMAN]
        if you > self.options.win_above:
            return "you have taken all of the computer's money"
        if you < self.options.lose_below:
            return "you cannot put up the ante"
        if table.stakes[COMPUTER] < self.options.ante:
            return "the computer cannot put up the ante"
        return None


class DrawHand:
    """One hand of five-card draw; ``view`` is the only door to the cards."""

    def __init__(
        self,
        options: DrawOptions,
        table: TableState,
        seed: int,
        stacked: Sequence[AnyCard] | None = None,
    ) -> None:
        """``stacked``: deal these cards from the top instead of shuffling (lessons, tests)."""
        self.options, self.table, self.seed = options, table, seed
        self.stacked = tuple(stacked) if stacked is not None else None
        deck: list[AnyCard] = list(CARDS)
        random.Random(seed).shuffle(deck)
        if stacked is not None:
            deck = [c for c in deck if c not in stacked] + list(reversed(stacked))
        self._deck = deck
        self.stakes = list(table.stakes)
        self.pot = table.carry
        self.live = [True, True]
        self.hole: list[list[AnyCard]] = [[], []]
        self.log = HandLog(2)
        self._actions: list[Action] = []
        self._outcome: Outcome | None = None
        self.log.add(HandStarted(table.hand, COMPUTER, (HUMAN, COMPUTER)))
        for seat in (HUMAN, COMPUTER):
            self.stakes[seat] -= options.ante
            self.pot += options.ante
        self.log.add(Anted((HUMAN, COMPUTER), options.ante))
        for _ in range(5):  # alternately, you first
            for seat in (HUMAN, COMPUTER):
                self.hole[seat].append(self._deck.pop())
        for seat in (HUMAN, COMPUTER):
            self.log.add(Dealt(seat, tuple(self.hole[seat])))
        self.phase = FIRST
        self.betting: BettingRound | None = BettingRound([HUMAN, COMPUTER], options.limits, 2)
        self.drawing: DrawPhase | None = None
        self.log.add(RoundStarted(FIRST))

    # -- protocol ----------------------------------------------------------------------------
    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self._actions)

    def to_act(self) -> int | None:
        if self.drawing is not None:
            return self.drawing.to_act()
        return self.betting.to_act() if self.betting is not None else None

    def legal_actions(self) -> Sequence[Action]:
        seat = self.to_act()
        if seat is None:
            return ()
        if self.drawing is not None:
            return self.drawing.legal(self.hole[seat])
        assert self.betting is not None
        return self.betting.legal()

    def apply(self, action: Action) -> Sequence[Event]:
        seat = self.to_act()
        if seat is None:
            raise IllegalAction("the hand is over: no action can be taken")
        mark = len(self.log.events)
        if self.drawing is not None:
            thrown, new = self.drawing.apply(self.hole[seat], action, self._deal)
            self.log.add(Drew(seat, thrown, new))
        else:
            assert self.betting is not None
            taken, chips = self.betting.apply(action)
            self.stakes[seat] -= chips
            self.pot += chips
            if taken.kind is Kind.FOLD:
                self.live[seat] = False
            self.log.add(Acted(seat, taken, chips))
            action = taken
        self._actions.append(action)
        self._advance()
        return self.log.events[mark:]

    def view(self, seat: int | None) -> View:
        shown = self.phase == OVER and all(self.live)
        cards = tuple(
            tuple(self.hole[s]) if s == seat or shown else (None,) * 5 for s in (HUMAN, COMPUTER)
        )
        betting, acting = self.betting, self.to_act()
        owed = betting.owed(seat) if betting is not None and seat is not None else 0
        return View(
            "draw",
            seat,
            self.phase,
            self.table.hand,
            COMPUTER,
            acting,
            self.pot,
            tuple(self.stakes),
            tuple(self.live),
            cards,
            tuple(betting.committed) if betting else (0, 0),
            betting.level if betting else 0,
            owed,
            betting.raises_left if betting else 0,
            tuple(self.legal_actions()) if acting == seat and seat is not None else (),
            self.log.seen(seat),
        )

    def outcome(self) -> Outcome | None:
        return self._outcome

    def clone(self) -> DrawHand:
        copy = DrawHand(self.options, self.table, self.seed, self.stacked)
        for action in self._actions:
            copy.apply(action)
        return copy

    # -- phases ------------------------------------------------------------------------------
    def _deal(self, count: int) -> list[AnyCard]:
        return [self._deck.pop() for _ in range(count)]

    def _advance(self) -> None:
        while self.phase != OVER and self.to_act() is None:
            if not all(self.live):
                self._settle()
            elif self.phase == FIRST:
                self.phase, self.betting = DRAW, None
                self.drawing = DrawPhase([HUMAN, COMPUTER], self.options.max_discards)
                self.log.add(RoundStarted(DRAW))
            elif self.phase == DRAW:
                self.phase, self.drawing = SECOND, None
                self.betting = BettingRound([HUMAN, COMPUTER], self.options.limits, 2)
                self.log.add(RoundStarted(SECOND))
            else:
                self._settle()

    def _settle(self) -> None:
        self.phase, self.betting, self.drawing = OVER, None, None
        awards: list[PotAwarded] = []
        shown: dict[int, tuple[AnyCard, ...]] = {}
        if not all(self.live):
            winner = HUMAN if self.live[HUMAN] else COMPUTER
            shares = {winner: self.pot}
            reasons = {winner: "the other side folded"}
        else:
            result = compare([self.hole[HUMAN], self.hole[COMPUTER]], RULES)
            for seat, value in enumerate(result.hands):
                shown[seat] = tuple(self.hole[seat])
                self.log.add(Showdown(seat, shown[seat], value.description, ""))
            shares = divide_odd_chips(self.pot, list(result.winners))
            reasons = {s: f"{result.hands[s].description}: {result.reason}" for s in shares}
        for seat, amount in shares.items():
            self.stakes[seat] += amount
            award = PotAwarded(seat, amount, "pot", reasons[seat])
            awards.append(award)
            self.log.add(award)
        self.pot = 0
        self._outcome = Outcome(
            net=tuple(self.stakes[s] - self.table.stakes[s] for s in (HUMAN, COMPUTER)),
            stakes=tuple(self.stakes),
            carry=0,
            awards=tuple(awards),
            shown=shown,
            high_winners=tuple(shares),
        )
