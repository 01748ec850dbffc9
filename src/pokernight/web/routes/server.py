"""What the routes share: the server's parts (its tables, throttles, password hashing and
public address), kept on the app as ``app.state.server``, and the dependencies that give a
route its server, who is asking and the table asked about. (No postponed annotations: FastAPI
reads the dependencies from these annotations.)"""

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, cast

from fastapi import Cookie, Depends, HTTPException, Request
from sqlalchemy import Engine
from starlette.requests import HTTPConnection

from pokernight.errors import PokernightError
from pokernight.web import accounts
from pokernight.web.accounts import Account
from pokernight.web.commands import Command, Refused
from pokernight.web.hashing import Hashing
from pokernight.web.live import LiveTable
from pokernight.web.manager import Manager
from pokernight.web.policy import Policy
from pokernight.web.sockets import Limits
from pokernight.web.throttle import Backoff, Buckets, TooMany

STATIC = Path(__file__).parent.parent / "static"
"""The front end's files: its pages, scripts, styles and fonts."""


@dataclass
class Server:
    """One server's parts. The throttles are per server: a restart forgets them."""

    manager: Manager
    limits: Limits
    public_url: str
    """Where people reach the server (``serve --public-url``): the origin its pages come
    from, and the address of its invite links and QR codes, never taken from a request."""
    hashing: Hashing
    failures: dict[str, Backoff]
    """Failed sign-ins, by ``name`` from one client address (``pair``), by ``name`` from
    anywhere, and by client ``address``."""
    guests: Buckets
    signups: Buckets
    chat_lines: Buckets
    asking: Buckets
    """Each account's seat requests, sit-out toggles and chip requests."""
    messages: Buckets
    """Each account's socket messages, across its sockets."""
    downloads: Buckets
    """Each client address's hand-record downloads."""
    made_from: dict[int, str] = field(default_factory=dict)
    """The client address each table of this server's life was made from."""

    @classmethod
    def start(cls, manager: Manager, limits: Limits, public_url: str) -> "Server":
        rules = manager.policy
        return cls(
            manager,
            limits,
            public_url.rstrip("/"),
            Hashing(rules.hashing_workers, rules.hashing_waiting),
            {
                kind: Backoff(free, rules.backoff_first, rules.backoff_most, rules.backoff_forget)
                for kind, free in (
                    ("pair", rules.name_free_failures),
                    ("name", rules.name_everywhere_free_failures),
                    ("address", rules.address_free_failures),
                )
            },
            Buckets(rules.guest_rate, rules.guest_burst),
            Buckets(rules.signup_rate, rules.signup_burst),
            Buckets(rules.chat_rate, rules.chat_burst),
            Buckets(rules.asking_rate, rules.asking_burst),
            limits.accounts(),
            Buckets(rules.download_rate, rules.download_burst),
        )

    @property
    def secure(self) -> bool:
        """Whether people reach the server by https: then its cookies go over https only."""
        return self.public_url.startswith("https://")

    @property
    def engine(self) -> Engine:
        return self.manager.engine

    @property
    def rules(self) -> Policy:
        return self.manager.policy

    def paced(self, account: int, what: str) -> None:
        """Refuse (``TooMany``) ``account``'s request of ``what`` past its rate."""
        wait = self.asking.take(str(account), self.rules.clock())
        if wait:
            raise TooMany(f"too many {what}: try again in {math.ceil(wait)} s", wait)

    def live(self, table_id: int) -> LiveTable:
        """The live table ``table_id`` (404 if there is none)."""
        table = self.manager.tables.get(table_id)
        if table is None:
            raise HTTPException(404, f"no table {table_id}")
        return table

    def playing(self, table_id: int) -> LiveTable:
        """The live table ``table_id``, refused once it is over."""
        table = self.live(table_id)
        if table.row.over:
            raise PokernightError(f"the table is over: {table.row.over}")
        return table

    def hosted(self, table_id: int, found: Account, what: str, *, over: bool = False) -> LiveTable:
        """The table, for its host (403 for anyone else, told who the host is); ``over``: a
        table that is over will do (read its panel or ledger, a closed one included), else
        it is refused."""
        table = self.stored(table_id) if over else self.live(table_id)
        if table.row.owner != found[0]:
            owner = table.row.owner
            host = self.manager.name(owner) if owner is not None else "nobody"
            raise HTTPException(
                403, f"only the host of table {table_id} ({host}) may {what}: you are not"
            )
        if table.row.over and not over:
            raise PokernightError(
                f"the table is over ({table.row.over}): only its ledger is left to download"
            )
        return table

    def carry_out(self, table: LiveTable, command: Command) -> Any:
        """``command`` submitted to ``table`` (the one writer of its changes): what it made,
        or its refusal, in the table's words, as the error."""
        answer = table.submit(command)
        if isinstance(answer, Refused):
            raise PokernightError(answer.reason)
        return answer.value

    def stored(self, table_id: int) -> LiveTable:
        """The table ``table_id``, live or closed (404 if there was none)."""
        table = self.manager.stored(table_id)
        if table is None:
            raise HTTPException(404, f"no table {table_id}")
        return table


def server(connection: HTTPConnection) -> Server:
    return cast(Server, connection.app.state.server)


Served = Annotated[Server, Depends(server)]


def current(
    server: Served, pokernight_session: Annotated[str | None, Cookie()] = None
) -> Account | None:
    return accounts.who(server.engine, pokernight_session)


Current = Annotated[Account | None, Depends(current)]


def signed_in(found: Current) -> Account:
    if found is None:
        raise HTTPException(401, "sign in or play as a guest first")
    return found


Signed = Annotated[Account, Depends(signed_in)]


def address(request: Request) -> str:
    """The client's address as the server sees it (Uvicorn takes it from ``X-Forwarded-For``
    only when the request comes through a proxy it trusts: by default, 127.0.0.1)."""
    return request.client.host if request.client else ""
