"""A database made by an earlier version upgrades with its money intact: old ledger holders
(``account:N``, computer seats, the house, pots, points) become accounts, and every bankroll
keeps its value."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, text

from pokernight.web import accounts, names, store

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


def test_sessions_and_names_move_to_hashes_and_keys(database: str) -> None:
    """Migration 0003: a signed-in browser stays signed in (its token is hashed in place, never
    kept in clear), and names that were distinct as typed but are one name as people read
    them keep their accounts."""
    _migrate(database, "0002")
    old = create_engine(database)
    with old.begin() as db:
        for account, name in [(7, "Bob"), (8, "bob"), (9, "Ｂｏｂ")]:
            db.execute(
                text(
                    "INSERT INTO accounts (id, name, salt, digest, guest, created) "
                    "VALUES (:id, :name, '', '', false, 0)"
                ),
                {"id": account, "name": name},
            )
        db.execute(
            text("INSERT INTO sessions (token, account_id, created) VALUES ('old-token', 8, 0)")
        )
    old.dispose()
    engine = store.open_engine(database)
    assert accounts.who(engine, "old-token") == (8, "bob", False)
    with engine.connect() as db:
        stored = db.execute(text("SELECT * FROM sessions")).mappings().all()
        keys: dict[int, str] = dict(
            db.execute(text("SELECT id, key FROM accounts WHERE id > 6")).all()
        )
    assert [row["token_hash"] for row in stored] == [accounts.token_hash("old-token")]
    assert "old-token" not in str(stored)
    assert keys == {7: "bob", 8: "bob#8", 9: "bob#9"}
    with pytest.raises(accounts.AccountError, match="taken"):
        accounts.sign_up(engine, "BOB", "a-password")
    engine.dispose()


def _stored_accounts(database: str, revision: str, keys: dict[int, tuple[str, str]]) -> Engine:
    """The database at ``revision`` with these accounts (id → name and key) stored, then
    brought to the latest migration."""
    _migrate(database, revision)
    old = create_engine(database)
    with old.begin() as db:
        for account, (name, key) in keys.items():
            db.execute(
                text(
                    "INSERT INTO accounts (id, name, key, salt, digest, guest, created) "
                    "VALUES (:id, :name, :key, '', '', false, 0)"
                ),
                {"id": account, "name": name, "key": key},
            )
    old.dispose()
    return store.open_engine(database)


def test_stored_look_alike_names_keep_their_accounts(database: str) -> None:
    engine = _stored_accounts(database, "0004", {7: ("alice", "alice"), 8: ("ɑlice", "ɑlice")})
    with engine.connect() as db:
        keys: dict[int, str] = dict(
            db.execute(text("SELECT id, key FROM accounts WHERE id > 6")).all()
        )
    assert keys == {7: "alice", 8: "alice#8"}
    salt = b"0123456789abcdef"
    with engine.begin() as db:
        db.execute(
            text("UPDATE accounts SET salt = :s, digest = :d WHERE id = 8"),
            {"s": salt, "d": accounts._digest("ɑlice-pass", salt)},
        )
    assert accounts.sign_in(engine, "ɑlice", "ɑlice-pass") == 8
    with pytest.raises(accounts.AccountError, match="taken"):
        accounts.sign_up(engine, "aǀice", "secret-pass")


def test_stored_names_get_their_look_and_a_capital_i_is_refused_beside_them(
    database: str,
) -> None:
    stored = {7: ("alice", names.key("alice")), 8: ("bIake", names.key("bIake"))}
    engine = _stored_accounts(database, "0007", stored)
    with engine.connect() as db:
        looks: dict[int, str] = dict(
            db.execute(text("SELECT id, look FROM accounts WHERE id > 6")).all()
        )
    assert looks == {7: "alice", 8: "blake"}
    for twin in ("aIice", "blake"):
        with pytest.raises(accounts.AccountError, match="taken"):
            accounts.sign_up(engine, twin, "secret-pass")
