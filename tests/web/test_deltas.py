"""A socket gets only the events of the hand it has not had (``events_from``); kept by the
client, they make the same state as a fresh snapshot, for each socket of a seat however its
messages fell, and for a spectator."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from tests.web.conftest import new_table, play_until, sign_up, use

from pokernight.web.messages import server_message, whole


def _read_until(ws: WebSocketTestSession, seq: int) -> list[dict[str, Any]]:
    """Messages up to version ``seq``, each checked against the documented models."""
    received = [ws.receive_json()]
    while received[-1]["seq"] < seq:
        received.append(ws.receive_json())
    for message in received:
        assert server_message.validate_python(message).model_dump(mode="json") == message
    return received


def _kept(received: list[dict[str, Any]]) -> dict[str, Any]:
    state: dict[str, Any] | None = None
    for message in received:
        state = whole(state, message)
    assert state is not None
    return state


def _our_turn_after_hand_one(message: dict[str, Any]) -> bool:
    """The table waits for seat 0 (nothing changes until it acts)."""
    view = message["view"]
    return (message["last"] or {}).get("hand") == 1 and view is not None and view["to_act"] == 0


def test_only_new_events_are_sent_and_they_add_up_to_the_snapshot(client: TestClient) -> None:
    sign_up(client, "delta")
    table = new_table(client, "hurricane", 4, {1: "random", 2: "random", 3: "checker"})
    client.post(f"/api/tables/{table}/sit", json={"seat": 0})
    url = f"/ws/tables/{table}"
    with client.websocket_connect(url) as player, client.websocket_connect(url) as twin:
        use(client, None)
        with client.websocket_connect(url) as watcher:
            final = play_until(player, _our_turn_after_hand_one, [])
            twin_received = _read_until(twin, final["seq"])
            watched = _kept(_read_until(watcher, final["seq"]))
            player.send_json({"type": "sync"})
            snapshot = player.receive_json()
        with client.websocket_connect(url) as fresh:
            watched_fresh = fresh.receive_json()
    deltas = [m for m in twin_received if m["view"] and m["view"]["events_from"]]
    assert deltas
    assert snapshot["view"]["events_from"] == 0 and len(snapshot["view"]["events"]) > 5
    assert final == snapshot
    assert _kept(twin_received) == snapshot
    assert watched == watched_fresh and watched["you"] is None
    assert watched["view"]["events"] != snapshot["view"]["events"]
