"""What a table sends its sockets, made once per table version, seat and starting event.

Why: every change of a table wakes every socket at it, and each used to convert its seat's whole
view to JSON: every event of the hand again (the hand's log only grows), the table's description
again, all of it validated again, then sent whole. Under load (200 players on 25 tables) that
was most of the server's time. Here a seat's events are converted once per hand as they come (an
event's form for a seat never changes: ``EventLog._as_seen``), seats that see equal events share
the conversion, a socket gets only the events it has not had (``ViewModel.events_from``), and a
message is made once per version however many sockets watch that seat (a chat line, once for all
its readers: ``ChatRoom``). Between hands the hand just finished is sent, as its seat saw it, to
whoever it was dealt to. ``you`` is the account's chair, which may differ from the seat whose
view it gets (``None`` for a newcomer to a hand dealt before they sat down). Each message is
still made from ``view(seat)`` alone: a shared conversion is looked up by the event that seat
sees. Table messages are plain data in the shape of ``messages.State``, serialized by
pydantic-core without building models (a chat line, rare, is a ``messages.Chat``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic_core import to_json

from pokernight.engine.protocol import HandState, View
from pokernight.web.messages import Chat, TableInfo
from pokernight.web.views import Forms, SeatLog, view_model

Seat = int | None
Known = tuple[int, int]
"""What a socket holds of the hand: its number and how many of its events."""
Hear = Callable[[str], None]
"""A socket's ear for the table's chat: it sends each line it is given."""


@dataclass(frozen=True)
class Snapshot:
    """What a table shows at one version, as it publishes it (``LiveTable.snapshot``): every
    message of that version is made from it alone."""

    seq: int
    deadline: float | None
    hand: HandState | None
    """The hand in play (None between hands)."""
    finished: tuple[HandState, list[int]] | None
    """The hand last finished and the accounts it was dealt to."""
    seated: Mapping[int, int]
    last: dict[str, Any] | None
    """The last finished hand's result."""


class ChatRoom:
    """The table's chat as it is said, to each socket at the table that may read it (a page
    that polled every two seconds showed a line up to two seconds late). Who may read is asked
    at each line, so a spectator hears the lines said after the host opens the chat to them,
    or after they sit down, and none before."""

    def __init__(self) -> None:
        self._ears: dict[Hear, int | None] = {}
        """Each socket's ear and the account it is signed in as (None: no one)."""

    def enter(self, hear: Hear, account: int | None) -> None:
        self._ears[hear] = account

    def leave(self, hear: Hear) -> None:
        self._ears.pop(hear, None)

    def say(self, line: dict[str, Any], reads: Callable[[int | None], bool]) -> None:
        """Send ``line`` (as ``hosting.said`` gives it) to each socket whose account ``reads``
        the chat, as a ``chat`` message."""
        text = Chat(**line).model_dump_json()
        for hear, account in list(self._ears.items()):
            if reads(account):
                hear(text)


class Outbox:
    def __init__(self) -> None:
        self.chat = ChatRoom()
        self._hand: HandState | None = None
        self._logs: dict[Seat, SeatLog] = {}
        self._forms: Forms = {}
        self._version: tuple[int, float | None] = (-1, None)
        self._info: dict[str, Any] | None = None
        self._views: dict[Seat, View] = {}
        self._texts: dict[tuple[Seat, Seat, int], str] = {}

    def text(
        self,
        shown: Snapshot,
        seat: Seat,
        you: Seat,
        describe: Callable[[], TableInfo],
        known: Known | None,
    ) -> tuple[str, Known | None]:
        """The state message (JSON) with ``seat``'s view at the table's current version, for
        whoever sits at ``you``, holding the events after those ``known`` to the socket, and
        what the socket knows once it has it. ``describe`` gives the table's description
        (called once a version)."""
        version = (shown.seq, shown.deadline)
        if version != self._version:
            info = describe().model_dump()
            self._version, self._info, self._views, self._texts = version, info, {}, {}
        hand, viewer = shown.hand, seat
        if hand is None and shown.finished is not None:
            hand, holders = shown.finished
            if seat is not None and shown.seated.get(seat) != holders[seat]:
                viewer = None  # sat down after the deal: the cards were not theirs
        if hand is not self._hand:
            self._hand, self._logs, self._forms = hand, {}, {}
        if hand is None:
            return self._message(shown, seat, you, None, 0), None
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = hand.view(viewer)
        log = self._logs.get(viewer)
        if log is None:
            log = self._logs[viewer] = SeatLog(view.game, len(view.stakes), viewer, self._forms)
        log.catch_up(view.events)
        count = len(log.dicts)
        start = known[1] if known is not None and known[0] == view.hand and known[1] <= count else 0
        return self._message(shown, seat, you, (view, log), start), (view.hand, count)

    def _message(
        self,
        shown: Snapshot,
        seat: Seat,
        you: Seat,
        seen: tuple[View, SeatLog] | None,
        start: int,
    ) -> str:
        found = self._texts.get((seat, you, start))
        if found is None:
            state = {
                "type": "state",
                "seq": shown.seq,
                "you": you,
                "table": self._info,
                "view": None if seen is None else view_model(seen[0], seen[1], start),
                "last": shown.last,
                "deadline": shown.deadline,
            }
            found = self._texts[(seat, you, start)] = to_json(state).decode()
        return found
