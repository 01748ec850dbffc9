"""What a table sends its sockets, made once per table version and seat.

Why: every change of a table wakes every socket at it, and each used to convert its seat's
whole view to JSON: every event of the hand again (the hand's log only grows), the table's
description again, all of it validated again. Under load (200 players, 25 tables) that was
most of the server's time. Here a seat's events are converted once per hand as they come (an
event's form for a seat never changes: ``EventLog._as_seen``), and a seat's message is made
once per version however many sockets watch that seat. Nothing is shared between seats: each
message is still made from ``view(seat)`` alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from pokernight.engine.events import Event
from pokernight.engine.protocol import HandState
from pokernight.web.messages import State, TableInfo
from pokernight.web.views import plain, view_model

if TYPE_CHECKING:
    from pokernight.web.live import LiveTable

Seat = int | None


class Outbox:
    def __init__(self) -> None:
        self._hand: HandState | None = None
        self._events: dict[Seat, list[dict[str, Any]]] = {}
        self._version: tuple[int, float | None] = (-1, None)
        self._info: TableInfo | None = None
        self._texts: dict[Seat, str] = {}

    def text(self, table: LiveTable, seat: Seat, describe: Callable[[], TableInfo]) -> str:
        """The state message (JSON) for ``seat`` at the table's current version; ``describe``
        gives the table's description (called once a version)."""
        version = (table.seq, table.deadline)
        if version != self._version:
            self._version, self._info, self._texts = version, describe(), {}
        if table.state is not self._hand:
            self._hand, self._events = table.state, {}
        found = self._texts.get(seat)
        if found is None:
            found = self._texts[seat] = self._make(table, seat).model_dump_json()
        return found

    def _make(self, table: LiveTable, seat: Seat) -> State:
        assert self._info is not None
        return State.model_construct(
            seq=table.seq,
            you=seat,
            table=self._info,
            view=None if table.state is None else view_model(table.state.view(seat), self._seen),
            last=table.last,
            deadline=table.deadline,
        )

    def _seen(self, seat: Seat, events: Sequence[Event]) -> list[dict[str, Any]]:
        """The seat's events as dicts: those converted before, then the new ones."""
        converted = self._events.setdefault(seat, [])
        for index in range(len(converted), len(events)):
            converted.append(plain(events[index]))
        return list(converted)
