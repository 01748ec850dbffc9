"""The database: opening it (SQLite by default, PostgreSQL by URL), migrating it with Alembic,
and the reads and writes the table manager needs. Each write is one transaction; a finished
hand and its ledger entries are written together, so a bankroll never disagrees with a hand.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, bindparam, create_engine, event, func, insert, select, update
from sqlalchemy.engine import Connection

from pokernight.web.schema import accounts, epochs, hands, ledger, seatings, tables
from pokernight.web.writer import answered

HOUSE = "the house"
"""The house account's name (migration 0002 creates it; sign-up allows no space in a name)."""


def default_url() -> str:
    """A SQLite file in the user data directory (``$XDG_DATA_HOME`` or ``~/.local/share``)."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    folder = base / "pokernight"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'pokernight.db'}"


def open_engine(url: str) -> Engine:
    """Connect and bring the schema to the latest migration."""
    engine = create_engine(url)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    elif engine.dialect.name == "postgresql":
        event.listen(engine, "connect", _postgres_settings)
    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
    return engine


def _sqlite_pragmas(connection: Any, record: Any) -> None:
    """WAL keeps readers and the one writer apart; foreign keys are off by default in SQLite.

    ``synchronous=NORMAL``: in WAL mode a commit is synced to disk at checkpoints rather than
    at every commit. A killed server loses nothing (the commit is in the operating system's
    hands); only a power cut may lose the last moves, and each table's hands stay whole. An
    fsync per stored action cost about 3 ms, a third of the server's time under load."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _postgres_settings(connection: Any, record: Any) -> None:
    """``synchronous_commit=off``, for the reason SQLite runs ``synchronous=NORMAL``: the
    server's writes wait on no flush to disk (the event loop waited through one at every
    action). A killed pokernight loses nothing, PostgreSQL has the commit; a crash of
    PostgreSQL itself may lose the last moves, never leave a hand or its ledger half written."""
    cursor = connection.cursor()
    cursor.execute("SET synchronous_commit TO OFF")
    cursor.close()
    connection.commit()


@dataclass(frozen=True)
class TableRow:
    id: int
    game: str
    options: dict[str, str]
    seats: int
    computers: dict[int, str]
    match_seed: int
    turn_seconds: int
    over: str | None
    seq: int = 0
    """The table's version at its last seating change or end (hands keep their own)."""
    owner: int | None = None
    """The account that made the table (None: made before tables kept it)."""
    secret: str = ""
    """64 hex digits the server drew for the table: it deals every hand that anyone besides
    the host is dealt into (``dealing_seed``), so no one who picked a seed knows the cards."""
    seeded: bool = False
    """The host chose ``match_seed``: the table is a practice table until ``shared``."""
    shared: bool = False
    """Someone besides the host was dealt in: the table deals from its secret for good."""
    verifiable: bool = False
    """The table publishes the SHA-256 of its secret before the first hand (``commitment``)
    and the secret once it is over, so its players can check every deal afterwards."""
    tournament: dict[str, Any] | None = None
    """A sit-and-go's structure (``web.tourney``); None: a cash table."""
    standing: dict[str, Any] | None = None
    """How far the sit-and-go has come, as stored with its last hand (None: not begun)."""
    season: int | None = None
    """The league season whose night the table is (None: no league's)."""

    @property
    def practice(self) -> bool:
        """Dealt from the seed its host chose: its host with computers, no one else."""
        return self.seeded and not self.shared

    @property
    def dealing_seed(self) -> int:
        """The seed the table's hands, computers and stand-in derive from (through
        ``catalog.seat_table``): the host's seed at a practice table, else the secret."""
        return self.match_seed if self.practice else int(self.secret, 16)

    @property
    def commitment(self) -> str | None:
        """What a verifiable table publishes before its first hand: the SHA-256 of its
        secret (None at any other table: a secret never revealed proves nothing)."""
        return hashlib.sha256(self.secret.encode()).hexdigest() if self.verifiable else None

    @property
    def revealed(self) -> str | None:
        """A verifiable table's secret, once it is over and deals no more."""
        return self.secret if self.verifiable and self.over else None


def create_table(engine: Engine, row: TableRow) -> int:
    with engine.begin() as db:
        result = db.execute(
            insert(tables).values(
                game=row.game,
                options=json.dumps(row.options),
                seats=row.seats,
                computers=json.dumps({str(s): b for s, b in row.computers.items()}),
                match_seed=row.match_seed,
                turn_seconds=row.turn_seconds,
                over=None,
                created=time.time(),
                owner=row.owner,
                secret=row.secret,
                seeded=row.seeded,
                verifiable=row.verifiable,
                tournament=None if row.tournament is None else json.dumps(row.tournament),
                season_id=row.season,
            )
        )
        key = result.inserted_primary_key
        assert key is not None
        return int(key[0])


def _table(r: Any) -> TableRow:
    computers = {int(s): b for s, b in json.loads(r.computers).items()}
    options = json.loads(r.options)
    return TableRow(
        r.id,
        r.game,
        options,
        r.seats,
        computers,
        r.match_seed,
        r.turn_seconds,
        r.over,
        r.seq,
        r.owner,
        r.secret,
        r.seeded,
        r.shared,
        r.verifiable,
        None if r.tournament is None else json.loads(r.tournament),
        None if r.standing is None else json.loads(r.standing),
        r.season_id,
    )


EPOCH = 2**32
"""Versions one server run may use up at a table: each start's versions begin at its epoch
times this (JavaScript counts exactly to 2**53: two million starts)."""


def load_tables(engine: Engine) -> list[TableRow]:
    """The tables a server runs: all but the closed ones. Called as the server starts: the
    stored epoch grows by one and every table's version continues from it, so versions grow
    across restarts even where nothing was stored in between (a move stamped with a version
    of before the restart is refused as stale, never taken for a move on the same state)."""
    with engine.begin() as db:
        epoch = (db.execute(select(epochs.c.epoch)).scalar() or 0) + 1
        db.execute(epochs.delete())
        db.execute(insert(epochs).values(epoch=epoch))
        rows = db.execute(select(tables).where(tables.c.closed.is_(None)).order_by(tables.c.id))
        found = [_table(r) for r in rows]
    return [dataclasses.replace(r, seq=max(r.seq, epoch * EPOCH)) for r in found]


def load_table(engine: Engine, table_id: int) -> TableRow | None:
    """Any stored table, closed or not (a closed table's records stay downloadable)."""
    if not 0 <= table_id < 2**63:
        return None
    with engine.connect() as db:
        row = db.execute(select(tables).where(tables.c.id == table_id)).first()
    return None if row is None else _table(row)


def mark_over(
    db: Connection, table_id: int, reason: str, seq: int, *, closed: bool = False
) -> None:
    """The table is over (its game ended, or it was ``closed`` for idleness: then it is no
    longer loaded at start)."""
    values: dict[str, Any] = {"over": reason, "seq": seq}
    if closed:
        values["closed"] = time.time()
    db.execute(update(tables).where(tables.c.id == table_id).values(**values))


def set_game(
    db: Connection,
    table_id: int,
    game: str,
    options: dict[str, str],
    computers: dict[int, str],
    seq: int,
) -> None:
    """The table plays ``game`` now, under ``options``, with ``computers`` (seat → bot)."""
    values = {
        "game": game,
        "options": json.dumps(options),
        "computers": json.dumps({str(s): b for s, b in computers.items()}),
        "seq": seq,
    }
    db.execute(update(tables).where(tables.c.id == table_id).values(**values))


def mark_shared(db: Connection, table_id: int) -> None:
    """Someone besides the host is dealt in: the table deals from its secret from now on."""
    db.execute(update(tables).where(tables.c.id == table_id).values(shared=True))


def load_seatings(engine: Engine, table_id: int) -> dict[int, int]:
    with engine.connect() as db:
        rows = db.execute(select(seatings).where(seatings.c.table_id == table_id)).all()
    return {r.seat: r.account_id for r in rows}


def set_seating(db: Connection, table_id: int, seat: int, account_id: int | None, seq: int) -> None:
    """Who sits at ``seat`` (None: nobody), and the table's version after the change."""
    db.execute(seatings.delete().where(seatings.c.table_id == table_id, seatings.c.seat == seat))
    if account_id is not None:
        db.execute(insert(seatings).values(table_id=table_id, seat=seat, account_id=account_id))
    db.execute(update(tables).where(tables.c.id == table_id).values(seq=seq))


def house_account(engine: Engine) -> int:
    with engine.connect() as db:
        return int(db.execute(select(accounts.c.id).where(accounts.c.name == HOUSE)).scalar_one())


def account_names(engine: Engine, ids: set[int]) -> dict[int, str]:
    with engine.connect() as db:
        rows = db.execute(select(accounts.c.id, accounts.c.name).where(accounts.c.id.in_(ids)))
        return {int(r.id): str(r.name) for r in rows}


@dataclass(frozen=True)
class HandRow:
    id: int
    number: int
    seed: int
    start: dict[str, Any]
    actions: list[str]
    finished: bool
    result: dict[str, Any] | None
    holders: list[int] | None
    """The accounts the hand was dealt to, seat by seat (None: stored before they were)."""
    seq: int
    deadline: float | None
    game: str | None = None
    """The game the hand was dealt in (None: stored before tables changed games, when a
    table played only its own)."""
    options: dict[str, str] | None = None
    """That game's options (None with ``game``)."""


def _hand(r: Any) -> HandRow:
    actions = r.actions.split("\n") if r.actions else []
    result = json.loads(r.result) if r.result else None
    holders = json.loads(r.holders) if r.holders else None
    start = json.loads(r.start)
    return HandRow(
        r.id,
        r.number,
        r.seed,
        start,
        actions,
        r.finished,
        result,
        holders,
        r.seq,
        r.deadline,
        r.game,
        None if r.options is None else json.loads(r.options),
    )


@dataclass(frozen=True)
class Turn:
    """What a change of a hand stores besides its actions: the table's version after it and
    the deadline of the person to act (None: a computer's turn, or no turn timer)."""

    seq: int
    deadline: float | None


@dataclass
class HandKey:
    """A hand's id in the database, known once its row is written: the writes that follow it
    (its actions, its end) are queued before then and read the id when they run."""

    id: int = 0


@answered
def start_hand(
    db: Connection,
    hand: HandKey,
    table_id: int,
    number: int,
    seed: int,
    start: object,
    holders: list[int],
    turn: Turn,
    game: str,
    options: dict[str, str],
) -> None:
    result = db.execute(
        insert(hands).values(
            table_id=table_id,
            game=game,
            options=json.dumps(options),
            number=number,
            seed=seed,
            start=json.dumps(start),
            actions="",
            finished=False,
            result=None,
            holders=json.dumps(holders),
            seq=turn.seq,
            deadline=turn.deadline,
        )
    )
    key = result.inserted_primary_key
    assert key is not None
    hand.id = int(key[0])


SAVE_ACTIONS = (
    update(hands)
    .where(hands.c.id == bindparam("hand"))
    .values(actions=bindparam("moves"), seq=bindparam("version"), deadline=bindparam("until"))
)
"""Built once: this runs at every action, and building the statement cost as much as running
it."""


def save_actions(db: Connection, hand: HandKey, actions: list[str], turn: Turn) -> None:
    values = {"hand": hand.id, "moves": "\n".join(actions)}
    db.execute(SAVE_ACTIONS, {**values, "version": turn.seq, "until": turn.deadline})


def finish_hand(
    db: Connection,
    hand: HandKey,
    actions: list[str],
    result: dict[str, Any],
    entries: dict[int, int],
    seq: int,
    standing: dict[str, Any] | None = None,
) -> None:
    """The hand's last actions, its result and its ledger entries, written in the same
    transaction (the caller's), and a sit-and-go's ``standing`` after it. The entries must
    sum to zero: no chip is made or lost."""
    if sum(entries.values()) != 0:
        raise ValueError(f"ledger entries of hand {hand.id} do not balance: {entries}")
    db.execute(
        update(hands)
        .where(hands.c.id == hand.id)
        .values(
            actions="\n".join(actions),
            finished=True,
            result=json.dumps(result),
            seq=seq,
            deadline=None,
        )
    )
    rows = [{"account_id": h, "hand_id": hand.id, "amount": a} for h, a in entries.items() if a]
    if rows:
        db.execute(insert(ledger), rows)
    if standing is not None:
        table = select(hands.c.table_id).where(hands.c.id == hand.id).scalar_subquery()
        db.execute(update(tables).where(tables.c.id == table).values(standing=json.dumps(standing)))


def last_hand(engine: Engine, table_id: int) -> HandRow | None:
    with engine.connect() as db:
        row = db.execute(
            select(hands).where(hands.c.table_id == table_id).order_by(hands.c.id.desc()).limit(1)
        ).first()
    return None if row is None else _hand(row)


def last_result(engine: Engine, table_id: int) -> dict[str, Any] | None:
    """The result of the table's last finished hand (what the page shows as the last hand)."""
    with engine.connect() as db:
        found = db.execute(
            select(hands.c.result)
            .where(hands.c.table_id == table_id, hands.c.finished.is_(True))
            .order_by(hands.c.id.desc())
            .limit(1)
        ).scalar()
    return None if found is None else dict(json.loads(found))


def last_of_games(engine: Engine, table_id: int, names: list[str]) -> HandRow | None:
    """The table's last finished hand dealt in one of the games ``names``."""
    with engine.connect() as db:
        row = db.execute(
            select(hands)
            .where(hands.c.table_id == table_id, hands.c.finished, hands.c.game.in_(names))
            .order_by(hands.c.id.desc())
            .limit(1)
        ).first()
    return None if row is None else _hand(row)


def finished_hands(engine: Engine, table_id: int) -> list[HandRow]:
    with engine.connect() as db:
        rows = db.execute(
            select(hands)
            .where(hands.c.table_id == table_id, hands.c.finished.is_(True))
            .order_by(hands.c.id)
        ).all()
    return [_hand(r) for r in rows]


def balance(db: Engine | Connection, account: int | None = None) -> int:
    """The sum of an account's ledger entries, its bankroll (all accounts: must be zero)."""
    query = select(func.coalesce(func.sum(ledger.c.amount), 0))
    if account is not None:
        query = query.where(ledger.c.account_id == account)
    if isinstance(db, Engine):
        with db.connect() as connection:
            return int(connection.execute(query).scalar_one())
    return int(db.execute(query).scalar_one())
