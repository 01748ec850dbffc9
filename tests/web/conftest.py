"""In-process server fixtures: a fresh database per test (a SQLite file; and, when
``POKERNIGHT_TEST_PG`` names a PostgreSQL server, a scratch database on it: every test that
uses ``database`` or ``client`` runs on both), computer seats acting at once."""

from __future__ import annotations

import os
from collections.abc import Generator, Iterator
from http.cookies import SimpleCookie
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

import httpx2 as httpx
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from tests.web.scratch import scratch_database

if TYPE_CHECKING:
    from tests.web.clocked import Clocked

from pokernight.web import accounts, store
from pokernight.web.accounts import COOKIE
from pokernight.web.app import create_app
from pokernight.web.forgery import HEADER, NONCE, SAFE, token_for
from pokernight.web.messages import whole
from pokernight.web.pace import Pace
from pokernight.web.policy import Policy
from pokernight.web.sockets import Limits

FAST = Pace(bot_delay=0, hand_pause=0)
UNLIMITED = Limits(rate=1e6, burst=1e6)
"""The test clients answer every turn at once, faster than a person could: the rate limit is
checked on its own (test_security), not by every game played here."""


POSTGRES = os.environ.get("POKERNIGHT_TEST_PG")
"""A PostgreSQL server URL, e.g. ``postgresql+psycopg://postgres@127.0.0.1:5432/postgres``
(``.ci/run`` starts a throw-away cluster and sets it)."""


@pytest.fixture(params=["sqlite", *(["postgresql"] if POSTGRES else [])])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'test.db'}"
        return
    assert POSTGRES is not None
    with scratch_database(POSTGRES, "pokernight_test") as url:
        yield url


class PageToken(httpx.Auth):
    """What the pages do (``static/api.js``): a request that changes something carries the
    token of the browser's secret cookie, the session's or, before any sign-in, its own."""

    def auth_flow(self, request: httpx.Request) -> Generator[httpx.Request, httpx.Response, None]:
        if request.method not in SAFE:
            jar = SimpleCookie(request.headers.get("cookie", ""))
            if COOKIE in jar:
                secret = jar[COOKIE].value
            elif NONCE in jar:
                secret = jar[NONCE].value
            else:
                secret = "a-test-pages-own-cookie"
                cookies = [request.headers.get("cookie"), f"{NONCE}={secret}"]
                request.headers["cookie"] = "; ".join(c for c in cookies if c)
            request.headers[HEADER] = token_for(secret)
        yield request


def page_client(app: FastAPI, base: str = "http://testserver") -> TestClient:
    """A client that sends what the server's own pages send: their origin and the token; at
    ``base`` (a server reached by https sends its cookies over https only)."""
    test_client = TestClient(app, base_url=base, headers={"origin": base})
    test_client.auth = PageToken()
    return test_client


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with page_client(create_app(database, FAST, UNLIMITED)) as test_client:
        yield test_client


def sign_up(client: TestClient, name: str) -> str:
    """Sign up; the session token is returned and left in the client's cookie jar."""
    client.cookies.clear()
    response = client.post("/api/signup", json={"name": name, "password": "secret-pass"})
    assert response.status_code == 200, response.text
    token = response.cookies[COOKIE]
    return token


def use(client: TestClient, token: str | None) -> None:
    client.cookies.clear()
    if token is not None:
        client.cookies.set(COOKIE, token)


def new_table(
    client: TestClient, game: str, seats: int, computers: dict[int, str], deal: bool = True
) -> int:
    """A table made by the signed-in account; ``deal``: its host deals at once (a table for
    friends deals nothing until then; one for a single person deals once they sit)."""
    body = {"game": game, "seats": seats, "computers": computers, "turn_seconds": 0}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    table = int(response.json()["id"])
    if deal and seats - len(computers) > 1:
        assert client.post(f"/api/tables/{table}/resume").status_code == 200
    return table


def choose(legal: dict[str, Any]) -> str:
    """A legal action from the sent description: the first listed, else the first of the range."""
    actions = legal["actions"]
    if actions:
        calm = [a for a in actions if a in ("check", "call", "keep")]
        return calm[0] if calm else str(actions[0])
    return str(legal["first"])


def play_until(ws: WebSocketTestSession, done: Any, log: list[dict[str, Any]]) -> dict[str, Any]:
    """Answer every turn of this socket's seat until ``done(message)``; every message is kept
    (states with their events whole: ``messages.whole``)."""
    acted = -1
    state: dict[str, Any] | None = None
    while True:
        message = ws.receive_json()
        if message["type"] == "error":
            log.append(message)
            raise AssertionError(message["message"])
        message = state = whole(state, message)
        log.append(message)
        if done(message):
            return dict(message)
        view = message["view"]
        mine = view is not None and view["to_act"] == message["you"] and view["legal"]
        if mine and message["seq"] != acted:
            acted = message["seq"]
            action = choose(view["legal"])
            ws.send_json({"type": "act", "action": action, "seq": message["seq"]})


NIGHT_POLICY = Policy(open_tables=100, creation_burst=1e9, idle_seconds=60)
"""The house's rules for a night driven command by command (``night``): tables made at will,
an idle table closed after a minute."""


@pytest.fixture
def cheap_scrypt(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests are about tables, and a real scrypt costs 40 ms a sign-up."""
    monkeypatch.setattr(accounts, "SCRYPT", {"n": 2, "r": 1, "p": 1})


@pytest.fixture
def night(database: str, cheap_scrypt: None) -> Iterator[Clocked]:
    """The table manager on the test's own loop and clock (``clocked.Clocked``)."""
    from tests.web.clocked import Clocked  # it reads this module's pace

    engine = store.open_engine(database)
    server = Clocked(engine, NIGHT_POLICY)
    try:
        yield server
    finally:
        server.close()
        engine.dispose()
