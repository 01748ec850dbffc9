"""The table socket: who is on the other end comes from the session cookie, never from the
message; each message sent is that seat's state (or a spectator's), with only the events of
the hand that this socket has not had yet. Oversized, malformed, out-of-turn and flooding
messages get an error message and change nothing."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass

from fastapi import WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from pokernight.web.accounts import COOKIE, who
from pokernight.web.manager import Manager
from pokernight.web.messages import MAX_MESSAGE, Act, Error, client_message
from pokernight.web.outbox import Known


@dataclass
class Bucket:
    """A token bucket: ``burst`` messages at once, then ``rate`` a second."""

    rate: float
    burst: float
    tokens: float = -1.0
    stamp: float = 0.0

    def take(self, now: float) -> bool:
        if self.tokens < 0:
            self.tokens, self.stamp = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass(frozen=True)
class Limits:
    rate: float = 10.0
    burst: float = 20.0


async def table_socket(socket: WebSocket, table_id: int, manager: Manager, limits: Limits) -> None:
    table = manager.tables.get(table_id)
    origin, host = socket.headers.get("origin"), socket.headers.get("host")
    if table is None or (origin is not None and origin.split("://")[-1] != host):
        await socket.close(code=1008)
        return
    found = who(manager.engine, socket.cookies.get(COOKIE))
    account = found[0] if found else None
    await socket.accept()
    wake = asyncio.Event()
    wake.set()
    known: list[Known | None] = [None]

    async def send() -> None:
        while True:
            await wake.wait()
            wake.clear()
            text, known[0] = manager.message(table, account, known[0])
            await socket.send_text(text)

    sender = asyncio.get_running_loop().create_task(send())
    table.listeners.add(wake.set)
    bucket = Bucket(limits.rate, limits.burst)
    try:
        while True:
            text = await socket.receive_text()
            problem = _refusal(text, bucket)
            if problem is None:
                message = client_message.validate_json(text)
                if isinstance(message, Act):
                    if account is None:
                        problem = "sign in and take a seat to act"
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


def _refusal(text: str, bucket: Bucket) -> str | None:
    """Why a message is refused before it reaches the table (None: it may go on)."""
    if not bucket.take(time.monotonic()):
        return "too many messages: slow down"
    if len(text.encode()) > MAX_MESSAGE:
        return f"message too long: at most {MAX_MESSAGE} bytes"
    try:
        client_message.validate_json(text)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        return f"malformed message ({where}: {first['msg']})"
    return None
