"""Table sockets are capped (``web.socket_caps``): a client address without an account may
hold a few, an account a few at each table; one past a cap is closed at once with the reason,
and closing one makes room again. Before, one address opened 1,000 anonymous sockets and
every new connection got 503."""

from __future__ import annotations

from contextlib import ExitStack

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.web.conftest import new_table, sign_up, use

from pokernight.web.socket_caps import SocketCaps


def _refused(client: TestClient, path: str) -> str:
    with client.websocket_connect(path) as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == 1008
    return str(closed.value.reason)


def test_anonymous_sockets_from_one_address_are_capped(client: TestClient) -> None:
    sign_up(client, "capper")
    table = new_table(client, "draw", 2, {1: "computer"})
    caps = SocketCaps()
    use(client, None)
    path = f"/ws/tables/{table}"
    with ExitStack() as held:
        for _ in range(caps.anonymous):
            assert held.enter_context(client.websocket_connect(path)).receive_json()["you"] is None
        assert _refused(client, path).startswith("too many sockets from here without an account")
    with client.websocket_connect(path) as ws:  # all closed: room again
        assert ws.receive_json()["type"] == "state"


def test_an_accounts_pages_of_one_table_are_capped(client: TestClient) -> None:
    token = sign_up(client, "tabby")
    table = new_table(client, "draw", 2, {1: "computer"})
    client.post(f"/api/tables/{table}/sit", json={"seat": 0})
    use(client, token)
    caps = SocketCaps()
    path = f"/ws/tables/{table}"
    with ExitStack() as held:
        for _ in range(caps.per_table):
            assert held.enter_context(client.websocket_connect(path)).receive_json()["you"] == 0
        assert _refused(client, path).startswith("too many pages of this table open")
        other = new_table(client, "draw", 2, {1: "computer"})
        with client.websocket_connect(f"/ws/tables/{other}") as ws:  # another table: room
            assert ws.receive_json()["type"] == "state"
        use(client, None)
        with client.websocket_connect(path) as ws:  # a spectator is counted apart
            assert ws.receive_json()["you"] is None


def test_the_caps_count_what_is_open() -> None:
    caps = SocketCaps(anonymous=1, per_account=2, per_table=1)
    first = caps.keys("10.0.0.1", None, 1)
    assert caps.admit(first) is None and caps.admit(first) is not None
    assert caps.admit(caps.keys("10.0.0.2", None, 1)) is None  # another address
    a, b, c = (caps.keys("10.0.0.1", 7, t) for t in (1, 2, 3))
    assert caps.admit(a) is None and caps.admit(b) is None
    assert caps.admit(c) == "too many sockets of your account (at most 2): close some pages"
    caps.release(a)
    assert caps.admit(c) is None
    caps.release(first)
    assert caps.admit(first) is None
    assert ("table", 7, 1) not in caps.held
