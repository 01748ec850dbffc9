"""A table, for the people at it and for anyone watching: taking a seat (or asking the host
for one), leaving, what it is dealt from, its finished hands' records and its socket. (No
postponed annotations: FastAPI reads these routes' dependencies.)"""

import math

from fastapi import APIRouter, HTTPException, Request, WebSocket
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, ConfigDict

from pokernight.errors import PokernightError
from pokernight.web import replies
from pokernight.web.commands import AskSeat, Leave, Sit
from pokernight.web.messages import TableInfo
from pokernight.web.records import public_records
from pokernight.web.routes.server import Served, Server, Signed, address
from pokernight.web.sockets import table_socket
from pokernight.web.throttle import TooMany

router = APIRouter()


class SeatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int


class Asked(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int | None = None
    """The seat asked for; None: any open one."""


@router.post("/api/tables/{table_id}/sit")
async def sit(table_id: int, body: SeatRequest, found: Signed, server: Served) -> TableInfo:
    """Async: taking the last open seat starts the table's loop on the server's event loop."""
    table = server.live(table_id)
    if table.play.hosting.approve_seats and table.row.owner != found[0]:
        raise HTTPException(403, "the host approves seats at this table: ask for one")
    server.carry_out(table, Sit(found[0], body.seat, guest=found[2]))
    await server.manager.writer.flush()  # answered once the seat is stored
    return server.manager.info(table)


@router.post("/api/tables/{table_id}/request", response_model_exclude_unset=True)
async def ask(table_id: int, body: Asked, found: Signed, server: Served) -> replies.Seating:
    """A seat, at once where the host approves no seats (or for the host); else a request
    the host sees in their panel."""
    table = server.live(table_id)
    mine = table.chairs.chair_of(found[0])
    if mine is not None and body.seat in (None, mine):
        return replies.Seating(seated=mine)  # the invite or the phone page opened again
    if not table.play.hosting.approve_seats or table.row.owner == found[0]:
        seat = table.chairs.free_seat(body.seat)
        server.carry_out(table, Sit(found[0], seat, guest=found[2]))
        await server.manager.writer.flush()
        return replies.Seating(seated=seat)
    if mine is not None:
        raise PokernightError(f"you already sit at this table, at seat {mine + 1}")
    if found[2]:
        raise PokernightError("guests play the computer alone: sign up to sit with people")
    if table.row.over:
        raise PokernightError(f"the table is over: {table.row.over}")
    server.paced(found[0], "seat requests")
    server.carry_out(table, AskSeat(found[0], body.seat))
    return replies.Seating(requested=body.seat)


@router.post("/api/tables/{table_id}/leave")
async def leave(table_id: int, found: Signed, server: Served) -> TableInfo:
    table = server.live(table_id)
    server.carry_out(table, Leave(found[0]))
    await server.manager.writer.flush()
    return server.manager.info(table)


@router.get("/api/tables/{table_id}/records", response_class=PlainTextResponse)
def records(table_id: int, request: Request, server: Served) -> PlainTextResponse:
    """Finished hands only, as a spectator saw them (``web.records``); a closed table's
    too. Limited per client address (``Policy.download_rate``)."""
    wait = server.downloads.take(address(request), server.rules.clock())
    if wait:
        raise TooMany(f"too many downloads: try again in {math.ceil(wait)} s", wait)
    table = server.stored(table_id)
    headers = {"Content-Disposition": f'attachment; filename="table-{table_id}.jsonl"'}
    return PlainTextResponse(public_records(table.play, server.engine), headers=headers)


@router.get("/api/tables/{table_id}/deal")
def deal(table_id: int, server: Served) -> replies.Dealing:
    """What the table is dealt from, for anyone to check: a practice table (its host's
    seed), and a verifiable table's commitment (the SHA-256 of its secret, published
    before its first hand) and, once it is over (closed ones too), the secret itself."""
    row = server.stored(table_id).row
    return replies.Dealing(
        practice=row.practice,
        verifiable=row.verifiable,
        commitment=row.commitment,
        secret=row.revealed,
    )


@router.websocket("/ws/tables/{table_id}")
async def socket(websocket: WebSocket, table_id: int) -> None:
    server: Server = websocket.app.state.server
    await table_socket(websocket, table_id, server.manager, server.limits, server.messages)
