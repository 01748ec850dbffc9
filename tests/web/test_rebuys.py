"""Chips a player asks for and sitting out by choice, over HTTP and the table socket: the table
grants chips at once within the limit its host set, the host approves or refuses the rest,
chips granted during a hand join the stake when it is over, the ledger names who approved
each, a game of points has no chips to ask for; a player sits out from the next hand (the hand
in play still theirs) until they sit in again, whatever pages they open meanwhile."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from tests.web.conftest import choose, new_table, sign_up, use
from tests.web.test_custody import _engine, _live, bankrolls_balance

from pokernight.web import store
from pokernight.web.messages import whole
from pokernight.web.waiting import waiting


def _seated(
    client: TestClient, game: str = "hurricane", paused: bool = False
) -> tuple[str, str, int]:
    """A three-seat table made by ``host`` (``paused`` before anyone sits: no hand is dealt),
    ``friend`` at seat 1, a computer at seat 2, seat 3 open."""
    host = sign_up(client, "host")
    table = new_table(client, game, 3, {1: "random"})
    if paused:
        assert client.post(f"/api/tables/{table}/pause").status_code == 200
    friend = sign_up(client, "friend")
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 0}).status_code == 200
    return host, friend, table


def _play(ws: WebSocketTestSession, step: Callable[[dict[str, Any]], bool]) -> None:
    """Answer every turn of the socket's seat until ``step(message)`` says so; ``step`` may
    change the table over HTTP meanwhile (an answer sent on the state before is then refused
    as stale, and the table's next state is answered)."""
    state: dict[str, Any] | None = None
    acted = -1
    while True:
        message = ws.receive_json()
        if message["type"] == "error":
            assert message["message"].startswith("the table has moved on"), message
            continue
        message = state = whole(state, message)
        if step(message):
            return
        view = message["view"]
        mine = view is not None and view["to_act"] == message["you"] and view["legal"]
        if mine and message["seq"] != acted:
            acted = message["seq"]
            ws.send_json({"type": "act", "action": choose(view["legal"]), "seq": acted})


def _ledger(client: TestClient, table: int) -> dict[str, dict[str, str]]:
    sheet = client.get(f"/api/tables/{table}/ledger.csv").text
    return {row["player"]: row for row in csv.DictReader(io.StringIO(sheet))}


def test_chips_within_the_limit_come_at_once_and_the_host_answers_the_rest(
    client: TestClient,
) -> None:
    host, friend, table = _seated(client, paused=True)
    live = _live(client, table)
    assert live.play.state is None  # between hands
    use(client, host)
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 2}).status_code == 200
    assert client.post(f"/api/tables/{table}/chips-limit", json={"limit": 150}).json() == {
        "limit": 150
    }
    use(client, friend)
    before = live.play.match.table.stakes[0]
    granted = client.post(f"/api/tables/{table}/chips", json={"amount": 100}).json()
    assert granted == {
        "status": "added",
        "amount": 100,
        "coming": 0,
        "message": "100 chips approved by the table's limit joined your stake.",
        "limit": 150,
    }
    assert live.play.match.table.stakes[0] == before + 100
    waiting = client.post(f"/api/tables/{table}/chips", json={"amount": 60}).json()
    assert waiting["message"] == "You asked host, the host, for 60 chips: waiting for their answer."
    assert live.play.match.table.stakes[0] == before + 100
    refused = client.post(f"/api/tables/{table}/chips/1/approve")
    assert refused.status_code == 403 and "only the host of table" in refused.json()["detail"]
    use(client, host)
    asked = client.get(f"/api/tables/{table}/chips/requests").json()
    friend_id = live.chairs.seated[0]
    assert asked == {
        "limit": 150,
        "requests": [{"account": friend_id, "name": "friend", "seat": 0, "amount": 60}],
    }
    answered = client.post(f"/api/tables/{table}/chips/{friend_id}/approve")
    assert answered.json() == {"answered": "approve"}
    assert live.play.match.table.stakes[0] == before + 160
    use(client, friend)
    assert client.get(f"/api/tables/{table}/chips").json()["message"] == (
        "60 chips approved by host joined your stake."
    )
    client.post(f"/api/tables/{table}/chips", json={"amount": 60})  # 100 + 60: over the limit
    use(client, host)
    assert client.post(f"/api/tables/{table}/chips/{friend_id}/refuse").status_code == 200
    use(client, friend)
    assert client.get(f"/api/tables/{table}/chips").json()["message"] == (
        "host, the host, refused your request for 60 chips."
    )
    use(client, host)
    mine = client.post(f"/api/tables/{table}/chips", json={"amount": 500}).json()
    assert (
        mine["status"] == "added"
        and mine["message"] == "500 chips approved by host joined your stake."
    )
    rows = _ledger(client, table)
    assert rows["friend"]["topped_up"] == "160"
    assert rows["friend"]["approved"] == "100 by the table's limit; 60 by host"
    assert rows["host"]["approved"] == "500 by host"


def test_chips_granted_during_a_hand_join_the_stake_when_it_is_over(client: TestClient) -> None:
    host, friend, table = _seated(client)
    live = _live(client, table)
    seen: dict[str, Any] = {}

    def step(message: dict[str, Any]) -> bool:
        """Ask in the middle of hand 1 (the host approves), note the stakes it leaves, and
        stop once hand 2 is dealt."""
        view = message["view"]
        if "asked" not in seen and view is not None and view["to_act"] is not None:
            assert live.play.state is not None
            use(client, friend)
            seen["asked"] = client.post(f"/api/tables/{table}/chips", json={"amount": 70}).json()
            use(client, host)
            client.post(f"/api/tables/{table}/chips/{live.chairs.seated[0]}/approve")
            use(client, friend)
            seen["approved"] = client.get(f"/api/tables/{table}/chips").json()["message"]
            seen["stake"] = live.play.match.table.stakes[0]
        if message["last"] is not None and message["last"]["hand"] == 1:
            seen.setdefault("after", message["last"]["next"]["stakes"][0])
        return view is not None and view["hand"] == 2

    use(client, friend)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        _play(ws, step)
    assert seen["asked"]["status"] == "waiting"
    assert seen["approved"] == (
        "70 chips approved by host: they join your stake when this hand is over."
    )
    second = store.last_hand(_engine(client), table)
    assert second is not None and second.number == 2
    assert second.start["stakes"][0] == seen["after"] + 70
    assert client.get(f"/api/tables/{table}/chips").json()["status"] == "added"
    use(client, host)
    assert _ledger(client, table)["friend"]["approved"] == "70 by host"
    bankrolls_balance(_engine(client))


def test_a_game_of_points_has_no_chips_to_ask_for(client: TestClient) -> None:
    _, friend, table = _seated(client, "bigtwo", paused=True)
    use(client, friend)
    refused = client.post(f"/api/tables/{table}/chips", json={"amount": 10})
    assert refused.status_code == 400
    assert refused.json()["detail"] == (
        "Mount Holyoke Poker is played for points, not money: there are no chips to ask for"
    )
    sign_up(client, "nobody")
    unseated = client.post(f"/api/tables/{table}/chips", json={"amount": 10})
    assert unseated.json()["detail"] == "you have no seat at this table"
    assert client.post(f"/api/tables/{table}/chips", json={"amount": 0}).status_code == 422


def test_a_player_sits_out_from_the_next_hand_until_they_sit_in(client: TestClient) -> None:
    _, friend, table = _seated(client)
    live = _live(client, table)
    seen: dict[str, Any] = {"turns": 0}

    def step(message: dict[str, Any]) -> bool:
        """Sit out in the middle of hand 1 (still playing it), open a second page once the
        table waits, then sit in again; stop once hand 2 is dealt."""
        view, info = message["view"], message["table"]
        if "out" not in seen and view is not None and view["to_act"] is not None:
            seen["out"] = client.post(f"/api/tables/{table}/sitout", json={"out": True}).json()
            seen["in play"] = live.play.state is not None and 0 not in live.play.match.table.out
        elif "out" in seen and view is not None and view["hand"] == 1 and view["legal"]:
            seen["turns"] += 1
        if "out" in seen and "waiting" not in seen and info["waiting"] is not None:
            with client.websocket_connect(f"/ws/tables/{table}"):  # a page opened: still out
                pass
            seen["waiting"] = (waiting(live.play), live.chairs.sitting_out())
            seen["in"] = client.post(f"/api/tables/{table}/sitout", json={"out": False}).json()
        return view is not None and view["hand"] == 2

    use(client, friend)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        _play(ws, step)
    assert seen["out"] == {"seat": 0, "out": True} and seen["in play"]
    assert seen["turns"] > 0  # hand 1 was still theirs to play
    assert seen["waiting"] == ("Waiting for a player to come back", [0])
    assert seen["in"] == {"seat": 0, "out": False}
    second = store.last_hand(_engine(client), table)
    assert second is not None and second.start["out"] == [2]
