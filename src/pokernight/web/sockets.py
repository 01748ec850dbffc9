"""The table socket: who is on the other end comes from the session cookie, never from the
message; each message sent is that seat's state (or a spectator's), with only the events of
the hand that this socket has not had yet, the account's seat request whenever it changes, and
each chat line said at the table as it is said, where the account may read the chat.
A signed-in socket counts its account as at the table (``Chairs.opened``): a person whose
sockets have all closed sits out. Every frame a client can send is answered: binary,
oversized, malformed, out-of-turn and flooding messages get an error message and change
nothing; a client that keeps flooding is closed with a reason. A closed table's socket shows
how it ended."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

from fastapi import WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from starlette.types import Message

from pokernight.web.accounts import COOKIE, token_hash, who
from pokernight.web.commands import Act as Move
from pokernight.web.commands import Back as Returned
from pokernight.web.commands import Closed, Command, Opened, Refused
from pokernight.web.forgery import from_here, origin_of
from pokernight.web.live import LiveTable
from pokernight.web.manager import Manager
from pokernight.web.messages import (
    MAX_MESSAGE,
    Act,
    Back,
    Error,
    Suggest,
    Sync,
    Try,
    client_message,
)
from pokernight.web.outbox import Known
from pokernight.web.throttle import Bucket, Buckets
from pokernight.web.trying import suggested, tried

FLOOD = 1000
"""Refused messages in a row after which the socket is closed (with a reason): a client that
ignores a thousand "slow down" answers is not a person."""


@dataclass(frozen=True)
class Limits:
    """Messages a socket may send at once (``burst``), then a second (``rate``); an account
    may send twice as many across all its sockets (one account's hundred sockets asking
    ``try`` held every other table up)."""

    rate: float = 10.0
    burst: float = 20.0

    def accounts(self) -> Buckets:
        """A budget per account, across its sockets."""
        return Buckets(2 * self.rate, 2 * self.burst)


async def table_socket(
    socket: WebSocket, table_id: int, manager: Manager, limits: Limits, budget: Buckets
) -> None:
    """The socket of one page at ``table_id``; ``budget``: each account's messages, across
    its sockets."""
    live = manager.tables.get(table_id)
    table = live or manager.stored(table_id)  # a closed table: how it ended, to read
    origin, host = socket.headers.get("origin"), socket.headers.get("host", "")
    public = origin_of(socket.app.state.public_url)
    if table is None or (origin is not None and not from_here(origin, host, public)):
        await socket.close(code=1008)
        return
    cookie = socket.cookies.get(COOKIE)
    found = who(manager.engine, cookie)
    account = found[0] if found else None
    session = token_hash(cookie) if found and cookie else None
    opened = time.monotonic()
    await socket.accept()
    where = socket.client.host if socket.client else ""
    counted = manager.caps.keys(where, account, table_id)
    refused = manager.caps.admit(counted)
    if refused is not None:
        await socket.close(code=1008, reason=refused)
        return
    try:
        await _serve(socket, manager, table, live, account, session, opened, limits, budget)
    finally:
        manager.caps.release(counted)


async def _serve(
    socket: WebSocket,
    manager: Manager,
    table: LiveTable,
    live: LiveTable | None,
    account: int | None,
    session: str | None,
    opened: float,
    limits: Limits,
    budget: Buckets,
) -> None:
    """The socket's life once it is admitted: its messages in, the table's versions out."""
    watching = socket.query_params.get("watch") == "1"
    """A shared screen (``/tables/N/tv``): a spectator's view whoever is signed in."""
    inbox = Inbox()
    known: list[Known | None] = [None]
    present = account if account is not None and not watching and live is not None else None
    """The account this socket counts as at the table (a shared screen, or a closed table's
    socket, counts no one)."""
    viewer = None if watching else account
    versions = _versions(
        socket, manager, table, Watcher(account, viewer, present, opened, session), inbox, known
    )
    sender = asyncio.get_running_loop().create_task(versions)
    table.listeners.add(inbox.version)
    if live is not None and not watching:  # a shared screen shows no chat
        live.outbox.chat.enter(inbox.hear, account)
    if present is not None:
        table.submit(Opened(present))
    bucket = Bucket(limits.rate, limits.burst)
    strikes = 0
    """Messages refused for the socket's rate or its account's budget, one forgiven for each
    message taken: past ``FLOOD`` the client keeps pushing past its limits (one account's
    sockets each sending thousands a second, each answered "slow down", were never closed
    while a message now and then got through) and the socket is closed."""
    try:
        while True:
            frame = await socket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            ended = manager.ended(account, opened, session)
            if strikes > FLOOD or ended:
                await socket.close(code=1008, reason=ended or "too many messages")
                break
            problem, message = _read(frame, bucket)
            spent = problem is None and account is not None
            if spent and budget.take(str(account), time.monotonic()):
                problem, message = "too many messages from your account: slow down", None
                strikes += 1
            else:
                strikes = strikes + 1 if bucket.refused else max(0, strikes - 1)
            if isinstance(message, Sync):
                known[0] = None
                inbox.version()
            elif isinstance(message, Try | Suggest):
                problem = await _ask(socket, message, table, present)
            elif message is not None:
                problem = _move(message, table, present)
            if problem is not None:
                error = Error(seq=table.seq, message=problem)
                await socket.send_text(error.model_dump_json())
    except WebSocketDisconnect:
        pass
    finally:
        table.listeners.discard(inbox.version)
        table.outbox.chat.leave(inbox.hear)
        sender.cancel()
        if present is not None:
            table.submit(Closed(present))


@dataclass(eq=False)
class Inbox:
    """What wakes a socket's sender: a version of the table to send (``stale``: a new one was
    announced, or the page asked for it again) or chat lines said since (``said``), which alone
    send no state: a page redrawn for each chat line would lose a click in the middle."""

    wake: asyncio.Event = field(default_factory=asyncio.Event)
    stale: bool = True
    said: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.wake.set()  # the table as it stands, at once

    def version(self) -> None:
        self.stale = True
        self.wake.set()

    def hear(self, line: str) -> None:
        self.said.append(line)
        self.wake.set()


@dataclass(frozen=True)
class Watcher:
    """Who a socket is: its ``account``, the seat's ``viewer`` it is shown as (None: a
    spectator), the account it counts as ``present`` at the table, and when it ``opened``."""

    account: int | None
    viewer: int | None
    present: int | None
    opened: float
    session: str | None
    """The hash of the session it was opened with (None: no one signed in)."""


async def _versions(
    socket: WebSocket,
    manager: Manager,
    table: LiveTable,
    watcher: Watcher,
    inbox: Inbox,
    known: list[Known | None],
) -> None:
    """Send each chat line heard, and each version of the table as ``watcher`` may see it,
    once it is stored, and the account's seat request whenever it changes; close the socket
    once it is signed out."""
    told = None
    while True:
        await inbox.wake.wait()
        inbox.wake.clear()
        if ended := manager.ended(watcher.account, watcher.opened, watcher.session):
            await socket.close(code=1008, reason=ended)
            return
        heard, inbox.said = inbox.said, []
        # no new version, or a change still being stored (announced once it is): no state
        text = asked = None
        if inbox.stale and not table.unsaved:
            inbox.stale = False
            text, known[0] = manager.message(table, watcher.viewer, known[0])
            asked = manager.request(table, watcher.present)
        try:
            for line in heard:
                await socket.send_text(line)
            if text is not None:
                await socket.send_text(text)
            if asked is not None and (asked.status, asked.seat) != told:
                told = (asked.status, asked.seat)
                await socket.send_text(asked.model_dump_json())
        except (WebSocketDisconnect, RuntimeError):
            return  # the client is gone (or its socket closed): nothing more to send


def _move(message: Act | Back, table: LiveTable, present: int | None) -> str | None:
    """A move or an "I'm back" for the table: why it is refused (None: carried out)."""
    if table.row.over:
        return f"the table is over: {table.row.over}"
    if present is None:
        return "sign in and take a seat to act (a shared screen only watches)"
    if isinstance(message, Act):
        command: Command = Move(present, message.action, message.seat, message.seq)
    else:
        command = Returned(present)
    answer = table.submit(command)
    return answer.reason if isinstance(answer, Refused) else None


async def _ask(
    socket: WebSocket, message: Try | Suggest, table: LiveTable, present: int | None
) -> str | None:
    """A seat asks what an action would make of its hand, or the game's suggested move: the
    answer goes to this socket alone (why it is refused: None when answered)."""
    if present is None:
        return "sign in and take a seat to ask (a shared screen only watches)"
    if isinstance(message, Try):
        answer = tried(table.play, present, message.action, message.seq).model_dump_json()
    else:
        answer = suggested(table.play, present, message.seq).model_dump_json()
    await socket.send_text(answer)
    return None


def _read(
    frame: Message, bucket: Bucket
) -> tuple[str | None, Act | Sync | Back | Try | Suggest | None]:
    """The client's message, or why it is refused before it reaches the table."""
    if not bucket.take(time.monotonic()):
        return "too many messages: slow down", None
    text = frame.get("text")
    if text is None:
        return "binary frames are not read: send a JSON text message", None
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        return f"message too long: at most {MAX_MESSAGE} bytes", None
    try:
        message = client_message.validate_json(text)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        return f"malformed message ({where}: {first['msg']})", None
    if isinstance(message, Act | Try) and not message.action.isprintable():
        # Control characters and lone surrogates (``"\\ud800"`` in JSON) name no action, and
        # a surrogate would break the reply that quotes it.
        return "an action is printable text, e.g. 'call'", None
    return None, message
