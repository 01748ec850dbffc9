"""Accounts and sessions: passwords hashed with stdlib scrypt and a per-user salt, sessions as
random tokens in an HttpOnly SameSite cookie, and guests (an account without a password, for
playing the computer alone)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time

from sqlalchemy import Engine, insert, select
from sqlalchemy.exc import IntegrityError

from pokernight.web.schema import accounts, sessions

COOKIE = "pokernight_session"
SCRYPT = {"n": 2**14, "r": 8, "p": 1}


class AccountError(Exception):
    """A sign-up or sign-in that cannot go ahead; the message says why."""


def _digest(password: str, salt: bytes) -> bytes:
    return hashlib.scrypt(password.encode(), salt=salt, dklen=32, **SCRYPT)


def sign_up(engine: Engine, name: str, password: str) -> int:
    if not 1 <= len(name) <= 40 or not name.replace("_", "").replace("-", "").isalnum():
        raise AccountError("a name is 1 to 40 letters, digits, '-' or '_'")
    if len(password) < 8:
        raise AccountError("a password has at least 8 characters")
    salt = secrets.token_bytes(16)
    return _insert(engine, name, salt, _digest(password, salt), guest=False)


def guest(engine: Engine) -> int:
    name = f"guest-{secrets.token_hex(4)}"
    return _insert(engine, name, b"", b"", guest=True)


def _insert(engine: Engine, name: str, salt: bytes, digest: bytes, *, guest: bool) -> int:
    try:
        with engine.begin() as db:
            result = db.execute(
                insert(accounts).values(
                    name=name, salt=salt, digest=digest, guest=guest, created=time.time()
                )
            )
    except IntegrityError:
        raise AccountError(f"the name {name!r} is taken") from None
    key = result.inserted_primary_key
    assert key is not None
    return int(key[0])


def sign_in(engine: Engine, name: str, password: str) -> int:
    with engine.connect() as db:
        row = db.execute(select(accounts).where(accounts.c.name == name)).first()
    if row is None or row.guest or not hmac.compare_digest(_digest(password, row.salt), row.digest):
        raise AccountError("wrong name or password")
    return int(row.id)


def new_session(engine: Engine, account_id: int) -> str:
    token = secrets.token_urlsafe(32)
    with engine.begin() as db:
        db.execute(insert(sessions).values(token=token, account_id=account_id, created=time.time()))
    return token


def end_session(engine: Engine, token: str) -> None:
    with engine.begin() as db:
        db.execute(sessions.delete().where(sessions.c.token == token))


def who(engine: Engine, token: str | None) -> tuple[int, str, bool] | None:
    """The account (id, name, guest) a session token belongs to, or None."""
    if not token:
        return None
    with engine.connect() as db:
        row = db.execute(
            select(accounts.c.id, accounts.c.name, accounts.c.guest)
            .join(sessions, sessions.c.account_id == accounts.c.id)
            .where(sessions.c.token == token)
        ).first()
    return None if row is None else (int(row.id), str(row.name), bool(row.guest))
