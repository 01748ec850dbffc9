"""The one game protocol (docs/architecture.md): everything speaks it, nothing else knows rules.

A game makes hands; a hand says whose turn it is, which actions are legal, applies one, and
shows each seat only its ``View``. Bots and front ends get views, never the state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol, TypeVar, runtime_checkable

from pokernight.cards import Playable
from pokernight.engine.actions import Action, parse_action
from pokernight.engine.events import Event, PotAwarded


@dataclass(frozen=True)
class TableState:
    """What carries from hand to hand: stakes, the button, the hand number, chips left in
    the pot, how many fresh decks have been opened, the seat the last hand named to lead
    the next (a climbing game's round winner; None where the game's rules decide), and the
    seats that sit the hand out."""

    stakes: tuple[int, ...]
    dealer: int
    hand: int = 1
    carry: int = 0
    deck: int = 1
    leader: int | None = None
    out: tuple[int, ...] = ()
    """Seats not dealt in (an empty chair, a player away): no cards, no ante, no turn, a net
    of 0 (a game of points charges them its worst round instead: being away never wins it);
    every game deals the others as it would deal a table of their number, and its game-over
    rule looks at them alone (a seat out cannot end the match). Whoever runs the match sets
    it before a deal, and never leaves fewer seats in than the game needs."""
    first: int = 1
    """The number of the match's first hand: a night table that changes games numbers its
    hands on, and a game that counts its rounds counts them from here."""

    @property
    def seats(self) -> int:
        return len(self.stakes)

    @property
    def round(self) -> int:
        """The hand's number in the match, from 1 (``hand`` counts on across a night table's
        games): the round a game that counts its rounds is in."""
        return self.hand - self.first + 1

    @property
    def dealt_in(self) -> tuple[int, ...]:
        """The seats dealt in, in seat order."""
        return tuple(s for s in range(len(self.stakes)) if s not in self.out)


class Betting(NamedTuple):
    """A betting round in progress, as one seat sees it: each seat's chips in this round, the
    bet to match, what the viewer owes (0 for a spectator) and how many raises are left."""

    committed: tuple[int, ...]
    level: int
    to_call: int
    raises_left: int


class View(NamedTuple):
    """Everything one seat may know (``seat`` None: a spectator). ``cards[s]`` holds None for
    each card of seat s that this viewer may not see. A view carries what its game has: a pot,
    wagers against a bank, a betting round; None where the game or the moment has none. (A
    named tuple: immutable, and cheap to build once per decision.)"""

    game: str
    seat: int | None
    phase: str
    hand: int
    dealer: int | None
    """The seat that deals (None: the house deals, as a banking house does)."""
    to_act: int | None
    stakes: tuple[int, ...]
    """Each seat's chips, or its running score in a game played for points."""
    live: tuple[bool, ...]
    cards: tuple[tuple[Playable | None, ...], ...]
    legal: Sequence[Action]
    events: Sequence[Event]
    board: tuple[Playable, ...] = ()
    """Face-up cards every seat sees: the play to beat in a climbing game, a banker's set
    hand once shown (empty in games that have none)."""
    pot: int | None = None
    """Chips in the middle (None: the game has no pot)."""
    wagers: tuple[int, ...] | None = None
    """Each seat's wager against the bank (None: the game has no bank)."""
    betting: Betting | None = None
    """The betting round in progress (None between rounds and in games without betting)."""

    @property
    def hole(self) -> tuple[Playable | None, ...]:
        """The viewer's own cards."""
        return () if self.seat is None else self.cards[self.seat]

    @property
    def to_call(self) -> int:
        """What the viewer must put in to stay in (nothing outside a betting round)."""
        return 0 if self.betting is None else self.betting.to_call

    @property
    def in_front(self) -> tuple[int, ...] | None:
        """The chips in front of each seat: this round's bets, or its wager against the bank.
        None once the hand is over: its wagers are settled (the stakes hold the result), so no
        chip is in front of anyone any more."""
        if self.to_act is None:
            return None
        return self.wagers if self.betting is None else self.betting.committed


@dataclass(frozen=True)
class Outcome:
    """How a finished hand ended: the change of every stake (antes and bets included), the
    awards, the cards shown, what stays in the pot, and what the house took (a banking
    house's result and its commission: the seats' nets plus ``house`` sum to zero), and the
    seat that leads the next hand when the game says so."""

    net: tuple[int, ...]
    stakes: tuple[int, ...]
    carry: int
    awards: tuple[PotAwarded, ...]
    shown: Mapping[int, Sequence[Playable]] = field(default_factory=dict)
    high_winners: tuple[int, ...] = ()
    low_winners: tuple[int, ...] = ()
    house: int = 0
    leader: int | None = None


class HandState(Protocol):
    def to_act(self) -> int | None: ...
    def legal_actions(self) -> Sequence[Action]: ...
    def apply(self, action: Action) -> Sequence[Event]: ...
    def view(self, seat: int | None) -> View: ...
    def outcome(self) -> Outcome | None: ...
    def clone(self) -> HandState: ...
    @property
    def actions(self) -> tuple[Action, ...]: ...


S = TypeVar("S", bound=HandState)


def replayed(state: S, actions: Iterable[Action | str]) -> S:
    """``state`` (a hand as dealt) with ``actions`` applied in order, each a protocol action or
    its one text form: how a clone, a stored hand and a record are brought back."""
    for action in actions:
        state.apply(parse_action(action) if isinstance(action, str) else action)
    return state


class Game(Protocol):
    name: str

    @property
    def options(self) -> object:
        """The game's options dataclass (defaults: each game's page, docs/games/)."""
        ...

    @property
    def seats(self) -> int:
        """How many seats its tables have: a hand is dealt only to a table of that size."""
        ...

    def new_hand(self, table: TableState, seed: int) -> HandState: ...
    def game_over(self, table: TableState) -> str | None:
        """Why the match is over before the next hand, or None to play on (the seats the
        next hand is dealt to decide: a seat ``table.out`` ends nothing)."""
        ...


class Player(Protocol):
    """A bot or a person's front end: chooses an action from a view."""

    name: str

    def act(self, view: View) -> Action: ...


Progress = Callable[[float, str], None]
"""Told how much of a long piece of work is done (0 to 1) and a line saying where it stands."""


@dataclass(frozen=True)
class Preparation:
    """Work a player needs done once before it can play, long enough that a front end must
    show it (a solve on first use): ``key`` names the work, so seats sharing it run it once."""

    key: str
    title: str
    run: Callable[[Progress], None]


@runtime_checkable
class Prepares(Protocol):
    """A player that may need a ``Preparation`` first (None once it is ready)."""

    def preparation(self) -> Preparation | None: ...
