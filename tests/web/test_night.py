"""A table's chat (stored as typed, limited in length and rate, closed to spectators unless
the host opens it) and the room mode's server side (the TV's socket sees what a spectator
sees whoever is signed in, the QR codes are SVG made here and lead to a seat's phone page)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from tests.web.conftest import new_table, play_until, sign_up, use
from tests.web.test_custody import _live
from tests.web.test_migrations import _migrate

from pokernight.web import hosting, store
from pokernight.web.hosting import CHAT_LENGTH

MARKUP = "<script>alert(1)</script> <b>bold</b> & friends"


def test_chat_keeps_markup_as_text_and_is_limited(client: TestClient) -> None:
    host = sign_up(client, "host")
    table = new_table(client, "draw", 2, {1: "random"})
    client.post(f"/api/tables/{table}/sit", json={"seat": 0})
    assert client.post(f"/api/tables/{table}/chat", json={"text": MARKUP}).status_code == 201
    lines = client.get(f"/api/tables/{table}/chat").json()
    assert [(line["name"], line["text"]) for line in lines] == [("host", MARKUP)]
    too_long = client.post(f"/api/tables/{table}/chat", json={"text": "x" * (CHAT_LENGTH + 1)})
    assert too_long.status_code == 422
    blank = client.post(f"/api/tables/{table}/chat", json={"text": " \n\t "})
    assert blank.status_code == 400
    codes = [
        client.post(f"/api/tables/{table}/chat", json={"text": f"line {n}"}).status_code
        for n in range(10)
    ]
    assert codes[:4] == [201] * 4 and codes[-1] == 429  # five at once (one used), then 1 a second
    after = lines[0]["id"]
    assert [x["text"] for x in client.get(f"/api/tables/{table}/chat?after={after}").json()] == [
        f"line {n}" for n in range(4)
    ]
    # spectators: refused until the host opens the chat to them
    use(client, None)
    assert client.get(f"/api/tables/{table}/chat").status_code == 403
    sign_up(client, "watcher")
    refused = client.post(f"/api/tables/{table}/chat", json={"text": "hi"})
    assert refused.status_code == 403 and "host" in refused.json()["detail"]
    use(client, host)
    client.post(f"/api/tables/{table}/settings", json={"spectator_chat": True})
    use(client, None)
    assert len(client.get(f"/api/tables/{table}/chat").json()) == 5


def test_a_chat_line_goes_at_once_to_each_socket_that_may_read_it(client: TestClient) -> None:
    """Over the table's socket, as soon as it is kept: to the players, and to a spectator only
    once the host opens the chat to spectators (never a line said before)."""
    host = sign_up(client, "host")
    table = new_table(client, "hurricane", 3, {}, deal=False)
    client.post(f"/api/tables/{table}/sit", json={"seat": 0})
    with client.websocket_connect(f"/ws/tables/{table}") as player:
        use(client, None)
        with client.websocket_connect(f"/ws/tables/{table}") as watcher:
            assert player.receive_json()["type"] == watcher.receive_json()["type"] == "state"
            use(client, host)
            assert client.post(f"/api/tables/{table}/chat", json={"text": "hi"}).status_code == 201
            line = client.get(f"/api/tables/{table}/chat").json()[0]
            assert player.receive_json() == {"type": "chat", **line}
            assert line["name"] == "host" and line["text"] == "hi"
            settings = {"spectator_chat": True}
            assert client.post(f"/api/tables/{table}/settings", json=settings).status_code == 200
            assert watcher.receive_json()["type"] == "state"  # "hi" never came
            client.post(f"/api/tables/{table}/chat", json={"text": "all of you"})
            heard = watcher.receive_json()
            assert (heard["type"], heard["name"], heard["text"]) == ("chat", "host", "all of you")


def test_the_tv_socket_never_holds_a_private_card_even_for_a_seated_player(
    client: TestClient,
) -> None:
    sign_up(client, "player")
    table = new_table(client, "draw", 2, {1: "random"})
    client.post(f"/api/tables/{table}/sit", json={"seat": 0})
    assert client.get(f"/tables/{table}/tv").headers["content-type"].startswith("text/html")
    live = _live(client, table)
    seen: list[dict[str, Any]] = []
    with (
        client.websocket_connect(f"/ws/tables/{table}?watch=1") as tv,
        client.websocket_connect(f"/ws/tables/{table}") as ws,
    ):
        play_until(ws, lambda m: (m["last"] or {}).get("hand") == 2, [])
        tv.send_json({"type": "act", "action": "fold"})
        while True:
            message = tv.receive_json()
            if message["type"] == "error":
                assert "only watches" in message["message"]
                break
            seen.append(message)
    assert seen and all(m["you"] is None for m in seen)
    for message in seen:
        view = message["view"]
        assert view is not None and view["seat"] is None
        if view["to_act"] is not None:  # while a hand is played, draw shows no card at all
            assert all(c is None for cards in view["cards"] for c in cards)
    assert live.play.state is not None


def test_each_seat_has_a_qr_code_to_its_phone_page(client: TestClient) -> None:
    sign_up(client, "host")
    table = new_table(client, "draw", 2, {1: "random"})
    # the server's public address (``create_app``'s default here), never the request's Host
    svg = client.get(f"/api/tables/{table}/seats/1/qr.svg", headers={"host": "evil.example"})
    assert svg.headers["content-type"] == "image/svg+xml"
    assert svg.text.startswith("<svg") and f"/#/phone/{table}/1" in svg.text
    phone = f"http://127.0.0.1:8000/#/phone/{table}/1"
    assert "http" not in svg.text.replace(phone, "").replace("http://www.w3.org/2000/svg", "")
    assert client.get(f"/api/tables/{table}/seats/2/qr.svg").status_code == 404
    assert client.get("/tables/99/tv").status_code == 404


def test_a_table_made_before_hosts_upgrades_with_the_default_settings(database: str) -> None:
    _migrate(database, "0003")
    old = create_engine(database)
    with old.begin() as db:
        db.execute(
            text(
                "INSERT INTO tables (id, game, options, seats, computers, match_seed, "
                "turn_seconds, created) VALUES (3, 'draw', '{}', 2, '{}', 1, 0, 0)"
            )
        )
    old.dispose()
    engine = store.open_engine(database)  # upgrades to the newest revision
    assert hosting.load(engine, 3) == hosting.Hosting()
    assert hosting.said(engine, 3, 0) == [] and hosting.table_ledger(engine, 3) == []
    engine.dispose()
