"""The night's hands over HTTP: the list of finished hands, each replayed step by step from the
stored record exactly as the asker's seat saw it live (a spectator's view for anyone else, so
no hidden card), its outcome the stored one, and its PHH as that seat saw it (cards never seen
are ``??``, nothing that would deal the hand again) where the game has a PHH form."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from tests.web.conftest import new_table, play_until, sign_up, use
from tests.web.replays import dealt_hand
from tests.web.test_custody import _engine

from pokernight.engine.actions import parse_action
from pokernight.web.views import view_model


def _played(client: TestClient, hands: int) -> tuple[str, int]:
    """A draw table where ``player`` played ``hands`` hands against the computer."""
    player = sign_up(client, "player")
    table = new_table(client, "draw", 2, {1: "computer"})
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 0}).status_code == 200
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        play_until(ws, lambda m: bool(m["last"]) and m["last"]["hand"] == hands, [])
    return player, table


def _seen(client: TestClient, table: int, number: int, seat: int | None) -> list[dict[str, Any]]:
    """The hand's views as ``seat`` saw them, dealt and after each action, from the engine."""
    state, actions = dealt_hand(_engine(client), table, number)
    views = []
    for action in [None, *actions]:
        if action is not None:
            state.apply(parse_action(action))
        whole = view_model(state.view(seat))
        views.append(
            {k: v for k, v in whole.items() if k not in ("legal", "events", "events_from")}
        )
    return views


def test_each_hand_replays_as_the_asker_saw_it(client: TestClient) -> None:
    player, table = _played(client, 2)
    listed = client.get(f"/api/tables/{table}/hands").json()
    assert [h["hand"] for h in listed] == [2, 1] and [h["seat"] for h in listed] == [0, 0]
    assert listed[1]["players"] == ["player", "computer (computer)"] and listed[1]["said"]
    for asker, seat in ((player, 0), (sign_up(client, "onlooker"), None), (None, None)):
        use(client, asker)
        replay = client.get(f"/api/tables/{table}/hands/1").json()
        assert replay["seat"] == seat and replay["net"] == listed[1]["net"]
        expected = _seen(client, table, 1, seat)
        got = [
            {k: v for k, v in s.items() if k not in ("events", "upto", "events_from")}
            for s in replay["steps"]
        ]
        assert got == expected
        texts = [e["text"] for s in replay["steps"] for e in s["events"]]
        state, actions = dealt_hand(_engine(client), table, 1)
        for action in actions:
            state.apply(parse_action(action))
        assert texts == [e["text"] for e in view_model(state.view(seat))["events"]]
    use(client, player)
    first = client.get(f"/api/tables/{table}/hands/1").json()["steps"][0]
    assert all(c is not None for c in first["cards"][0]) and first["cards"][1] == [None] * 5
    missing = client.get(f"/api/tables/{table}/hands/9")
    assert missing.status_code == 404 and missing.json()["detail"] == (
        f"table {table} has no finished hand 9"
    )


def test_a_hand_downloads_as_phh_as_its_seat_saw_it(client: TestClient) -> None:
    _, table = _played(client, 1)
    state, _ = dealt_hand(_engine(client), table, 1)
    mine = "".join(str(c) for c in state.view(0).hole)
    phh = client.get(f"/api/tables/{table}/hands/1/phh")
    assert phh.headers["content-disposition"] == (
        f'attachment; filename="table-{table}-hand-1.phh"'
    )
    text = phh.text
    assert text.startswith(f"# pokernight draw, table {table}, hand 1, as seat 1 saw it")
    assert "_pokernight_seed" not in text and "_pokernight_actions" not in text
    deals = {f'"d dh p{n} {mine}"' for n in (1, 2)}
    assert sum(d in text for d in deals) == 1 and text.count(f'{"?" * 10}"') == 1
    use(client, None)
    watched = client.get(f"/api/tables/{table}/hands/1/phh").text
    assert not any(d in watched for d in deals) and watched.count(f'{"?" * 10}"') == 2
    assert "as a spectator saw it" in watched


def test_a_game_without_a_phh_form_says_so(client: TestClient) -> None:
    sign_up(client, "setter")
    table = new_table(client, "paigow", 1, {})
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 0}).status_code == 200
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        play_until(ws, lambda m: bool(m["last"]), [])
    assert client.get(f"/api/tables/{table}/hands/1").json()["phh"] is False
    refused = client.get(f"/api/tables/{table}/hands/1/phh")
    assert (
        refused.status_code == 404 and "paigow hands have no PHH form" in refused.json()["detail"]
    )
