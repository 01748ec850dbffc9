"""Accounts as a card room keeps them: names that look alike are one name, sessions are kept
only as hashes and run out, an account can sign out everywhere, failed sign-ins back off per
name and per client address, and an unknown name answers as slowly as a wrong password."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select, update
from starlette.websockets import WebSocketDisconnect
from tests.web.conftest import FAST, UNLIMITED, PageToken, new_table, page_client, sign_up, use

from pokernight.web.accounts import COOKIE
from pokernight.web.app import create_app
from pokernight.web.policy import Policy
from pokernight.web.schema import sessions


class Clock:
    """A clock the test moves on, for the throttles."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@contextmanager
def served(database: str, policy: Policy) -> Iterator[TestClient]:
    with page_client(create_app(database, FAST, UNLIMITED, policy=policy)) as client:
        yield client


def _engine(client: TestClient) -> Engine:
    return client.app.state.manager.engine  # type: ignore[attr-defined, no-any-return]


def _sign_in(client: TestClient, name: str, password: str = "secret-pass") -> int:
    client.cookies.clear()
    return client.post("/api/signin", json={"name": name, "password": password}).status_code


def test_names_that_look_alike_are_one_name(client: TestClient) -> None:
    sign_up(client, "Alice")
    for twin in ("alice", "ALICE", "Ａｌｉｃｅ", "AlIcE"):
        response = client.post("/api/signup", json={"name": twin, "password": "secret-pass"})
        assert response.status_code == 400 and "taken" in response.json()["detail"], twin
    assert _sign_in(client, "ａｌｉｃｅ") == 200
    assert client.get("/api/me").json()["name"] == "Alice"
    sign_up(client, "coe")
    cyrillic = client.post("/api/signup", json={"name": "сое", "password": "secret-pass"})
    assert cyrillic.status_code == 400 and "taken" in cyrillic.json()["detail"]


def test_a_capital_i_drawn_like_an_l_is_the_same_name_either_way(client: TestClient) -> None:
    """Before, ``aIice`` (capital I) stood beside ``alice``: its key case-folded the I to an i
    before the look-alike check. Now a name's look is taken before any case-folding, and a
    new name is refused when its key or its look is another's key or look."""
    sign_up(client, "alice")
    for twin in ("aIice", "AIice"):
        refused = client.post("/api/signup", json={"name": twin, "password": "secret-pass"})
        assert refused.status_code == 400 and "taken" in refused.json()["detail"], twin
    sign_up(client, "bIake")  # the other way round: the capital I first
    refused = client.post("/api/signup", json={"name": "blake", "password": "secret-pass"})
    assert refused.status_code == 400 and "taken" in refused.json()["detail"]
    sign_up(client, "aiice")  # as letters, i and i: its own name
    assert _sign_in(client, "bIake") == 200


def test_look_alike_letters_of_any_one_script_are_the_same_name(client: TestClient) -> None:
    """TR39's confusable skeleton: IPA alpha, a dotless i, a click letter and all-Cherokee
    letters each pass for ``alice`` in one script of their own; a mix of scripts is refused
    before (``test_mixed_scripts...``)."""
    sign_up(client, "alice")
    for twin in ("ɑlice", "alıce", "aǀice", "ᎪᏞᎥᏟᎬ", "ALICE"):
        response = client.post("/api/signup", json={"name": twin, "password": "secret-pass"})
        assert response.status_code == 400, twin
        assert (
            response.json()["detail"] == f"the name {twin!r} is taken (or one that looks like it)"
        )
    for other in ("alicia", "ᎪᏞᎬ"):
        sign_up(client, other)
        assert client.get("/api/me").json()["name"] == other


def test_mixed_scripts_are_refused_and_single_scripts_welcome(client: TestClient) -> None:
    for name in ("аlice", "pаypal", "Ωmega"):
        response = client.post("/api/signup", json={"name": name, "password": "secret-pass"})
        assert response.status_code == 400, name
        assert "one script" in response.json()["detail"]
    for name in ("Иван", "山田たろう", "Ὀδυσσεύς", "zoë_2"):
        sign_up(client, name)
        assert client.get("/api/me").json()["name"] == name


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("\u3164", "no invisible or filler characters"),  # a Hangul filler, alone
        ("ann\uffa0", "no invisible or filler characters"),  # a half-width one after a name
        ("bo\u200db", "no invisible or filler characters"),  # a zero-width joiner
        ("the_house", "kept for the house and its guests"),
        ("THE_H0USE", "kept for the house and its guests"),  # a zero drawn like an O
        ("guest-1f2e", "kept for the house and its guests"),
        ("Guest-me", "kept for the house and its guests"),
    ],
)
def test_invisible_and_reserved_names_are_refused(client: TestClient, name: str, why: str) -> None:
    refused = client.post("/api/signup", json={"name": name, "password": "secret-pass"})
    assert refused.status_code == 400 and why in refused.json()["detail"], refused.text
    assert client.post("/api/signup", json={"name": "guesthouse", "password": "x" * 8}).is_success


def test_sessions_are_stored_as_hashes_and_expire(database: str) -> None:
    policy = Policy(session_seconds=3600)
    with served(database, policy) as client:
        response = client.post("/api/signup", json={"name": "hash", "password": "secret-pass"})
        token = response.cookies[COOKIE]
        assert "max-age=3600" in response.headers["set-cookie"].lower()
        engine = _engine(client)
        with engine.connect() as db:
            stored = db.execute(select(sessions)).all()
        assert [row.token_hash for row in stored] == [hashlib.sha256(token.encode()).hexdigest()]
        assert all(token not in str(tuple(row)) for row in stored)
        assert 3590 < stored[0].expires - time.time() <= 3600
        assert client.get("/api/me").status_code == 200
        with engine.begin() as db:
            db.execute(update(sessions).values(expires=time.time() - 1))
        use(client, token)
        assert client.get("/api/me").status_code == 401


def test_sign_out_everywhere_ends_every_session_and_closes_sockets(client: TestClient) -> None:
    first = sign_up(client, "roamer")
    assert _sign_in(client, "roamer") == 200
    second = client.cookies[COOKIE]
    other = sign_up(client, "stays")
    use(client, first)
    table = new_table(client, "draw", 2, {1: "computer"})
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 0}).status_code == 200
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        assert ws.receive_json()["you"] == 0
        use(client, second)
        assert client.post("/api/signout/everywhere").json() == {"ended": 2}
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
    assert closed.value.code == 1008 and closed.value.reason == "signed out everywhere"
    for token in (first, second):
        use(client, token)
        assert client.get("/api/me").status_code == 401
    use(client, other)
    assert client.get("/api/me").json()["name"] == "stays"
    use(client, None)
    assert client.post("/api/signout/everywhere").status_code == 401


def _two_sessions_at_a_table(client: TestClient, name: str) -> tuple[str, str, int]:
    """``name`` signed up (its first session) and signed in again (its second), seated at a
    new table of draw against the computer: both sessions' tokens and the table."""
    first = sign_up(client, name)
    assert _sign_in(client, name) == 200
    second = client.cookies[COOKIE]
    use(client, first)
    table = new_table(client, "draw", 2, {1: "computer"})
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 0}).status_code == 200
    return first, second, table


def test_signing_out_closes_that_sessions_sockets_and_no_other(client: TestClient) -> None:
    """Before, a signed-out session's open sockets went on playing for it."""
    phone, laptop, table = _two_sessions_at_a_table(client, "leaver")
    use(client, phone)
    with (
        client.websocket_connect(f"/ws/tables/{table}") as on_phone,
        client.websocket_connect(f"/ws/tables/{table}") as also_phone,
    ):
        use(client, laptop)
        with client.websocket_connect(f"/ws/tables/{table}") as on_laptop:
            for ws in (on_phone, also_phone, on_laptop):
                assert ws.receive_json()["you"] == 0
            use(client, phone)
            assert client.post("/api/signout").json() == {"ok": True}
            for ws in (on_phone, also_phone):
                with pytest.raises(WebSocketDisconnect) as closed:
                    while True:
                        ws.receive_json()
                assert closed.value.code == 1008 and closed.value.reason == "signed out"
            on_laptop.send_json({"type": "sync"})  # the laptop's session plays on
            while (answer := on_laptop.receive_json())["type"] != "state":
                pass
            assert answer["you"] == 0
    use(client, laptop)
    assert client.get("/api/me").json()["name"] == "leaver"
    use(client, phone)
    assert client.get("/api/me").status_code == 401


def test_failed_sign_ins_back_off_per_name(database: str) -> None:
    clock = Clock()
    policy = Policy(name_free_failures=3, address_free_failures=100, clock=clock)
    with served(database, policy) as client:
        sign_up(client, "target")
        assert [_sign_in(client, "TARGET", "wrong-one") for _ in range(4)] == [400] * 4
        refused = client.post("/api/signin", json={"name": "target", "password": "secret-pass"})
        assert refused.status_code == 429 and refused.headers["retry-after"] == "1"
        assert "too many failed sign-ins" in refused.json()["detail"]
        clock.now += 1.01
        assert _sign_in(client, "target", "wrong-two") == 400
        again = client.post("/api/signin", json={"name": "target", "password": "secret-pass"})
        assert again.status_code == 429 and again.headers["retry-after"] == "2"
        assert _sign_in(client, "someone-else") == 400  # another name is not held up
        clock.now += 2.01
        assert _sign_in(client, "target") == 200
        assert [_sign_in(client, "target", "wrong") for _ in range(3)] == [400] * 3


def test_a_strangers_wrong_passwords_lock_the_stranger_not_the_owner(database: str) -> None:
    """Before, wrong passwords for a name from anywhere made its owner's right one answer
    429. Now they lock that name from the stranger's address; only many more, from many
    addresses, lock the name everywhere (a slower limit, still backing off)."""
    clock = Clock()
    policy = Policy(
        name_free_failures=3,
        name_everywhere_free_failures=8,
        address_free_failures=100,
        clock=clock,
    )
    app = create_app(database, FAST, UNLIMITED, policy=policy)

    def at(where: str) -> TestClient:
        client = TestClient(app, headers={"origin": "http://testserver"}, client=(where, 1))
        client.auth = PageToken()
        return client

    with at("10.0.0.1") as owner:
        sign_up(owner, "alice")
        stranger = at("10.0.0.66")
        assert [_sign_in(stranger, "alice", "guess") for _ in range(5)] == [400] * 4 + [429]
        assert _sign_in(owner, "alice") == 200  # from home, at once
        for n in range(4):  # more strangers, each from its own address: 4 + 4 = 8 free
            assert _sign_in(at(f"10.0.1.{n}"), "ALICE", "guess") == 400
        assert _sign_in(at("10.0.2.1"), "alice", "guess") == 400  # the 9th locks the name
        assert _sign_in(owner, "alice") == 429  # everywhere, for a second
        clock.now += 1.01
        assert _sign_in(owner, "alice") == 200


def test_failed_sign_ins_back_off_per_client_address(database: str) -> None:
    clock = Clock()
    policy = Policy(name_free_failures=100, address_free_failures=4, clock=clock)
    with served(database, policy) as client:
        sign_up(client, "spray")
        assert [_sign_in(client, f"guess{i}") for i in range(5)] == [400] * 5
        refused = client.post("/api/signin", json={"name": "spray", "password": "secret-pass"})
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
        clock.now += 1.01
        assert _sign_in(client, "spray") == 200
        # A success clears the name, not the address: one's own account does not reset it.
        assert _sign_in(client, "guess9") == 400
        assert _sign_in(client, "spray") == 429


def test_an_unknown_name_costs_the_work_of_a_wrong_password(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Timing tells no one which names exist: a sign-in with a wrong password, with a name no
    account has and with a guest's name (no password to check) each run exactly one scrypt at
    the same cost, and get the same refusal. Before the decoy an unknown name ran none and
    answered 30 times faster. The work is counted, not timed: a ratio of wall clocks measured
    beside the rest of the suite failed on noise alone."""
    policy = Policy(name_free_failures=10_000, address_free_failures=10_000)
    scrypt = hashlib.scrypt
    runs: list[tuple[int, int, int, int]] = []

    def counted(password: bytes, *, salt: bytes, n: int, r: int, p: int, dklen: int) -> bytes:
        runs.append((n, r, p, dklen))
        return scrypt(password, salt=salt, n=n, r=r, p=p, dklen=dklen)

    with served(database, policy) as client:
        sign_up(client, "known")
        client.cookies.clear()
        visitor = client.post("/api/guest").json()["name"]
        monkeypatch.setattr(hashlib, "scrypt", counted)
        answers = {}
        for name in ("known", "nobody-here", visitor):
            runs.clear()
            client.cookies.clear()
            refused = client.post("/api/signin", json={"name": name, "password": "not-it"})
            answers[name] = (refused.status_code, refused.json(), list(runs))
    assert answers["known"] == (400, {"detail": "wrong name or password"}, [(2**14, 8, 1, 32)])
    assert answers["nobody-here"] == answers[visitor] == answers["known"]


@pytest.mark.parametrize("public", ["https://poker.example.org", "http://127.0.0.1:8000"])
def test_the_cookies_go_over_https_only_where_the_server_is_reached_by_https(
    database: str, public: str
) -> None:
    app = create_app(database, FAST, UNLIMITED, public_url=public)
    with TestClient(app, base_url=public, headers={"origin": public}) as client:
        client.auth = PageToken()
        nonce = client.get("/api/csrf").headers["set-cookie"]
        made = client.post("/api/signup", json={"name": "sec", "password": "secret-pass"})
        assert made.status_code == 200, made.text
        for cookie in (nonce, made.headers["set-cookie"]):
            assert ("; secure" in cookie.lower()) == public.startswith("https"), cookie
            assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower()


def test_a_password_change_needs_the_old_one_and_ends_every_other_session(
    client: TestClient,
) -> None:
    here, elsewhere, table = _two_sessions_at_a_table(client, "changer")
    use(client, elsewhere)
    with client.websocket_connect(f"/ws/tables/{table}") as page_elsewhere:
        page_elsewhere.receive_json()
        use(client, here)
        wrong = client.post("/api/password", json={"old": "not-it-at-all", "new": "x" * 12})
        assert wrong.status_code == 400 and "not your password" in wrong.json()["detail"]
        short = client.post("/api/password", json={"old": "secret-pass", "new": "short"})
        assert short.status_code == 400 and "at least 8" in short.json()["detail"]
        done = client.post("/api/password", json={"old": "secret-pass", "new": "a-new-secret"})
        assert done.json() == {"ended": 1}
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                page_elsewhere.receive_json()
        assert closed.value.code == 1008 and closed.value.reason == "signed out"
    assert client.get("/api/me").json()["name"] == "changer"  # this session goes on
    use(client, elsewhere)
    assert client.get("/api/me").status_code == 401
    assert _sign_in(client, "changer") == 400
    assert _sign_in(client, "changer", "a-new-secret") == 200
