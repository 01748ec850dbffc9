"""Each table's chat: plain text lines kept with the table, read by polling. The players and
the host read and write it; spectators only where the host lets them. A line is stored as
typed: the page puts it in as text, never as markup. (No postponed annotations: FastAPI
reads these routes' dependencies.)"""

import math
from typing import Any

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, ConfigDict, Field

from pokernight.errors import PokernightError
from pokernight.web import hosting
from pokernight.web.accounts import Account
from pokernight.web.routes.server import Current, Served, Server, Signed
from pokernight.web.throttle import TooMany

router = APIRouter()


class Line(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(min_length=1, max_length=hosting.CHAT_LENGTH)


def readable(server: Server, table_id: int, found: Account | None) -> None:
    """Refused (403) unless ``found`` plays or hosts at the table, or spectators may chat."""
    table = server.live(table_id)
    account = found[0] if found else None
    at_table = account is not None and (
        table.row.owner == account or table.chairs.chair_of(account) is not None
    )
    if not at_table and not table.play.hosting.spectator_chat:
        raise HTTPException(
            403, "this table's chat is for its players: the host has not opened it to you"
        )


@router.get("/api/tables/{table_id}/chat")
def read(table_id: int, found: Current, server: Served, after: int = 0) -> list[dict[str, Any]]:
    readable(server, table_id, found)
    return hosting.said(server.engine, table_id, after)


@router.post("/api/tables/{table_id}/chat", status_code=201)
def write(table_id: int, body: Line, found: Signed, server: Served) -> dict[str, bool]:
    readable(server, table_id, found)
    text = " ".join(body.text.split())
    if not text or not text.isprintable():
        raise PokernightError("a chat line is printable text, not only spaces")
    wait = server.chat_lines.take(str(found[0]), server.rules.clock())
    if wait:
        raise TooMany(f"too many chat lines: try again in {math.ceil(wait)} s", wait)
    hosting.say(server.engine, table_id, found[0], text)
    return {"ok": True}
