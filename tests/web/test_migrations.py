"""A database made by an earlier version upgrades with its money intact: old ledger holders
(``account:N``, computer seats, the house, pots, points) become accounts, and every bankroll
keeps its value."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, text

from pokernight.web import store

MIGRATIONS = Path(store.__file__).parent / "migrations"


def _migrate(url: str, revision: str) -> None:
    engine = create_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
    engine.dispose()


def test_an_old_ledger_moves_to_accounts(database: str) -> None:
    _migrate(database, "0001")
    old = create_engine(database)
    with old.begin() as db:
        db.execute(
            text(
                "INSERT INTO accounts (id, name, salt, digest, guest, created) VALUES "
                "(7, 'Old', '', '', false, 0)"
            )
        )
        db.execute(
            text(
                "INSERT INTO tables (id, game, options, seats, computers, match_seed, "
                "turn_seconds, created) VALUES (3, 'draw', '{}', 2, '{}', 1, 0, 0)"
            )
        )
        db.execute(
            text(
                "INSERT INTO hands (id, table_id, number, seed, start, actions, finished) "
                "VALUES (1, 3, 1, 5, '{}', '', true)"
            )
        )
        for holder, amount in [("account:7", 12), ("seat:3:1", -10), ("house", 1), ("pot:3", -3)]:
            db.execute(
                text("INSERT INTO ledger (holder, hand_id, amount) VALUES (:h, 1, :a)"),
                {"h": holder, "a": amount},
            )
    old.dispose()
    engine = store.open_engine(database)
    house = store.house_account(engine)
    assert store.balance(engine, 7) == 12
    assert store.balance(engine, house) == -12
    assert store.balance(engine) == 0
    engine.dispose()
