"""Hurricane (seed 000): two-card draw, deuces wild, high/low, up to eight seats.

The phases are the storm's: the leading edge (betting), the eye of the storm (keep both or
discard one and draw one), the trailing edge (betting), then the showdown among survivors,
where the pot is split high/low (RULES.md) and what cannot be divided carries over.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pokernight.cards import CARDS, AnyCard, Card
from pokernight.engine.actions import Action, Kind
from pokernight.engine.betting import BettingRound, Limits
from pokernight.engine.draw import DrawPhase
from pokernight.engine.events import (
    Acted,
    Anted,
    Carried,
    Dealt,
    Drew,
    Event,
    HandLog,
    HandStarted,
    PotAwarded,
    RoundStarted,
    Showdown,
)
from pokernight.engine.pots import split_high_low
from pokernight.engine.protocol import Outcome, TableState, View
from pokernight.errors import IllegalAction, InvalidRules
from pokernight.hands.rules import preset
from pokernight.hands.twocard import explain_two

LEADING, EYE, TRAILING, OVER = "leading edge", "eye of the storm", "trailing edge", "showdown"
HIGH_RULES, LOW_RULES = preset("hurricane-high"), preset("hurricane-low")


@dataclass(frozen=True)
class HurricaneOptions:
    """RULES.md defaults: the original program's table."""

    seats: int = 8
    stake: int = 100
    ante: int = 1
    max_bet: int = 3
    raises: int = 2
    end_when_one_left: bool = False

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 8:
            raise InvalidRules(f"Hurricane seats 2 to 8 players, not {self.seats}")
        if self.stake <= 0 or self.ante < 0 or self.max_bet < 1 or self.raises < 0:
            raise InvalidRules("stake and bets must be positive, ante and raises not negative")

    @property
    def limits(self) -> Limits:
        return Limits(tuple(range(1, self.max_bet + 1)), self.raises)


class Hurricane:
    """The game: makes hands and says when the match is over."""

    name = "hurricane"

    def __init__(self, options: HurricaneOptions | None = None) -> None:
        self.options = options or HurricaneOptions()

    def new_table(self, dealer: int) -> TableState:
        return TableState(stakes=(self.options.stake,) * self.options.seats, dealer=dealer)

    def new_hand(self, table: TableState, seed: int) -> HurricaneHand:
        return HurricaneHand(self.options, table, seed)

    def game_over(self, table: TableState) -> str | None:
        broke = [s for s, stake in enumerate(table.stakes) if stake <= 0]
        if broke:
            return f"seat {broke[0] + 1} has no money for the ante"
        return None


class HurricaneHand:
    """One hand of Hurricane; the only door to its cards is ``view``."""

    def __init__(
        self,
        options: HurricaneOptions,
        table: TableState,
        seed: int,
        stacked: Sequence[AnyCard] | None = None,
    ) -> None:
        """``stacked``: deal these cards from the top instead of shuffling (lessons, tests)."""
        self.options = options
        self.stacked = tuple(stacked) if stacked is not None else None
        self.table = table
        self.seed = seed
        n = table.seats
        self.seats = n
        self.order = [(table.dealer + 1 + i) % n for i in range(n)]
        self.stakes = list(table.stakes)
        self.pot = table.carry
        self.live = [True] * n
        self._actions: list[Action] = []
        self.log = HandLog(n)
        self._events = self.log.events
        self._outcome: Outcome | None = None
        self._turn: int | None = None
        # What each viewer sees of the cards; dropped whenever cards move or are shown.
        self._cards_seen: dict[int, tuple[tuple[AnyCard | None, ...], ...]] = {}
        self._no_bets = (0,) * n
        deck: list[AnyCard] = list(CARDS)
        random.Random(seed).shuffle(deck)
        if stacked is not None:
            rest = [c for c in deck if c not in stacked]
            deck = rest + list(reversed(stacked))
        self._deck = deck
        self.hole: list[list[AnyCard]] = [[] for _ in range(n)]
        self._emit(HandStarted(table.hand, table.dealer, tuple(range(n))))
        for seat in self.order:
            self.stakes[seat] -= options.ante
            self.pot += options.ante
        self._emit(Anted(tuple(self.order), options.ante))
        for _ in range(2):
            for seat in self.order:
                self.hole[seat].append(self._deck.pop())
        for seat in self.order:
            self._emit(Dealt(seat, tuple(self.hole[seat])))
        self.phase = LEADING
        self.betting: BettingRound | None = BettingRound(self.order, options.limits, n)
        self.drawing: DrawPhase | None = None
        self._emit(RoundStarted(LEADING))
        self._advance()

    # -- protocol ----------------------------------------------------------------------------
    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self._actions)

    def to_act(self) -> int | None:
        return self._turn

    def _whose_turn(self) -> int | None:
        if self.drawing is not None:
            return self.drawing.to_act()
        if self.betting is not None:
            return self.betting.to_act()
        return None

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
        mark = len(self._events)
        if self.drawing is not None:
            self._draw(seat, action)
        else:
            assert self.betting is not None
            taken, chips = self.betting.apply(action)
            self.stakes[seat] -= chips
            self.pot += chips
            if taken.kind is Kind.FOLD:
                self.live[seat] = False
            self._emit(Acted(seat, taken, chips))
            action = taken
        self._actions.append(action)
        self._advance()
        return tuple(self._events[mark:])

    def view(self, seat: int | None) -> View:
        viewer = self.seats if seat is None else seat
        cards = self._cards_seen.get(viewer)
        if cards is None:
            shown = self._shown()
            hidden = (None, None)
            cards = tuple(
                [
                    tuple(self.hole[s]) if s == seat or s in shown else hidden
                    for s in range(self.seats)
                ]
            )
            self._cards_seen[viewer] = cards
        betting = self.betting
        acting = self._turn
        legal = tuple(self.legal_actions()) if acting == seat and seat is not None else ()
        table = self.table
        if betting is None:
            committed, level, owed, raises = self._no_bets, 0, 0, 0
        else:
            committed, level, raises = tuple(betting.committed), betting.level, betting.raises_left
            owed = level - betting.committed[seat] if seat is not None else 0
        # positional: this runs once per decision
        return View(
            "hurricane",
            seat,
            self.phase,
            table.hand,
            table.dealer,
            acting,
            self.pot,
            tuple(self.stakes),
            tuple(self.live),
            cards,
            committed,
            level,
            owed,
            raises,
            legal,
            self.log.seen(seat),
        )

    def outcome(self) -> Outcome | None:
        return self._outcome

    def clone(self) -> HurricaneHand:
        copy = HurricaneHand(self.options, self.table, self.seed, self.stacked)
        for action in self._actions:
            copy.apply(action)
        return copy

    # -- phases ------------------------------------------------------------------------------
    def _emit(self, event: Event) -> None:
        self.log.add(event)

    def _draw(self, seat: int, action: Action) -> None:
        assert self.drawing is not None
        thrown, new = self.drawing.apply(self.hole[seat], action, self._deal)
        if thrown:
            self._cards_seen.clear()
        self._emit(Drew(seat, thrown, new))

    def _deal(self, count: int) -> list[AnyCard]:
        return [self._deck.pop() for _ in range(count)]

    def _live_in_order(self) -> list[int]:
        return [s for s in self.order if self.live[s]]

    def _advance(self) -> None:
        while self.phase != OVER and self._whose_turn() is None:
            alone = sum(self.live) <= 1
            if alone and self.options.end_when_one_left:
                self._showdown()
            elif self.phase == LEADING:
                self.phase, self.betting = EYE, None
                self.drawing = DrawPhase(self._live_in_order(), 1)
                self._emit(RoundStarted(EYE))
            elif self.phase == EYE:
                self.phase, self.drawing = TRAILING, None
                self.betting = BettingRound(self._live_in_order(), self.options.limits, self.seats)
                self._emit(RoundStarted(TRAILING))
            else:
                self._showdown()
        self._turn = self._whose_turn()

    def _shown(self) -> set[int]:
        if self.phase != OVER or sum(self.live) <= 1:
            return set()
        return {s for s in range(self.seats) if self.live[s]}

    def _showdown(self) -> None:
        self.phase, self.betting, self.drawing = OVER, None, None
        self._cards_seen.clear()
        survivors = self._live_in_order()
        read = {s: reading(*self.hole[s]) for s in survivors}
        high = {s: read[s][0] for s in survivors}
        low = {s: read[s][2] for s in survivors}
        best_high, best_low = max(high.values()), max(low.values())
        high_winners = [s for s in survivors if high[s] == best_high]
        low_winners = [s for s in survivors if low[s] == best_low]
        shown: dict[int, tuple[AnyCard, ...]] = {}
        if len(survivors) > 1:
            for s in survivors:
                cards = tuple(self.hole[s])
                shown[s] = cards
                self._emit(Showdown(s, cards, read[s][1], read[s][3]))
        high_shares, low_shares, left = split_high_low(self.pot, high_winners, low_winners)
        awards: list[PotAwarded] = []
        for share, shares, said in (("high", high_shares, 1), ("low", low_shares, 3)):
            for s, amount in shares.items():
                self.stakes[s] += amount
                why = str(read[s][said]) if len(survivors) > 1 else "everyone else folded"
                award = PotAwarded(s, amount, share, why)
                awards.append(award)
                self._emit(award)
        if left:
            self._emit(Carried(left))
        self.pot = left
        self._outcome = Outcome(
            net=tuple(self.stakes[s] - self.table.stakes[s] for s in range(self.seats)),
            stakes=tuple(self.stakes),
            carry=left,
            awards=tuple(awards),
            shown=shown,
            high_winners=tuple(high_winners),
            low_winners=tuple(low_winners),
        )


def reading(first: AnyCard, second: AnyCard) -> tuple[int, str, int, str]:
    """High key and words, low key and words of two cards (suits never matter here, so the
    answers are kept by rank pair: 169 of them)."""
    ranks = (
        (first.value, second.value)
        if isinstance(first, Card) and isinstance(second, Card)
        else None
    )
    if ranks is None:
        raise IllegalAction("Hurricane is played without a joker")
    found = _READINGS.get(ranks)
    if found is None:
        pair = (first, second)
        high, low = explain_two(pair, HIGH_RULES), explain_two(pair, LOW_RULES)
        found = _READINGS[ranks] = (high.key, high.description, low.key, low.description)
    return found


_READINGS: dict[tuple[int, int], tuple[int, str, int, str]] = {}


def card_ranks(cards: Sequence[AnyCard | None]) -> str:
    """``Q5`` / ``--``: the seed's two-character form of a hand (suits are never used)."""
    return "".join(c.rank.char if isinstance(c, Card) else "-" for c in cards)
