"""Whole hands over the socket, one per game, against the game's own bots; the ledger; a
restarted server resuming a hand where it stopped."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any, ClassVar

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import FAST, UNLIMITED, new_table, page_client, play_until, sign_up, use

from pokernight.bots.generic import RandomBot
from pokernight.catalog import CATALOG
from pokernight.engine.actions import Action
from pokernight.engine.protocol import View
from pokernight.web import store
from pokernight.web.app import create_app
from pokernight.web.messages import whole

TABLES = [
    ("hurricane", 4, {1: "random", 2: "checker", 3: "highrise"}),
    ("draw", 2, {1: "computer"}),
    ("highlow", 3, {1: "random", 2: "random"}),
    ("paigow", 1, {}),
    ("bigtwo", 3, {1: "greedy", 2: "random"}),
]


def finished(hand: int) -> Any:
    return lambda m: m["type"] == "state" and (m["last"] or {}).get("hand") == hand


@pytest.mark.parametrize(("game", "seats", "computers"), TABLES, ids=[t[0] for t in TABLES])
def test_a_full_hand_of_each_game(
    client: TestClient, game: str, seats: int, computers: dict[int, str]
) -> None:
    sign_up(client, "player")
    table = new_table(client, game, seats, computers)
    you = next(s for s in range(seats) if s not in computers)
    assert client.post(f"/api/tables/{table}/sit", json={"seat": you}).status_code == 200
    log: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        last = play_until(ws, finished(1), log)["last"]
    assert any(m["view"] and m["view"]["to_act"] == you for m in log)
    # A hand's last action comes with its result: no state shows a hand over but unsettled.
    assert all(m["view"] is None or m["view"]["to_act"] is not None for m in log)
    assert len(last["net"]) == seats
    bankroll = client.get("/api/me").json()["bankroll"]
    points = game == "bigtwo"  # points are standings, never money (no chip value set)
    assert bankroll == (0 if points else last["net"][you])
    engine = client.app.state.manager.engine  # type: ignore[attr-defined]
    assert store.balance(engine) == 0
    records = client.get(f"/api/tables/{table}/records").text.splitlines()
    assert len(records) == 1 and '"seed"' not in records[0] and '"actions"' not in records[0]
    assert json.loads(records[0])["events"]


def test_a_restarted_server_resumes_the_hand(database: str) -> None:
    """Two people at a Hurricane table: one acts, the server stops, a new one deals nothing new
    and shows the same hand; the other person's turn continues it."""
    url = database
    with page_client(create_app(url, FAST, UNLIMITED)) as client:
        first = sign_up(client, "first")
        table = new_table(client, "hurricane", 2, {})
        client.post(f"/api/tables/{table}/sit", json={"seat": 0})
        second = sign_up(client, "second")
        client.post(f"/api/tables/{table}/sit", json={"seat": 1})
        tokens = {0: first, 1: second}
        use(client, None)
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            before = ws.receive_json()["view"]
        mover = before["to_act"]
        use(client, tokens[mover])
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            start = ws.receive_json()
            ws.send_json({"type": "act", "action": "check", "seq": start["seq"]})
            after = whole(start, ws.receive_json())
        assert after["type"] == "state" and after["view"]["to_act"] != mover
        mine = after["view"]
    with page_client(create_app(url, FAST, UNLIMITED)) as client:
        use(client, tokens[mover])
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            resumed = ws.receive_json()
        assert resumed["view"] == mine
        assert resumed["you"] == mover
        use(client, tokens[1 - mover])
        log: list[dict[str, Any]] = []
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            moved = play_until(ws, lambda m: m["view"] and m["view"]["to_act"] == mover, log)
        assert moved["view"]["hand"] == 1


class _Where:
    """A random player that notes whether it was asked on the event loop's thread."""

    calls: ClassVar[list[str]] = []

    def __init__(self, rng: random.Random, options: object) -> None:
        self.inner = RandomBot(rng)

    def act(self, view: View) -> Action:
        try:
            asyncio.get_running_loop()
            _Where.calls.append("event loop")
        except RuntimeError:
            _Where.calls.append("elsewhere")
        return self.inner.act(view)


def test_computer_moves_are_made_off_the_event_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(CATALOG["hurricane"].bots, "where", _Where)
    monkeypatch.setattr(_Where, "calls", [])
    sign_up(client, "host")
    table = new_table(client, "hurricane", 3, {1: "where", 2: "where"})
    client.post(f"/api/tables/{table}/sit", json={"seat": 0})
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        play_until(ws, finished(2), [])
    assert len(_Where.calls) >= 4 and set(_Where.calls) == {"elsewhere"}
    assert store.balance(client.app.state.manager.engine) == 0  # type: ignore[attr-defined]
