"""The night's hands in the page: each finished hand's result, opened to its actions and
showdown, replayed step by step from the stored record by the command line's replay
(``history.record``: dealt from its seed, its actions applied one by one, its outcome checked
against the stored one), and downloaded as PHH where the game has a PHH form.

Hidden cards stay hidden: every step is the view of the seat the asker was dealt at that hand
(a spectator's view for anyone else), the same view the live table sent them, and nothing is
sent that would deal the hand again (its seed, its actions' words: ``web.records`` says why).
(No postponed annotations: FastAPI reads these routes' dependencies.)"""

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException
from fastapi.responses import PlainTextResponse

from pokernight.engine.actions import parse_action
from pokernight.history.phh import has_phh, no_phh_form, phh_hand
from pokernight.history.record import GameRecord, check, deal, steps
from pokernight.web import store
from pokernight.web.live import LiveTable, table_state
from pokernight.web.manager import Manager
from pokernight.web.views import SeatLog, view_model

Account = tuple[int, str, bool]


def summary(hand: store.HandRow, account: int | None, phh: bool) -> dict[str, Any]:
    """One finished hand in the list: its number, its result in words, each seat's net and
    player, the seat the asker played (None: they watched) and whether it has a PHH form."""
    result = hand.result or {}
    return {
        "hand": hand.number,
        "phh": phh,
        "said": result.get("said", []),
        "net": result.get("net", []),
        "players": result.get("players", []),
        "seat": viewer_of(hand, account),
    }


def viewer_of(hand: store.HandRow, account: int | None) -> int | None:
    """The seat ``account`` was dealt at in ``hand`` (None: not dealt in, or not signed in)."""
    out = hand.start.get("out", [])
    holders = hand.holders or []
    return next((s for s, a in enumerate(holders) if a == account and s not in out), None)


def record_of(table: LiveTable, hand: store.HandRow) -> GameRecord:
    """The stored hand as a record the command line replays."""
    result = hand.result or {}
    after = result["next"]
    return GameRecord(
        game=table.match.game,
        seats=tuple(result.get("players", [])),
        table=table_state(hand.start),
        seed=hand.seed,
        actions=tuple(parse_action(a) for a in hand.actions),
        net=tuple(result["net"]),
        stakes=tuple(after["stakes"]),
        where=f"table {table.row.id}, hand {hand.number}",
        carry=after.get("carry", 0),
    )


def replay(table: LiveTable, hand: store.HandRow, viewer: int | None) -> dict[str, Any]:
    """The hand step by step as ``viewer`` saw it: its view as dealt and after each action,
    each with the events that step added (in the shape of the table socket's views, without
    the choices a seat had), the outcome checked against the stored one."""
    record = record_of(table, hand)
    state = deal(record)
    log = SeatLog(table.row.game, len(record.table.stakes), viewer)
    frames: list[dict[str, Any]] = []

    def frame() -> None:
        view = view_model(state.view(viewer), log, frames[-1]["upto"] if frames else 0)
        view.pop("legal")
        frames.append({**view, "upto": len(log.dicts)})

    frame()
    for _ in steps(record, state):
        frame()
    check(record, state)
    return {
        "hand": hand.number,
        "seat": viewer,
        "players": list(record.seats),
        "said": (hand.result or {}).get("said", []),
        "net": list(record.net),
        "phh": has_phh(record.game),
        "steps": frames,
    }


def router(manager: Manager, current: Callable[..., Account | None]) -> APIRouter:
    routes = APIRouter()
    Viewer = Annotated[Account | None, Depends(current)]

    def finished(table_id: int) -> tuple[LiveTable, list[store.HandRow]]:
        table = manager.stored(table_id)
        if table is None:
            raise HTTPException(404, f"no table {table_id}")
        return table, store.finished_hands(manager.engine, table_id)

    def one(table_id: int, number: int) -> tuple[LiveTable, store.HandRow]:
        table, hands = finished(table_id)
        found = next((h for h in hands if h.number == number), None)
        if found is None:
            raise HTTPException(404, f"table {table_id} has no finished hand {number}")
        return table, found

    @routes.get("/api/tables/{table_id}/hands")
    def night(table_id: int, found: Viewer) -> list[dict[str, Any]]:
        """The table's finished hands, the latest first."""
        account = found[0] if found else None
        table, hands = finished(table_id)
        phh = has_phh(table.match.game)
        return [summary(h, account, phh) for h in reversed(hands)]

    @routes.get("/api/tables/{table_id}/hands/{number}")
    def steps_of(table_id: int, number: int, found: Viewer) -> dict[str, Any]:
        table, hand = one(table_id, number)
        return replay(table, hand, viewer_of(hand, found[0] if found else None))

    @routes.get("/api/tables/{table_id}/hands/{number}/phh", response_class=PlainTextResponse)
    def phh(table_id: int, number: int, found: Viewer) -> PlainTextResponse:
        """The hand as PHH, as the asker saw it (cards they never saw are ``??``)."""
        table, hand = one(table_id, number)
        if not has_phh(table.match.game):
            raise HTTPException(404, no_phh_form(table.match.game.name))
        viewer = viewer_of(hand, found[0] if found else None)
        seen = "a spectator" if viewer is None else f"seat {viewer + 1}"
        header = [f"pokernight {table.row.game}, table {table_id}, hand {number}, as {seen} saw it"]
        text = phh_hand(record_of(table, hand), viewer).text(header)
        name = f"table-{table_id}-hand-{number}.phh"
        headers = {"Content-Disposition": f'attachment; filename="{name}"'}
        return PlainTextResponse(text, headers=headers)

    return routes
