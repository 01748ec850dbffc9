"""What the server writes on a table's pages is written for every reader: a message built once
for every socket names the players (a seat number where no name is known), never "you"; a
computer's player is not called "computer (computer)"; and a game of points says its round
(``TableInfo.round``) and deals rounds, not hands."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient
from tests.web.conftest import new_table, play_until, sign_up, use

from pokernight.web.results import named

YOU = re.compile(r"\b(you|your)\b", re.IGNORECASE)


def test_seats_named_by_their_players_and_the_rest_by_number() -> None:
    names = {0: "ann", 2: "cy"}
    told = named("Seat 1 has taken all of Seat 2's money; Seat 3, Seat 12", names)
    assert told == "ann has taken all of Seat 2's money; cy, Seat 12"


def _table(client: TestClient, game: str, computers: dict[int, str], **more: Any) -> int:
    body = {"game": game, "seats": len(computers) + 1, "computers": computers, **more}
    made = client.post("/api/tables", json={**body, "turn_seconds": 0})
    assert made.status_code == 201, made.text
    table = int(made.json()["id"])
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 0}).status_code == 200
    return table


def _texts(message: dict[str, Any]) -> list[str]:
    """Every server text of a state message that a page shows."""
    table, view, last = message["table"], message["view"], message["last"] or {}
    texts = [table["over"], table["waiting"], *last.get("said", []), *last.get("players", [])]
    texts += [e["text"] for e in (view or {}).get("events", [])]
    return [t for t in texts if t]


def test_a_draw_game_to_its_end_names_its_player_on_every_page(client: TestClient) -> None:
    """Seed 002's game at a $20 stake, played to its end by ann: the last state, as ann's
    socket and a spectator's get it, says how it ended in her name; no text ann's page or
    the spectator's was sent says "you"."""
    ann = sign_up(client, "ann")
    table = _table(client, "draw", {1: "computer"}, seed=2, options={"stake": "20"})
    log: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        end = play_until(ws, lambda m: m["type"] == "state" and m["table"]["over"], log)
    over = "ann cannot put up the ante"
    assert end["table"]["over"] == over and end["last"]["players"] == ["ann", "computer"]
    sign_up(client, "onlooker")
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        watched = ws.receive_json()
    assert watched["you"] is None and watched["table"]["over"] == over
    assert watched["last"] == end["last"]
    said = [t for m in [*log, watched] if m["type"] == "state" for t in _texts(m)]
    assert said and [t for t in said if YOU.search(t)] == []
    use(client, ann)
    assert client.get("/api/tables").json()[0]["over"] == over


def test_mount_holyoke_says_its_round_and_a_game_of_chips_none(client: TestClient) -> None:
    """Round 1, 2 and 3 of 3 while each is played and while its result is shown, still 3
    once the game is over; the computers' standings name their seats."""
    sign_up(client, "bea")
    table = _table(client, "bigtwo", {1: "greedy", 2: "greedy"}, options={"rounds": "3"})
    log: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        play_until(ws, lambda m: m["type"] == "state" and m["table"]["over"], log)
    states = [m for m in log if m["type"] == "state"]
    rounds = {(m["view"]["hand"], m["table"]["round"]["number"]) for m in states if m["view"]}
    assert rounds == {(1, 1), (2, 2), (3, 3)}
    assert {m["table"]["round"]["of"] for m in states} == {3}
    assert states[-1]["table"]["round"] == {"number": 3, "of": 3}
    assert states[-1]["table"]["over"].startswith("3 rounds played: fewest points ")
    told = client.get(f"/api/tables/{table}/standings").json()[0]["lines"]
    assert {line["name"] for line in told} == {
        "bea",
        "Seat 2: greedy (computer)",
        "Seat 3: greedy (computer)",
    }
    chips = _table(client, "hurricane", {1: "random"})
    assert next(t for t in client.get("/api/tables").json() if t["id"] == chips)["round"] is None


def test_a_table_of_mount_holyoke_waits_to_deal_a_round(client: TestClient) -> None:
    sign_up(client, "hal")
    table = new_table(client, "bigtwo", 2, {}, deal=False)
    client.post(f"/api/tables/{table}/sit", json={"seat": 0})
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.receive_json()
        assert client.post(f"/api/tables/{table}/resume").status_code == 200
        waiting = ws.receive_json()["table"]["waiting"]
    assert waiting == "Waiting for players: a round is dealt to 2 seats or more, 1 is ready"
