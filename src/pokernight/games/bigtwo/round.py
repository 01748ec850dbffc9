"""One round of Mount Holyoke Poker: the deal, the runs, the passes, the reset and the score.

Hands are sorted climb values (``hands.climb``). Two doors lead in: the protocol (``apply``
checks an action with the referee, ``view`` shows a seat only its own cards) and a fast path
for search (``moves`` and ``step`` on plain tuples), which the protocol itself goes through.
"""

from __future__ import annotations

from collections.abc import Sequence
from copy import copy
from functools import cache
from typing import Protocol

from pokernight.cards import CARDS, Card
from pokernight.engine.actions import PASS, Action, Kind
from pokernight.engine.events import Dealt, HandLog
from pokernight.engine.phases import script as phases
from pokernight.engine.play import HandBase
from pokernight.engine.protocol import TableState, View
from pokernight.engine.shuffle import shuffled
from pokernight.games.bigtwo.events import (
    FewCardsLeft,
    Passed,
    Played,
    RoundDealt,
    RoundOver,
    RunReset,
)
from pokernight.games.bigtwo.referee import check_play, describe
from pokernight.hands.climb import ClimbOrder, tables
from pokernight.hands.climb_moves import Play, plays


class Rules(Protocol):
    """What a round reads of the game's options (``game.BigTwoOptions``). The game deals its
    rounds, so ``game.py`` imports this module and a round names only what it reads."""

    @property
    def seats(self) -> int: ...
    @property
    def order(self) -> ClimbOrder: ...
    @property
    def lowest_card_leads_every_round(self) -> bool: ...
    @property
    def open_with_any_play(self) -> bool: ...
    @property
    def absent(self) -> int: ...
    def points(self, left: int) -> int: ...


OPEN, LEAD, FOLLOW, OVER = "open", "lead", "follow", "over"
WARN_AT = 3  # a seat down to this many cards or fewer is announced
SCRIPT = (phases.Play(OPEN, shows=(LEAD, FOLLOW)), phases.Showdown(OVER))
"""The runs, from the opening play until a seat goes out; then every seat scores."""


def allowed(
    hand: Sequence[int],
    beat: Play | None,
    opening: int | None,
    any_opening: bool,
    order: ClimbOrder,
) -> list[Play]:
    """The plays a seat holding ``hand`` may make (pass aside): those that beat ``beat``,
    anything when leading, and while ``opening`` (the lowest card) must open, that card alone
    or (``any_opening``) any play that holds it."""
    if opening is None:
        return plays(hand, beat, order)
    if any_opening:
        return [p for p in plays(hand, None, order) if opening in p[1]]
    return [(opening, (opening,))]


@cache
def action_cache(order: ClimbOrder) -> dict[tuple[int, ...], Action]:
    """Each play's action, made once per order (a play is a tuple of climb values)."""
    return {}


def play_action(cards: tuple[int, ...], order: ClimbOrder) -> Action:
    known = action_cache(order)
    action = known.get(cards)
    if action is None:
        card_of = tables(order).card_of
        action = known[cards] = Action(Kind.PLAY, cards=tuple(card_of[v] for v in cards))
    return action


class BigTwoHand(HandBase):
    """One round. Hands are kept as sorted climb values; ``view`` is the only door to them.
    The seat to act is the base's ``_turn``, which the fast path moves itself."""

    game = "bigtwo"
    script = SCRIPT
    over_word = "the round is over: no action can be taken"

    def __init__(
        self,
        options: Rules,
        table: TableState,
        seed: int,
        hands: Sequence[Sequence[Card]] | None = None,
    ) -> None:
        """``hands``: deal these instead of shuffling (lessons, tests, determinized rounds)."""
        super().__init__(table, seed)
        n = options.seats
        self.options = options
        self.order = options.order
        self.card_of = tables(self.order).card_of
        playing = table.dealt_in
        self.players = len(playing)
        self.live = tuple(s not in table.out for s in range(n))
        """Who plays the round: a seat sitting out holds no cards and scores the most a round
        can score (``BigTwoOptions.absent``), so sitting a round out never wins the game."""
        self.after = tuple(
            next(t for k in range(1, n + 1) if (t := (s + k) % n) in playing) for s in range(n)
        )
        """The seat after each one that plays the round (a seat sitting out is passed over)."""
        if hands is None:
            deck = shuffled(list(CARDS), seed)
            dealt: list[list[Card]] = [[] for _ in range(n)]
            seat = table.dealer
            for _ in range(13 * self.players):  # one at a time, from the dealer's left
                seat = self.after[seat]
                dealt[seat].append(deck.pop())
            hands = dealt
        self.dealt = tuple(tuple(h) for h in hands)
        value_of = tables(self.order).value_of
        self.held = [sorted(value_of[c.index] for c in h) for h in self.dealt]
        self.log.add(RoundDealt, table.hand, table.dealer, playing, table.round)
        for s in playing:
            self.log.add(Dealt, s, tuple(self.card_of[v] for v in self.held[s]))
        self.beat: Play | None = None
        self.last_seat, self.passes = -1, 0
        self._legal: list[Play] | None = None
        winner = table.leader
        if options.lowest_card_leads_every_round or winner is None or winner in table.out:
            lowest = min(min(h) for h in self.held if h)
            self.opening: int | None = lowest
            self._turn = next(s for s in range(n) if lowest in self.held[s])
        else:
            self.opening, self._turn = None, winner
        self.start()

    def resume(
        self, turn: int, beat: Play | None, last_seat: int, passes: int, opening: int | None
    ) -> None:
        """Continue from a position in a run (a determinized round for search)."""
        self._turn, self.beat, self.last_seat, self.passes = turn, beat, last_seat, passes
        self.opening, self._legal = opening, None
        self._phase()

    def fork(self) -> BigTwoHand:
        """A copy to play on (search rollouts): the same position and history of actions; its
        log holds only what happens after the fork."""
        twin = copy(self)
        twin.held = [list(h) for h in self.held]
        twin.stakes = list(self.stakes)
        twin.log = HandLog()
        twin._actions = list(self._actions)
        return twin

    # -- the fast path (search bots, rollouts): plays as climb values -----------------------
    def moves(self) -> list[Play]:
        """The plays the seat to act may make (pass aside), in the legal actions' order."""
        if self._legal is None:
            hand = self.held[self._turn] if self._turn is not None else []
            any_opening = self.options.open_with_any_play
            self._legal = allowed(hand, self.beat, self.opening, any_opening, self.order)
        return self._legal

    def step(self, play: Play | None) -> None:
        """Make a legal play (None: pass) for the seat to act; ``apply`` checks first."""
        seat = self._turn
        assert seat is not None
        self._legal = None
        if play is None:
            self.passes += 1
            self.log.add(Passed, seat)
            self._turn = self.after[seat]
            if self.passes == self.players - 1:
                self.beat, self.passes, self._turn = None, 0, self.last_seat
                self.log.add(RunReset, self.last_seat)
            self._phase()
            return
        hand = self.held[seat]
        for v in play[1]:
            hand.remove(v)
        self.beat, self.last_seat, self.passes, self.opening = play, seat, 0, None
        self.log.add(Played, seat, self.cards(play[1]), describe(play, self.order), len(hand))
        if 0 < len(hand) <= WARN_AT:
            self.log.add(FewCardsLeft, seat, len(hand))
        if hand:
            self._turn = self.after[seat]
            self._phase()
        else:
            self._turn = None
            self.advance()

    def cards(self, values: Sequence[int]) -> tuple[Card, ...]:
        card_of = self.card_of
        return tuple(card_of[v] for v in values)

    def showdown(self) -> None:
        """The seat that went out wins; every seat scores the cards it still holds, a seat
        that sat the round out the most a round can score."""
        winner = self.last_seat
        left = tuple(len(h) for h in self.held)
        absent = self.options.absent
        points = tuple(
            self.options.points(k) if p else absent for k, p in zip(left, self.live, strict=True)
        )
        self.log.add(RoundOver, winner, left, points)
        for seat, lost in enumerate(points):
            self.stakes[seat] -= lost
        keep_winner = not self.options.lowest_card_leads_every_round
        self.settle((), high_winners=(winner,), leader=winner if keep_winner else None)

    def begin(self, phase: phases.Phase) -> None:
        if isinstance(phase, phases.Play):
            self._phase()
        else:
            super().begin(phase)

    def _phase(self) -> None:
        """The stage of the runs: opening with the lowest card, leading, following."""
        self.phase = OPEN if self.opening is not None else LEAD if self.beat is None else FOLLOW

    # -- the protocol ---------------------------------------------------------------------
    def turn(self) -> int | None:
        return self._turn

    def legal_for(self, seat: int) -> Sequence[Action]:
        made = [play_action(cards, self.order) for _, cards in self.moves()]
        return made if self.beat is None else [*made, PASS]

    def act(self, seat: int, action: Action) -> Action:
        """IllegalAction with what is wrong and what is allowed; nothing changes then."""
        play = check_play(
            action,
            self.held[seat],
            self.beat,
            self.opening,
            self.options.open_with_any_play,
            self.order,
        )
        self.step(play)
        return PASS if play is None else play_action(play[1], self.order)

    def view(self, seat: int | None) -> View:
        """The viewer's own cards (lowest first); everyone else's as None, one per card.
        Stakes are the running scores: points lost this round once it is over."""
        cards = tuple(
            self.cards(h) if s == seat else _hidden(len(h)) for s, h in enumerate(self.held)
        )
        board = self.cards(self.beat[1]) if self.beat is not None else ()
        return self.make_view(
            seat, cards, self.stakes, self.live, dealer=self.table.dealer, board=board
        )

    def fresh(self) -> BigTwoHand:
        return BigTwoHand(self.options, self.table, self.seed, self.dealt)


@cache
def _hidden(count: int) -> tuple[None, ...]:
    return (None,) * count
