"""Every live table of the server: creating them from a lobby request (within the policy's
limits on open tables and on how fast they are made), resuming them all at start, closing the
idle ones (nobody connected and nothing done by anyone for the policy's idle time), and
describing them (the lobby's list, each socket's state and seat request)."""

from __future__ import annotations

import math
import random
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Engine, select

from pokernight.catalog import check as check_table
from pokernight.catalog import entry
from pokernight.errors import PokernightError
from pokernight.web import choosing, hosting, league, store, tourney
from pokernight.web.commands import Close, NextHand
from pokernight.web.live import LiveTable
from pokernight.web.messages import (
    HIDDEN,
    NextGameInfo,
    Preparing,
    SeatInfo,
    SeatRequest,
    TableInfo,
)
from pokernight.web.outbox import Known
from pokernight.web.pace import Pace
from pokernight.web.play import round_of
from pokernight.web.policy import Policy
from pokernight.web.preparing import Preparer, Running
from pokernight.web.schema import accounts
from pokernight.web.socket_caps import SocketCaps
from pokernight.web.throttle import Buckets, TooMany
from pokernight.web.tourney import SitAndGoRequest
from pokernight.web.waiting import waiting
from pokernight.web.writer import Writer

ENDED_KEPT = 10_000
"""Sessions signed out of that are remembered, for closing their sockets: a socket reads the
flag at its next message, so the oldest can be forgotten."""


class NewTable(BaseModel):
    """``POST /api/tables``: ``computers`` maps seat numbers (from 0) to bot names; the other
    seats are for people. ``turn_seconds`` 0 waits for ever. ``seed``: the table the catalog
    seats for that seed (the same as ``pokernight play`` or ``sim`` with it), a practice table
    dealt from it while only its host is dealt in; drawn when absent. ``verifiable``: the
    table publishes the hash of the secret it deals from, and the secret once it is over."""

    model_config = ConfigDict(extra="forbid")
    game: str
    seats: int = Field(ge=1, le=10)
    computers: dict[int, str] = {}
    options: dict[str, str] = {}
    turn_seconds: int = Field(default=30, ge=0, le=600)
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    verifiable: bool = False
    point_value: int = Field(default=0, ge=0, le=1_000_000)
    """A game of points played for money: the chips a point is worth (0: points only)."""
    games: list[str] = Field(default=[], max_length=10)
    """Dealer's choice: the other games the table may play (none: it plays ``game`` only)."""
    chooser: Literal["host", "dealer"] = "host"
    """Who chooses the next game: the host, or the dealer of each orbit."""
    sit_and_go: SitAndGoRequest | None = None
    """A sit-and-go: one buy-in, equal chips, the stakes rising, places paid (None: cash)."""
    league: int | None = Field(default=None, ge=0, lt=2**31)
    """A night of this league's current season (its owner's tables alone)."""


def check(request: NewTable) -> None:
    """The catalog's check, with a seat left for a person; the games allowed each seat the
    table."""
    check_table(request.game, request.seats, request.computers, request.options, people=1)
    choosing.check_allowed(request.game, request.games, request.seats)
    if request.sit_and_go is not None:
        tourney.check(
            request.game,
            request.seats,
            request.computers,
            request.options,
            request.sit_and_go,
            request.games,
        )


class Manager:
    def __init__(self, engine: Engine, pace: Pace, policy: Policy | None = None) -> None:
        self.engine, self.pace = engine, pace
        self.policy = policy or Policy()
        self.bots_thread = ThreadPoolExecutor(1, thread_name_prefix="bots")
        """One thread for every table's computer moves: off the event loop, one at a time."""
        self.preparer = Preparer()
        """Computers' one-time work, each piece once for every table waiting on it."""
        self.writer = Writer(engine, threaded=engine.dialect.name != "sqlite")
        """Every table's writes (``web.writer``): on PostgreSQL off the event loop."""
        self.tables: dict[int, LiveTable] = {}
        self._names: dict[int, str] = {}
        self._made = Buckets(self.policy.creation_rate, self.policy.creation_burst)
        self._seen: dict[int, tuple[int, float]] = {}
        """Each table's attendance (``Chairs.attended``) when the idle sweep last saw it
        change or saw someone connected, and when."""
        self._signed_out: dict[int, float] = {}
        """When each account last signed out everywhere (``time.monotonic``)."""
        self.caps = SocketCaps()
        """The table sockets open per anonymous client address and per account."""
        self._ended: set[str] = set()
        """The sessions (their hashes) signed out of, while sockets of them may be open."""

    def resume_all(self) -> None:
        """Load every stored table and run each forward from where it stopped."""
        for row in store.load_tables(self.engine):
            table = LiveTable(
                row, self.engine, self.pace, self.bots_thread, self.writer, self.preparer
            )
            self.tables[row.id] = table
            table.post(NextHand())

    def create(self, request: NewTable, owner: int) -> LiveTable:
        """A new table for ``owner``, dealing nothing until its host deals (``resume``) when
        it has seats for more than one person, so friends sit before hand 1; a table of one
        person against computers deals once they sit. Refused if the account already holds
        the policy's number of open tables, or (``TooMany``) makes them faster than its
        rate."""
        check(request)
        held = sum(1 for t in self.tables.values() if t.row.owner == owner and not t.row.over)
        if held >= self.policy.open_tables:
            raise PokernightError(
                f"you have {held} open tables, the most an account may: play them out, or wait "
                f"(a table where nothing happens closes after "
                f"{self.policy.idle_seconds / 60:g} minutes)"
            )
        wait = self._made.take(str(owner), self.policy.clock())
        if wait:
            raise TooMany(f"tables are made too fast: try again in {math.ceil(wait)} s", wait)
        season = (
            None
            if request.league is None
            else league.night_season(self.engine, request.league, owner)
        )
        draw = random.SystemRandom()
        seed = request.seed if request.seed is not None else draw.getrandbits(62)
        row = store.TableRow(
            0,
            request.game,
            request.options,
            request.seats,
            request.computers,
            seed,
            request.turn_seconds,
            None,
            owner=owner,
            secret=f"{draw.getrandbits(256):064x}",
            seeded=request.seed is not None,
            verifiable=request.verifiable,
            tournament=None
            if request.sit_and_go is None
            else tourney.stored(
                request.sit_and_go, request.game, request.options, request.computers, request.games
            ),
            season=season,
        )
        row = store.TableRow(**{**row.__dict__, "id": store.create_table(self.engine, row)})
        friends = request.seats - len(request.computers) > 1  # to wait for: the host deals
        settings = hosting.Hosting(
            paused=friends,
            point_value=request.point_value,
            chooser=request.chooser,
            games=()  # a sit-and-go's games are its own, in turn: nobody chooses them
            if request.sit_and_go is not None
            else choosing.check_allowed(request.game, request.games, request.seats),
        )
        if settings != hosting.Hosting():
            with self.engine.begin() as db:
                hosting.save(db, row.id, settings)
        table = self._live(row)
        self.tables[row.id] = table
        return table

    def sweep(self, now: float) -> list[int]:
        """Close the tables where nobody was connected and nobody did anything (no move, no
        seat taken or left, no page opened or closed) for the policy's idle time; the ids
        closed. A turn the timer played is not anyone doing something: an abandoned table
        closes however its hand stands. Called every little while by the server, with the
        policy's clock."""
        closed = []
        for table_id, table in list(self.tables.items()):
            seen = self._seen.get(table_id)
            attended = table.chairs.attended
            if table.chairs.sockets or seen is None or seen[0] != attended:
                self._seen[table_id] = (attended, now)
            elif now - seen[1] >= self.policy.idle_seconds:
                table.post(Close(f"closed: idle for {self.policy.idle_seconds / 60:g} min"))
                del self.tables[table_id], self._seen[table_id]
                closed.append(table_id)
        return closed

    def signed_out(self, account: int, session: str | None = None) -> None:
        """The account signed out everywhere (``session`` None: its sockets opened before
        now are closed), or out of one session (its hash: that session's sockets are
        closed); at once at the tables where it sits, elsewhere at their next message."""
        if session is None:
            self._signed_out[account] = time.monotonic()
        else:
            if len(self._ended) >= ENDED_KEPT:
                self._ended.clear()  # their sockets were closed long ago
            self._ended.add(session)
        for table in self.tables.values():
            if table.chairs.chair_of(account) is not None:
                for wake in list(table.listeners):
                    wake()

    def ended(self, account: int | None, opened: float, session: str | None = None) -> str | None:
        """How a socket of ``account`` opened at ``opened`` with ``session`` (its hash) has
        been signed out since, in the words its closing gives (None: it has not)."""
        if account is None:
            return None
        if self._signed_out.get(account, -1.0) >= opened:
            return "signed out everywhere"
        return "signed out" if session in self._ended else None

    def _live(self, row: store.TableRow) -> LiveTable:
        """A table to run, sharing the computers' thread, the writer and the preparer."""
        return LiveTable(row, self.engine, self.pace, self.bots_thread, self.writer, self.preparer)

    def stored(self, table_id: int) -> LiveTable | None:
        """A table by id: a live one, or a closed one loaded from the database (to read its
        records; it is not run)."""
        if table_id in self.tables:
            return self.tables[table_id]
        row = store.load_table(self.engine, table_id)
        return None if row is None else LiveTable(row, self.engine, self.pace)

    def name(self, account: int) -> str:
        if account not in self._names:
            with self.engine.connect() as db:
                found = db.execute(select(accounts.c.name).where(accounts.c.id == account))
                self._names[account] = str(found.scalar_one())
        return self._names[account]

    def info(self, table: LiveTable) -> TableInfo:
        row, play, chairs = table.row, table.play, table.chairs
        game = entry(row.game)
        chosen = play.hosting.next_game
        seats = [
            SeatInfo(
                seat=s,
                computer=None
                if s not in row.computers
                else game.shown(row.computers[s], bool(row.over)) or HIDDEN,
                player=self.name(chairs.seated[s]) if s in chairs.seated else None,
            )
            for s in range(row.seats)
        ]
        return TableInfo(
            id=row.id,
            game=row.game,
            options=row.options,
            seats=seats,
            hand=play.number,
            over=row.over,
            turn_seconds=row.turn_seconds,
            host=None if row.owner is None else self.name(row.owner),
            stakes=list(play.match.table.stakes),
            paused=play.hosting.paused,
            away=sorted(chairs.away),
            approve_seats=play.hosting.approve_seats,
            preparing=preparing_info(table.preparing),
            practice=row.practice,
            commitment=row.commitment,
            secret=row.revealed,
            sitting_out=chairs.sitting_out(),
            waiting=None if row.over or play.state is not None else waiting(play),
            requests=len(chairs.asking.waiting()),
            rebuys=len(chairs.rebuys.waiting()),
            games=choosing.allowed(row.game, row.seats, play.hosting),
            chooser=None if (chooser := choosing.chooser(play)) is None else self.name(chooser),
            next_game=None
            if chosen is None
            else NextGameInfo(**{**asdict(chosen), "by": self.name(chosen.by)}),
            round=round_of(play),
            tournament=tourney.info(play.match),
        )

    def message(
        self, table: LiveTable, account: int | None, known: Known | None
    ) -> tuple[str, Known | None]:
        """What one socket may see, as JSON: its seat's view, or a spectator's (a newcomer
        to a hand dealt before they sat down sees it so, at their chair), with the events
        after those the socket has (``known``, see ``Outbox``)."""
        seat, you = table.chairs.seat_of(account), table.chairs.chair_of(account)
        return table.outbox.text(table.snapshot(), seat, you, lambda: self.info(table), known)

    def request(self, table: LiveTable, account: int | None) -> SeatRequest | None:
        """Where ``account``'s seat request at the table stands, in the asker's words."""
        asked = table.chairs.asking.of(account)
        if asked is None:
            return None
        host = "nobody" if table.row.owner is None else self.name(table.row.owner)
        return SeatRequest(
            seq=table.seq, status=asked.status, seat=asked.seat, message=asked.words(host)
        )


def preparing_info(running: Running | None) -> Preparing | None:
    if running is None:
        return None
    return Preparing(
        title=running.title, done=running.done, line=running.line, failed=running.failed
    )
