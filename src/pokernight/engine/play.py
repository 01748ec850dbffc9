"""What every game's hand in play shares, whatever its phases: the protocol's side of a hand.

A hand keeps its table, seed, stakes, phase, event log, the actions taken and, once over, its
outcome. A game writes its hand as a ``script`` of phases (``engine.phases.script``), which
this base walks: ``start`` begins the first, ``advance`` the next when nobody is to act (or the
showdown at once when the hand is ``decided``). A game writes only its rules: ``legal_for``
and ``act`` (the decisions of a seat), its ``showdown`` (which ends in ``settle``, the one
award-and-settle), ``fresh`` (the same hand as dealt) and ``view``, which it builds with
``make_view`` from what each seat may see. Whose turn it is, applying an action, paying the
awards, cloning by replay and the view's shape live here once, so five games cannot drift
apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import sub
from typing import Self

from pokernight.cards import Playable
from pokernight.engine.actions import Action
from pokernight.engine.events import Carried, Event, HandLog, PotAwarded
from pokernight.engine.phases.script import InTurn, Phase, Script, Showdown
from pokernight.engine.protocol import Betting, Outcome, TableState, View, replayed
from pokernight.errors import IllegalAction


class HandBase:
    """The script and where the hand is in it, the stakes, the log, the actions taken, whose
    turn it is and the outcome."""

    game = ""
    over_word = "the hand is over: no action can be taken"
    script: Script
    """The hand's phases in order, the last its showdown (a class's own, or one its options
    make)."""

    def __init__(self, table: TableState, seed: int) -> None:
        self.table, self.seed = table, seed
        self.seats = table.seats
        self.stakes = list(table.stakes)
        self.log = HandLog()
        self.phase = ""
        self.waiting: list[int] = []
        """The seats still to decide in an in-turn phase (orient, wager, set), next first."""
        self._at = 0
        self._actions: list[Action] = []
        self._outcome: Outcome | None = None
        self._turn: int | None = None

    # -- for subclasses ----------------------------------------------------------------------
    def turn(self) -> int | None:
        """Whose decision it is in the current phase (None: move on with ``advance``); games
        with phases of their own extend it."""
        return self.waiting[0] if self.waiting else None

    def begin(self, phase: Phase) -> None:
        """Set up ``phase`` (its name is already the hand's): an in-turn phase waits for the
        seats ``in_turn`` names, the showdown is the game's; games with phases of their own
        extend it."""
        if isinstance(phase, InTurn):
            self.waiting = self.in_turn(phase)
        elif isinstance(phase, Showdown):
            self.showdown()

    def in_turn(self, phase: InTurn) -> list[int]:
        """The seats that decide in ``phase``, in turn."""
        raise NotImplementedError

    def decided(self) -> bool:
        """Whether the hand goes straight to its showdown (everyone else folded)."""
        return False

    def showdown(self) -> None:
        """Read the hands and end with ``settle``."""
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
        """Call at the end of dealing: begins the script's first phase and moves to the first
        decision."""
        self._enter(0)
        self._settle_turn()

    def advance(self) -> None:
        """Begin the next phase (the showdown, once the hand is ``decided``) when nobody is to
        act in this one."""
        self._enter(len(self.script) - 1 if self.decided() else self._at + 1)

    def settle(
        self,
        awards: Sequence[PotAwarded],
        *,
        shown: Mapping[int, Sequence[Playable]] | None = None,
        high_winners: tuple[int, ...] = (),
        low_winners: tuple[int, ...] = (),
        carry: int = 0,
        leader: int | None = None,
        banked: bool = False,
    ) -> None:
        """The one award-and-settle: pay each award to its seat, in order, and log it; what
        could not be divided (``carry``) stays in the pot; the hand ends. ``banked``: a
        banking house took the other side of every seat, so its result is minus theirs."""
        stakes, log = self.stakes, self.log
        for award in awards:
            stakes[award.seat] += award.amount
            log.add_made(award)
        if carry:
            log.add(Carried, carry)
        net = self.net()
        self.finish(
            Outcome(
                net=net,
                stakes=tuple(stakes),
                carry=carry,
                awards=tuple(awards),
                shown={} if shown is None else shown,
                high_winners=high_winners,
                low_winners=low_winners,
                house=-sum(net) if banked else 0,
                leader=leader,
            )
        )

    def net(self) -> tuple[int, ...]:
        """Each seat's change of stake so far this hand."""
        return tuple(map(sub, self.stakes, self.table.stakes))

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
        if self.waiting:  # an in-turn phase: that seat has decided
            del self.waiting[0]
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

    def _enter(self, at: int) -> None:
        phase = self.script[at]
        self._at, self.phase = at, phase.name
        self.begin(phase)

    def _settle_turn(self) -> None:
        while self._outcome is None:
            turn = self.turn()
            if turn is not None:
                self._turn = turn
                return
            self.advance()
        self._turn = None
