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


def load(engine: Engine, table_id: int) -> Hosting:
    with engine.connect() as db:
        row = db.execute(select(hosting).where(hosting.c.table_id == table_id)).first()
    if row is None:
        return Hosting()
    return Hosting(
        bool(row.approve_seats),
        bool(row.spectator_chat),
        bool(row.paused),
        int(row.rebuy_limit),
        int(row.point_value),
    )


def save(db: Connection, table_id: int, settings: Hosting) -> None:
    db.execute(hosting.delete().where(hosting.c.table_id == table_id))
    db.execute(insert(hosting).values(table_id=table_id, **dataclasses.asdict(settings)))


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
    """Each account's result at the table (the sum of its ledger entries for the table's
    finished hands, the house's included, so the net column sums to zero), how many hands it
    was dealt (not those it sat out; the house: none, it plays seats for no one), the chips
    topped up to it and who approved each (``approved``: "100 by hana; 50 by the table's
    limit"): the biggest winner first."""
    with engine.connect() as db:
        dealt = db.execute(
            select(hands.c.holders, hands.c.start).where(
                hands.c.table_id == table_id, hands.c.finished
            )
        ).all()
        counts: dict[int, int] = {}
        for holders, start in dealt:
            out = json.loads(start).get("out", [])
            seated = {a for s, a in enumerate(json.loads(holders or "[]")) if s not in out}
            for account in seated:
                counts[account] = counts.get(account, 0) + 1
        nets = dict(
            db.execute(
                select(ledger.c.account_id, func.sum(ledger.c.amount))
                .join(hands, hands.c.id == ledger.c.hand_id)
                .where(hands.c.table_id == table_id)
                .group_by(ledger.c.account_id)
            ).all()
        )
        chips = db.execute(
            select(topups.c.account_id, topups.c.amount, topups.c.by_account, topups.c.asked)
            .where(topups.c.table_id == table_id)
            .order_by(topups.c.id)
        ).all()
        added: dict[int, int] = {}
        for account, amount, _, _ in chips:
            added[account] = added.get(account, 0) + amount
        approvers = {c.by_account for c in chips}
        house = db.execute(select(accounts.c.id).where(accounts.c.name == HOUSE)).scalar_one()
        people = set(counts) - {house}
        names = dict(
            db.execute(
                select(accounts.c.id, accounts.c.name).where(
                    accounts.c.id.in_(people | set(nets) | set(added) | approvers)
                )
            ).all()
        )
    rows = [
        {
            "name": names[a],
            "hands": 0 if a == house else counts.get(a, 0),
            "net": int(nets.get(a, 0)),
            "topped_up": int(added.get(a, 0)),
            "approved": "; ".join(
                f"{amount} by {_approver(names, account, by, asked)}"
                for account, amount, by, asked in chips
                if account == a
            ),
        }
        for a in names
        if a in people or a in nets or a in added
    ]
    return sorted(rows, key=lambda r: (-r["net"], r["name"]))


def _approver(names: dict[int, str], account: int, by: int, asked: bool) -> str:
    """Who approved chips added to ``account``: the host by name, or the table's limit (a
    rebuy the player took within it)."""
    return "the table's limit" if asked and by == account else names[by]


def say(engine: Engine, table_id: int, account: int, text: str) -> None:
    with engine.begin() as db:
        db.execute(
            insert(chat).values(
                table_id=table_id, account_id=account, text=text, created=time.time()
            )
        )


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
    return [{"id": r.id, "name": r.name, "text": r.text, "at": r.created} for r in reversed(rows)]


def set_computers(db: Connection, table_id: int, computers: dict[int, str], seq: int) -> None:
    """The table's computer seats (seat → bot) after the host added or removed one."""
    values = {"computers": json.dumps({str(s): b for s, b in computers.items()}), "seq": seq}
    db.execute(update(tables).where(tables.c.id == table_id).values(**values))
