"""The HTTP edge of ``pokernight serve``, on a real Uvicorn with serve's own settings: a
request never finished is closed after its time, a flood of them makes room for new
connections, headers have a size limit, forwarded headers are believed only from ``--proxy``
addresses, and the public address comes from ``--public-url``; all named in ``serve --help``."""

from __future__ import annotations

import json
import socket
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
import uvicorn
from tests.web.test_flood import setup
from tests.web.threaded import free_port, uvicorn_thread
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from pokernight.cli import serve
from pokernight.cli.main import main
from pokernight.web.accounts import COOKIE
from pokernight.web.app import create_app
from pokernight.web.edge import MAX_BODY, TOO_LARGE
from pokernight.web.forgery import HEADER, NONCE, token_for
from pokernight.web.messages import MAX_MESSAGE
from pokernight.web.pace import Pace
from pokernight.web.policy import Policy


@contextmanager
def served(
    tmp_path: Path,
    *,
    proxies: tuple[str, ...] = (),
    seconds: float = 10.0,
    limit: int = 1000,
    policy: Policy | None = None,
) -> Iterator[str]:
    """A real server in a thread on a free port, with the settings ``serve`` gives Uvicorn."""
    app = create_app(f"sqlite:///{tmp_path / 'edge.db'}", Pace(0, 0), policy=policy)
    settings = serve.edge_settings(seconds, 5, limit, list(proxies))
    with uvicorn_thread(app, free_port(), **settings) as base:
        yield base


def half_sent(base: str) -> socket.socket:
    """A connection that began a request and never finished its headers."""
    port = int(base.rsplit(":", 1)[1])
    connection = socket.create_connection(("127.0.0.1", port))
    connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
    return connection


def closed(connection: socket.socket, within: float) -> bool:
    connection.settimeout(within)
    try:
        return connection.recv(1024) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def _command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str
) -> tuple[int, str]:
    """``pokernight ARGS`` as a user runs it: its exit code and what it printed."""
    monkeypatch.setattr(sys, "argv", ["pokernight", *args])
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit) as ended:
        main()
    out = capsys.readouterr()
    return int(ended.value.code or 0), " ".join((out.out + out.err).replace("│", " ").split())


def test_serve_names_its_edge_settings(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = _command(monkeypatch, capsys, "serve", "--help")
    assert code == 0
    for words in [
        "--public-url",
        "--proxy",
        "forwarded_allow_ips",
        "--timeout-keep-alive",
        "timeout_keep_alive",
        "--timeout-request",
        "--limit-concurrency",
        "limit_concurrency",
    ]:
        assert words in text, words


def test_serve_refuses_a_bad_proxy_or_public_url(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ran: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: ran.append(kw))
    assert _command(monkeypatch, capsys, "serve", "--proxy", "proxy.example") == (
        2,
        "pokernight: --proxy 'proxy.example' is not an IP address or network: "
        "e.g. --proxy 127.0.0.1",
    )
    code, text = _command(monkeypatch, capsys, "serve", "--public-url", "poker.example")
    assert (code, text) == (
        2,
        "pokernight: --public-url 'poker.example' is not an address people reach the server "
        "at, e.g. https://poker.example.org",
    )
    assert ran == []


def test_settings_for_proxies_and_the_public_address(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    made: list[str] = []
    ran: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: ran.append(kw))
    monkeypatch.setattr(
        "pokernight.web.app.create_app",
        lambda url, pace, policy, public_url, hosts: made.append(public_url),
    )
    db = f"sqlite:///{tmp_path / 'x.db'}"
    serve.serve_command(db=db, proxy="127.0.0.1, 10.0.0.0/8", public_url="https://poker.example/")
    assert made == ["https://poker.example"]
    assert ran[0]["proxy_headers"] is True
    assert ran[0]["forwarded_allow_ips"] == ["127.0.0.1/32", "10.0.0.0/8"]
    serve.serve_command(db=db, host="0.0.0.0", port=8080)
    assert made[1].startswith("http://") and made[1].endswith(":8080")
    assert "0.0.0.0" not in made[1]


def test_an_unfinished_request_is_closed_after_its_time(tmp_path: Path) -> None:
    with served(tmp_path, seconds=0.5) as base:
        connection = half_sent(base)
        quiet = socket.create_connection(("127.0.0.1", int(base.rsplit(":", 1)[1])))
        assert not closed(connection, 0.05)  # its time is not yet up
        assert closed(connection, 5) and closed(quiet, 5)
        huge = socket.create_connection(("127.0.0.1", int(base.rsplit(":", 1)[1])))
        huge.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 70_000)
        huge.settimeout(5)
        assert huge.recv(100).startswith(b"HTTP/1.1 400")
        assert httpx.get(f"{base}/healthz").json() == {"ok": True}


def test_a_flood_of_unfinished_requests_makes_room_for_new_ones(tmp_path: Path) -> None:
    with served(tmp_path, limit=20) as base:
        flood = [half_sent(base) for _ in range(60)]
        for _ in range(3):
            answer = httpx.get(f"{base}/healthz", timeout=5)
            assert answer.status_code == 200 and answer.json() == {"ok": True}
        assert all(closed(c, 2) for c in flood[:30])  # the oldest made room
        assert not closed(flood[-1], 0.2)
        for connection in flood:
            connection.close()


def _sign_ins(base: str, addresses: list[str]) -> list[int]:
    """A failed sign-in from each forwarded address in turn (the same client, really)."""
    nonce = "edge-test"
    headers = {"origin": base, HEADER: token_for(nonce), "cookie": f"{NONCE}={nonce}"}
    body = {"name": "nobody", "password": "wrong-password"}
    return [
        httpx.post(
            f"{base}/api/signin", json=body, headers={**headers, "x-forwarded-for": address}
        ).status_code
        for address in addresses
    ]


def test_forwarded_addresses_are_believed_only_from_a_proxy(tmp_path: Path) -> None:
    policy = Policy(name_free_failures=100, address_free_failures=2)
    rotated = [f"203.0.113.{n}" for n in range(4)]
    with served(tmp_path, policy=policy) as base:
        assert _sign_ins(base, rotated) == [400, 400, 400, 429]
    with served(tmp_path, policy=policy, proxies=("127.0.0.1/32",)) as base:
        assert _sign_ins(base, rotated) == [400, 400, 400, 400]
        assert _sign_ins(base, ["203.0.113.9"] * 4) == [400, 400, 400, 429]


def raw(base: str, request: bytes, within: float = 5.0) -> bytes:
    """What the server answers ``request`` on a connection of its own, until it closes."""
    port = int(base.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port)) as connection:
        connection.sendall(request)
        connection.settimeout(within)
        answer = b""
        with suppress(ConnectionResetError):
            while chunk := connection.recv(65536):
                answer += chunk
        return answer


def test_a_body_past_its_limit_is_refused_before_the_app_reads_it(tmp_path: Path) -> None:
    """A declared length past ``MAX_BODY`` is answered 413 at once, with nothing of the body
    sent; a chunked body is counted as it comes; a body under the limit goes through, and
    headers with a body beside them count only the headers."""
    with served(tmp_path) as base:
        big = MAX_BODY + 1
        head = f"POST /api/signup HTTP/1.1\r\nHost: x\r\nContent-Length: {big}\r\n\r\n"
        answer = raw(base, head.encode())
        assert answer.startswith(b"HTTP/1.1 413 ") and answer.endswith(TOO_LARGE)
        chunks = b"".join(b"%x\r\n%s\r\n" % (4096, b"x" * 4096) for _ in range(5))
        chunked = b"POST /api/signup HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        assert raw(base, chunked + chunks).startswith(b"HTTP/1.1 413 ")
        body = b'{"name": "' + b"n" * (MAX_BODY - 100) + b'", "password": "x"}'
        fits = b"POST /api/signup HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
        fits += b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body)
        answer = raw(base, fits + body)
        assert not answer.startswith(b"HTTP/1.1 413 ") and answer.startswith(b"HTTP/1.1 4")
        healthy = httpx.get(f"{base}/healthz")
        assert healthy.status_code == 200


def test_no_page_may_be_framed_by_another_site(tmp_path: Path) -> None:
    with served(tmp_path) as base:
        for path in ("/", "/healthz", "/tables/1/tv", "/api/games"):
            answer = httpx.get(f"{base}{path}")
            assert answer.headers["x-frame-options"] == "DENY", path
            assert answer.headers["content-security-policy"] == "frame-ancestors 'none'", path
        refused = httpx.post(f"{base}/api/signup", json={}, headers={"origin": "http://evil"})
        assert refused.status_code == 403 and refused.headers["x-frame-options"] == "DENY"


def test_a_frame_past_twice_the_longest_message_closes_the_socket(tmp_path: Path) -> None:
    """Uvicorn would read a 16 MiB frame before the message check refused it: now a frame
    longer than twice the longest message closes the socket (1009), and the player's next
    socket plays on."""
    with served(tmp_path) as base:
        sessions, table = setup(base)
        url = base.replace("http", "ws") + f"/ws/tables/{table}"
        headers = {"origin": base, "cookie": f"{COOKIE}={sessions[0]}"}
        with connect(url, additional_headers=headers) as ws:
            json.loads(ws.recv())
            ws.send("x" * (2 * MAX_MESSAGE + 1))
            with pytest.raises(ConnectionClosed) as closed_by:
                ws.recv(timeout=5)
            assert closed_by.value.rcvd is not None and closed_by.value.rcvd.code == 1009
        with connect(url, additional_headers=headers) as ws:
            assert json.loads(ws.recv())["type"] == "state"
            ws.send("x" * MAX_MESSAGE)  # long, yet read: refused in words
            assert json.loads(ws.recv())["message"].startswith("malformed message")
