"""Who sits where at a live table, and who is there. A hand belongs to the accounts it was
dealt to (``holders``): whoever leaves during it is settled for it, and whoever sits down in a
vacated seat watches until the next hand is dealt. The host may set seats away or remove them,
from the next hand: the hand in play stays its players' own.

A person sits the next hands out (``sitting_out``: not dealt in, no ante) while every page of
theirs at the table is closed, after missing ``MISSES`` turns in a row, while the host has
set them away, or once they chose to (``sit_out``: from the next hand, the hand in play still
theirs to play); they are dealt in again once they are back (a page of the table opened, an
action, "I'm back"). Seat requests and chip requests wait here for the host's answer
(``asking``, ``rebuys``)."""

from __future__ import annotations

from pokernight.engine.protocol import Player
from pokernight.errors import PokernightError
from pokernight.web import store
from pokernight.web.asking import SeatRequests
from pokernight.web.chip_requests import Rebuys
from pokernight.web.versions import Versioned

MISSES = 2
"""Turns in a row the timer plays for a person before they sit out."""


class Chairs:
    """A live table's seats, people and computers, and the hand in play's holders: a part of
    ``live.LiveTable``, which alone changes them, one command at a time. Each change is stored
    and announced as a new version of the table (``versions``)."""

    def __init__(self, versions: Versioned, bots: dict[int, Player]) -> None:
        self.versions = versions
        self.bots = bots
        """Each computer seat's player."""
        row = versions.row
        self.seated: dict[int, int] = store.load_seatings(versions.engine, row.id)
        self.house = store.house_account(versions.engine)
        self.holders: list[int] | None = None
        """The accounts the hand in play was dealt to, seat by seat (None between hands)."""
        self.away: set[int] = set()
        """Seats the host set away: they sit out from the next hand (the hand in play is
        still theirs to play) until they are back."""
        self.removing: set[int] = set()
        """Seats the host removes from the table once the hand in play is over."""
        self.sockets: dict[int, int] = {}
        """Each account's open sockets at the table (a shared screen's are not counted)."""
        self.gone: set[int] = set(self.seated.values())
        """Seated accounts with no page of the table open and no move since their last one
        closed: after a restart, everyone until their page reconnects."""
        self.missed: dict[int, int] = {}
        """Each seat's turns in a row played by the timer."""
        self.resting: set[int] = set()
        """Seats that missed ``MISSES`` turns in a row, until their person is back."""
        self.chose_out: set[int] = set()
        """Seats whose person chose to sit out from the next hand, until they are back."""
        self.asking = SeatRequests()
        self.rebuys = Rebuys()
        self.attended = 0
        """Counts what people do here (sockets opened and closed, seats taken and left,
        moves): the idle sweep closes a table only while it stands still and nobody is
        connected. The timer playing a turn is not attendance."""

    def chair_of(self, account: int | None) -> int | None:
        """The seat ``account`` sits at."""
        return next((s for s, a in self.seated.items() if a == account), None)

    def seat_of(self, account: int | None) -> int | None:
        """The seat whose cards ``account`` sees and plays: during a hand, the seat it was
        dealt and still sits at (a newcomer to a vacated seat watches until the next hand);
        between hands, the seat it sits at."""
        seat = self.chair_of(account)
        if seat is None or self.holders is None or self.holders[seat] == account:
            return seat
        return None

    def dealt(self) -> list[int]:
        """Who a hand dealt now belongs to: the people seated, the house for computer seats."""
        return [self.seated.get(s, self.house) for s in range(self.versions.row.seats)]

    def _gone(self, seat: int) -> bool:
        """Whether the person dealt into ``seat`` has left the table during the hand."""
        return (
            self.holders is not None
            and seat not in self.bots
            and self.seated.get(seat) != self.holders[seat]
        )

    def absent(self, seat: int) -> bool:
        """Whether the table plays ``seat``'s turns at once: its player left or missed their
        turns. Never the host's doing: a seat set away or being removed plays the hand in
        play itself, under its turn timer."""
        return self._gone(seat) or seat in self.resting

    def open_seats(self) -> list[int]:
        return [s for s in range(self.versions.row.seats) if s not in self.versions.row.computers]

    def free_seat(self, asked: int | None) -> int:
        """The seat asked for, or the first one open to people that nobody holds."""
        if asked is not None:
            return asked
        free = [s for s in self.open_seats() if s not in self.seated]
        if not free:
            raise PokernightError("every seat for people is taken: watch, or wait for one")
        return free[0]

    def sitting_out(self) -> list[int]:
        """People's seats the next hand is not dealt to (see the module's docstring)."""
        return [
            s
            for s, account in sorted(self.seated.items())
            if account in self.gone or s in self.resting or s in self.away or s in self.chose_out
        ]

    def out_seats(self) -> tuple[int, ...]:
        """The seats the next hand skips: people's seats that nobody holds or whose person
        sits out."""
        away = self.sitting_out()
        return tuple(s for s in self.open_seats() if s not in self.seated or s in away)

    # who is there

    def opened(self, account: int) -> None:
        """A socket of ``account`` opened at the table: if they sit here, they are back (unless
        they chose to sit out: a page opened is no choice to play)."""
        self.sockets[account] = self.sockets.get(account, 0) + 1
        self.back(account, chosen=False)

    def closed(self, account: int) -> None:
        """A socket of ``account`` closed: with their last, a seated person sits out."""
        self.attended += 1
        left = self.sockets.pop(account, 0) - 1
        if left > 0:
            self.sockets[account] = left
        elif self.chair_of(account) is not None and account not in self.gone:
            self.gone.add(account)
            self.versions.changed()

    def back(self, account: int, chosen: bool = True) -> None:
        """``account`` is at the table (a page opened, "I'm back"): dealt in again from the
        next hand, and its seat no longer set away by the host unless being removed;
        ``chosen``: they said so (an action, "I'm back"), which ends sitting out by choice."""
        self.attended += 1
        seat = self.chair_of(account)
        if seat is None:
            return
        was_out = seat in self.sitting_out()
        self.gone.discard(account)
        self.missed.pop(seat, None)
        self.resting.discard(seat)
        if chosen:
            self.chose_out.discard(seat)
        if seat not in self.removing:
            self.away.discard(seat)
        if was_out:
            self.versions.changed()

    def sit_out(self, account: int) -> None:
        """``account`` sits out from the next hand (its cards in the hand in play are still
        its own to play), until it is back."""
        seat = self.chair_of(account)
        if seat is None:
            raise PokernightError("you have no seat at this table")
        self.attended += 1
        if seat in self.chose_out:
            return  # asked again: nothing changes
        self.chose_out.add(seat)
        self.versions.changed()

    def missed_turn(self, seat: int) -> None:
        """The timer plays ``seat``'s turn: after ``MISSES`` in a row it sits out."""
        self.missed[seat] = self.missed.get(seat, 0) + 1
        if self.missed[seat] >= MISSES:
            self.resting.add(seat)

    def _vacate(self, seat: int) -> None:
        """Forget what the seat's last person left behind: a newcomer starts afresh."""
        self.away.discard(seat)
        self.missed.pop(seat, None)
        self.resting.discard(seat)
        self.chose_out.discard(seat)

    def _store(self, seat: int, account: int | None) -> None:
        """Store who sits at ``seat`` now (None: nobody), with the table's next version."""
        versions = self.versions
        versions.write(store.set_seating, versions.row.id, seat, account, versions.seq + 1)

    def sit(self, account: int, seat: int, guest: bool) -> None:
        if self.versions.row.over:
            raise PokernightError(f"the table is over: {self.versions.row.over}")
        if seat not in self.open_seats():
            raise PokernightError(f"seat {seat + 1} is not open to people")
        if seat in self.seated:
            raise PokernightError(f"seat {seat + 1} is taken")
        if self.chair_of(account) is not None:
            raise PokernightError("you already sit at this table")
        if guest and len(self.open_seats()) > 1:
            raise PokernightError("guests play the computer alone: sign up to sit with people")
        self._store(seat, account)
        self.seated[seat] = account
        self.attended += 1
        self.gone.discard(account)
        self._vacate(seat)
        self.versions.changed()

    def leave(self, account: int) -> None:
        """Stand up. During a hand the seat's cards stay the leaver's: the table plays them
        out at once and the hand is settled with the leaver."""
        seat = self.chair_of(account)
        if seat is None:
            raise PokernightError("you have no seat at this table")
        self._store(seat, None)
        del self.seated[seat]
        self.attended += 1
        self.gone.discard(account)
        self._vacate(seat)
        self.versions.changed()

    # seat requests

    def ask(self, account: int, seat: int | None) -> None:
        """A seat request for the host, shown at once to the asker and the host; the same
        request again changes nothing."""
        self.attended += 1
        if self.asking.waiting().get(account, -1) == seat:
            return
        self.asking.ask(account, seat)
        self.versions.changed()

    def answer(self, account: int, approve: bool, seat: int | None) -> None:
        """The host's answer to ``account``'s seat request, shown at once to the asker: if
        ``approve``, they sit at ``seat`` (None: the one they asked for, else the first one
        free)."""
        given = self.asking.waiting()[account]
        if approve:
            given = self.free_seat(seat if seat is not None else given)
            self.sit(account, given, guest=False)
        self.asking.answer(account, "approved" if approve else "refused", given)
        self.versions.changed()

    def unseat_removed(self) -> None:
        """Between hands, stand up the seats the host removed."""
        for seat in sorted(self.removing):
            if seat in self.seated:
                self._store(seat, None)
                self.gone.discard(self.seated.pop(seat))
                self.versions.changed()
            self._vacate(seat)
        self.removing.clear()
