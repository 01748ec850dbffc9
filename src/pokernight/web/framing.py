"""No page of the house may be framed by another site: a page on another port or name could
lay the signed-in table under its own and have a player click on it unawares (clickjacking).
Every HTTP answer says so twice, for old browsers and new: ``X-Frame-Options: DENY`` and a
content security policy of ``frame-ancestors 'none'``."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

HEADERS = [
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
]


class NoFraming:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def framed(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *HEADERS]}
            await send(message)

        await self.app(scope, receive, framed)
