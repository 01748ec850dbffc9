"""What every game's hand in play shares, whatever its phases: the protocol's side of a hand.

A hand keeps its table, seed, phase, event log, the actions taken and, once over, its
outcome. A game writes only its rules: ``turn`` (whose decision it is in the current phase),
``advance`` (the next phase when nobody is to act), ``legal_for`` and ``act`` (the decisions
of a seat), ``fresh`` (the same hand as dealt) and ``view``, which it builds with
``make_view`` from what each seat may see. Whose turn it is, applying an action, cloning by
replay and the view's shape live here once, so five games cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from pokernight.cards import Playable
from pokernight.engine.actions import Action
from pokernight.engine.events import Event, HandLog
from pokernight.engine.protocol import Betting, Outcome, TableState, View, replayed
from pokernight.errors import IllegalAction


class HandBase:
    """The phase, the log, the actions taken, whose turn it is and the outcome."""

    game = ""
    over_word = "the hand is over: no action can be taken"

    def __init__(self, table: TableState, seed: int) -> None:
        self.table, self.seed = table, seed
        self.seats = table.seats
        self.log = HandLog()
        self.phase = ""
        self._actions: list[Action] = []
        self._outcome: Outcome | None = None
        self._turn: int | None = None

    # -- for subclasses ----------------------------------------------------------------------
    def turn(self) -> int | None:
        """Whose decision it is in the current phase (None: move on with ``advance``)."""
        raise NotImplementedError

    def advance(self) -> None:
        """Move to the next phase (or settle) when nobody is to act in this one."""
        raise NotImplementedError

    def legal_for(self, seat: int) -> Sequence[Action]:
        """Every action ``seat`` (the seat to act) may take now."""
        raise NotImplementedError

    def act(self, seat: int, action: Action) -> Action:
        """Apply ``seat``'s action (IllegalAction, with what is allowed, and nothing changed,
        when it is not legal); returns the action as recorded."""
        raise NotImplementedError

    def fresh(self) -> Self:
        """The same hand, dealt again before any action (for ``clone``)."""
        raise NotImplementedError

    def view(self, seat: int | None) -> View:
        """What one seat may know: the game decides who sees which cards (``make_view``)."""
        raise NotImplementedError

    def start(self) -> None:
        """Call at the end of dealing: moves to the first decision."""
        self._settle_turn()

    def finish(self, outcome: Outcome) -> None:
        self._outcome = outcome

    # -- the protocol ------------------------------------------------------------------------
    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self._actions)

    def to_act(self) -> int | None:
        return self._turn

    def legal_actions(self) -> Sequence[Action]:
        seat = self._turn
        return () if seat is None else self.legal_for(seat)

    def apply(self, action: Action) -> Sequence[Event]:
        seat = self._turn
        if seat is None:
            raise IllegalAction(self.over_word)
        mark = len(self.log)
        self._actions.append(self.act(seat, action))
        self._settle_turn()
        return self.log.since(mark)

    def outcome(self) -> Outcome | None:
        return self._outcome

    def clone(self) -> Self:
        return replayed(self.fresh(), self._actions)

    def make_view(
        self,
        seat: int | None,
        cards: tuple[tuple[Playable | None, ...], ...],
        stakes: Sequence[int],
        live: tuple[bool, ...],
        *,
        dealer: int | None = None,
        pot: int | None = None,
        board: tuple[Playable, ...] = (),
        wagers: tuple[int, ...] | None = None,
        betting: Betting | None = None,
    ) -> View:
        """The seat's view, given what it may see of everyone's cards and what the game has
        (a pot, wagers against a bank, a betting round in progress)."""
        acting = self._turn
        legal = self.legal_for(seat) if acting == seat and seat is not None else ()
        # positional: this runs once per decision
        return View(
            self.game, seat, self.phase, self.table.hand, dealer, acting, tuple(stakes), live,
            cards, legal, self.log.seen(seat), board, pot, wagers, betting,
        )  # fmt: skip

    def _settle_turn(self) -> None:
        while self._outcome is None:
            turn = self.turn()
            if turn is not None:
                self._turn = turn
                return
            self.advance()
        self._turn = None
