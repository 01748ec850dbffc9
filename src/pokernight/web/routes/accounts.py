"""Accounts: the page's CSRF token, sign-up, sign-in, guests and signing out. Sign-ups and
guests are throttled per client address; failed sign-ins back off per name and per address;
passwords are hashed on the hashing threads. (No postponed annotations: FastAPI reads these
routes' dependencies.)"""

import math
import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Cookie, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from pokernight.web import accounts, names, store
from pokernight.web.accounts import Account
from pokernight.web.forgery import NONCE, cookie_secret, token_for
from pokernight.web.routes.server import Served, Server, Signed, address
from pokernight.web.throttle import TooMany

router = APIRouter()


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=40)
    password: str = Field(max_length=200)


def session(server: Server, response: Response, account: int) -> dict[str, Any]:
    """A new session for ``account``, its cookie set: the account and the session's token."""
    rules = server.rules
    token = accounts.new_session(server.engine, account, rules.session_seconds)
    response.set_cookie(
        accounts.COOKIE,
        token,
        max_age=int(rules.session_seconds),
        httponly=True,
        samesite="strict",
        secure=server.secure,
    )
    found = Account(account, server.manager.name(account), False)
    return {**described(server, found), "csrf": token_for(token)}


def described(server: Server, found: Account) -> dict[str, Any]:
    account, name, _ = found
    return {"id": account, "name": name, "bankroll": store.balance(server.engine, account)}


@router.get("/api/csrf")
def csrf(request: Request, response: Response, server: Served) -> dict[str, str]:
    """The token the page sends with every request that changes something (``forgery``):
    that of the session cookie, or before any sign-in of a random cookie set here."""
    secret = cookie_secret(request)
    if secret is None:
        secret = secrets.token_urlsafe(32)
        response.set_cookie(NONCE, secret, httponly=True, samesite="strict", secure=server.secure)
    return {"token": token_for(secret)}


@router.post("/api/signup")
async def signup(
    body: Credentials, request: Request, response: Response, server: Served
) -> dict[str, Any]:
    """Throttled per client address (a few at once, then one a minute), the password
    hashed on the hashing threads."""
    wait = server.signups.take(address(request), server.rules.clock())
    if wait:
        raise TooMany(f"too many sign-ups from here: try again in {math.ceil(wait)} s", wait)
    account = await server.hashing.run(accounts.sign_up, server.engine, body.name, body.password)
    return await run_in_threadpool(session, server, response, account)


@router.post("/api/signin")
async def signin(
    body: Credentials, request: Request, response: Response, server: Served
) -> dict[str, Any]:
    """Failed sign-ins back off per name from one client address, per name from anywhere
    (many more are free there) and per client address: a few are free, then each locks
    that key for twice as long as the one before, and a sign-in during the lock is answered
    429 with ``Retry-After``, its password not even tried. So a stranger's wrong passwords
    lock the stranger out, never the owner signing in from elsewhere."""
    name, where = names.key(body.name), address(request)
    keys = {"pair": f"{where} {name}", "name": name, "address": where}
    failures, now = server.failures, server.rules.clock()
    wait = max(failures[kind].wait(keys[kind], now) for kind in keys)
    if wait:
        raise TooMany(f"too many failed sign-ins: try again in {math.ceil(wait)} s", wait)
    try:
        account = await server.hashing.run(
            accounts.sign_in, server.engine, body.name, body.password
        )
    except accounts.AccountError:
        for kind in keys:
            failures[kind].failed(keys[kind], server.rules.clock())
        raise
    failures["pair"].succeeded(keys["pair"])
    return await run_in_threadpool(session, server, response, account)


@router.post("/api/guest")
def guest(request: Request, response: Response, server: Served) -> dict[str, Any]:
    wait = server.guests.take(address(request), server.rules.clock())
    if wait:
        raise TooMany(f"too many guests from here: try again in {math.ceil(wait)} s", wait)
    return session(server, response, accounts.guest(server.engine))


@router.post("/api/signout")
def signout(
    response: Response, server: Served, pokernight_session: Annotated[str | None, Cookie()] = None
) -> dict[str, bool]:
    """End this session: its open table sockets are closed too (the account's others play on)."""
    if pokernight_session:
        found = accounts.who(server.engine, pokernight_session)
        accounts.end_session(server.engine, pokernight_session)
        if found is not None:
            server.manager.signed_out(found.id, accounts.token_hash(pokernight_session))
    response.delete_cookie(accounts.COOKIE)
    return {"ok": True}


class NewPassword(BaseModel):
    model_config = ConfigDict(extra="forbid")
    old: str = Field(max_length=200)
    new: str = Field(max_length=200)


@router.post("/api/password")
async def password(
    body: NewPassword,
    found: Signed,
    server: Served,
    pokernight_session: Annotated[str | None, Cookie()] = None,
) -> dict[str, int]:
    """A new password, given the old one (a wrong old one backs off as a failed sign-in
    does); every other session of the account ends, its open table pages closed."""
    failures, now = server.failures, server.rules.clock()
    key = f"{found.id} password"
    wait = failures["pair"].wait(key, now)
    if wait:
        raise TooMany(f"too many wrong passwords: try again in {math.ceil(wait)} s", wait)
    assert pokernight_session is not None  # ``Signed``: the session is the cookie's
    try:
        ended = await server.hashing.run(
            accounts.change_password,
            server.engine,
            found,
            body.old,
            body.new,
            pokernight_session,
        )
    except accounts.AccountError:
        failures["pair"].failed(key, server.rules.clock())
        raise
    for session in ended:
        server.manager.signed_out(found.id, session)
    return {"ended": len(ended)}


@router.post("/api/signout/everywhere")
def signout_everywhere(response: Response, found: Signed, server: Served) -> dict[str, int]:
    """End every session of the account (a lost laptop, a shared computer): each browser
    signed in as it must sign in again, and its open table sockets are closed."""
    ended = accounts.end_sessions(server.engine, found[0])
    server.manager.signed_out(found[0])
    response.delete_cookie(accounts.COOKIE)
    return {"ended": ended}


@router.get("/api/me")
def me(found: Signed, server: Served) -> dict[str, Any]:
    return {**described(server, found), "guest": found[2]}
