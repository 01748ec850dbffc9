"""The table socket: who is on the other end comes from the session cookie, never from the
message; each message sent is that seat's state (or a spectator's), with only the events of
the hand that this socket has not had yet. Every frame a client can send is answered: binary,
oversized, malformed, out-of-turn and flooding messages get an error message and change
nothing; a client that keeps flooding is closed with a reason."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass

from fastapi import WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from starlette.types import Message

from pokernight.web.accounts import COOKIE, who
from pokernight.web.forgery import from_here, origin_of
from pokernight.web.manager import Manager
from pokernight.web.messages import MAX_MESSAGE, Act, Error, Sync, client_message
from pokernight.web.outbox import Known
from pokernight.web.throttle import Bucket

FLOOD = 1000
"""Refused messages in a row after which the socket is closed (with a reason): a client that
ignores a thousand "slow down" answers is not a person."""


@dataclass(frozen=True)
class Limits:
    rate: float = 10.0
    burst: float = 20.0


async def table_socket(socket: WebSocket, table_id: int, manager: Manager, limits: Limits) -> None:
    table = manager.tables.get(table_id)
    origin, host = socket.headers.get("origin"), socket.headers.get("host", "")
    public = origin_of(socket.app.state.public_url)
    if table is None or (origin is not None and not from_here(origin, host, public)):
        await socket.close(code=1008)
        return
    found = who(manager.engine, socket.cookies.get(COOKIE))
    account = found[0] if found else None
    watching = socket.query_params.get("watch") == "1"
    """A shared screen (``/tables/N/tv``): a spectator's view whoever is signed in."""
    opened = time.monotonic()
    await socket.accept()
    wake = asyncio.Event()
    wake.set()
    known: list[Known | None] = [None]

    async def send() -> None:
        while True:
            await wake.wait()
            wake.clear()
            if manager.ended(account, opened):
                await socket.close(code=1008, reason="signed out everywhere")
                return
            if table.unsaved:
                continue  # a change is still being stored: announced once it is
            viewer = None if watching else account
            text, known[0] = manager.message(table, viewer, known[0])
            try:
                await socket.send_text(text)
            except (WebSocketDisconnect, RuntimeError):
                return  # the client is gone (or its socket closed): nothing more to send

    sender = asyncio.get_running_loop().create_task(send())
    table.listeners.add(wake.set)
    bucket = Bucket(limits.rate, limits.burst)
    try:
        while True:
            frame = await socket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            if bucket.refused > FLOOD or manager.ended(account, opened):
                reason = "too many messages" if bucket.refused > FLOOD else "signed out everywhere"
                await socket.close(code=1008, reason=reason)
                break
            problem, message = _read(frame, bucket)
            if message is not None:
                if isinstance(message, Act):
                    if account is None or watching:
                        problem = "sign in and take a seat to act (a shared screen only watches)"
                    else:
                        problem = table.act(account, message.action, message.seat, message.seq)
                else:
                    known[0] = None
                    wake.set()
            if problem is not None:
                error = Error(seq=table.seq, message=problem)
                await socket.send_text(error.model_dump_json())
    except WebSocketDisconnect:
        pass
    finally:
        table.listeners.discard(wake.set)
        sender.cancel()


def _read(frame: Message, bucket: Bucket) -> tuple[str | None, Act | Sync | None]:
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
    if isinstance(message, Act) and not message.action.isprintable():
        # Control characters and lone surrogates (``"\\ud800"`` in JSON) name no action, and
        # a surrogate would break the reply that quotes it.
        return "an action is printable text, e.g. 'call'", None
    return None, message
