"""What the lobby and every view show of a computer seat: its player, unless the game keeps
its computers' strategies hidden (Hurricane, until the game is over)."""

from __future__ import annotations

import dataclasses
import json

from fastapi.testclient import TestClient
from tests.web.conftest import new_table, play_until, sign_up


def test_hurricane_keeps_its_computers_strategies_hidden_until_game_over(
    client: TestClient,
) -> None:
    """RULES.md: strategies hidden until game over (``Entry.hidden_bots``); an expert's level
    is a difficulty the host chose in the open, and is shown."""
    sign_up(client, "solo")
    computers = {1: "random", 2: "expert:easy"}
    table = new_table(client, "hurricane", 3, computers)
    draw = new_table(client, "draw", 2, {1: "random"})
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 0}).status_code == 200
    lobby = {t["id"]: [s["computer"] for s in t["seats"]] for t in client.get("/api/tables").json()}
    assert lobby == {table: [None, "hidden", "expert:easy"], draw: [None, "random"]}
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        last = play_until(ws, lambda m: bool(m["last"]), [])
    assert [s["computer"] for s in last["table"]["seats"]] == [None, "hidden", "expert:easy"]
    assert last["last"]["players"] == ["solo", "computer", "expert:easy (computer)"]
    records = [
        json.loads(line) for line in client.get(f"/api/tables/{table}/records").text.splitlines()
    ]
    assert [r["result"]["players"] for r in records] == [last["last"]["players"]]
    live = client.app.state.manager.tables[table]  # type: ignore[attr-defined]
    live.versions.row = dataclasses.replace(live.row, over="game over")
    seats = next(t for t in client.get("/api/tables").json() if t["id"] == table)["seats"]
    assert [s["computer"] for s in seats] == [None, "random", "expert:easy"]
