"""Who sits where at a live table. A hand belongs to the accounts it was dealt to
(``holders``): whoever leaves during it is settled for it, and whoever sits down in a vacated
seat watches until the next hand is dealt. The host may set seats away or remove them."""

from __future__ import annotations

from abc import ABC, abstractmethod

from sqlalchemy import Engine

from pokernight.engine.protocol import HandState, Player
from pokernight.errors import PokernightError
from pokernight.web import store
from pokernight.web.versions import Versioned
from pokernight.web.writer import Writer


class Chairs(Versioned, ABC):
    """The middle layer of ``live.LiveTable``: its seats, people and computers, and the hand
    in play's holders; sitting down or leaving runs the table on (``kick``)."""

    def __init__(
        self,
        row: store.TableRow,
        engine: Engine,
        writer: Writer | None,
        bots: dict[int, Player],
    ) -> None:
        super().__init__(row, engine, writer)
        self.bots = bots
        self.seated: dict[int, int] = store.load_seatings(engine, row.id)
        self.house = store.house_account(engine)
        self.holders: list[int] | None = None
        """The accounts the hand in play was dealt to, seat by seat (None between hands)."""
        self.state: HandState | None = None
        self.away: set[int] = set()
        """Seats the host set away: the table plays them by ``timeout`` until they are back."""
        self.removing: set[int] = set()
        """Seats the host removes from the table once the hand in play is over."""

    @abstractmethod
    def kick(self) -> None:
        """Run the table forward in the background."""

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

    def _dealt(self) -> list[int]:
        """Who a hand dealt now belongs to: the people seated, the house for computer seats."""
        return [self.seated.get(s, self.house) for s in range(self.row.seats)]

    def _gone(self, seat: int) -> bool:
        """Whether the person dealt into ``seat`` has left the table during the hand."""
        return (
            self.holders is not None
            and seat not in self.bots
            and self.seated.get(seat) != self.holders[seat]
        )

    def _absent(self, seat: int) -> bool:
        """Whether the table plays ``seat``'s turns at once: its player left or is away."""
        return self._gone(seat) or seat in self.away

    def open_seats(self) -> list[int]:
        return [s for s in range(self.row.seats) if s not in self.row.computers]

    def sit(self, account: int, seat: int, guest: bool) -> None:
        if self.row.over:
            raise PokernightError(f"the table is over: {self.row.over}")
        if seat not in self.open_seats():
            raise PokernightError(f"seat {seat + 1} is not open to people")
        if seat in self.seated:
            raise PokernightError(f"seat {seat + 1} is taken")
        if self.chair_of(account) is not None:
            raise PokernightError("you already sit at this table")
        if guest and len(self.open_seats()) > 1:
            raise PokernightError("guests play the computer alone: sign up to sit with people")
        self._write(store.set_seating, self.row.id, seat, account, self.seq + 1)
        self.seated[seat] = account
        self.changed()
        self.kick()

    def leave(self, account: int) -> None:
        """Stand up. During a hand the seat's cards stay the leaver's: the table plays them
        out at once (``_step``) and the hand is settled with the leaver."""
        seat = self.chair_of(account)
        if seat is None:
            raise PokernightError("you have no seat at this table")
        self._write(store.set_seating, self.row.id, seat, None, self.seq + 1)
        del self.seated[seat]
        self.changed()
        self.kick()

    def unseat_removed(self) -> None:
        """Between hands, stand up the seats the host removed."""
        for seat in sorted(self.removing):
            if seat in self.seated:
                self._write(store.set_seating, self.row.id, seat, None, self.seq + 1)
                del self.seated[seat]
                self.changed()
            self.away.discard(seat)
        self.removing.clear()
