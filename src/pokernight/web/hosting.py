"""What a poker night keeps beyond the game: each table's host settings, its chat, the stake
top-ups its host made, and the table's ledger (who is up, who is down).

A top-up adds chips to a seat's stake between hands: the host's own, or a rebuy the player
asked for (``web.rebuys``). It changes no bankroll: a bankroll is the sum of the hands' results
(``web.results``), so chips topped up and then lost show as that hand's loss, and chips never
played are never anyone's. Each top-up is kept with the seat, the account sitting there and
who approved it (the host, or the player within the table's limit), so the final ledger shows
all three.
"""

from __future__ import annotations

import dataclasses
import json
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, func, insert, select, update

from pokernight.engine.protocol import TableState
from pokernight.web.schema import accounts, chat, hands, hosting, ledger, tables, topups
from pokernight.web.store import HOUSE
from pokernight.web.writer import answered

CHAT_LENGTH = 300
"""The longest chat line, in characters."""


@dataclass(frozen=True)
class NextGame:
    """A game chosen for the table's next deal: its name, its options and who chose it."""

    game: str
    options: dict[str, str]
    by: int


@dataclass(frozen=True)
class Hosting:
    """A table's host settings. A table made before hosts (or never changed) has the
    defaults: anyone sits, spectators do not read the chat, the table runs, the host
    approves every rebuy (``rebuy_limit``: the chips a player may take without asking), and
    points are never money."""

    approve_seats: bool = False
    spectator_chat: bool = False
    paused: bool = False
    rebuy_limit: int = 0
    point_value: int = 0
    """The chips a point is worth in a game of points (0: points are standings only)."""
    chooser: str = "host"
    """Who chooses the next game: ``host``, or ``dealer`` (the person at the button)."""
    games: tuple[str, ...] = ()
    """The games the host allows, the one in play among them (none: the table plays one)."""
    next_game: NextGame | None = None
    """The game chosen for the next deal (None: the game in play goes on)."""
    ending: str | None = None
    """Why the table ends once the hand in play is over (its host ended it mid-hand)."""


def load(engine: Engine, table_id: int) -> Hosting:
    with engine.connect() as db:
        row = db.execute(select(hosting).where(hosting.c.table_id == table_id)).first()
    if row is None:
        return Hosting()
    chosen = json.loads(row.next_game) if row.next_game else None
    return Hosting(
        bool(row.approve_seats),
        bool(row.spectator_chat),
        bool(row.paused),
        int(row.rebuy_limit),
        int(row.point_value),
        str(row.chooser),
        tuple(json.loads(row.games)),
        None if chosen is None else NextGame(**chosen),
        row.ending,
    )


def save(db: Connection, table_id: int, settings: Hosting) -> None:
    values = {
        **dataclasses.asdict(settings),
        "games": json.dumps(list(settings.games)),
        "next_game": None
        if settings.next_game is None
        else json.dumps(dataclasses.asdict(settings.next_game)),
    }
    db.execute(hosting.delete().where(hosting.c.table_id == table_id))
    db.execute(insert(hosting).values(table_id=table_id, **values))


@answered  # its row's id comes back from PostgreSQL: not for the writer's pipeline
def add_topup(
    db: Connection,
    table_id: int,
    seat: int,
    account: int,
    amount: int,
    by: int,
    hand: int,
    asked: bool = False,
) -> None:
    """``by`` added ``amount`` to ``seat``'s stake (``account`` sits there) before hand number
    ``hand`` is dealt: the host, or (``asked``) approved a rebuy ``account`` asked for, ``by``
    the host or ``account`` itself within the table's limit."""
    db.execute(
        insert(topups).values(
            table_id=table_id,
            seat=seat,
            account_id=account,
            amount=amount,
            by_account=by,
            hand=hand,
            created=time.time(),
            asked=asked,
        )
    )


def taken_within_limit(engine: Engine, table_id: int, account: int) -> int:
    """The chips ``account`` took at the table as rebuys within its limit (approved by itself)."""
    with engine.connect() as db:
        found = db.execute(
            select(func.coalesce(func.sum(topups.c.amount), 0)).where(
                topups.c.table_id == table_id,
                topups.c.account_id == account,
                topups.c.by_account == account,
                topups.c.asked,
            )
        ).scalar_one()
    return int(found)


def with_topups(engine: Engine, table_id: int, table: TableState) -> TableState:
    """``table`` (the stakes a stored hand left, or the first hand's) with the top-ups made
    after it: a hand dealt later started from stakes that held them already."""
    with engine.connect() as db:
        rows = db.execute(
            select(topups.c.seat, topups.c.amount).where(
                topups.c.table_id == table_id, topups.c.hand >= table.hand
            )
        ).all()
    stakes = list(table.stakes)
    for seat, amount in rows:
        stakes[seat] += amount
    return dataclasses.replace(table, stakes=tuple(stakes))


def table_ledger(engine: Engine, table_id: int) -> list[dict[str, Any]]:
    """Each account's result at the table in each game it played there (the sum of its
    ledger entries for the game's finished hands, the house's included, so the net column
    sums to zero for each game and for the night), how many hands of the game it was dealt
    (not those it sat out; the house: none, it plays seats for no one), the chips topped up
    to it while the game was played and who approved each (``approved``: "100 by hana; 50 by
    the table's limit"): game by game in the order they were first played, the biggest
    winner first. A game of points moves chips only where its points were worth chips: its
    lines say who played it, at a net of 0 otherwise."""
    with engine.connect() as db:
        table_game = str(db.execute(select(tables.c.game).where(tables.c.id == table_id)).scalar())
        dealt = db.execute(
            select(hands.c.number, hands.c.game, hands.c.holders, hands.c.start, hands.c.finished)
            .where(hands.c.table_id == table_id)
            .order_by(hands.c.id)
        ).all()
        game_of: dict[int, str] = {n: g or table_game for n, g, _, _, _ in dealt}
        counts: dict[tuple[int, str], int] = {}
        for number, _, holders, start, finished in dealt:
            if not finished:
                continue
            out = json.loads(start).get("out", [])
            for s, account in enumerate(json.loads(holders or "[]")):
                if s not in out:
                    key = (account, game_of[number])
                    counts[key] = counts.get(key, 0) + 1
        nets: dict[tuple[int, str], int] = {}
        for account, number, amount in db.execute(
            select(ledger.c.account_id, hands.c.number, ledger.c.amount)
            .join(hands, hands.c.id == ledger.c.hand_id)
            .where(hands.c.table_id == table_id)
        ).all():
            key = (account, game_of[number])
            nets[key] = nets.get(key, 0) + int(amount)
        chips = db.execute(
            select(
                topups.c.account_id,
                topups.c.amount,
                topups.c.by_account,
                topups.c.asked,
                topups.c.hand,
            )
            .where(topups.c.table_id == table_id)
            .order_by(topups.c.id)
        ).all()
        house = db.execute(select(accounts.c.id).where(accounts.c.name == HOUSE)).scalar_one()
        everyone = {a for a, _ in counts} | {a for a, _ in nets} | {c.account_id for c in chips}
        names = dict(
            db.execute(
                select(accounts.c.id, accounts.c.name).where(
                    accounts.c.id.in_(everyone | {c.by_account for c in chips})
                )
            ).all()
        )
    added: dict[tuple[int, str], list[Any]] = {}
    for chip in chips:
        key = (chip.account_id, game_of.get(chip.hand, table_game))
        added.setdefault(key, []).append(chip)
    order = list(dict.fromkeys(game_of.values()))
    keys = {k for k in counts if k[0] != house} | set(nets) | set(added)
    rows = [
        {
            "name": names[account],
            "game": game,
            "hands": 0 if account == house else counts.get((account, game), 0),
            "net": nets.get((account, game), 0),
            "topped_up": sum(int(c.amount) for c in added.get((account, game), [])),
            "approved": "; ".join(
                f"{c.amount} by {_approver(names, account, c.by_account, c.asked)}"
                for c in added.get((account, game), [])
            ),
        }
        for account, game in keys
    ]
    place = {game: i for i, game in enumerate([*order, table_game])}
    return sorted(rows, key=lambda r: (place[r["game"]], -r["net"], r["name"]))


def _approver(names: dict[int, str], account: int, by: int, asked: bool) -> str:
    """Who approved chips added to ``account``: the host by name, or the table's limit (a
    rebuy the player took within it)."""
    return "the table's limit" if asked and by == account else names[by]


def say(engine: Engine, table_id: int, account: int, text: str) -> dict[str, Any]:
    """Keep ``account``'s chat line at the table; the line as ``said`` gives it (the table's
    pages are sent it at once)."""
    created = time.time()
    with engine.begin() as db:
        added = db.execute(
            insert(chat).values(table_id=table_id, account_id=account, text=text, created=created)
        )
        name = db.execute(select(accounts.c.name).where(accounts.c.id == account)).scalar_one()
    key = added.inserted_primary_key
    assert key is not None
    return _line(int(key[0]), name, text, created)


def said(engine: Engine, table_id: int, after: int, most: int = 100) -> list[dict[str, Any]]:
    """The table's chat lines after line ``after`` (the latest ``most`` of them), oldest first."""
    with engine.connect() as db:
        rows = db.execute(
            select(chat.c.id, accounts.c.name, chat.c.text, chat.c.created)
            .join(accounts, accounts.c.id == chat.c.account_id)
            .where(chat.c.table_id == table_id, chat.c.id > after)
            .order_by(chat.c.id.desc())
            .limit(most)
        ).all()
    return [_line(r.id, r.name, r.text, r.created) for r in reversed(rows)]


def _line(line: int, name: str, text: str, at: float) -> dict[str, Any]:
    return {"id": line, "name": name, "text": text, "at": at}


def set_computers(db: Connection, table_id: int, computers: dict[int, str], seq: int) -> None:
    """The table's computer seats (seat → bot) after the host added or removed one."""
    values = {"computers": json.dumps({str(s): b for s, b in computers.items()}), "seq": seq}
    db.execute(update(tables).where(tables.c.id == table_id).values(**values))
