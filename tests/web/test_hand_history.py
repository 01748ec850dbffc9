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
    assert listed[1]["players"] == ["player", "computer"] and listed[1]["said"]
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


def _seeded(client: TestClient, game: str, computers: dict[int, str], seed: int) -> int:
    """A practice table of ``game`` dealt from ``seed`` where the signed-in person at seat 0
    played its first hand (each turn the first calm action: the same hand every time)."""
    body = {"game": game, "seats": len(computers) + 1, "computers": computers, "seed": seed}
    table = int(client.post("/api/tables", json={**body, "turn_seconds": 0}).json()["id"])
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 0}).status_code == 200
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        play_until(ws, lambda m: bool(m["last"]), [])
    return table


def test_the_list_names_each_winner_and_what_they_won(client: TestClient) -> None:
    sign_up(client, "ann")
    storm = _seeded(client, "hurricane", {1: "random", 2: "checker"}, 0)
    [hand] = client.get(f"/api/tables/{storm}/hands").json()
    assert (hand["seat"], hand["net"], hand["points"]) == (0, [2, 3, -5], False)
    assert hand["winners"] == [
        {"seat": 1, "name": "computer", "won": 8, "share": "high"},
        {"seat": 0, "name": "ann", "won": 7, "share": "low"},
    ]
    # Pai Gow: a wager won by what it gained (19 of 20, less the commission), the dealer by
    # what the bank took in all (the computer's 158 less the 19 paid)
    paigow = _seeded(client, "paigow", {1: "random"}, 9)
    [hand] = client.get(f"/api/tables/{paigow}/hands").json()
    assert hand["net"] == [19, -158]
    assert hand["winners"] == [
        {"seat": 0, "name": "ann", "won": 19, "share": "win"},
        {"seat": None, "name": "the dealer", "won": 139, "share": "bank"},
    ]
    use(client, None)
    assert client.get(f"/api/tables/{paigow}/hands").json()[0]["winners"] == hand["winners"]


def test_a_hand_downloads_as_phh_as_its_seat_saw_it(client: TestClient) -> None:
    """Cards the asker never saw are PHH's unknown ``??`` (two hole cards ``????``), in the
    actions and in their comments; the asker's own are named, in the comment where PHH has no
    name for them (High-Low's dual-value cards)."""
    sign_up(client, "ann")
    draw = _seeded(client, "draw", {1: "random"}, 0)
    highlow = _seeded(client, "highlow", {1: "random", 2: "random"}, 0)
    phh = client.get(f"/api/tables/{draw}/hands/1/phh")
    assert phh.headers["content-disposition"] == f'attachment; filename="table-{draw}-hand-1.phh"'
    hole = dealt_hand(_engine(client), draw, 1)[0].view(0).hole
    mine = "".join(str(c) for c in hole)
    unseen_draw = ['"p2 sd ??????",  # discard ?? ?? ??', '"d dh p2 ??????",  # draws ?? ?? ??']
    seat_text = phh.text
    assert seat_text.startswith(f"# pokernight draw, table {draw}, hand 1, as seat 1 saw it")
    assert "_pokernight_seed" not in seat_text and "_pokernight_actions" not in seat_text
    hands = [f'"d dh p1 {mine}",  # seat 1 (ann)', '"d dh p2 ??????????",  # seat 2 (random']
    assert all(line in seat_text for line in hands + unseen_draw) and "None" not in seat_text
    dual = " ".join(str(c) for c in dealt_hand(_engine(client), highlow, 1)[0].view(0).hole)
    seat_text = client.get(f"/api/tables/{highlow}/hands/1/phh").text
    own = f'"d dh p3 ??????????",  # seat 1 (ann): {dual}\n'
    unseen = ['"p2 sd ??????",  # draw: discard ?? ?? ??', '"d dh p2 ??????",  # draws ?? ?? ??']
    assert own in seat_text and all(line in seat_text for line in unseen)
    assert "None" not in seat_text
    use(client, None)
    watched = client.get(f"/api/tables/{draw}/hands/1/phh").text
    dealt = ['"d dh p1 ??????????",  # seat 1 (ann)\n', '"d dh p2 ??????????",  # seat 2 (random']
    assert "as a spectator saw it" in watched and all(u in watched for u in dealt + unseen_draw)
    watched = client.get(f"/api/tables/{highlow}/hands/1/phh").text  # shown at the showdown
    assert '"d dh p3 ??????????",  # seat 1 (ann)\n' in watched and "None" not in watched


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
