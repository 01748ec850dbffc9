"""Request forgery: a request that changes anything must come from the server's own origin
(``Origin``, else ``Referer``) and carry the token its pages read from the server; a page on
another site or on another port of the same host gets 403 and changes nothing, cookie or not."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from starlette.websockets import WebSocketDisconnect
from tests.web.conftest import FAST, UNLIMITED, new_table, page_client, sign_up, use

from pokernight.cli.serve import hosts_of
from pokernight.web import store
from pokernight.web.accounts import COOKIE
from pokernight.web.app import create_app
from pokernight.web.forgery import HEADER, NONCE, REFUSED, token_for
from pokernight.web.schema import accounts, sessions

EVIL = "http://evil.example"
NEIGHBOUR = "http://testserver:9999"
"""Another port of the same host: same-site, so a SameSite cookie goes with its requests."""


def _state(client: TestClient, table: int) -> dict[str, Any]:
    """What the forged requests try to change: the table, its host settings, the sessions."""
    engine = client.app.state.manager.engine  # type: ignore[attr-defined]
    with engine.connect() as db:
        live = db.execute(select(func.count()).select_from(sessions)).scalar_one()
        people = db.execute(select(func.count()).select_from(accounts)).scalar_one()
    info = next(t for t in client.get("/api/tables").json() if t["id"] == table)
    return {"table": info, "sessions": live, "accounts": people}


def _forged(client: TestClient, token: str, origin: dict[str, str]) -> list[Any]:
    """Every state-changing request a page elsewhere might send with the host's cookie and
    (having stolen nothing) the token of its own guess or of no one."""
    headers = {**origin, HEADER: token}
    cookies = {COOKIE: client.cookies[COOKIE]}
    raw = TestClient(client.app, cookies=cookies)
    table = 1
    posts: list[tuple[str, Any]] = [
        (f"/api/tables/{table}/pause", None),
        (f"/api/tables/{table}/leave", None),
        (f"/api/tables/{table}/end", None),
        (f"/api/tables/{table}/seats/1/topup", {"amount": 5}),
        (f"/api/tables/{table}/chat", {"text": "hello"}),
        ("/api/signout/everywhere", None),
        ("/api/signout", None),
        ("/api/signup", {"name": "forged", "password": "secret-pass"}),
        ("/api/tables", {"game": "draw", "seats": 2, "computers": {"1": "computer"}}),
    ]
    answers = [raw.post(path, json=body, headers=headers) for path, body in posts]
    answers.append(raw.delete(f"/api/tables/{table}/seats/1/computer", headers=headers))
    return answers


def test_forged_requests_are_refused_and_change_nothing(client: TestClient) -> None:
    host = sign_up(client, "host")
    table = new_table(client, "draw", 2, {1: "computer"})
    assert table == 1
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 0}).status_code == 200
    before = _state(client, table)
    right = token_for(host)
    for origin, token, words in [
        ({"origin": EVIL}, right, "from http://evil.example may not"),
        ({"origin": NEIGHBOUR}, right, "from http://testserver:9999 may not"),
        ({"referer": f"{EVIL}/page"}, right, "from http://evil.example may not"),
        ({"origin": "null"}, right, "must say where it comes from"),
        ({}, right, "must say where it comes from"),
        ({"origin": "http://testserver"}, "", "token is missing or stale"),
        ({"origin": "http://testserver"}, token_for("a guess"), "token is missing or stale"),
    ]:
        for answer in _forged(client, token, origin):
            assert answer.status_code == 403, (origin, answer.request.url)
            assert words in answer.json()["detail"], (origin, answer.json())
            assert (answer.headers.get(REFUSED) == "1") is ("token" in words)
    use(client, host)
    assert _state(client, table) == before
    assert client.get("/api/me").json()["name"] == "host"


def test_the_pages_origin_and_token_are_accepted(database: str) -> None:
    app = create_app(database, FAST, UNLIMITED, public_url="https://poker.example/")
    with TestClient(app, base_url="https://poker.example") as raw:
        fresh = raw.get("/api/csrf")
        nonce = fresh.cookies[NONCE]
        assert fresh.json() == {"token": token_for(nonce)}
        assert "httponly" in fresh.headers["set-cookie"].lower()
        assert raw.get("/api/csrf").json() == {"token": token_for(nonce)}  # the same cookie
        body = {"name": "page", "password": "secret-pass"}
        headers = {"origin": "https://poker.example", HEADER: token_for(nonce)}
        signed = raw.post("/api/signup", json=body, headers=headers)
        assert signed.status_code == 200
        session = signed.cookies[COOKIE]
        assert signed.json()["csrf"] == token_for(session)
        assert raw.get("/api/csrf").json() == {"token": token_for(session)}
        stale = raw.post("/api/signout", headers=headers)  # the token of before the sign-in
        assert stale.status_code == 403 and stale.headers[REFUSED] == "1"
        ok = {HEADER: token_for(session)}
        by_referer = raw.post("/api/tables", headers={**ok, "referer": "https://poker.example/#/"})
        assert by_referer.status_code == 422  # past the check: the route read the body
        assert raw.post("/api/signout", headers={**ok, "origin": "https://poker.example"}).json()
        assert raw.get("/api/me").status_code == 401


def test_a_forged_sign_up_makes_no_account(client: TestClient) -> None:
    use(client, None)
    raw = TestClient(client.app)
    answer = raw.post(
        "/api/signup", json={"name": "victim", "password": "secret-pass"}, headers={"origin": EVIL}
    )
    assert answer.status_code == 403 and COOKIE not in answer.cookies
    engine = client.app.state.manager.engine  # type: ignore[attr-defined]
    assert store.account_names(engine, set(range(1, 10))) == {1: store.HOUSE}


def test_a_table_socket_opens_from_the_public_address_behind_a_proxy(database: str) -> None:
    """Behind a proxy that passes on its own ``Host``, the page's origin is the public
    address: its socket opens; one from another origin is closed before it opens."""
    app = create_app(database, FAST, UNLIMITED, public_url="https://poker.example")
    with page_client(app, "https://poker.example") as client:
        sign_up(client, "proxied")
        table = new_table(client, "draw", 2, {1: "computer"})
        url = f"/ws/tables/{table}"
        behind = {"origin": "https://poker.example", "host": "127.0.0.1:8000"}
        with client.websocket_connect(url, headers=behind) as ws:
            assert ws.receive_json()["type"] == "state"
        for origin in (EVIL, NEIGHBOUR):
            with (
                pytest.raises(WebSocketDisconnect) as refused,
                client.websocket_connect(url, headers={"origin": origin}) as ws,
            ):
                ws.receive_json()
            assert refused.value.code == 1008


def test_a_request_to_a_name_the_server_does_not_go_by_is_refused(database: str) -> None:
    """DNS rebinding: a hostile name made to resolve to the server sends its own name as
    the ``Host`` and as the page's origin, which the origin check took for the server's. The
    served app answers only its own names (``serve`` gives the public address's and the
    loopback ones)."""
    hosts = hosts_of("https://poker.example")
    assert hosts == ["poker.example", "127.0.0.1", "localhost"]
    app = create_app(database, FAST, UNLIMITED, public_url="https://poker.example", hosts=hosts)
    with TestClient(app, base_url="https://poker.example") as client:
        assert client.get("/healthz").status_code == 200
        for name in ("127.0.0.1:8000", "localhost"):
            assert client.get("/healthz", headers={"host": name}).status_code == 200
        rebound = {"host": "evil.example", "origin": "https://evil.example"}
        answer = client.post("/api/guest", headers=rebound)
        assert answer.status_code == 400 and answer.headers["x-frame-options"] == "DENY"
        assert client.get("/", headers=rebound).status_code == 400
        with (
            pytest.raises(WebSocketDisconnect),
            client.websocket_connect("/ws/tables/1", headers=rebound) as ws,
        ):
            ws.receive_json()
