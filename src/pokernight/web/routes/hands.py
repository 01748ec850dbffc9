"""The night's hands served to the page: the list, a hand replayed step by step as the asker
saw it, and its PHH (``web.hand_history`` makes each). (No postponed annotations: FastAPI
reads these routes' dependencies.)"""

from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import PlainTextResponse

from pokernight.history.phh import has_phh, no_phh_form, phh_hand
from pokernight.web import store
from pokernight.web.hand_history import record_of, replay, summary, viewer_of
from pokernight.web.play import Play
from pokernight.web.routes.server import Current, Served, Server
from pokernight.web.standings import standings

router = APIRouter()


def finished(server: Server, table_id: int) -> tuple[Play, list[store.HandRow]]:
    table = server.stored(table_id).play
    return table, store.finished_hands(server.engine, table_id)


def one(server: Server, table_id: int, number: int) -> tuple[Play, store.HandRow]:
    table, hands = finished(server, table_id)
    found = next((h for h in hands if h.number == number), None)
    if found is None:
        raise HTTPException(404, f"table {table_id} has no finished hand {number}")
    return table, found


@router.get("/api/tables/{table_id}/hands")
def night(table_id: int, found: Current, server: Served) -> list[dict[str, Any]]:
    """The table's finished hands, the latest first."""
    account = found[0] if found else None
    table, hands = finished(server, table_id)
    return [summary(h, account, table.game_of(h)) for h in reversed(hands)]


@router.get("/api/tables/{table_id}/standings")
def night_standings(table_id: int, server: Served) -> list[dict[str, Any]]:
    """Each game the table played and how each player stands in it, in its own unit."""
    table = server.stored(table_id)
    return standings(server.engine, table_id, table.row.game)


@router.get("/api/tables/{table_id}/hands/{number}")
def steps_of(table_id: int, number: int, found: Current, server: Served) -> dict[str, Any]:
    table, hand = one(server, table_id, number)
    return replay(table, hand, viewer_of(hand, found[0] if found else None))


@router.get("/api/tables/{table_id}/hands/{number}/phh", response_class=PlainTextResponse)
def phh(table_id: int, number: int, found: Current, server: Served) -> PlainTextResponse:
    """The hand as PHH, as the asker saw it (cards they never saw are ``??``)."""
    table, hand = one(server, table_id, number)
    game = table.game_of(hand)
    if not has_phh(game):
        raise HTTPException(404, no_phh_form(game.name))
    viewer = viewer_of(hand, found[0] if found else None)
    seen = "a spectator" if viewer is None else f"seat {viewer + 1}"
    header = [f"pokernight {game.name}, table {table_id}, hand {number}, as {seen} saw it"]
    text = phh_hand(record_of(table, hand), viewer).text(header)
    name = f"table-{table_id}-hand-{number}.phh"
    headers = {"Content-Disposition": f'attachment; filename="{name}"'}
    return PlainTextResponse(text, headers=headers)
