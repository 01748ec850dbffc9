"""What a table is dealt from. A host who picks a seed knows every card it deals, so a seed
deals only the host's practice with computers: once anyone else is dealt in, the table deals
from the server's secret. A verifiable table publishes the hash of that secret before its
first hand and the secret once it is over, so its players can check every deal."""

from __future__ import annotations

import hashlib
from typing import Any

from fastapi.testclient import TestClient
from tests.web.conftest import FAST, UNLIMITED, page_client, play_until, sign_up, use
from tests.web.test_table_life import finish_hand

from pokernight.catalog import seat_table
from pokernight.engine.table import hand_seed
from pokernight.web import store
from pokernight.web.app import create_app
from pokernight.web.live import LiveTable
from pokernight.web.manager import Manager
from pokernight.web.play import table_state

SEED = 424242


def _manager(client: TestClient) -> Manager:
    return client.app.state.manager  # type: ignore[attr-defined, no-any-return]


def _make(client: TestClient, seats: int, **extra: Any) -> int:
    body = {"game": "hurricane", "seats": seats, "turn_seconds": 0, **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    table = int(response.json()["id"])
    if seats - len(extra.get("computers", {})) > 1:  # a table for friends: its host deals
        assert client.post(f"/api/tables/{table}/resume").status_code == 200
    return table


def _sit(client: TestClient, token: str, table: int, seat: int) -> None:
    use(client, token)
    assert client.post(f"/api/tables/{table}/sit", json={"seat": seat}).status_code == 200


def _info(client: TestClient, table: int) -> dict[str, Any]:
    return next(t for t in client.get("/api/tables").json() if t["id"] == table)


def _dealt(client: TestClient, table: int) -> store.HandRow:
    """The table's hand in play, once dealt and stored."""
    use(client, None)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        while ws.receive_json()["view"] is None:
            pass
    hand = store.last_hand(_manager(client).engine, table)
    assert hand is not None
    return hand


def _cards(row: store.TableRow, hand: store.HandRow) -> list[list[str]]:
    """Every seat's cards in ``hand`` as the table dealt them (its stored seed)."""
    game = seat_table(row.game, row.match_seed, row.seats, row.computers, row.options).game
    state = game.new_hand(table_state(hand.start), hand.seed)
    return [[str(c) for c in state.view(s).hole] for s in range(row.seats)]


def _from_seed(row: store.TableRow, seed: int, hand: store.HandRow) -> int:
    """The seed of ``hand`` as ``seed`` would deal it through the catalog (``play --seed``)."""
    match = seat_table(row.game, seed, row.seats, row.computers, row.options).seed
    return hand_seed(match, table_state(hand.start))


def test_a_hosts_seed_deals_nothing_once_someone_else_sits(client: TestClient) -> None:
    host = sign_up(client, "host")
    friends = [sign_up(client, "ann"), sign_up(client, "bob")]
    use(client, host)
    tables = [_make(client, 2, seed=SEED) for _ in friends]
    for table, friend in zip(tables, friends, strict=True):
        _sit(client, host, table, 0)
        assert _info(client, table)["practice"] is True
        _sit(client, friend, table, 1)
    hands = [_dealt(client, t) for t in tables]
    rows = [_manager(client).tables[t].row for t in tables]
    assert [_info(client, t)["practice"] for t in tables] == [False, False]
    assert all(row.shared for row in rows)
    assert hands[0].seed != hands[1].seed
    assert _cards(rows[0], hands[0]) != _cards(rows[1], hands[1])
    for row, hand in zip(rows, hands, strict=True):
        assert hand.seed != _from_seed(row, SEED, hand)  # what the host could work out
        assert hand.seed == _from_seed(row, int(row.secret, 16), hand)


def test_a_practice_tables_seed_reproduces_its_hands(client: TestClient) -> None:
    host = sign_up(client, "solo")
    use(client, host)
    computers = {"1": "random", "2": "expert:easy"}
    tables = [_make(client, 3, seed=SEED, computers=computers) for _ in range(2)]
    played: list[list[tuple[int, dict[str, Any], list[str]]]] = []
    for table in tables:
        _sit(client, host, table, 0)
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            play_until(ws, lambda m: (m["last"] or {}).get("hand") == 2, [])
        assert _info(client, table)["practice"] is True
        engine = _manager(client).engine
        hands = store.finished_hands(engine, table)
        row = _manager(client).tables[table].row
        assert [h.seed for h in hands[:2]] == [_from_seed(row, SEED, h) for h in hands[:2]]
        played.append([(h.seed, h.start, h.actions) for h in hands[:2]])
    assert played[0] == played[1]


def test_a_verifiable_table_commits_first_and_reveals_once_over(database: str) -> None:
    with page_client(create_app(database, FAST, UNLIMITED)) as client:
        tokens = [sign_up(client, "east"), sign_up(client, "west")]
        use(client, tokens[0])
        table = _make(client, 2, verifiable=True)
        plain = _make(client, 2)
        before = _info(client, table)
        assert before["commitment"] and before["secret"] is None
        assert client.get(f"/api/tables/{table}/deal").json() == {
            "practice": False,
            "verifiable": True,
            "commitment": before["commitment"],
            "secret": None,
        }
        assert _info(client, plain)["commitment"] is None
        for seat, token in enumerate(tokens):
            _sit(client, token, table, seat)
        first = _dealt(client, table)
    with page_client(create_app(database, FAST, UNLIMITED)) as client:
        use(client, tokens[0])
        assert _info(client, table)["commitment"] == before["commitment"]
        assert client.post(f"/api/tables/{table}/end").status_code == 200
        finish_hand(client, _manager(client).tables[table])  # the table ends with its hand
        deal = client.get(f"/api/tables/{table}/deal").json()
        plain_deal = client.get(f"/api/tables/{plain}/deal").json()
        engine = _manager(client).engine
        row = _manager(client).tables[table].row
    secret = deal["secret"]
    assert hashlib.sha256(secret.encode()).hexdigest() == before["commitment"]
    assert _info_after_close(database, table)["secret"] == secret
    hands = store.finished_hands(engine, table)
    assert hands and hands[0].seed == first.seed
    assert [h.seed for h in hands] == [_from_seed(row, int(secret, 16), h) for h in hands]
    assert plain_deal == {
        "practice": False,
        "verifiable": False,
        "commitment": None,
        "secret": None,
    }


def _info_after_close(database: str, table: int) -> dict[str, Any]:
    """The table as a server started later describes it (closed tables are not run)."""
    with page_client(create_app(database, FAST, UNLIMITED)) as client:
        live: LiveTable | None = _manager(client).stored(table)
        assert live is not None
        return _manager(client).info(live).model_dump()
