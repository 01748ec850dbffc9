"""The room mode: ``/tables/N/tv`` shows a table on a shared screen, always as a spectator sees
it (its socket asks to watch, so a TV signed in as a player still shows no private card), and
each seat's QR code, made here as SVG, opens that seat's own page on a phone: at the server's
public address (``serve --public-url``), never one taken from the request's ``Host``. (No postponed
annotations: FastAPI reads these routes' dependencies.)"""

import io

import segno
from fastapi import APIRouter, HTTPException, Response
from fastapi.responses import FileResponse

from pokernight.web.routes.server import STATIC, Served

router = APIRouter()


def phone_address(base: str, table_id: int, seat: int) -> str:
    """The page of ``seat`` at ``table_id`` on a phone: sign in, then that seat alone."""
    return f"{base.rstrip('/')}/#/phone/{table_id}/{seat}"


@router.get("/tables/{table_id}/tv")
def tv(table_id: int, server: Served) -> FileResponse:
    server.live(table_id)
    return FileResponse(STATIC / "tv.html")


@router.get("/api/tables/{table_id}/seats/{seat}/qr.svg")
def qr(table_id: int, seat: int, server: Served) -> Response:
    table = server.manager.tables.get(table_id)
    if table is None or not 0 <= seat < table.row.seats:
        raise HTTPException(404, f"no seat {seat + 1} at table {table_id}")
    address = phone_address(server.public_url, table_id, seat)
    out = io.BytesIO()
    segno.make(address, error="m").save(
        out, kind="svg", scale=5, border=2, xmldecl=False, title=f"seat {seat + 1}: {address}"
    )
    return Response(out.getvalue(), media_type="image/svg+xml")
