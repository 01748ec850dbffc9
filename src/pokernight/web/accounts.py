"""Accounts and sessions: passwords hashed with stdlib scrypt and a per-user salt, sessions as
random tokens in an HttpOnly SameSite cookie (the database keeps only their SHA-256, so a copy
of it signs no one in), and guests (an account without a password, for playing the computer
alone). Names are unique as people read them (``web.names``)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from typing import NamedTuple

from sqlalchemy import Engine, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from pokernight.web import names
from pokernight.web.schema import accounts, sessions

COOKIE = "pokernight_session"
SCRYPT = {"n": 2**14, "r": 8, "p": 1}
DECOY_SALT = b"pokernight-decoy"
"""Hashed with the password when there is no account to check it against: an unknown name
takes the time a wrong password does, so timing tells no one which names exist."""


class AccountError(Exception):
    """A sign-up or sign-in that cannot go ahead; the message says why."""


def _digest(password: str, salt: bytes) -> bytes:
    return hashlib.scrypt(password.encode(), salt=salt, dklen=32, **SCRYPT)


def token_hash(token: str) -> str:
    """What the database keeps of a session token."""
    return hashlib.sha256(token.encode()).hexdigest()


def sign_up(engine: Engine, name: str, password: str) -> int:
    try:
        shown = names.check(name)
    except names.BadName as exc:
        raise AccountError(str(exc)) from None
    if len(password) < 8:
        raise AccountError("a password has at least 8 characters")
    salt = secrets.token_bytes(16)
    return _insert(engine, shown, salt, _digest(password, salt), guest=False)


def guest(engine: Engine) -> int:
    name = f"guest-{secrets.token_hex(4)}"
    return _insert(engine, name, b"", b"", guest=True)


def _insert(engine: Engine, name: str, salt: bytes, digest: bytes, *, guest: bool) -> int:
    found, seen = names.key(name), names.look(name)
    taken = AccountError(f"the name {name!r} is taken (or one that looks like it)")
    try:
        with engine.begin() as db:
            alike = or_(accounts.c.key.in_([found, seen]), accounts.c.look.in_([found, seen]))
            if db.execute(select(accounts.c.id).where(alike).limit(1)).first() is not None:
                raise taken
            result = db.execute(
                insert(accounts).values(
                    name=name,
                    key=found,
                    look=seen,
                    salt=salt,
                    digest=digest,
                    guest=guest,
                    created=time.time(),
                )
            )
    except IntegrityError:
        raise taken from None
    key = result.inserted_primary_key
    assert key is not None
    return int(key[0])


def sign_in(engine: Engine, name: str, password: str) -> int:
    """The account, after one scrypt whatever the name: an unknown name, a guest and the
    house (no password) cost the time a wrong password does."""
    shown = names.normal(name)
    with engine.connect() as db:
        found = db.execute(
            select(accounts).where(or_(accounts.c.name == shown, accounts.c.key == names.key(name)))
        ).all()
    # The name as typed first: two accounts stored before their names' keys met (``#`` keys,
    # migrations 0003 and 0005) each keep their own.
    row = next((r for r in found if r.name == shown), found[0] if found else None)
    real = row is not None and not row.guest and bool(row.digest)
    salt, digest = (row.salt, row.digest) if real and row is not None else (DECOY_SALT, b"")
    matches = hmac.compare_digest(_digest(password, salt), digest)
    if row is None or not real or not matches:
        raise AccountError("wrong name or password")
    return int(row.id)


def change_password(engine: Engine, account: Account, old: str, new: str, keep: str) -> list[str]:
    """Set ``account``'s password to ``new`` once ``old`` is its password (one scrypt each,
    as a sign-in), and end every other session of it (a password changed because someone
    else knew it must not leave them signed in): the hashes of the sessions ended; ``keep``
    is the session asking (its token)."""
    if account.guest:
        raise AccountError("a guest has no password: sign up to have one")
    if len(new) < 8:
        raise AccountError("a password has at least 8 characters")
    try:
        sign_in(engine, account.name, old)
    except AccountError:
        raise AccountError("that is not your password: nothing was changed") from None
    salt = secrets.token_bytes(16)
    digest = _digest(new, salt)
    kept = token_hash(keep)
    with engine.begin() as db:
        db.execute(
            update(accounts).where(accounts.c.id == account.id).values(salt=salt, digest=digest)
        )
        others = (
            db.execute(
                select(sessions.c.token_hash).where(
                    sessions.c.account_id == account.id, sessions.c.token_hash != kept
                )
            )
            .scalars()
            .all()
        )
        db.execute(sessions.delete().where(sessions.c.token_hash.in_(others)))
    return list(others)


def new_session(engine: Engine, account_id: int, seconds: float) -> str:
    """A new session token for the cookie; sessions past their time are swept out here."""
    token = secrets.token_urlsafe(32)
    now = time.time()
    with engine.begin() as db:
        db.execute(sessions.delete().where(sessions.c.expires < now))
        db.execute(
            insert(sessions).values(
                token_hash=token_hash(token),
                account_id=account_id,
                created=now,
                expires=now + seconds,
            )
        )
    return token


def end_session(engine: Engine, token: str) -> None:
    with engine.begin() as db:
        db.execute(sessions.delete().where(sessions.c.token_hash == token_hash(token)))


def end_sessions(engine: Engine, account_id: int) -> int:
    """Sign the account out everywhere; how many sessions that ended."""
    with engine.begin() as db:
        return db.execute(sessions.delete().where(sessions.c.account_id == account_id)).rowcount


class Account(NamedTuple):
    """A signed-in account: its id, its name and whether it is a guest."""

    id: int
    name: str
    guest: bool


def who(engine: Engine, token: str | None) -> Account | None:
    """The account a live session token belongs to, or None."""
    if not token:
        return None
    with engine.connect() as db:
        row = db.execute(
            select(accounts.c.id, accounts.c.name, accounts.c.guest)
            .join(sessions, sessions.c.account_id == accounts.c.id)
            .where(sessions.c.token_hash == token_hash(token), sessions.c.expires > time.time())
        ).first()
    return None if row is None else Account(int(row.id), str(row.name), bool(row.guest))
