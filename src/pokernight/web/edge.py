"""The HTTP edge: how long a connection may take to send a request, and who makes room when
the connections reach their limit.

Uvicorn closes a connection idle between requests (``timeout_keep_alive``) and answers 503
beyond ``limit_concurrency`` connections, but waits for ever for a request that is begun and
never finished: 1,500 half-sent requests stayed open, and at the process's file limit they
kept ``/healthz`` out. This is Uvicorn's own HTTP protocol (httptools) with two additions:

- a request must arrive whole (its headers, at most ``MAX_HEAD`` bytes of them, and its body)
  within ``request_seconds`` of the connection or of its first byte, else it is closed;
- when the connections reach ``limit_concurrency``, a new one closes the oldest connection
  that is still waiting for its request or idle between two, so a flood of unfinished
  requests cannot keep anyone out. Requests being answered and WebSockets are never closed.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

MAX_HEAD = 64 * 1024
"""Bytes a request's line and headers may take (h11's default is 16 KiB)."""


class Edge(HttpToolsProtocol):
    request_seconds = 10.0
    """Set on a subclass by ``edge``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.opened = time.monotonic()
        self.deadline: asyncio.TimerHandle | None = None
        self.head = 0
        """Bytes received of the request's head so far (-1: its headers are complete)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()
        limit = self.config.limit_concurrency
        if limit is not None and len(self.connections) >= limit:
            self._make_room(len(self.connections) - limit + 1)

    def data_received(self, data: bytes) -> None:
        if self.head >= 0:
            self.head += len(data)
            if self.head > MAX_HEAD:
                self.send_400_response("Request headers too large.")
                return
        super().data_received(data)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.head = max(self.head, 0)
        self._arm()

    def on_headers_complete(self) -> None:
        self.head = -1
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def waiting(self) -> bool:
        """Still waiting for a request to finish arriving, or idle between two."""
        return self.deadline is not None or self.timeout_keep_alive_task is not None

    def _arm(self) -> None:
        if self.deadline is None:
            self.deadline = self.loop.call_later(self.request_seconds, self._expired)

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _expired(self) -> None:
        self.deadline = None
        if not self.transport.is_closing():
            self.transport.close()

    def _make_room(self, count: int) -> None:
        """Close the ``count`` oldest connections that are waiting (never this one)."""
        idle = [
            c
            for c in self.connections
            if isinstance(c, Edge) and c is not self and c.waiting()
            if not c.transport.is_closing()
        ]
        for connection in sorted(idle, key=lambda c: c.opened)[:count]:
            connection._disarm()
            connection.transport.close()


def edge(request_seconds: float) -> type[Edge]:
    """Uvicorn's ``http`` protocol class with this request timeout."""
    return type("Edge", (Edge,), {"request_seconds": request_seconds})
