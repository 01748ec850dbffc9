"""What a socket must never get and never do: another seat's unrevealed cards; actions out of
turn, for another seat, malformed or oversized, or without the seat's session; floods."""

from __future__ import annotations

import json
import random
import re
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import FAST, new_table, page_client, play_until, sign_up, use

from pokernight.cards import Card, DualCard, Joker
from pokernight.engine.actions import parse_action
from pokernight.web import store
from pokernight.web.app import create_app
from pokernight.web.live import LiveTable
from pokernight.web.play import table_state
from pokernight.web.sockets import Limits

Playable = Card | Joker | DualCard
SEEDED_MATCH = 11


def _forms(card: Playable) -> set[str]:
    return {str(card), card.pretty()}


def _tokens(message: dict[str, Any]) -> set[str]:
    text = json.dumps(message, ensure_ascii=False)
    return set(re.findall(r"[A-Za-z0-9/♠♥♦♣]+", text))


def _unrevealed(table: LiveTable, you: int) -> dict[int, set[str]]:
    """For each finished hand: the card forms of other seats that no spectator ever saw."""
    result: dict[int, set[str]] = {}
    for hand in store.finished_hands(table.play.engine, table.row.id):
        state = table.play.match.game.new_hand(table_state(hand.start), hand.seed)
        held: set[str] = set()
        public: set[str] = set()
        own: set[str] = set()
        for text in [*hand.actions, None]:
            for seat in range(table.row.seats):
                forms = {f for c in state.view(seat).hole if c is not None for f in _forms(c)}
                if seat == you:
                    own |= forms
                else:
                    held |= forms
            spectator = state.view(None)
            for cards in spectator.cards:
                public |= {f for c in cards if c is not None for f in _forms(c)}
            public |= {f for c in spectator.board for f in _forms(c)}
            public |= {str(e) for e in spectator.events}
            if text is not None:
                state.apply(parse_action(text))
        shown = state.outcome().shown  # type: ignore[union-attr]
        public |= {f for cards in shown.values() for c in cards for f in _forms(c)}
        everything = " ".join(public)
        result[hand.number] = {f for f in held - own if f not in public and f not in everything}
    return result


def test_no_socket_ever_gets_another_seats_unrevealed_card(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A fixed match seed: with a random one, every hand of the three may go to a full showdown
    # and leave nothing hidden to look for.
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(SEEDED_MATCH))
    sign_up(client, "watcher")
    table_id = new_table(client, "hurricane", 5, {s: "random" for s in range(1, 5)})
    client.post(f"/api/tables/{table_id}/sit", json={"seat": 0})
    log: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        play_until(ws, lambda m: (m["last"] or {}).get("hand") == 4, log)
    table = client.app.state.manager.tables[table_id]  # type: ignore[attr-defined]
    hidden = _unrevealed(table, 0)
    assert hidden and all(hidden.values())
    for message in log:
        view = message["view"]
        if view is None:
            continue
        leaked = _tokens(view) & hidden.get(view["hand"], set())
        assert not leaked, f"hand {view['hand']}: {leaked}"
        if message["last"]:
            assert not _tokens(message["last"]) & hidden[message["last"]["hand"]]
        if view["to_act"] is not None:
            others = [c for s, cards in enumerate(view["cards"]) if s != 0 for c in cards]
            assert others and all(c is None for c in others)


def _two_people(client: TestClient) -> tuple[int, dict[int, str]]:
    tokens = {0: sign_up(client, "north")}
    table = new_table(client, "hurricane", 2, {})
    client.post(f"/api/tables/{table}/sit", json={"seat": 0})
    tokens[1] = sign_up(client, "south")
    client.post(f"/api/tables/{table}/sit", json={"seat": 1})
    return table, tokens


def test_refused_messages_get_an_error_and_change_nothing(client: TestClient) -> None:
    table, tokens = _two_people(client)
    use(client, None)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        mover = ws.receive_json()["view"]["to_act"]
    waiter = 1 - mover
    use(client, tokens[waiter])
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        before = ws.receive_json()
        attempts: list[tuple[str, str]] = [
            (json.dumps({"type": "act", "action": "check"}), "not your turn"),
            (json.dumps({"type": "act", "action": "check", "seat": mover}), "cannot act for"),
            ("{not json", "malformed"),
            (json.dumps({"type": "act"}), "malformed"),
            (json.dumps({"type": "dance", "action": "check"}), "malformed"),
            (json.dumps({"type": "act", "action": "x" * 3000}), "too long"),
        ]
        for text, words in attempts:
            ws.send_text(text)
            reply = ws.receive_json()
            assert reply["type"] == "error" and words in reply["message"], (text, reply)
            assert reply["seq"] == before["seq"]
        ws.send_json({"type": "sync"})
        assert ws.receive_json() == before
    use(client, tokens[mover])
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        start = ws.receive_json()
        ws.send_json({"type": "act", "action": "raise 99"})
        reply = ws.receive_json()
        assert reply["type"] == "error" and reply["seq"] == start["seq"]
        ws.send_json({"type": "act", "action": "check", "seq": start["seq"] + 1000})
        assert "moved on" in ws.receive_json()["message"]  # a version never sent
        ws.send_json({"type": "act", "action": "check", "seq": start["seq"]})
        moved = ws.receive_json()
        assert moved["type"] == "state" and moved["seq"] > start["seq"]
        ws.send_json({"type": "act", "action": "check", "seq": start["seq"]})
        assert "moved on" in ws.receive_json()["message"]  # a turn that has passed


def test_seat_actions_need_the_seats_session(client: TestClient) -> None:
    table, _ = _two_people(client)
    for token in (None, sign_up(client, "stranger")):
        use(client, token)
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            state = ws.receive_json()
            assert state["you"] is None
            ws.send_json({"type": "act", "action": "check", "seat": state["view"]["to_act"]})
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["seq"] == state["seq"]


def test_a_flood_of_messages_is_rate_limited(database: str) -> None:
    with page_client(create_app(database, FAST, Limits(rate=0.001, burst=5))) as client:
        sign_up(client, "flood")
        table = new_table(client, "draw", 2, {1: "computer"})
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            ws.receive_json()
            for _ in range(10):
                ws.send_json({"type": "sync"})
            replies = [ws.receive_json() for _ in range(10)]
    limited = [r for r in replies if r["type"] == "error"]
    assert len(limited) == 5 and all("too many" in r["message"] for r in limited)


def test_an_accounts_sockets_share_one_budget(database: str) -> None:
    """Each socket may send 5 at once, the account 10 across its sockets: four sockets of
    one account sending 5 each get 10 through, whichever sockets they come from; another
    account's socket is not held up."""
    with page_client(create_app(database, FAST, Limits(rate=0.001, burst=5))) as client:
        sign_up(client, "many")
        table = new_table(client, "draw", 2, {1: "computer"})
        path = f"/ws/tables/{table}"
        with ExitStack() as held:
            pages = [held.enter_context(client.websocket_connect(path)) for _ in range(4)]
            for ws in pages:
                ws.receive_json()
            for ws in pages:
                for _ in range(5):
                    ws.send_json({"type": "sync"})
            replies = [ws.receive_json() for ws in pages for _ in range(5)]
            spent = [r for r in replies if r["type"] == "error"]
            assert len(replies) - len(spent) == 10
            assert all(
                r["message"] == "too many messages from your account: slow down" for r in spent
            )
            sign_up(client, "calm")
            with client.websocket_connect(path) as other:
                other.receive_json()
                other.send_json({"type": "sync"})
                assert other.receive_json()["type"] == "state"
