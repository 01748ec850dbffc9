"""Asking before acting, over the table socket: the game's own reason for a move it would
refuse (Big Two), a Pai Gow setting's hands and foul before it is set, the house way on
request; nothing changes, and a screen that only watches, or a seat whose turn it is not, is
told why."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from tests.web.clocked import Clocked
from tests.web.conftest import new_table, sign_up
from tests.web.replays import stored_hand
from tests.web.test_custody import _engine
from tests.web.test_table_life import _people, _table, _to_act

from pokernight.cards import parse_card
from pokernight.engine.actions import parse_action
from pokernight.errors import IllegalAction, PokernightError
from pokernight.games.paigow.hands import make_setting
from pokernight.games.paigow.preview import FOUL
from pokernight.games.paigow.way import house_way
from pokernight.web.commands import Act, Done
from pokernight.web.manager import NewTable
from pokernight.web.messages import server_message
from pokernight.web.trying import tried


def _answer(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` (states before it passed over), checked against the
    schema."""
    while True:
        message = ws.receive_json()
        server_message.validate_python(message)
        if message["type"] == kind:
            return dict(message)


def _turn(ws: WebSocketTestSession, kinds: tuple[str, ...]) -> dict[str, Any]:
    """The next state where it is this seat's turn to take one of ``kinds``."""
    while True:
        state = ws.receive_json()
        view = state.get("view")
        mine = view is not None and view["legal"] and view["to_act"] == state["you"]
        if mine and view["legal"]["kind"].split(",")[0] in kinds:
            return dict(state)


def test_a_pai_gow_setting_is_said_and_its_foul_warned_of_and_the_house_way_offered(
    client: TestClient,
) -> None:
    sign_up(client, "setter")
    table = new_table(client, "paigow", 1, {})
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 0}).status_code == 200
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        _turn(ws, ("bet",))
        ws.send_json({"type": "try", "action": "set As Ad"})
        early = _answer(ws, "tried")
        assert early["problem"] == "seat 1 must wager: bet 20 to 500" and early["preview"] is None
        hand = 0
        while True:
            hand += 1
            ws.send_json({"type": "act", "action": "bet 20"})
            state = _turn(ws, ("set",))
            hole = tuple(map(parse_card, state["view"]["cards"][0]))  # as `set` reads them
            pairs = combinations(hole, 2)
            fouling = next((pair for pair in pairs if make_setting(hole, pair, "").fouled), None)
            if fouling is not None:
                break
            # About one deal in thirty cannot be set to foul (seven cards of one suit, say):
            # that hand is set by the house way and the next one dealt.
            way = " ".join(map(str, house_way(hole).front))
            ws.send_json({"type": "act", "action": f"set {way}"})
            _turn(ws, ("bet",))
        text = "set " + " ".join(map(str, fouling))
        ws.send_json({"type": "try", "action": text})
        tried = _answer(ws, "tried")
        assert tried["action"] == text and tried["problem"] is None
        assert tried["warning"] == FOUL and tried["preview"].startswith("back: ")
        ws.send_json({"type": "suggest"})
        suggested = _answer(ws, "suggested")
        assert suggested["label"] == "House way"
        house = house_way(hole).front
        assert set(parse_action(suggested["action"]).cards) == set(house)
        _, actions = stored_hand(_engine(client), table, hand)
        assert actions == ["bet 20"]  # asking changed nothing
    with client.websocket_connect(f"/ws/tables/{table}?watch=1") as screen:
        screen.send_json({"type": "try", "action": text})
        assert _answer(screen, "error")["message"] == (
            "sign in and take a seat to ask (a shared screen only watches)"
        )


@pytest.mark.parametrize("move", ["pair", "pass"])
def test_big_two_says_why_it_would_refuse_a_play(client: TestClient, move: str) -> None:
    sign_up(client, "climber")
    table = new_table(client, "bigtwo", 2, {1: "greedy"})
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 0}).status_code == 200
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        state = _turn(ws, ("play", "pass"))
        cards = state["view"]["cards"][0]
        ranks = {c[:-1]: c for c in cards}
        text = f"play {' '.join(list(ranks.values())[:2])}" if move == "pair" else "pass"
        hand, _ = stored_hand(_engine(client), table, 1)
        try:
            hand.clone().apply(parse_action(text))
            expected = None
        except IllegalAction as exc:
            expected = str(exc)
        ws.send_json({"type": "try", "action": text})
        tried = _answer(ws, "tried")
        assert tried["problem"] == expected
        if move == "pair":
            assert expected is not None and "is not a play" in expected


def test_a_question_about_an_older_version_is_not_answered_from_the_newer_one(
    client: TestClient,
) -> None:
    """A page asks about the version it holds; once the table has moved on (here: the bet
    taken, the cards dealt) a question naming the old version is told so, and the cards the
    page has not been sent yet stay unsaid. Naming the current version, it is answered."""
    sign_up(client, "asker")
    table = new_table(client, "paigow", 1, {})
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 0}).status_code == 200
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        betting = _turn(ws, ("bet",))
        ws.send_json({"type": "act", "action": "bet 20", "seq": betting["seq"]})
        setting = _turn(ws, ("set",))
        assert setting["seq"] > betting["seq"]
        hole = setting["view"]["cards"][0]
        text = f"set {hole[0]} {hole[1]}"
        for kind, asked, answer in (
            ("try", {"action": text}, "tried"),
            ("suggest", {}, "suggested"),
        ):
            ws.send_json({"type": kind, **asked, "seq": betting["seq"]})
            stale = _answer(ws, answer)
            assert stale["seq"] == setting["seq"]
            assert stale["problem"] == (
                f"the table has moved on (now at {setting['seq']}): ask about the latest state"
            )
            assert stale.get("preview") is None and stale.get("action") in (None, text)
        ws.send_json({"type": "try", "action": text, "seq": setting["seq"]})
        tried = _answer(ws, "tried")
        assert tried["problem"] is None and tried["preview"].startswith("back: ")
        ws.send_json({"type": "suggest", "seq": setting["seq"]})
        assert set(parse_action(_answer(ws, "suggested")["action"]).cards) == set(
            house_way(tuple(map(parse_card, hole))).front
        )


def test_questions_about_refused_moves_replay_the_hand_once_a_turn(
    night: Clocked, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each refused move used to be tried on a new copy of the hand, and a copy replays the
    hand: one account's sockets asking all day kept the server replaying. Now one copy a
    turn answers every question, each with the game's own reason, and the hand is untouched."""
    north, south = _people(night.engine, "nadia", "sven")
    live = _table(night, NewTable(game="hurricane", seats=2, turn_seconds=0), [north, south])
    state = live.play.state
    assert state is not None and live.chairs.holders is not None
    asker = live.chairs.holders[_to_act(live)]
    expected = []
    for text in ("raise 99999", "discard As", "play 3d"):
        try:
            state.clone().apply(parse_action(text))
        except PokernightError as exc:
            expected.append(str(exc))
    assert len(expected) == 3
    copies = []
    real = type(state).clone

    def counted(hand: Any) -> Any:
        copies.append(hand)
        return real(hand)

    monkeypatch.setattr(type(state), "clone", counted)
    before = (live.seq, state.actions)
    for _ in range(50):
        for text, why in zip(("raise 99999", "discard As", "play 3d"), expected, strict=True):
            assert tried(live.play, asker, text, None).problem == why
    assert len(copies) == 1 and (live.seq, state.actions) == before
    move = next(str(a) for a in state.legal_actions() if str(a) in ("check", "call"))
    assert night.run(live.submit, Act(asker, move)) == Done()
    if live.play.state is not None and live.play.state.to_act() is not None:
        nxt = live.chairs.holders[_to_act(live)]
        tried(live.play, nxt, "raise 99999", None)
        assert len(copies) == 2  # a new turn, a new copy
