"""Between hands a table keeps showing the hand just finished, as each seat saw it at its end,
until the next deal: to the people it was dealt to only. Whoever sits down in a vacated seat
sees it as a spectator does (never the cards dealt to that seat before), and a restarted
server shows it again."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from tests.web.conftest import UNLIMITED, new_table, page_client, sign_up, use
from tests.web.replays import stored_hand

from pokernight.engine.protocol import HandState
from pokernight.web.app import create_app
from pokernight.web.live import LiveTable
from pokernight.web.pace import Pace
from pokernight.web.views import view_model

PAUSED = Pace(bot_delay=0, hand_pause=600)
"""Computer seats act at once; the next hand waits (the tests end before it is dealt)."""


def _live(client: TestClient, table: int) -> LiveTable:
    return client.app.state.manager.tables[table]  # type: ignore[attr-defined, no-any-return]


def _state(client: TestClient, table: int, token: str | None) -> dict[str, Any]:
    use(client, token)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        return dict(ws.receive_json())


def _act(client: TestClient, table: int, token: str, kind: str) -> dict[str, Any]:
    """Take the first legal action of ``kind`` from ``token``'s seat; the first state that
    follows it."""
    use(client, token)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        first = ws.receive_json()
        seq, legal = first["seq"], first["view"]["legal"]["actions"]
        action = next(a for a in legal if a.split()[0] == kind)
        ws.send_json({"type": "act", "action": action, "seq": seq})
        while (message := ws.receive_json())["seq"] == seq:
            pass
    assert message["type"] == "state", message
    return dict(message)


def _folded_hand(client: TestClient) -> tuple[int, list[str], int, HandState]:
    """Two people at five-card draw: the first to act bets, the other folds, so nobody's cards
    are shown. The table, the tokens, the folder's seat and the finished hand."""
    tokens = [sign_up(client, "north"), sign_up(client, "south")]
    table = new_table(client, "draw", 2, {})
    for seat, token in enumerate(tokens):
        use(client, token)
        assert client.post(f"/api/tables/{table}/sit", json={"seat": seat}).status_code == 200
    live = _live(client, table)
    assert live.play.state is not None
    better = live.play.state.to_act()
    assert better is not None
    folder = 1 - better
    _act(client, table, tokens[better], "bet")
    assert _act(client, table, tokens[folder], "fold")["last"]["hand"] == 1
    hand, _ = stored_hand(client.app.state.manager.engine, table, 1)  # type: ignore[attr-defined]
    return table, tokens, folder, hand


def test_the_finished_hand_stays_for_its_players_and_a_newcomer_sees_it_as_a_spectator(
    database: str,
) -> None:
    with page_client(create_app(database, PAUSED, UNLIMITED)) as client:
        table, tokens, folder, hand = _folded_hand(client)
        mine = _state(client, table, tokens[folder])
        assert mine["you"] == folder and mine["view"]["to_act"] is None
        assert mine["view"] == view_model(hand.view(folder))
        assert all(mine["view"]["cards"][folder])  # the folder still sees their own cards
        assert mine["deadline"] > time.time() + 60  # the next deal, counted down by the page
        assert client.post(f"/api/tables/{table}/leave").status_code == 200
        newcomer = sign_up(client, "west")
        assert client.post(f"/api/tables/{table}/sit", json={"seat": folder}).status_code == 200
        seen = _state(client, table, newcomer)
        assert seen["you"] == folder
        assert seen["view"] == view_model(hand.view(None))
        assert seen["view"]["cards"][folder] == [None] * 5
        assert _state(client, table, tokens[folder])["view"] == view_model(hand.view(None))


def test_a_restarted_server_shows_the_finished_hand_again(database: str) -> None:
    """After a restart between hands (here a seat is empty, so no hand is dealt) the table
    still shows the hand last finished, not an empty table."""
    with page_client(create_app(database, PAUSED, UNLIMITED)) as client:
        table, tokens, folder, hand = _folded_hand(client)
        use(client, tokens[folder])
        assert client.post(f"/api/tables/{table}/leave").status_code == 200
        stayer = 1 - folder
        before = _state(client, table, tokens[stayer])
    with page_client(create_app(database, PAUSED, UNLIMITED)) as client:
        after = _state(client, table, tokens[stayer])
    assert after["view"] == before["view"] == view_model(hand.view(stayer))
    assert after["last"] == before["last"] and after["seq"] > before["seq"]
