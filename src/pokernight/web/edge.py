"""The HTTP edge: how long a connection may take to send a request, and who makes room when
the connections reach their limit.

Uvicorn closes a connection idle between requests (``timeout_keep_alive``) and answers 503
beyond ``limit_concurrency`` connections, but waits for ever for a request that is begun and
never finished: 1,500 half-sent requests stayed open, and at the process's file limit they
kept ``/healthz`` out. This is Uvicorn's own HTTP protocol (httptools) with two additions:

- a request must arrive whole (its headers, at most ``MAX_HEAD`` bytes of them, and its body,
  at most ``MAX_BODY`` bytes) within ``request_seconds`` of the connection or of its first
  byte, else it is closed; a longer body is answered 413 before the app reads any of it
  (twelve 64 MB sign-up bodies, parsed on the event loop, held every table up for seconds);
- when the connections reach ``limit_concurrency``, a new one closes the oldest connection
  that is still waiting for its request or idle between two, so a flood of unfinished
  requests cannot keep anyone out. Requests being answered and WebSockets are never closed.
"""

from __future__ import annotations

import asyncio
import itertools
from typing import Any
from weakref import WeakKeyDictionary

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

OPEN: WeakKeyDictionary[Any, dict[Edge, None]] = WeakKeyDictionary()
"""Each server's connections (its ``server_state``) in the order they were opened."""

MAX_HEAD = 64 * 1024
"""Bytes a request's line and headers may take (h11's default is 16 KiB)."""

MAX_BODY = 16 * 1024
"""Bytes a request's body may take: the largest the pages send (a new table, a chat line) is
well under 2 KiB."""

TOO_LARGE = f"Request body too large: at most {MAX_BODY} bytes.".encode()


class Edge(HttpToolsProtocol):
    request_seconds = 10.0
    """Set on a subclass by ``edge``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.order = OPEN.setdefault(self.server_state, {})
        self.deadline: asyncio.TimerHandle | None = None
        self.head = 0
        """Bytes received of the request's head so far (-1: its headers are complete)."""
        self.body = 0
        """Bytes received of the request's body so far."""
        self.refused = False
        """The request was answered here (its body too large): nothing more is read of it."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.order[self] = None
        self._arm()
        self._make_room()

    def data_received(self, data: bytes) -> None:
        if self.head >= 0:  # only the head counts: a body sent with it has its own limit
            end = data.find(b"\r\n\r\n")
            self.head += len(data) if end < 0 else end
            if self.head > MAX_HEAD:
                self.send_400_response("Request headers too large.")
                return
        super().data_received(data)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.head = max(self.head, 0)
        self._arm()

    def on_headers_complete(self) -> None:
        """Uvicorn answers 503 here past ``limit_concurrency``: room is made first, so it does
        only when every connection is busy."""
        self.head = -1
        self.body = 0
        length = next((v for n, v in self.headers if n == b"content-length"), b"0")
        if not length.isdigit() or int(length) > MAX_BODY:
            self._too_large()
            return
        self._make_room()
        super().on_headers_complete()

    def on_body(self, body: bytes) -> None:
        """A chunked body is counted as it comes: past ``MAX_BODY`` it is refused too."""
        if self.refused:
            return
        self.body += len(body)
        if self.body > MAX_BODY:
            self._too_large()
            return
        super().on_body(body)

    def on_message_complete(self) -> None:
        self._disarm()
        if not self.refused:
            super().on_message_complete()

    def _too_large(self) -> None:
        """413, and the connection closed: the app never sees the request."""
        self.refused = True
        self._disarm()
        head = (
            b"HTTP/1.1 413 Content Too Large\r\ncontent-type: text/plain; charset=utf-8\r\n"
            b"connection: close\r\ncontent-length: %d\r\n\r\n" % len(TOO_LARGE)
        )
        self.transport.write(head + TOO_LARGE)
        self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self.order.pop(self, None)
        super().connection_lost(exc)

    def handle_websocket_upgrade(self) -> None:
        """A WebSocket is a player at a table: never closed to make room."""
        self.order.pop(self, None)
        super().handle_websocket_upgrade()

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

    def _make_room(self) -> None:
        """Below ``limit_concurrency``, close the oldest connections that are waiting (never
        this one). They leave the server's count at once: their loss is reported later."""
        limit = self.config.limit_concurrency
        if limit is None or len(self.connections) < limit:
            return
        count = len(self.connections) - limit + 1
        # Oldest first: the waiting ones are found within the first few, however many there are.
        found = (c for c in self.order if c is not self and c.waiting())
        for connection in list(itertools.islice(found, count)):
            del self.order[connection]
            connection._disarm()
            connection.transport.close()
            self.connections.discard(connection)


def edge(request_seconds: float) -> type[Edge]:
    """Uvicorn's ``http`` protocol class with this request timeout."""
    return type("Edge", (Edge,), {"request_seconds": request_seconds})
