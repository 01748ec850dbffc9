"""A seat's view as JSON. Everything sent comes from ``view(seat)`` (and its events, already in
the form that seat may see): this module only changes the notation, never what is known."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from enum import Enum
from typing import Any

from pokernight.cards import Card, DualCard, Joker
from pokernight.catalog import entry
from pokernight.engine.actions import Action, LazyActions
from pokernight.engine.events import Event
from pokernight.engine.protocol import View
from pokernight.engine.shapes import Amount, Cards, Choice, Shape, describe

LISTED = 64
"""Legal lists up to this long are sent whole; longer ones as a description."""


def seat_label(seat: int) -> str:
    """A seat in the hand log's words: the same for every reader, so an event's form is made
    once for all the seats that see it. Seats are numbered from 1, as the table labels them."""
    return f"Seat {seat + 1}"


def plain(value: object) -> Any:
    """Cards and actions as their text forms, events as dicts, containers as lists."""
    if value is None or isinstance(value, bool | int | str | float):
        return value
    if isinstance(value, Card | Joker | DualCard | Action):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Event):
        fields = {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {"type": type(value).__name__, **fields, "text": value.words(seat_label)}
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return str(value)


def legal(actions: Sequence[Action], to_call: int = 0) -> dict[str, Any] | None:
    """The legal actions in the shape of ``messages.Legal`` (``to_call``: what a call costs)."""
    if not actions:
        return None
    listed = not isinstance(actions, LazyActions) and len(actions) <= LISTED
    kinds = {a.kind.value for a in actions} if listed else {actions[0].kind.value}
    return dict(
        kind=",".join(sorted(kinds)),
        count=len(actions),
        actions=[str(a) for a in actions] if listed else None,
        first=str(actions[0]),
        last=str(actions[-1]),
        summary=str(actions) if isinstance(actions, LazyActions) else f"{len(actions)} choices",
        shapes=[shape_model(s, listed) for s in describe(actions, to_call)],
    )


def shape_model(shape: Shape, listed: bool) -> dict[str, Any]:
    """A shape in the form of ``messages.Legal.shapes``: amounts and card choices are listed
    only where the whole legal list is (else the client takes a typed amount or any cards, and
    the server judges them)."""
    if isinstance(shape, Choice):
        return dict(shape="choice", action=str(shape.action), label=shape.label, key=shape.key)
    if isinstance(shape, Amount):
        amounts = list(shape.amounts) if listed else None
        low, high = shape.amounts[0], shape.amounts[-1]
        return dict(
            shape="amount", verb=shape.verb, key=shape.key, low=low, high=high,
            amounts=amounts,
        )  # fmt: skip
    if isinstance(shape, Cards):
        actions = [str(a) for a in shape.actions] if listed else None
        return dict(
            shape="cards", verb=shape.verb, key=shape.key, sizes=list(shape.sizes),
            actions=actions, aside=shape.aside,
        )  # fmt: skip
    return dict(shape="orient", verb=shape.verb, key=shape.key, named=shape.named)


Forms = dict[Event, dict[str, Any]]


class SeatLog:
    """One seat's events of one hand as sent: as dicts and as the game's rows, each event
    converted once when it first appears (a seat's events only grow during a hand)."""

    def __init__(
        self, game: str, seats: int, viewer: int | None, forms: Forms | None = None
    ) -> None:
        self.dicts: list[dict[str, Any]] = []
        rows = entry(game).spec.rows
        self.board = rows(seats, viewer) if rows else None
        self.forms: Forms = {} if forms is None else forms

    def catch_up(self, events: Sequence[Event]) -> None:
        for index in range(len(self.dicts), len(events)):
            event = events[index]
            self.dicts.append(self._form(event))
            if self.board is not None:
                self.board.add(event)

    def _form(self, event: Event) -> dict[str, Any]:
        """An event as a dict, shared with the other seats that see an equal event (a public
        event is the same for all; a seat's own cards are only ever equal to its own)."""
        try:
            found = self.forms.get(event)
        except TypeError:  # an unhashable field: convert it each time
            return dict(plain(event))
        if found is None:
            found = self.forms[event] = plain(event)
        return found


def view_model(view: View, log: SeatLog | None = None, start: int = 0) -> dict[str, Any]:
    """The view in the shape of ``messages.ViewModel`` (plain data: a message is built and
    sent many times a second, and the tests check what is sent against the model).
    ``view.legal`` is sent only to the seat to act (it may name that seat's cards); the
    events from index ``start`` on (the socket has the ones before)."""
    if log is None:
        log = SeatLog(view.game, len(view.stakes), view.seat)
    log.catch_up(view.events)
    mine = view.seat is not None and view.seat == view.to_act
    spec = entry(view.game).spec
    return dict(
        game=view.game,
        seat=view.seat,
        phase=view.phase,
        hand=view.hand,
        dealer=view.dealer,
        to_act=view.to_act,
        pot=view.pot,
        points=spec.points,
        stakes=list(view.stakes),
        live=list(view.live),
        cards=[[None if c is None else str(c) for c in hand] for hand in view.cards],
        committed=None if view.in_front is None else list(view.in_front),
        to_call=view.to_call,
        board=[str(c) for c in view.board],
        board_is=spec.board,
        legal=legal(view.legal, view.to_call) if mine else None,
        events=log.dicts[start:],
        events_from=start,
        rows=None if log.board is None else log.board.lines(),
        legend=None if log.board is None else list(log.board.legend),
    )
