"""Request forgery: a page on another origin (another port of the same host included, which
SameSite cookies do not stop) must not change anything with the player's cookie.

Every request that may change something (any method but GET, HEAD and OPTIONS) must come from
the server's own origin, by its ``Origin`` header (or, where a browser sent none, its
``Referer``), and carry in ``X-CSRF-Token`` the token the page read from ``GET /api/csrf``.
The token is a hash of the browser's secret cookie: the session's, or before any sign-in a
random one of its own (so signing up or in cannot be forged either). Another origin can neither
read that cookie nor the token, and without a session the token signs no one in. A refused
request is answered 403 before any route sees it, so it changes nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from pokernight.web.accounts import COOKIE

SAFE = frozenset({"GET", "HEAD", "OPTIONS"})
HEADER = "x-csrf-token"
NONCE = "pokernight_csrf"
"""The cookie that stands in for a session before sign-in (HttpOnly, SameSite=Strict)."""
REFUSED = "x-csrf-refused"
"""Set on a refusal for its token: the page fetches a fresh one and tries once more (another
tab signed in or out since it read its own)."""


def token_for(secret: str) -> str:
    """The token that goes with a secret cookie's value."""
    return hashlib.sha256(f"pokernight-csrf:{secret}".encode()).hexdigest()


def cookie_secret(connection: HTTPConnection) -> str | None:
    """The cookie a request's token must match: the session's if there is one."""
    return connection.cookies.get(COOKIE) or connection.cookies.get(NONCE)


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of an address, lower-cased as browsers send ``Origin``."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def from_here(sent: str, host: str, public: str) -> bool:
    """Whether an ``Origin`` (or ``Referer``) is the server's own: its public address's, or
    the host the request was sent to (``Host``), whatever the scheme a proxy in front ended."""
    return origin_of(sent) == public or urlsplit(sent).netloc.lower() == host.lower()


class Forgery:
    """ASGI middleware: refuses (403) a state-changing request from another origin or without
    the page's token. ``public_url``: the address the server is reached at (``--public-url``);
    the address the request itself was sent to (its scheme and ``Host``) is its own too, so a
    browser on ``localhost`` and one on ``127.0.0.1`` both work."""

    def __init__(self, app: ASGIApp, public_url: str) -> None:
        self.app = app
        self.public = origin_of(public_url)
        """The public address's origin (``from_here``)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE:
            problem, stale = self.problem(HTTPConnection(scope))
            if problem is not None:
                body = json.dumps({"detail": problem}).encode()
                headers = [(b"content-type", b"application/json")]
                if stale:
                    headers.append((REFUSED.encode(), b"1"))
                await send({"type": "http.response.start", "status": 403, "headers": headers})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)

    def problem(self, request: HTTPConnection) -> tuple[str | None, bool]:
        """Why the request is refused (None: it is not), and whether for its token."""
        sent = request.headers.get("origin") or request.headers.get("referer")
        if not sent or sent == "null":
            return "refused: a request that changes anything must say where it comes from", False
        if not from_here(sent, request.headers.get("host", ""), self.public):
            return f"refused: a request from {origin_of(sent)} may not change anything here", False
        secret = cookie_secret(request)
        token = request.headers.get(HEADER, "")
        if secret is None or not hmac.compare_digest(token, token_for(secret)):
            return "refused: the page's token is missing or stale: reload the page", True
        return None, False
