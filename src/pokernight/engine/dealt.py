"""What every dealt hand with betting and drawing shares, so each game writes only its rules.

A betting game's hand subclasses ``DealtHand`` (itself a ``HandBase``): it names its
``script`` (bets, draws, phases of its own, the showdown), deals in ``__init__`` then calls
``start()``; the base walks the script, running each betting round and draw here, and the
game's showdown reads the hands and ends in ``settle``. The betting and draw actions, the chips
and the dealing live here once.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Generic, TypeVar

from pokernight.cards import Playable
from pokernight.engine.actions import FOLD, Action, Kind
from pokernight.engine.events import Acted, Anted, Dealt, Drew, RoundStarted
from pokernight.engine.phases.betting import BettingRound
from pokernight.engine.phases.draw import DrawPhase
from pokernight.engine.phases.script import Bet, Draw, InTurn, Phase, Showdown
from pokernight.engine.play import HandBase
from pokernight.engine.protocol import Betting, Outcome, TableState, View
from pokernight.engine.shuffle import shuffled
from pokernight.errors import IllegalAction
from pokernight.seeds import derive_seed

C = TypeVar("C", bound=Playable)


class DealtHand(HandBase, Generic[C]):
    """The pot, live players, hole cards, and the betting and drawing phases."""

    drew_event: type[Drew] = Drew
    """The event a draw logs (a game whose seed tells draws in words of its own subclasses
    it)."""

    def __init__(
        self,
        table: TableState,
        seed: int,
        cards: Sequence[C],
        stacked: Sequence[C] | None = None,
        *,
        shuffle_as_dealt: bool = True,
    ) -> None:
        """``cards``: the deck in a fixed order, dealt from its end once the seed shuffles it;
        ``stacked``: these cards dealt from the top instead, in that order (lessons, tests,
        search), kept so ``fresh`` deals them again. ``shuffle_as_dealt``: the seed shuffles
        the deck a card at a time as cards are dealt (``_shuffle_top``), so a hand that deals a
        few cards pays for those only; the cards come out exactly as from
        ``shuffled(cards, seed)``."""
        super().__init__(table, seed)
        self.stacked = None if stacked is None else tuple(stacked)
        lazy = shuffle_as_dealt and stacked is None
        deck = list(cards) if lazy else shuffled(cards, seed, stacked)
        n, out = table.seats, table.out
        # the seats dealt in, the dealer's left first (a seat sitting out is passed over)
        self.order = [s for i in range(n) if (s := (table.dealer + 1 + i) % n) not in out]
        self.pot = table.carry
        self.live = [s not in out for s in range(n)]
        self.hole: list[list[C]] = [[] for _ in range(n)]
        self.betting: BettingRound | None = None
        self.drawing: DrawPhase | None = None
        self.opener: int | None = None
        """The seat that made the hand's first bet (High-Low's second round starts there)."""
        self._deck = deck
        self._shuffler = random.Random(seed) if lazy else None
        self._unshuffled = len(deck) if lazy else 0
        self._discards: list[C] = []

    # -- for subclasses ----------------------------------------------------------------------
    def turn(self) -> int | None:
        if self.drawing is not None:
            return self.drawing.to_act()
        return self.betting.to_act() if self.betting is not None else super().turn()

    def begin(self, phase: Phase) -> None:
        """A betting round or a draw starts here; every phase but the showdown is announced."""
        self.betting = self.drawing = None
        if not isinstance(phase, Showdown):
            self.log.add(RoundStarted, phase.name)
        if isinstance(phase, Bet):
            cap = self.table_stakes if phase.table_stakes else None
            self.betting = BettingRound(self.bettors(phase), phase.limits, self.seats, cap)
        elif isinstance(phase, Draw):
            self.drawing = DrawPhase(self.live_in_order(), phase.discards, self.stock)
        else:
            super().begin(phase)

    def in_turn(self, phase: InTurn) -> list[int]:
        """Every live seat, from the dealer's left."""
        return self.live_in_order()

    def decided(self) -> bool:
        """One seat is left: the rest folded."""
        return sum(self.live) <= 1

    def bettors(self, phase: Bet) -> list[int]:
        """The live seats in the order ``phase`` asks them to bet."""
        order = self.order
        if phase.led_by_opener and self.opener is not None:
            at = order.index(self.opener)
            order = order[at:] + order[:at]
        return [s for s in order if self.live[s]]

    def table_stakes(self, seat: int) -> int:
        """The most ``seat`` may bet or raise at table stakes: what it holds beyond its call,
        and what every other live seat holds beyond its own."""
        betting = self.betting
        assert betting is not None  # asked only by the round in progress
        return min(self.stakes[s] - betting.owed(s) for s in self.live_in_order())

    def own_legal(self, seat: int) -> Sequence[Action]:
        """Legal actions of a phase of the game's own (none by default)."""
        return ()

    def own_apply(self, seat: int, action: Action) -> Action:
        """Apply an action of a phase of the game's own; returns it as recorded."""
        raise IllegalAction(f"cannot {action} now")

    def deal(self, count: int) -> list[C]:
        """Cards from the stock; when it runs short, the earlier discards are shuffled (by
        the hand's seed) under what is left, as a dealer does."""
        deck = self._deck
        if count > len(deck) and self._discards:
            spent, self._discards = self._discards, []
            random.Random(derive_seed(self.seed, "restock", len(deck))).shuffle(spent)
            deck[:0] = spent  # under the unshuffled cards, which stay on top
        if self._unshuffled:
            self._shuffle_top(count)
        return [deck.pop() for _ in range(count)]

    def _shuffle_top(self, count: int) -> None:
        """Put on top of the deck the ``count`` cards ``random.Random.shuffle`` would have put
        there: its Fisher-Yates steps run from the top of the deck down, each drawing
        ``getrandbits`` until below the number of cards still to place, so taking the steps
        only as cards are dealt, with the same bits, gives the same deck."""
        deck, left, shuffler = self._deck, self._unshuffled, self._shuffler
        assert shuffler is not None  # cards are left unshuffled only when shuffled as dealt
        getrandbits = shuffler.getrandbits
        bottom = len(deck) - left  # the unshuffled cards are deck[bottom:]
        for size in range(left, max(left - count, 1), -1):
            bits, pick = size.bit_length(), size
            while pick >= size:
                pick = getrandbits(bits)
            top, pick = bottom + size - 1, bottom + pick
            deck[top], deck[pick] = deck[pick], deck[top]
        self._unshuffled = max(left - count, 0)

    def stock(self) -> int:
        """Cards that can still be dealt this hand: the stock and the earlier discards."""
        return len(self._deck) + len(self._discards)

    def collect_antes(self, amount: int) -> None:
        for seat in self.order:
            self.stakes[seat] -= amount
            self.pot += amount
        self.log.add(Anted, tuple(self.order), amount)

    def deal_holes(self, count: int) -> None:
        """``count`` cards to each seat, one at a time around the table, face down."""
        order = self.order
        cards = self.deal(count * len(order))  # no discards yet: the same as one at a time
        for i, seat in enumerate(order):
            self.hole[seat].extend(cards[i :: len(order)])
        for seat in order:
            self.log.add(Dealt, seat, tuple(self.hole[seat]))

    def live_in_order(self) -> list[int]:
        return [s for s in self.order if self.live[s]]

    def finish(self, outcome: Outcome) -> None:
        self.betting = self.drawing = None
        self.pot = outcome.carry
        super().finish(outcome)

    # -- the protocol's decisions ----------------------------------------------------------
    def legal_for(self, seat: int) -> Sequence[Action]:
        if self.drawing is not None:
            return self.drawing.legal(self.hole[seat])
        if self.betting is not None:
            return self.betting.legal()
        return self.own_legal(seat)

    def act(self, seat: int, action: Action) -> Action:
        if self.drawing is not None:
            thrown, new = self.drawing.apply(self.hole[seat], action, self.deal)
            self._discards.extend(thrown)
            self.log.add(self.drew_event, seat, thrown, new)
            self.drew(seat, thrown)
        elif self.betting is not None:
            action, chips = self.betting.apply(action)  # the round's own object: FOLD itself
            if chips:
                self.stakes[seat] -= chips
                self.pot += chips
            elif action is FOLD:
                self.live[seat] = False
            if self.opener is None and action.kind is Kind.BET:
                self.opener = seat
            self.log.add(Acted, seat, action, chips)
        else:
            action = self.own_apply(seat, action)
        return action

    def drew(self, seat: int, thrown: Sequence[C]) -> None:
        """Hook after a draw (e.g. to drop cached views)."""

    def view_with(self, seat: int | None, cards: tuple[tuple[Playable | None, ...], ...]) -> View:
        """The seat's view, given what it may see of everyone's cards."""
        betting = self.betting
        round_ = None
        if betting is not None:
            level = betting.level
            owed = level - betting.committed[seat] if seat is not None else 0
            round_ = Betting(tuple(betting.committed), level, owed, betting.raises_left)
        return self.make_view(
            seat, cards, self.stakes, tuple(self.live),
            dealer=self.table.dealer, pot=self.pot, betting=round_,
        )  # fmt: skip
