"""What one account may cost the house: a few open tables, made no faster than the policy's
rate (per account and per client address), and tables where nothing happens are closed, their
hands settled and their records kept."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from tests.web.conftest import FAST, UNLIMITED, page_client, sign_up, use
from tests.web.test_accounts import Clock, served
from tests.web.test_custody import bankrolls_balance

from pokernight.web import accounts, store
from pokernight.web.app import create_app
from pokernight.web.manager import Manager
from pokernight.web.policy import Policy
from pokernight.web.schema import tables

DRAW = {"game": "draw", "seats": 2, "computers": {"1": "computer"}, "turn_seconds": 0}


def _create(client: TestClient) -> int:
    return client.post("/api/tables", json=DRAW).status_code


def _manager(client: TestClient) -> Manager:
    return client.app.state.manager  # type: ignore[attr-defined, no-any-return]


def test_an_account_holds_a_few_open_tables(database: str) -> None:
    with served(database, Policy(open_tables=2, creation_burst=100)) as client:
        sign_up(client, "hoarder")
        assert [_create(client) for _ in range(2)] == [201, 201]
        refused = client.post("/api/tables", json=DRAW)
        assert refused.status_code == 400
        assert "2 open tables, the most an account may" in refused.json()["detail"]
        sign_up(client, "neighbour")
        assert _create(client) == 201
        assert len(client.get("/api/tables").json()) == 3


def test_tables_are_made_no_faster_than_the_rate(database: str) -> None:
    clock = Clock()
    policy = Policy(open_tables=100, creation_burst=2, creation_rate=0.1, clock=clock)
    with served(database, policy) as client:
        first = sign_up(client, "maker")
        assert [_create(client) for _ in range(2)] == [201, 201]
        refused = client.post("/api/tables", json=DRAW)
        assert refused.status_code == 429 and refused.headers["retry-after"] == "10"
        assert "too fast" in refused.json()["detail"]
        clock.now += 10
        assert [_create(client) for _ in range(2)] == [201, 429]
        sign_up(client, "other")
        assert _create(client) == 201
        use(client, first)
        assert _create(client) == 429
        assert len(client.get("/api/tables").json()) == 4


def test_guests_are_made_no_faster_than_the_rate(database: str) -> None:
    """A guest is an account one click away: without a rate, its limits were no limit."""
    clock = Clock()
    with served(database, Policy(guest_burst=3, guest_rate=0.5, clock=clock)) as client:
        made = [client.post("/api/guest").status_code for _ in range(4)]
        assert made == [200, 200, 200, 429]
        refused = client.post("/api/guest")
        assert refused.headers["retry-after"] == "2" and "guests" in refused.json()["detail"]
        clock.now += 2
        assert client.post("/api/guest").status_code == 200


def test_idle_tables_close_with_their_hand_settled_and_records_kept(database: str) -> None:
    policy = Policy(idle_seconds=60)
    with served(database, policy) as client:
        tokens = [sign_up(client, "idler"), sign_up(client, "busy")]
        body = {"game": "hurricane", "seats": 2, "turn_seconds": 0}
        idle, busy = (client.post("/api/tables", json=body).json()["id"] for _ in range(2))
        for seat, token in enumerate(tokens):
            use(client, token)
            assert client.post(f"/api/tables/{idle}/sit", json={"seat": seat}).status_code == 200
        assert client.post(f"/api/tables/{idle}/resume").status_code == 200  # busy's table
        manager = _manager(client)
        assert client.portal is not None
        assert client.portal.call(manager.sweep, 0.0) == []
        use(client, tokens[0])
        client.post(f"/api/tables/{busy}/sit", json={"seat": 0})
        assert client.portal.call(manager.sweep, 59.0) == []
        assert client.portal.call(manager.sweep, 60.0) == [idle]
        client.portal.call(manager.writer.flush)
        assert [t["id"] for t in client.get("/api/tables").json()] == [busy]
        assert client.post(f"/api/tables/{idle}/sit", json={"seat": 0}).status_code == 404
        records = client.get(f"/api/tables/{idle}/records")
        assert records.status_code == 200 and records.text.count("\n") == 1
        engine = manager.engine
        hands = store.finished_hands(engine, idle)
        assert [h.number for h in hands] == [1] and store.last_hand(engine, idle) == hands[0]
        bankrolls_balance(engine)
        with engine.connect() as db:
            row = db.execute(select(tables).where(tables.c.id == idle)).one()
        assert row.closed is not None and row.over == "closed: idle for 1 min"
    with page_client(create_app(database, FAST, UNLIMITED)) as client:
        assert [t["id"] for t in client.get("/api/tables").json()] == [busy]
        assert client.get(f"/api/tables/{idle}/records").text.count("\n") == 1


def test_sign_ups_are_made_no_faster_than_the_rate_per_address(database: str) -> None:
    clock = Clock()
    with served(database, Policy(signup_burst=3, signup_rate=0.5, clock=clock)) as client:
        answers = [
            client.post("/api/signup", json={"name": f"flood{i}", "password": "secret-pass"})
            for i in range(4)
        ]
        assert [a.status_code for a in answers] == [200, 200, 200, 429]
        assert answers[3].headers["retry-after"] == "2"
        assert "too many sign-ups from here" in answers[3].json()["detail"]
        assert sorted(store.account_names(_manager(client).engine, set(range(20))).values()) == [
            "flood0",
            "flood1",
            "flood2",
            store.HOUSE,
        ]
        clock.now += 2
        body = {"name": "flood3", "password": "secret-pass"}
        assert client.post("/api/signup", json=body).status_code == 200


def test_one_address_holds_a_few_open_tables_across_its_accounts(database: str) -> None:
    policy = Policy(open_tables=5, address_open_tables=3, creation_burst=100)
    with served(database, policy) as client:
        sign_up(client, "first")
        assert [_create(client) for _ in range(2)] == [201, 201]
        sign_up(client, "second")
        assert _create(client) == 201
        refused = client.post("/api/tables", json=DRAW)
        assert refused.status_code == 400
        assert "3 tables made from your address are open" in refused.json()["detail"]
        table = client.get("/api/tables").json()[0]["id"]
        use(client, None)
        first = client.post("/api/signin", json={"name": "first", "password": "secret-pass"})
        assert first.status_code == 200
        assert client.post(f"/api/tables/{table}/end").status_code == 200
        assert _create(client) == 201  # an ended table no longer counts
        assert len(client.get("/api/tables").json()) == 4


def test_password_hashing_is_bounded_and_health_answers_meanwhile(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    entered, release = threading.Event(), threading.Event()
    digest = accounts._digest

    def slow(password: str, salt: bytes) -> bytes:
        entered.set()
        release.wait(30)
        return digest(password, salt)

    monkeypatch.setattr(accounts, "_digest", slow)
    with served(database, Policy(hashing_workers=1, hashing_waiting=0)) as client:
        body = {"name": "patient", "password": "secret-pass"}
        with ThreadPoolExecutor(1) as other:
            first = other.submit(client.post, "/api/signup", json=body)
            assert entered.wait(30)
            busy = client.post("/api/signin", json=body)
            assert busy.status_code == 503 and busy.headers["retry-after"] == "1"
            assert "too many sign-ins at once" in busy.json()["detail"]
            assert client.get("/healthz").json() == {"ok": True}
            release.set()
            assert first.result(30).status_code == 200
        assert client.post("/api/signin", json=body).status_code == 200
