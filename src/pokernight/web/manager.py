"""Every live table of the server: creating them from a lobby request, resuming them all at
start, and describing them (the lobby's list, each socket's state)."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Engine, select

from pokernight.catalog import check as check_table
from pokernight.web import store
from pokernight.web.live import LiveTable, Pace
from pokernight.web.messages import SeatInfo, TableInfo
from pokernight.web.outbox import Known
from pokernight.web.schema import accounts


class NewTable(BaseModel):
    """``POST /api/tables``: ``computers`` maps seat numbers (from 0) to bot names; the other
    seats are for people. ``turn_seconds`` 0 waits for ever. ``seed``: the table the catalog
    seats for that seed (the same as ``pokernight play`` or ``sim`` with it); drawn when
    absent."""

    model_config = ConfigDict(extra="forbid")
    game: str
    seats: int = Field(ge=1, le=10)
    computers: dict[int, str] = {}
    options: dict[str, str] = {}
    turn_seconds: int = Field(default=30, ge=0, le=600)
    seed: int | None = Field(default=None, ge=0, lt=2**63)


def check(request: NewTable) -> None:
    """The catalog's check, with a seat left for a person."""
    check_table(request.game, request.seats, request.computers, request.options, people=1)


class Manager:
    def __init__(self, engine: Engine, pace: Pace) -> None:
        self.engine, self.pace = engine, pace
        self.bots_thread = ThreadPoolExecutor(1, thread_name_prefix="bots")
        """One thread for every table's computer moves: off the event loop, one at a time."""
        self.tables: dict[int, LiveTable] = {}
        self._names: dict[int, str] = {}

    def resume_all(self) -> None:
        """Load every stored table and run each forward from where it stopped."""
        for row in store.load_tables(self.engine):
            table = LiveTable(row, self.engine, self.pace, self.bots_thread)
            self.tables[row.id] = table
            table.kick()

    def create(self, request: NewTable) -> LiveTable:
        check(request)
        seed = request.seed if request.seed is not None else random.SystemRandom().getrandbits(62)
        row = store.TableRow(
            0,
            request.game,
            request.options,
            request.seats,
            request.computers,
            seed,
            request.turn_seconds,
            None,
        )
        row = store.TableRow(**{**row.__dict__, "id": store.create_table(self.engine, row)})
        table = LiveTable(row, self.engine, self.pace, self.bots_thread)
        self.tables[row.id] = table
        return table

    def name(self, account: int) -> str:
        if account not in self._names:
            with self.engine.connect() as db:
                found = db.execute(select(accounts.c.name).where(accounts.c.id == account))
                self._names[account] = str(found.scalar_one())
        return self._names[account]

    def info(self, table: LiveTable) -> TableInfo:
        row = table.row
        seats = [
            SeatInfo(
                seat=s,
                computer=row.computers.get(s),
                player=self.name(table.seated[s]) if s in table.seated else None,
            )
            for s in range(row.seats)
        ]
        return TableInfo(
            id=row.id,
            game=row.game,
            options=row.options,
            seats=seats,
            hand=table.match.table.hand,
            over=row.over,
            turn_seconds=row.turn_seconds,
        )

    def message(
        self, table: LiveTable, account: int | None, known: Known | None
    ) -> tuple[str, Known | None]:
        """What one socket may see, as JSON: its seat's view, or a spectator's, with the
        events after those the socket has (``known``, see ``Outbox``)."""
        seat = table.seat_of(account)
        return table.outbox.text(table, seat, lambda: self.info(table), known)
