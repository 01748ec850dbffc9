"""Seats and money: a hand belongs to the accounts it was dealt to. Leaving during a hand does
not escape its loss, a newcomer to a vacated seat never sees the cards dealt to it before, and
every ledger entry names an account, so all bankrolls sum to zero."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from tests.web.conftest import new_table, play_until, sign_up, use

from pokernight.web import store
from pokernight.web.live import LiveTable
from pokernight.web.schema import accounts, ledger


def _engine(client: TestClient) -> Engine:
    return client.app.state.manager.engine  # type: ignore[attr-defined, no-any-return]


def _live(client: TestClient, table: int) -> LiveTable:
    return client.app.state.manager.tables[table]  # type: ignore[attr-defined, no-any-return]


def _me(client: TestClient, token: str) -> dict[str, Any]:
    use(client, token)
    return dict(client.get("/api/me").json())


def bankrolls_balance(engine: Engine) -> None:
    """Every entry names an existing account, and all bankrolls sum to zero."""
    with engine.connect() as db:
        owners = set(db.execute(select(ledger.c.account_id)).scalars())
        known = set(db.execute(select(accounts.c.id)).scalars())
        total = sum(store.balance(db, account) for account in known)
    assert owners <= known
    assert total == store.balance(engine) == 0


def test_leaving_during_a_hand_is_charged_and_a_newcomer_sees_nothing_of_it(
    client: TestClient,
) -> None:
    tokens = [sign_up(client, "ada"), sign_up(client, "bo")]
    table = new_table(client, "hurricane", 2, {})
    for seat, token in enumerate(tokens):
        use(client, token)
        assert client.post(f"/api/tables/{table}/sit", json={"seat": seat}).status_code == 200
    live = _live(client, table)
    assert live.play.state is not None
    mover = live.play.state.to_act()
    assert mover is not None
    leaver = 1 - mover
    use(client, tokens[leaver])
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        dealt = ws.receive_json()["view"]["cards"][leaver]
    assert dealt and all(dealt)
    assert client.post(f"/api/tables/{table}/leave").status_code == 200
    newcomer = sign_up(client, "cy")
    assert client.post(f"/api/tables/{table}/sit", json={"seat": leaver}).status_code == 200
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        first = ws.receive_json()
        assert first["you"] == leaver and first["view"]["seat"] is None  # a spectator's view
        assert first["view"]["cards"][leaver] == [None] * len(dealt)
        ws.send_json({"type": "act", "action": "fold"})
        refused = ws.receive_json()
        assert refused["type"] == "error" and "next hand" in refused["message"]
    use(client, tokens[mover])
    with client.websocket_connect(f"/ws/tables/{table}") as mover_page:  # open till the end
        last = play_until(mover_page, lambda m: (m["last"] or {}).get("hand") == 1, [])["last"]
        assert last["players"][leaver] == ("ada", "bo")[leaver]
        assert _me(client, tokens[leaver])["bankroll"] == last["net"][leaver]
        assert _me(client, tokens[mover])["bankroll"] == last["net"][mover]
        assert _me(client, newcomer)["bankroll"] == 0
        bankrolls_balance(_engine(client))
        use(client, newcomer)  # back at the table: hand 2 is dealt to both
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            while (second := ws.receive_json())["view"]["hand"] != 2:
                pass
    assert second["you"] == leaver
    assert all(second["view"]["cards"][leaver])


def test_computer_seats_play_for_the_house_account(client: TestClient) -> None:
    token = sign_up(client, "solo")
    table = new_table(client, "hurricane", 3, {1: "random", 2: "checker"})
    client.post(f"/api/tables/{table}/sit", json={"seat": 0})
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        last = play_until(ws, lambda m: (m["last"] or {}).get("hand") == 2, [])["last"]
    assert last["players"] == ["solo", "computer", "computer"]  # Hurricane hides strategies
    engine = _engine(client)
    house = store.house_account(engine)
    mine = _me(client, token)
    assert store.balance(engine, house) == -mine["bankroll"]
    with engine.connect() as db:
        owners = set(db.execute(select(ledger.c.account_id)).scalars())
    assert owners <= {house, mine["id"]}
    bankrolls_balance(engine)


def test_the_house_account_cannot_be_signed_into(client: TestClient) -> None:
    for password in ("", "x" * 8):
        response = client.post("/api/signin", json={"name": store.HOUSE, "password": password})
        assert response.status_code == 400
