"""The host's controls over HTTP: only the table's creator may use them (403, naming the host,
for anyone else); seat requests, pause and resume, a seat set away, a player removed after the
hand, a stake topped up (kept across a restart), computer seats added and removed, the table
ended and its ledger downloaded, every chip still an account's."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from tests.web.conftest import FAST, UNLIMITED, new_table, page_client, play_until, sign_up, use
from tests.web.test_custody import _engine, _live, bankrolls_balance
from tests.web.test_table_life import finish_hand

from pokernight.catalog import entry
from pokernight.web.app import create_app
from pokernight.web.routes.host import as_text
from pokernight.web.schema import topups

HOST_CALLS = [
    ("get", "host", None),
    ("post", "settings", {"approve_seats": True}),
    ("post", "pause", None),
    ("post", "resume", None),
    ("post", "requests/1/approve", {}),
    ("post", "seats/0/away", {"away": True}),
    ("post", "seats/0/remove", None),
    ("post", "seats/0/topup", {"amount": 5}),
    ("post", "seats/1/computer", {"bot": "random"}),
    ("delete", "seats/1/computer", None),
    ("post", "end", None),
    ("get", "ledger.csv", None),
]


def _hosted(client: TestClient, game: str = "hurricane") -> tuple[str, str, int]:
    """A two-seat table made by ``host`` who sits at seat 0; ``guest`` has an account."""
    host = sign_up(client, "host")
    table = new_table(client, game, 2, {})
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 0}).status_code == 200
    return host, sign_up(client, "friend"), table


def test_every_host_control_refuses_anyone_else_and_names_the_host(client: TestClient) -> None:
    _, friend, table = _hosted(client)
    for signed in (friend, None):
        use(client, signed)
        for method, path, body in HOST_CALLS:
            kwargs: dict[str, Any] = {} if body is None else {"json": body}
            response = client.request(method.upper(), f"/api/tables/{table}/{path}", **kwargs)
            expected = 403 if signed else 401
            assert response.status_code == expected, (path, response.text)
            if signed:
                assert "only the host of table" in response.json()["detail"]
                assert "(host)" in response.json()["detail"]
    assert not _live(client, table).row.over


def test_an_invited_player_asks_and_the_host_approves_or_refuses(client: TestClient) -> None:
    host, friend, table = _hosted(client)
    use(client, host)
    assert client.post(f"/api/tables/{table}/settings", json={"approve_seats": True}).json()[
        "approve_seats"
    ]
    other = sign_up(client, "stranger")
    use(client, friend)
    refused = client.post(f"/api/tables/{table}/sit", json={"seat": 1})
    assert refused.status_code == 403 and "host approves" in refused.json()["detail"]
    assert client.post(f"/api/tables/{table}/request", json={}).json() == {"requested": None}
    use(client, other)
    assert client.post(f"/api/tables/{table}/request", json={"seat": 1}).status_code == 200
    use(client, host)
    asked = client.get(f"/api/tables/{table}/host").json()["requests"]
    assert [r["name"] for r in asked] == ["friend", "stranger"]
    stranger = asked[1]["account"]
    assert (
        client.post(f"/api/tables/{table}/requests/{stranger}/refuse", json={}).status_code == 200
    )
    approved = client.post(f"/api/tables/{table}/requests/{asked[0]['account']}/approve", json={})
    assert approved.status_code == 200
    assert client.get(f"/api/tables/{table}/host").json()["requests"] == []
    seats = client.get("/api/tables").json()[0]["seats"]
    assert [s["player"] for s in seats] == ["host", "friend"]
    assert _live(client, table).play.state is not None  # the table is full: the first hand is dealt
    use(client, friend)  # the invite opened again: the seat it has
    assert client.post(f"/api/tables/{table}/request", json={}).json() == {"seated": 1}
    other_seat = client.post(f"/api/tables/{table}/request", json={"seat": 0})
    assert other_seat.status_code == 400 and "already sit" in other_seat.json()["detail"]


def test_pause_holds_the_next_deal_and_resume_deals_it(client: TestClient) -> None:
    host, friend, table = _hosted(client)
    use(client, friend)
    client.post(f"/api/tables/{table}/sit", json={"seat": 1})
    use(client, host)
    assert client.post(f"/api/tables/{table}/pause").json()["paused"]
    live = _live(client, table)
    assert live.play.state is not None and live.play.hosting.paused  # the hand in play goes on
    # the friend is set away: from the next hand; this one is still theirs to play
    client.post(f"/api/tables/{table}/seats/1/away", json={"away": True})
    with client.websocket_connect(f"/ws/tables/{table}") as ws:  # the host's page stays open
        ws.receive_json()
        finish_hand(client, live)
        assert live.play.state is None and live.play.match.table.hand == 2
        assert live.play.last is not None and live.play.last["players"] == ["host", "friend"]
        client.post(f"/api/tables/{table}/seats/1/away", json={"away": False})
        assert live.play.state is None  # still paused: no hand 2
        client.post(f"/api/tables/{table}/resume")
        assert live.play.state is not None and live.play.match.table.hand == 2


def test_a_removed_player_plays_out_the_hand_and_is_charged_then_stands_up(
    client: TestClient,
) -> None:
    host, friend, table = _hosted(client)
    use(client, friend)
    client.post(f"/api/tables/{table}/sit", json={"seat": 1})
    use(client, host)
    client.post(f"/api/tables/{table}/pause")
    assert client.post(f"/api/tables/{table}/seats/1/remove").status_code == 200
    live = _live(client, table)
    assert live.chairs.seated.get(1) is not None  # until the hand is over
    finish_hand(client, live)
    last = live.play.last
    assert last is not None and last["hand"] == 1
    assert 1 not in live.chairs.seated and last["players"] == ["host", "friend"]
    use(client, friend)
    assert client.get("/api/me").json()["bankroll"] == last["net"][1]
    bankrolls_balance(_engine(client))


def test_a_top_up_names_the_host_and_survives_a_restart(database: str) -> None:
    with page_client(create_app(database, FAST, UNLIMITED)) as client:
        host, _, table = _hosted(client)
        use(client, host)
        client.post(f"/api/tables/{table}/seats/1/computer", json={"bot": "random"})
        client.post(f"/api/tables/{table}/pause")
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            play_until(ws, lambda m: (m["last"] or {}).get("hand") == 1, [])
        before = list(_live(client, table).play.match.table.stakes)
        during = client.post(f"/api/tables/{table}/seats/0/topup", json={"amount": 25})
        assert during.json() == {"seat": 0, "stake": before[0] + 25}
        assert (
            client.post(f"/api/tables/{table}/seats/0/topup", json={"amount": 0}).status_code == 422
        )
        host_id = client.get("/api/me").json()["id"]
        assert client.get("/api/tables").json()[0]["stakes"] == [before[0] + 25, before[1]]
    with page_client(create_app(database, FAST, UNLIMITED)) as client:
        live = _live(client, table)
        assert list(live.play.match.table.stakes) == [before[0] + 25, before[1]]
        with _engine(client).connect() as db:
            rows = db.execute(select(topups)).all()
        assert [(r.seat, r.account_id, r.amount, r.by_account) for r in rows] == [
            (0, host_id, 25, host_id)
        ]
        bankrolls_balance(_engine(client))


def test_computer_seats_come_and_go_between_hands(client: TestClient) -> None:
    host, _, table = _hosted(client)
    use(client, host)
    bad = client.post(f"/api/tables/{table}/seats/1/computer", json={"bot": "nobody"})
    assert bad.status_code == 400 and "unknown bot" in bad.json()["detail"]
    level = client.post(f"/api/tables/{table}/seats/1/computer", json={"bot": "expert:wild"})
    assert level.status_code == 400 and "levels are easy" in level.json()["detail"]
    assert "expert:easy" in client.get(f"/api/tables/{table}/host").json()["bots"]
    added = client.post(f"/api/tables/{table}/seats/1/computer", json={"bot": "random"})
    assert added.json() == {"computers": {"1": "random"}}
    live = _live(client, table)
    assert live.play.state is not None  # the computer filled the table
    late = client.delete(f"/api/tables/{table}/seats/1/computer")
    assert late.status_code == 400 and "between hands" in late.json()["detail"]
    client.post(f"/api/tables/{table}/pause")
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        play_until(ws, lambda m: (m["last"] or {}).get("hand") == 1, [])
    assert client.delete(f"/api/tables/{table}/seats/1/computer").status_code == 200
    assert (
        1 not in live.chairs.bots
        and client.get("/api/tables").json()[0]["seats"][1]["computer"] is None
    )


def test_ending_the_table_settles_it_and_the_ledger_sums_to_zero(client: TestClient) -> None:
    host, friend, table = _hosted(client)
    use(client, friend)
    client.post(f"/api/tables/{table}/sit", json={"seat": 1})
    use(client, host)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        assert ws.receive_json()["view"]["hand"] == 1
    ended = client.post(f"/api/tables/{table}/end")
    assert ended.json() == {"over": None, "ending": "ended by the host, host"}
    live = _live(client, table)
    assert live.play.state is not None and not live.row.over  # the hand in play is played out
    finish_hand(client, live)
    assert live.play.state is None and live.row.over == "ended by the host, host"
    assert live.play.match.table.hand == 2  # and no hand after it
    sheet = client.get(f"/api/tables/{table}/ledger.csv")
    assert sheet.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(sheet.text)))
    assert {r["player"] for r in rows} >= {"host", "friend"}
    assert sum(int(r["net"]) for r in rows) == 0
    assert [int(r["net"]) for r in rows] == sorted((int(r["net"]) for r in rows), reverse=True)
    use(client, friend)
    assert client.get("/api/me").json()["bankroll"] == next(
        int(r["net"]) for r in rows if r["player"] == "friend"
    )
    bankrolls_balance(_engine(client))


@pytest.mark.parametrize("game", ["bigtwo", "hurricane"])
def test_a_game_of_points_offers_no_top_up_and_refuses_one(client: TestClient, game: str) -> None:
    """Mount Holyoke Poker scores points, not money: nothing to top up, and a top-up asked
    for anyway is refused, saying so, with the stakes and the ledger unchanged. A game of
    money stakes tops up."""
    host, _, table = _hosted(client, game)
    use(client, host)
    live = _live(client, table)
    assert live.play.state is None  # between hands: only the game itself may refuse
    points = entry(game).spec.points
    assert client.get(f"/api/tables/{table}/host").json()["top_ups"] is not points
    before = live.play.match.table.stakes
    asked = client.post(f"/api/tables/{table}/seats/0/topup", json={"amount": 25})
    assert client.portal is not None
    # on PostgreSQL the write commits on its own thread
    client.portal.call(live.versions.writer.flush)
    with _engine(client).connect() as db:
        rows = db.execute(select(topups)).all()
    if points:
        assert asked.status_code == 400
        assert "played for points" in asked.json()["detail"]
        assert live.play.match.table.stakes == before and rows == []
    else:
        assert asked.json() == {"seat": 0, "stake": before[0] + 25} and len(rows) == 1


def test_the_ledger_is_read_as_text_by_a_spreadsheet(client: TestClient) -> None:
    """A player named ``-B2`` put a formula into the ledger; a cell that starts with ``=``,
    ``+``, ``-``, ``@``, a tab or a carriage return now starts with ``'``."""
    host = sign_up(client, "-B2")
    table = new_table(client, "draw", 2, {1: "computer"})
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 0}).status_code == 200
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        play_until(ws, lambda m: bool(m["last"]), [])
    use(client, host)
    sheet = client.get(f"/api/tables/{table}/ledger.csv").text
    names = [r["player"] for r in csv.DictReader(io.StringIO(sheet))]
    assert sorted(names) == ["'-B2", "the house"]
    assert [as_text(c) for c in ["=1+1", "+1", "@x", "\tx", "\rx", "a-b", "", "1"]] == [
        "'=1+1",
        "'+1",
        "'@x",
        "'\tx",
        "'\rx",
        "a-b",
        "",
        "1",
    ]
