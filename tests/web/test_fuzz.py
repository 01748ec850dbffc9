"""Every frame a client can send, against a live table: each one the table refuses gets an
error message (never an unhandled exception or a close without a reason) and leaves the table
as it was; no page served reaches an outside host."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from typing import Any, get_type_hints

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from starlette.testclient import WebSocketTestSession
from tests.web.conftest import FAST, new_table, page_client, sign_up, use

from pokernight.engine.actions import parse_action
from pokernight.errors import PokernightError
from pokernight.web.app import ROUTERS, STATIC, create_app
from pokernight.web.live import LiveTable
from pokernight.web.sockets import FLOOD, Limits

Frame = str | bytes

ODD_TEXT = st.text(
    st.characters(codec="utf-8", exclude_categories=["Cs"]) | st.sampled_from("²³¹٣൬٠\u200b\ufeff")
)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | ODD_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(ODD_TEXT, inner, max_size=3),
    max_leaves=8,
)
ACT_TEXT = st.one_of(
    ODD_TEXT,
    st.builds(
        "{} {}".format,
        st.sampled_from(["bet", "raise", "call", "check", "fold", "discard", "orient", "set"]),
        ODD_TEXT,
    ),
)
ACTS = st.fixed_dictionaries(
    {"type": st.just("act"), "action": ACT_TEXT},
    optional={"seat": JSON_VALUES, "seq": JSON_VALUES, "extra": JSON_VALUES},
)
FRAMES: st.SearchStrategy[Frame] = st.one_of(
    st.binary(max_size=64),
    ODD_TEXT,
    JSON_VALUES.map(json.dumps),
    ACTS.map(lambda m: json.dumps(m, ensure_ascii=False)),
    ACTS.map(json.dumps),
    st.builds(lambda c, n: c * n, st.sampled_from(["x", "€", "{", '"']), st.integers(2000, 70000)),
    st.just(json.dumps({"type": "act", "action": "\ud800"})),
    st.just(json.dumps({"type": "act", "action": "bet ²"})),
)
KNOWN_BAD: list[Frame] = [
    b"\x00\x01",
    json.dumps({"type": "act", "action": "bet ²"}),
    json.dumps({"type": "act", "action": "raise ١"}),
    json.dumps({"type": "act", "action": "\ud800 call"}),
    json.dumps({"type": "act", "action": "call", "seat": 10**40}),
    json.dumps({"type": "act", "action": 5}),
    json.dumps({"type": "sync", "seat": "x"}),
    "[" * 1500 + "]" * 1500,
    "x" * 5_000_000,
]


def _accepted(frame: Frame, table: LiveTable) -> bool:
    """Whether the table would take this frame (a sync or a legal action): the fuzzing sends
    only frames it must refuse, so every one gets exactly one answer, an error."""
    if isinstance(frame, bytes):
        return False
    try:
        message = json.loads(frame)
    except ValueError:
        return False
    if not isinstance(message, dict):
        return False
    if message.get("type") == "sync":
        return True
    action = message.get("action")
    if message.get("type") != "act" or not isinstance(action, str) or table.play.state is None:
        return False
    try:
        table.play.state.clone().apply(parse_action(action))
    except (PokernightError, ValueError):
        return False
    return True


def _refused(ws: WebSocketTestSession, table: LiveTable, frame: Frame) -> None:
    before = (
        table.seq,
        table.play.state.actions if table.play.state else None,
        table.play.deadline,
    )
    if isinstance(frame, bytes):
        ws.send_bytes(frame)
    else:
        ws.send_text(frame)
    reply = ws.receive()
    assert reply["type"] == "websocket.send", (frame[:80], reply)
    answer = json.loads(reply["text"])
    assert answer["type"] == "error" and answer["message"], (frame[:80], answer)
    assert answer["seq"] == before[0]
    assert (
        table.seq,
        table.play.state.actions if table.play.state else None,
        table.play.deadline,
    ) == before


@pytest.fixture
def mover(client: TestClient) -> tuple[TestClient, LiveTable, str]:
    """A two-person Hurricane table and the session of the seat to act."""
    tokens = {0: sign_up(client, "north")}
    table_id = new_table(client, "hurricane", 2, {})
    client.post(f"/api/tables/{table_id}/sit", json={"seat": 0})
    tokens[1] = sign_up(client, "south")
    client.post(f"/api/tables/{table_id}/sit", json={"seat": 1})
    table: LiveTable = client.app.state.manager.tables[table_id]  # type: ignore[attr-defined]
    assert table.play.state is not None
    seat = table.play.state.to_act()
    assert seat is not None
    return client, table, tokens[seat]


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(frames=st.lists(FRAMES, min_size=20, max_size=60))
def test_every_refused_frame_gets_an_error_and_changes_nothing(
    mover: tuple[TestClient, LiveTable, str], frames: list[Frame], caplog: pytest.LogCaptureFixture
) -> None:
    client, table, token = mover
    use(client, token)
    with (
        caplog.at_level(logging.WARNING),
        client.websocket_connect(f"/ws/tables/{table.row.id}") as ws,
    ):
        ws.receive_json()
        for frame in [*KNOWN_BAD, *frames]:
            if not _accepted(frame, table):
                _refused(ws, table, frame)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]


def test_a_client_that_keeps_flooding_is_closed_with_a_reason(database: str) -> None:
    with page_client(create_app(database, FAST, Limits(rate=0.001, burst=1))) as client:
        sign_up(client, "flood")
        table = new_table(client, "draw", 2, {1: "computer"})
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            ws.receive_json()
            for _ in range(FLOOD + 3):
                ws.send_text("{}")
            replies = [ws.receive() for _ in range(FLOOD + 3)]
    assert all(json.loads(r["text"])["type"] == "error" for r in replies[:-1])
    assert replies[-1]["type"] == "websocket.close" and replies[-1]["code"] == 1008
    assert "too many" in replies[-1]["reason"]


OUTSIDE = re.compile(r"(?:https?:)?//[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+|@import|cdn", re.I)


def test_no_page_served_reaches_an_outside_host(client: TestClient) -> None:
    assert client.get("/docs").status_code == 404
    assert client.get("/redoc").status_code == 404
    assert client.get("/openapi.json").status_code == 404
    pages = ["/", *(f"/static/{p.name}" for p in sorted(STATIC.iterdir()) if p.is_file())]
    assert len(pages) > 3
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        assert not OUTSIDE.findall(response.text), page


def test_the_schema_is_served_only_when_asked(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'schema.db'}", FAST, openapi=True)
    with page_client(app) as client:
        schema: dict[str, Any] = client.get("/openapi.json").json()
        assert "/api/tables" in schema["paths"]
        assert client.get("/docs").status_code == 404


ODD_NUMBERS = ["NaN", "Infinity", "-Infinity", "99999999999999999999", "1e400", "-1", "0.5"]
"""Numbers outside their type as JSON writes them (Python's json reads the first three)."""
ODD_PATHS = ["NaN", "Infinity", "99999999999999999999", "-99999999999999999999", "1e400", "-1"]


def _models(route: APIRoute) -> list[type[BaseModel]]:
    """The body models a route reads."""
    hints = get_type_hints(route.endpoint).values()
    return [h for h in hints if isinstance(h, type) and issubclass(h, BaseModel)]


def _bodies(names: list[str]) -> list[str]:
    """Bodies with each field given each odd number, and some whole bodies that are one."""
    fields = names or ["seat"]
    bodies = [f'{{"{name}": {number}}}' for name in fields for number in ODD_NUMBERS]
    return [*bodies, *ODD_NUMBERS, '{"name": NaN, "password": "secret-pass"}']


def test_odd_numbers_in_bodies_and_addresses_get_an_answer_not_a_traceback(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    """Every route, every path value and body field outside its type (NaN, Infinity, huge
    integers): 4xx with a message, nothing changed, no traceback in the server's log."""
    sign_up(client, "fuzzer")
    table = new_table(client, "hurricane", 2, {1: "random"})
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 0}).status_code == 200
    live: LiveTable = client.app.state.manager.tables[table]  # type: ignore[attr-defined]
    routes = [r for router in ROUTERS for r in router.routes if isinstance(r, APIRoute)]
    assert len(routes) > 25
    tried = 0
    with caplog.at_level(logging.WARNING):
        for route in routes:
            params = re.findall(r"{(\w+)}", route.path)
            fields = [f for m in _models(route) for f in m.model_fields]
            assert route.methods is not None  # an APIRoute's: GET when none are named
            for method in sorted(route.methods):
                values = [dict.fromkeys(params, str(table))]
                values += [{**values[0], name: odd} for name in params for odd in ODD_PATHS]
                for n, value in enumerate(values):
                    path = route.path.format(
                        **{**value, "answer": "approve"} if "answer" in value else value
                    )
                    bodies = _bodies(fields) if n == 0 else ["{}"]
                    for body in bodies if method != "GET" else [None]:
                        before = (live.seq, live.row, dict(live.chairs.seated))
                        answer = client.request(
                            method,
                            path,
                            content=body,
                            headers={"content-type": "application/json"},
                        )
                        tried += 1
                        assert answer.status_code < 500, (method, path, body, answer.text)
                        if answer.status_code >= 400 and path != route.path.format(**values[0]):
                            assert answer.json()["detail"], (method, path, body)
                        if method != "GET" and answer.status_code >= 400:
                            assert (live.seq, live.row, dict(live.chairs.seated)) == before, (
                                path,
                                body,
                            )
    assert tried > 500
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]
