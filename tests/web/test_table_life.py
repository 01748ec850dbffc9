"""A web table's life over a night (issue 23): it deals whenever the game's fewest seats can be
dealt in, skipping empty seats and people who sit out (every page closed, two turns missed in
a row), charging them nothing until they are back; with nobody connected it closes after the
idle time however its turn timers run; seat requests reach the asker's page at once; and an
ended table leaves its host nothing but the ledger."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from tests.web.clocked import Clocked
from tests.web.conftest import NIGHT_POLICY, new_table, sign_up, use
from tests.web.test_custody import _engine, _live, bankrolls_balance

from pokernight.engine.events import Anted
from pokernight.web import accounts, store
from pokernight.web.commands import Act, Back, Closed, Done, Opened, Settings, Sit
from pokernight.web.live import LiveTable
from pokernight.web.manager import NewTable
from pokernight.web.schema import hands, ledger


def _people(engine: Engine, *names: str) -> list[int]:
    return [accounts.sign_up(engine, name, "a-password") for name in names]


def _table(night: Clocked, kind: NewTable, people: list[int]) -> LiveTable:
    """A table made by the first person, each person sitting at the seat of their index, and
    dealt by its host once they sit (``deal``)."""
    live: LiveTable = night.run(night.manager.create, kind, people[0])
    for seat, account in enumerate(people):
        night.run(live.submit, Sit(account, seat, False))
    if live.play.hosting.paused:
        night.run(live.submit, Settings({"paused": False}))
    return live


def _act(night: Clocked, live: LiveTable, by: set[int]) -> None:
    """The people in ``by`` play their turns in the hand in play (check or call where they
    can) until it is over or the turn is someone else's."""
    number = live.play.match.table.hand
    while live.play.state is not None and (seat := live.play.state.to_act()) is not None:
        assert live.chairs.holders is not None
        if live.chairs.holders[seat] not in by or live.play.match.table.hand != number:
            return
        legal = [str(a) for a in live.play.state.legal_actions()]
        calm = [a for a in legal if a in ("check", "call", "keep")]
        assert (
            night.run(live.submit, Act(live.chairs.holders[seat], (calm or legal)[0], None, None))
            == Done()
        )


def _to_act(live: LiveTable) -> int:
    """The seat to act (a hand is in play and not over)."""
    seat = None if live.play.state is None else live.play.state.to_act()
    assert seat is not None, "no one is to act"
    return seat


def _hand(engine: Engine, live: LiveTable, number: int) -> Any:
    with engine.connect() as db:
        return db.execute(
            select(hands).where(hands.c.table_id == live.row.id, hands.c.number == number)
        ).one()


def _entries(engine: Engine, hand_id: int) -> dict[int, int]:
    """The hand's ledger entries, by account."""
    with engine.connect() as db:
        query = select(ledger.c.account_id, ledger.c.amount).where(ledger.c.hand_id == hand_id)
        return {int(a): int(n) for a, n in db.execute(query).all()}


def _play_hand(client: TestClient, live: LiveTable) -> None:
    """Whoever is to act checks or calls (else the first legal action) until the next hand
    is dealt."""
    assert client.portal is not None
    number = live.play.match.table.hand
    while live.play.match.table.hand == number or live.play.state is None:
        assert live.play.state is not None and live.chairs.holders is not None, (
            "no next hand was dealt"
        )
        seat = live.play.state.to_act()
        assert seat is not None
        legal = [str(a) for a in live.play.state.legal_actions()]
        move = next((a for a in legal if a in ("check", "call")), legal[0])
        assert (
            client.portal.call(live.submit, Act(live.chairs.holders[seat], move, None, None))
            == Done()
        )
        client.portal.call(_rest, live)


def finish_hand(client: TestClient, live: LiveTable) -> None:
    """Whoever is to act checks or calls (else the first legal action) until the hand in
    play is over (at a paused table: no next one is dealt)."""
    assert client.portal is not None
    while live.play.state is not None:
        seat = live.play.state.to_act()
        assert seat is not None and live.chairs.holders is not None
        legal = [str(a) for a in live.play.state.legal_actions()]
        move = next((a for a in legal if a in ("check", "call", "keep")), legal[0])
        assert (
            client.portal.call(live.submit, Act(live.chairs.holders[seat], move, None, None))
            == Done()
        )
        client.portal.call(_rest, live)


async def _rest(live: LiveTable) -> None:
    """Until the table waits (for a person, or for players) and all it did is stored."""
    for _ in range(10_000):
        await asyncio.sleep(0)
        await live.versions.writer.flush()
        if not live.busy and not live.unsaved:
            return
    raise AssertionError("the table did not come to rest")


def test_a_table_deals_to_the_seats_filled_and_skips_the_empty_one(night: Clocked) -> None:
    """Three seats for people and two people seated: the hand is dealt to the two, the empty
    seat gets no cards and antes nothing (it waited for ever before)."""
    engine = night.engine
    people = _people(engine, "ann", "bob")
    live = _table(night, NewTable(game="hurricane", seats=3, turn_seconds=0), people)
    assert live.play.state is not None, night.manager.info(live).waiting
    assert json.loads(_hand(engine, live, 1).start)["out"] == [2]
    spectator = live.play.state.view(None)
    assert spectator.cards[2] == () and not spectator.live[2]
    anted = next(e for e in spectator.events if isinstance(e, Anted))
    assert sorted(anted.seats) == [0, 1]
    _act(night, live, set(people))
    assert live.play.last is not None and live.play.last["hand"] == 1
    assert live.play.last["net"][2] == 0 and live.play.last["players"][2] == "nobody"
    assert live.play.state is not None and live.play.match.table.hand == 2  # and the next is dealt
    bankrolls_balance(engine)


def test_removing_a_player_leaves_the_others_playing(client: TestClient) -> None:
    """The host removes one of three players: they play out the hand in play (their own
    turns, under their own timer) and stand up, and the next hand is dealt to the two left
    (the table halted before)."""
    tokens = [sign_up(client, name) for name in ("host", "ivy", "jon")]
    use(client, tokens[0])
    table = new_table(client, "hurricane", 3, {})
    for seat, token in enumerate(tokens):
        use(client, token)
        assert client.post(f"/api/tables/{table}/sit", json={"seat": seat}).status_code == 200
    live = _live(client, table)
    use(client, tokens[0])
    assert client.post(f"/api/tables/{table}/seats/2/remove").status_code == 200
    _play_hand(client, live)
    assert 2 not in live.chairs.seated and live.play.match.table.hand == 2
    assert live.play.state is not None and live.play.match.table.out == (2,)
    assert live.play.state.view(None).cards[2] == ()
    bankrolls_balance(_engine(client))


def test_a_player_whose_pages_are_all_closed_sits_out_until_a_page_opens(
    client: TestClient,
) -> None:
    """Three people; one closes their only page: at once everyone's page says they sit out,
    and the next hand is dealt without them, antes and all; their page opened again, they
    are dealt in from the hand after."""
    tokens = [sign_up(client, name) for name in ("kim", "lou", "max")]
    use(client, tokens[0])
    table = new_table(client, "hurricane", 3, {})
    assert client.post(f"/api/tables/{table}/pause").status_code == 200  # no deal yet
    for seat, token in enumerate(tokens):
        use(client, token)
        assert client.post(f"/api/tables/{table}/sit", json={"seat": seat}).status_code == 200
    live = _live(client, table)
    use(client, tokens[0])
    with client.websocket_connect(f"/ws/tables/{table}") as kim:
        assert kim.receive_json()["table"]["sitting_out"] == []
        use(client, tokens[2])
        with client.websocket_connect(f"/ws/tables/{table}") as max_page:
            max_page.receive_json()
        told = kim.receive_json()
        assert told["table"]["sitting_out"] == [2]  # at once, without a deal
        use(client, tokens[0])
        assert client.post(f"/api/tables/{table}/resume").status_code == 200
        assert live.play.state is not None and live.play.match.table.out == (2,)
        before = live.play.match.table.stakes[2]
        assert live.play.state.view(None).cards[2] == ()
        use(client, tokens[2])
        with client.websocket_connect(f"/ws/tables/{table}") as max_page:
            back = max_page.receive_json()
            assert back["you"] == 2 and back["view"]["seat"] == 2
            assert back["view"]["cards"][2] == [] and back["table"]["sitting_out"] == []
            _play_hand(client, live)
            dealt = live.play.match.table  # afresh: mypy would keep `out` as it was before
            assert dealt.out == ()  # hand 2: dealt in again
            assert live.play.match.table.stakes[2] == before  # hand 1 cost them nothing
    engine = _engine(client)
    hand = _hand(engine, live, 1)
    assert json.loads(hand.result)["net"][2] == 0
    assert live.chairs.seated[2] not in _entries(engine, hand.id)
    bankrolls_balance(engine)


def test_two_turns_missed_in_a_row_sit_a_player_out_until_they_are_back(night: Clocked) -> None:
    """Nobody answers for seat 3: its first turn run out by the timer, it still plays; the
    second, it sits out and the hands after are dealt without it, at no cost, until it says it
    is back."""
    engine = night.engine
    people = _people(engine, "nia", "oz", "pat")
    live = _table(night, NewTable(game="hurricane", seats=3, turn_seconds=30), people)
    playing, idler = set(people[:2]), people[2]
    missed = 0
    while missed < 2:
        while live.chairs.holders is None or live.chairs.holders[_to_act(live)] != idler:
            _act(night, live, playing)
        assert 2 not in live.chairs.sitting_out()
        night.later(31)
        missed += 1
    assert live.chairs.sitting_out() == [2]
    table = live.play.match.table
    dealt_without = table.hand if 2 in table.out else table.hand + 1
    while live.play.match.table.hand <= dealt_without + 1:  # two hands without it
        _act(night, live, playing)
        assert live.play.state is not None
        if live.play.match.table.hand >= dealt_without:
            assert live.play.match.table.out == (2,)
    stake = live.play.match.table.stakes[2]
    night.run(live.submit, Back(idler))  # "I'm back"
    assert live.chairs.sitting_out() == []
    while 2 in live.play.match.table.out:
        _act(night, live, playing)
    assert live.play.state is not None and live.play.state.view(2).cards[2] != ()
    anted = next(e for e in live.play.state.view(None).events if isinstance(e, Anted))
    assert 2 in anted.seats and live.play.match.table.stakes[2] == stake
    for number in range(dealt_without, live.play.match.table.hand):
        assert json.loads(_hand(engine, live, number).result)["net"][2] == 0
    bankrolls_balance(engine)


def test_an_abandoned_table_closes_however_its_timers_run(night: Clocked) -> None:
    """Both players close their pages in the middle of hand 1: the timers play their turns,
    no hand 2 is dealt to them, and with nobody connected the table closes after the idle
    time, its hand settled and kept (before, each timeout counted as activity: the table
    dealt on and never closed)."""
    engine = night.engine
    people = _people(engine, "quin", "rae")
    live = _table(night, NewTable(game="hurricane", seats=2, turn_seconds=30), people)
    for account in people:
        night.run(live.submit, Opened(account))
    assert live.play.state is not None and night.run(night.manager.sweep, 0.0) == []
    for account in people:
        night.run(live.submit, Closed(account))
    now = 0.0
    closed: list[int] = []
    while not closed:
        night.later(31)  # a turn runs out
        now += 20
        closed = night.run(night.manager.sweep, now)
        assert now <= 80, "the table did not close"
    assert closed == [live.row.id] and now >= NIGHT_POLICY.idle_seconds
    assert [h.number for h in store.finished_hands(engine, live.row.id)] == [1]
    assert store.load_table(engine, live.row.id).over == "closed: idle for 1 min"  # type: ignore[union-attr]
    bankrolls_balance(engine)


def test_a_table_with_a_page_open_stays_open(night: Clocked) -> None:
    """Someone watching (a page open, nothing done) keeps the table from closing."""
    engine = night.engine
    people = _people(engine, "sal", "tom")
    live = _table(night, NewTable(game="hurricane", seats=2, turn_seconds=0), people)
    night.run(live.submit, Opened(people[0]))
    for now in (0.0, 60.0, 600.0):
        assert night.run(night.manager.sweep, now) == []
    night.run(live.submit, Closed(people[0]))
    assert night.run(night.manager.sweep, 600.0) == []
    assert night.run(night.manager.sweep, 660.0) == [live.row.id]


def test_a_seat_request_reaches_the_askers_page_at_once(client: TestClient) -> None:
    """The asker's page is told that it waits, then at once that the host refused; the host's
    page learns of the request at once; an approved asker is told and seated."""
    host, asker, other = (sign_up(client, name) for name in ("uma", "val", "wes"))
    use(client, host)
    table = new_table(client, "hurricane", 3, {})
    client.post(f"/api/tables/{table}/sit", json={"seat": 0})
    client.post(f"/api/tables/{table}/settings", json={"approve_seats": True})
    with client.websocket_connect(f"/ws/tables/{table}") as host_page:
        assert host_page.receive_json()["table"]["requests"] == 0
        use(client, asker)
        with client.websocket_connect(f"/ws/tables/{table}") as page:
            assert page.receive_json()["you"] is None
            assert client.post(f"/api/tables/{table}/request", json={"seat": 1}).json() == {
                "requested": 1
            }
            while (told := page.receive_json())["type"] != "request":
                pass
            assert told["status"] == "waiting" and told["seat"] == 1
            assert (
                told["message"] == "You asked uma, the host, for seat 2: waiting for their answer."
            )
            while (seen := host_page.receive_json())["table"]["requests"] != 1:
                pass
            use(client, host)
            account = client.get(f"/api/tables/{table}/host").json()["requests"][0]["account"]
            client.post(f"/api/tables/{table}/requests/{account}/refuse", json={})
            while (told := page.receive_json())["type"] != "request":
                pass
            assert told["status"] == "refused"
            assert told["message"] == (
                "uma, the host, refused your request for seat 2. You can watch the table."
            )
        use(client, other)
        with client.websocket_connect(f"/ws/tables/{table}") as page:
            page.receive_json()
            client.post(f"/api/tables/{table}/request", json={})
            use(client, host)
            account = client.get(f"/api/tables/{table}/host").json()["requests"][0]["account"]
            client.post(f"/api/tables/{table}/requests/{account}/approve", json={})
            answers: list[dict[str, Any]] = []
            while not answers or answers[-1]["status"] != "approved":
                message = page.receive_json()
                if message["type"] == "request":
                    answers.append(message)
            assert [a["status"] for a in answers] == ["waiting", "approved"]
            assert (
                answers[-1]["message"] == "uma, the host, approved your request: you sit at seat 2."
            )
    assert seen["table"]["requests"] == 1


def test_an_ended_tables_host_panel_offers_only_the_ledger(client: TestClient) -> None:
    sign_up(client, "xia")
    table = new_table(client, "hurricane", 2, {1: "random"})
    client.post(f"/api/tables/{table}/sit", json={"seat": 0})
    assert "away" in client.get(f"/api/tables/{table}/host").json()
    assert client.post(f"/api/tables/{table}/end").status_code == 200
    during = client.get(f"/api/tables/{table}/host").json()
    assert during["ending"] == "ended by the host, xia" and during["over"] is None
    finish_hand(client, _live(client, table))  # the hand in play ends the table
    panel = client.get(f"/api/tables/{table}/host").json()
    assert panel == {
        "over": "ended by the host, xia",
        "ledger": f"/api/tables/{table}/ledger.csv",
    }
    for path, body in (
        ("seats/0/away", {"away": True}),
        ("seats/0/remove", None),
        ("seats/0/topup", {"amount": 5}),
        ("seats/1/computer", None),
        ("pause", None),
        ("settings", {"approve_seats": True}),
        ("end", None),
    ):
        method = "DELETE" if path == "seats/1/computer" else "POST"
        refused = client.request(method, f"/api/tables/{table}/{path}", json=body)
        assert refused.status_code == 400, path
        assert refused.json()["detail"] == (
            "the table is over (ended by the host, xia): only its ledger is left to download"
        )
    sheet = client.get(f"/api/tables/{table}/ledger.csv")
    assert sheet.status_code == 200
    assert sheet.text.startswith("player,game,hands,net,topped_up,approved\n")
    assert "\nxia,hurricane,1," in sheet.text
