"""A restarted server continues: versions keep growing, a turn timer keeps the time that was
left, the last hand's result is still shown; ``pokernight serve`` says where it listens and
which database it uses."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import FAST, UNLIMITED, page_client, play_until, sign_up, use

from pokernight.cli import serve
from pokernight.web.app import create_app


def _table(client: TestClient, turn_seconds: int) -> tuple[int, list[str]]:
    tokens = [sign_up(client, "east"), sign_up(client, "west")]
    body = {"game": "hurricane", "seats": 2, "turn_seconds": turn_seconds}
    table = int(client.post("/api/tables", json=body).json()["id"])
    for seat, token in enumerate(tokens):
        use(client, token)
        assert client.post(f"/api/tables/{table}/sit", json={"seat": seat}).status_code == 200
    assert client.post(f"/api/tables/{table}/resume").status_code == 200  # west, its host, deals
    return table, tokens


def _first(client: TestClient, table: int, token: str | None) -> dict[str, Any]:
    use(client, token)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        return dict(ws.receive_json())


def _not_mine(message: dict[str, Any]) -> bool:
    return bool(message["last"]) or message["view"]["to_act"] != message["you"]


def test_versions_grow_and_the_last_result_stays_across_a_restart(database: str) -> None:
    seen: list[dict[str, Any]] = []
    with page_client(create_app(database, FAST, UNLIMITED)) as client:
        table, tokens = _table(client, 0)
        live = client.app.state.manager.tables[table]  # type: ignore[attr-defined]
        while not live.play.last:
            use(client, tokens[live.play.state.to_act()])
            with client.websocket_connect(f"/ws/tables/{table}") as ws:
                play_until(ws, _not_mine, seen)
        last = json.loads(json.dumps(live.play.last))
        before = max(m["seq"] for m in seen)
    with page_client(create_app(database, FAST, UNLIMITED)) as client:
        after = _first(client, table, None)
        assert after["view"]["hand"] == last["hand"]  # nobody is back yet: no deal
        use(client, tokens[0])
        with client.websocket_connect(f"/ws/tables/{table}"):
            use(client, tokens[1])
            with client.websocket_connect(f"/ws/tables/{table}") as ws:
                while (dealt := ws.receive_json())["view"]["hand"] == last["hand"]:
                    pass
    assert after["seq"] > before
    assert after["last"] == last
    assert dealt["view"]["hand"] == last["hand"] + 1


def test_the_turn_timer_resumes_with_the_time_that_was_left(database: str) -> None:
    with page_client(create_app(database, FAST, UNLIMITED)) as client:
        table, _ = _table(client, 4)
        state = _first(client, table, None)
        deadline, mover = state["deadline"], state["view"]["to_act"]
    assert deadline is not None and deadline > time.time()
    time.sleep(max(0.0, deadline - time.time()) + 0.2)
    with page_client(create_app(database, FAST, UNLIMITED)) as client:
        restarted = time.monotonic()
        use(client, None)
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            first = ws.receive_json()
            message = first
            while message["view"]["to_act"] == mover and message["view"]["hand"] == 1:
                message = ws.receive_json()
        # A fresh timer would have waited another 4 s; the stored one had run out.
        assert time.monotonic() - restarted < 3.0


def test_a_waiting_turn_keeps_its_deadline_across_a_restart(database: str) -> None:
    with page_client(create_app(database, FAST, UNLIMITED)) as client:
        table, _ = _table(client, 600)
        deadline = _first(client, table, None)["deadline"]
    with page_client(create_app(database, FAST, UNLIMITED)) as client:
        assert _first(client, table, None)["deadline"] == deadline


def test_serve_says_where_it_listens_and_which_database(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    import uvicorn

    from pokernight.web import app

    ran: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: ran.append(kw))
    allowed: list[list[str] | None] = []

    def made(url: str, pace: Any, policy: Any, public_url: str, hosts: Any = None) -> str:
        allowed.append(hosts)
        return url

    monkeypatch.setattr(app, "create_app", made)
    monkeypatch.delenv(serve.PROFILE, raising=False)
    url = f"sqlite:///{tmp_path / 'served.db'}"
    serve.serve_command(host="127.0.0.1", port=8123, db=url)
    out = capsys.readouterr().out
    assert "http://127.0.0.1:8123/" in out and url in out
    edge = ran[0].pop("http")
    assert ran == [
        {
            "host": "127.0.0.1",
            "port": 8123,
            "log_level": "warning",
            "ws_per_message_deflate": False,
            "ws_max_size": 4096,
            "timeout_keep_alive": 5,
            "limit_concurrency": 1000,
            "proxy_headers": False,
            "forwarded_allow_ips": None,
        }
    ]
    assert edge.request_seconds == 10.0
    assert allowed == [["127.0.0.1", "localhost"]]  # requests to any other name are refused
    serve.serve_command(host="::1", port=8124, db="postgresql+psycopg://u:hidden@127.0.0.1/x")
    out = capsys.readouterr().out
    assert "http://[::1]:8124/" in out and "hidden" not in out and "127.0.0.1/x" in out


def test_versions_grow_across_restarts_where_nothing_was_stored(database: str) -> None:
    """Three restarts with no move between them used to give 4, 5, 5, 5: a move stamped
    before a restart was taken for one on the same state. Each start now begins a new epoch."""
    with page_client(create_app(database, FAST, UNLIMITED)) as client:
        table, tokens = _table(client, 0)
        first = _first(client, table, None)
    mover = tokens[first["view"]["to_act"]]
    seen = [first["seq"]]
    for _ in range(3):
        with page_client(create_app(database, FAST, UNLIMITED)) as client:
            seen.append(_first(client, table, None)["seq"])
    assert seen == sorted(set(seen)) and len(seen) == 4
    with page_client(create_app(database, FAST, UNLIMITED)) as client:
        use(client, mover)
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            now = ws.receive_json()
            assert now["seq"] > seen[-1]
            ws.send_json({"type": "act", "action": "check", "seq": seen[-1]})
            reply = ws.receive_json()
            assert reply["type"] == "error" and "the table has moved on" in reply["message"]
            assert reply["seq"] == now["seq"]
