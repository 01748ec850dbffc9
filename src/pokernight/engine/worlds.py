"""What one seat knows of a dealt hand with a draw, and full hands consistent with it.

A search never sees hidden cards, so it never starts from a hand: it starts from a
``Position``, the table at the start of the hand, the seat's own cards (as dealt and as drawn)
and the public history, where other seats' draws are counts and their orientations unseen.
A position is read off the seat's view (``position_from_view``) or given as text.
``Worlds.deal`` deals every card the seat has not seen at random on a stacked deck and replays
the history through the game itself (docs/architecture.md, ``determinize``): the game's own
rules say whose turn it is and what is legal, so no rule is written twice. The game supplies
only how a hand is dealt from a stacked deck (its spec's ``Dealing``: ``deck`` and ``build``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pokernight.cards import DualCard, Playable
from pokernight.engine.actions import KEEP, Action, Kind, discard
from pokernight.engine.chance import Build, Determinize
from pokernight.engine.dealt import DealtHand
from pokernight.engine.events import Acted, Dealt, Drew
from pokernight.engine.protocol import HandState, TableState, View
from pokernight.engine.shuffle import dealing_order
from pokernight.errors import IllegalAction, InvalidRules


@dataclass(frozen=True)
class Hidden:
    """Another seat's draw of ``count`` cards (which ones is unseen) or, with ``count`` 0, its
    orientation (committed face down)."""

    kind: Kind
    count: int = 0

    def __str__(self) -> str:
        return "orient" if self.kind is Kind.ORIENT else " ".join(["discard", *"?" * self.count])


Step = Action | Hidden


@dataclass(frozen=True)
class Position:
    """Everything one seat knows: the game's options, the deck's composition (public), the
    table at the start of the hand, the seat, its cards as dealt, the cards it got in the draw
    (in the order dealt) and every action since the deal in turn order."""

    options: Any
    deck: tuple[Playable, ...]
    table: TableState
    seat: int
    dealt: tuple[Playable, ...]
    received: tuple[Playable, ...]
    history: tuple[Step, ...]


def position_from_view(
    view: View, options: Any, deck: Sequence[Playable], table: TableState
) -> Position:
    """The position as the view's seat knows it (``table``: the table the hand was dealt at)."""
    seat = view.seat
    if seat is None or view.to_act != seat:
        raise InvalidRules("a position is the seat to act's")
    dealt: tuple[Playable, ...] = ()
    received: tuple[Playable, ...] = ()
    history: list[Step] = []
    for event in view.events:
        if isinstance(event, Dealt) and event.seat == seat:
            dealt = tuple(c for c in event.cards if c is not None)
        elif isinstance(event, Drew):
            if event.seat == seat:
                received = tuple(c for c in event.received if c is not None)
                thrown = [c for c in event.discarded if c is not None]
                history.append(discard(*thrown) if thrown else KEEP)
            else:
                count = len(event.discarded)
                history.append(Hidden(Kind.DISCARD, count) if count else KEEP)
        elif isinstance(event, Acted):
            if event.action.kind is not Kind.ORIENT:
                history.append(event.action)
            elif event.seat == seat:
                history.append(_own_orientation(view.hole, history, dealt, received))
            else:
                history.append(Hidden(Kind.ORIENT))
    return Position(options, tuple(deck), table, seat, dealt, received, tuple(history))


def _own_orientation(
    face: Sequence[Playable | None],
    history: Sequence[Step],
    dealt: Sequence[Playable],
    received: Sequence[Playable],
) -> Action:
    """The seat's own orientation, read off its cards as it holds them: a turned card shows
    its other end on top (the log keeps orientations face down, even from their owner)."""
    thrown = [c for step in history if isinstance(step, Action) for c in step.cards]
    held = [c for c in dealt if c not in thrown] + list(received)
    flips = tuple(0 if card in held else 1 for card in face if isinstance(card, DualCard))
    return Action(Kind.ORIENT, flips=flips)


Orienter = Callable[[int, DealtHand[Any]], Action]
"""How another seat orients in a world: its model's choice from its view there."""


class Worlds:
    """Full hands consistent with a position. Making one replays the history once on a probe
    hand to check it (each refusal says which action is wrong and why)."""

    def __init__(self, position: Position, stacker: Build) -> None:
        self.position = p = position
        self.stacker = stacker
        seats = p.table.seats
        if not 0 <= p.seat < seats:
            raise InvalidRules(
                f"seat {p.seat} is not at a {seats}-seat table (seats 0 to {seats - 1})"
            )
        self.unseen = list(p.deck)
        for card in (*p.dealt, *p.received):
            if card not in self.unseen:
                raise InvalidRules(f"{card} is not in the deck, or is held twice")
            self.unseen.remove(card)
        self.order = list(self._hand(list(p.deck)).order)  # the dealer's left first
        self.holes = len(p.dealt)
        self.before = 0  # cards drawn by others before the seat's own draw
        own_draw = False
        for step in p.history:
            if isinstance(step, Action) and step.kind is Kind.DISCARD:
                own_draw = True
                break
            self.before += step.count if isinstance(step, Hidden) else 0
        if p.received and not own_draw:
            raise InvalidRules("drew: the history has no draw of yours naming the cards you threw")
        if len(self.order) * self.holes + self.before + len(p.received) > len(p.deck):
            raise InvalidRules(
                "your draw came from the reshuffled discards: no world can rebuild it"
            )
        self.probe = self.deal(random.Random(0), lambda seat, hand: hand.legal_actions()[0])

    def _hand(self, stacked: Sequence[Playable]) -> DealtHand[Any]:
        hand = self.stacker(self.position.options, self.position.table, stacked)
        if not isinstance(hand, DealtHand):  # a game of other phases gives its own worlds
            raise InvalidRules(f"a {type(hand).__name__} is not rebuilt by replaying a draw")
        return hand

    def deal(self, rng: random.Random, orient: Orienter) -> DealtHand[Any]:
        """A hand at the position's decision: the unseen cards dealt at random, the history
        replayed, others' hidden draws throwing their first cards, their hidden orientations
        chosen by ``orient``."""
        p, unseen, k = self.position, list(self.unseen), self.holes
        rng.shuffle(unseen)
        hands = []
        for seat in self.order:
            if seat == p.seat:
                hands.append(list(p.dealt))
            else:
                hands.append(unseen[:k])
                del unseen[:k]
        before = self.before
        stacked = [*dealing_order(hands), *unseen[:before], *p.received, *unseen[before:]]
        world = self._hand(stacked)
        for number, step in enumerate(p.history, start=1):
            actor = world.to_act()
            if actor is None:
                raise InvalidRules(f"history: the hand is over before action {number} ({step})")
            action = self._action(world, actor, number, step, orient)
            try:
                world.apply(action)
            except IllegalAction as exc:
                raise InvalidRules(
                    f"history: action {number} ({step}) by seat {actor} is illegal: {exc}"
                ) from None
        turn = world.to_act()
        if turn is None:
            raise InvalidRules("history: the hand is over: there is no decision to advise")
        if turn != p.seat:
            raise InvalidRules(
                f"history: it is seat {turn}'s turn, not seat {p.seat}'s: "
                "a world is dealt at the position's own decision"
            )
        return world

    def _action(
        self, world: DealtHand[Any], seat: int, number: int, step: Step, orient: Orienter
    ) -> Action:
        mine = seat == self.position.seat
        where = f"history: action {number} ({step}) is seat {seat}'s"
        if isinstance(step, Hidden):
            if mine:
                raise InvalidRules(f"{where}, yours: name your cards or flips")
            if step.kind is Kind.ORIENT:
                return orient(seat, world)
            return discard(*world.hole[seat][: step.count])
        if not mine and step.kind is Kind.DISCARD:
            raise InvalidRules(f"{where}: others' cards are hidden, write 'discard ?' per card")
        if not mine and step.kind is Kind.ORIENT:
            raise InvalidRules(f"{where}: others' orientations are hidden, write 'orient'")
        if mine and step.kind is Kind.DISCARD and len(step.cards) != len(self.position.received):
            raise InvalidRules(
                f"{where}: you threw {len(step.cards)} card(s) "
                f"and got {len(self.position.received)}"
            )
        return step


def determinizer(stacker: Build, deck: Callable[[Any], Sequence[Playable]]) -> Determinize:
    """A game's ``determinize`` from how it deals a stacked hand and its deck: the unseen cards
    dealt at random, others' hidden orientations chosen at random among the legal ones."""

    def determinize(options: Any, view: View, table: TableState, rng: random.Random) -> HandState:
        position = position_from_view(view, options, deck(options), table)
        worlds = Worlds(position, stacker)
        return worlds.deal(rng, lambda seat, hand: rng.choice(hand.legal_actions()))

    return determinize
