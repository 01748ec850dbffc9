"""Pai Gow Poker (seed 004, docs/games/paigow.md): seven cards set as a five-card back and a
two-card front.

Seats are the players (1 to 6). The house is not a seat: when it banks (the default) its dealer
sets by the house way here, and it collects every commission. Each hand: every player who can
cover the table minimum wagers, then seven cards each are dealt from the 53-card deck (the bug
joker), each player sets, a banking player sets last, and each player's two hands are compared
with the banker's: win both and win the wager less the commission, lose both and lose it,
otherwise push; copies (exact ties) go to the banker; a fouled hand loses (or is re-set by the
house way, an option). Nobody sees another's cards until the showdown. A seat sitting the
hand out (``TableState.out``) is dealt nothing and wagers nothing; when it is the banking
seat's turn to bank, the house banks that hand (with ``bank=players``, where there is no house,
the next seat that can: ``options.banker_at``).

A banking player's chips are all it can lose: it covers the wagers in the order of play (from
its left), so a player may wager no more than it still covers (the table minimum always), and
the part of a wager it cannot cover is no action (``wagers.settle``). No seat goes below zero.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokernight.cards import AnyCard, DualCard, joker_deck
from pokernight.engine.actions import Action, Kind
from pokernight.engine.events import Acted, Dealt, HandStarted
from pokernight.engine.phases import script as phases
from pokernight.engine.play import HandBase
from pokernight.engine.protocol import TableState, View
from pokernight.engine.shuffle import seeded_sample
from pokernight.errors import IllegalAction, InvalidRules
from pokernight.games.paigow.events import Revealed, SetHand
from pokernight.games.paigow.hands import Setting, make_setting
from pokernight.games.paigow.options import Bank, PaiGowOptions, banker_at
from pokernight.games.paigow.wagers import SetChoices, Wagers, settle
from pokernight.games.paigow.way import house_way

WAGER, SET, OVER = "wager", "set", "showdown"
DECK: tuple[AnyCard, ...] = tuple(joker_deck())
SCRIPT = (phases.Wager(WAGER), phases.Set(SET), phases.Showdown(OVER))
"""Every player wagers; the cards are dealt; every player sets, then a banking seat."""


class PaiGow:
    name = "paigow"

    def __init__(self, options: PaiGowOptions | None = None) -> None:
        self.options = options or PaiGowOptions()

    @property
    def seats(self) -> int:
        return self.options.seats

    def new_table(self) -> TableState:
        return TableState(stakes=(self.options.stake,) * self.seats, dealer=0)

    def new_hand(self, table: TableState, seed: int) -> PaiGowHand:
        return PaiGowHand(self.options, table, seed)

    def game_over(self, table: TableState) -> str | None:
        """Over when no hand could be played: nobody covers the minimum, or (with a player
        banking and no house to bank in its place) nobody but the bank does."""
        minimum = self.options.min_bet
        able = [s for s in table.dealt_in if table.stakes[s] >= minimum]
        if not able:
            return f"no seat can cover the table minimum of {minimum}"
        bank = self.options.bank
        if (bank is Bank.PLAYERS and len(able) == 1) or (bank is Bank.PLAYER and able == [0]):
            alone = f"only seat {able[0] + 1} can cover the table minimum of {minimum}"
            return f"{alone}: nobody is left to play against the bank"
        return None


class PaiGowHand(HandBase):
    """One hand; ``view`` is the only door to the cards."""

    game = "paigow"
    script = SCRIPT

    def __init__(
        self,
        options: PaiGowOptions,
        table: TableState,
        seed: int,
        hands: Sequence[Sequence[AnyCard]] | None = None,
    ) -> None:
        """``hands``: seven cards for each hand dealt, players in turn then the banker (tests
        and lessons); otherwise the seed deals."""
        super().__init__(table, seed)
        self.options, self.dealt = options, hands
        n = table.seats
        self.banker = banker_at(options, table)
        start = 0 if self.banker is None else self.banker + 1
        self.order = [(start + i) % n for i in range(n) if (start + i) % n != self.banker]
        self.players = [
            s for s in self.order if self.stakes[s] >= options.min_bet and s not in table.out
        ]
        holders = len(self.players) + 1
        cards = (
            [c for hand in hands for c in hand]
            if hands is not None
            else seeded_sample(DECK, 7 * holders, seed)
        )
        if len(cards) != 7 * holders:
            raise InvalidRules(f"deal 7 cards to each of {holders} hands")
        self.hole: list[tuple[AnyCard, ...]] = [() for _ in range(n)]
        for i, seat in enumerate(self.players):
            self.hole[seat] = tuple(cards[7 * i : 7 * i + 7])
        self.bank_cards = tuple(cards[-7:])
        if self.banker is not None:
            self.hole[self.banker] = self.bank_cards
        self._hidden = tuple([(None,) * len(h) for h in self.hole])
        # Live: every seat holding cards, a banking one too (a front end takes a seat that
        # is not live for one out of the game, and the banker is in it).
        holding = self.setters()
        self._live = tuple([s in holding for s in range(n)])
        self.wagers = [0] * n
        self.settings: dict[int, Setting] = {}
        self.bank: Setting | None = None
        self.log.add(HandStarted, table.hand, self.banker, tuple(self.players))
        self.start()

    def begin(self, phase: phases.Phase) -> None:
        """The cards are dealt once every player has wagered (none: no hand is dealt)."""
        if phase.name == SET and self.players:
            for s in self.setters():
                self.log.add(Dealt, s, self.hole[s])
        super().begin(phase)

    def in_turn(self, phase: phases.InTurn) -> list[int]:
        return self.setters() if phase.name == SET else list(self.players)

    def setters(self) -> list[int]:
        """Who sets: the players, then a banking seat (when anyone plays against it)."""
        banking = [] if self.banker is None or not self.players else [self.banker]
        return self.players + banking

    def legal_for(self, seat: int) -> Sequence[Action]:
        if self.phase == WAGER:
            return self._wagers(seat)
        return SetChoices(self.hole[seat])

    def _wagers(self, seat: int) -> Wagers:
        """The table limits within the seat's chips, and within what a banking seat still
        covers (its chips less the wagers before, in the order of play); never below the
        minimum, whose uncovered part is then no action."""
        o = self.options
        high = min(o.max_bet, self.stakes[seat])
        if self.banker is not None:
            high = min(high, max(o.min_bet, self.stakes[self.banker] - sum(self.wagers)))
        return Wagers(o.min_bet, high)

    def act(self, seat: int, action: Action) -> Action:
        if self.phase == WAGER:
            allowed = self._wagers(seat)
            if action not in allowed:
                raise IllegalAction(f"seat {seat + 1} must wager: {allowed}")
            self.stakes[seat] -= action.amount
            self.wagers[seat] = action.amount
            self.log.add(Acted, seat, action, action.amount)
        else:
            action = self._set(seat, action)
        return action

    def _set(self, seat: int, action: Action) -> Action:
        hole = self.hole[seat]
        chosen = [c.index for c in action.cards if not isinstance(c, DualCard)]
        if action.kind is not Kind.SET or len(chosen) != 2 or chosen[0] == chosen[1]:
            raise IllegalAction("set names the two cards of your front hand, e.g. 'set Kd 9s'")
        front = tuple([c for c in hole if c.index in chosen])
        if len(front) != 2:
            raise IllegalAction(f"set two of your own cards: {' '.join(map(str, hole))}")
        self.settings[seat] = make_setting(hole, front, "", self.options.wheel)
        self.log.add(SetHand, seat, front)
        return action if action.cards == front else Action(Kind.SET, cards=front)

    def showdown(self) -> None:
        o = self.options
        banker = self.banker
        turn = None  # the seat whose turn to bank is next, where it goes by turns: banker_at
        if o.bank is Bank.PLAYERS and banker is not None:
            turn = (banker + 1) % len(self.stakes)
        if not self.players:
            self.settle((), banked=True, leader=turn)
            return
        if banker is None:
            self.bank = house_way(self.bank_cards, o.two_pair, o.wheel)
        else:
            self.bank = self.settings[banker] = self._resets(self.settings[banker])
        bank = self.bank
        self.log.add(Revealed, banker, bank.front, bank.back, bank.fouled, bank.reason)
        for s in self.players:
            played = self.settings[s] = self._resets(self.settings[s])
            self.log.add(Revealed, s, played.front, played.back, played.fouled, played.reason)
        played_by = {s: self.settings[s] for s in self.players}
        shown = {s: p.front + p.back for s, p in self.settings.items()}
        cover = None if banker is None else self.stakes[banker]
        awards = settle(o.commission, banker, self.bank, played_by, self.wagers, cover)
        self.settle(awards, shown=shown, banked=True, leader=turn)

    def _resets(self, setting: Setting) -> Setting:
        if setting.fouled and self.options.house_resets_fouls:
            cards = setting.front + setting.back
            fixed = house_way(cards, self.options.two_pair, self.options.wheel)
            return make_setting(
                cards,
                fixed.front,
                f"fouled; the house re-set it: {fixed.reason}",
                self.options.wheel,
            )
        return setting

    def fresh(self) -> PaiGowHand:
        return PaiGowHand(self.options, self.table, self.seed, self.dealt)

    def view(self, seat: int | None) -> View:
        cards: tuple[tuple[AnyCard | None, ...], ...] = self._hidden
        board: tuple[AnyCard, ...] = ()
        if self._outcome is not None:
            cards = tuple(
                self.settings[s].front + self.settings[s].back if s in self.settings else ()
                for s in range(self.table.seats)
            )
            if self.banker is None and self.bank is not None:
                board = self.bank.front + self.bank.back
        elif seat is not None and self.phase == SET:  # dealt after the wagers
            seen = list(cards)
            seen[seat] = self.hole[seat]
            cards = tuple(seen)
        return self.make_view(
            seat, cards, self.stakes, self._live,
            dealer=self.banker, board=board, wagers=tuple(self.wagers),
        )  # fmt: skip
