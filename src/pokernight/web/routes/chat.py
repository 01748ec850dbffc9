"""Each table's chat: plain text lines kept with the table, each sent at once over the table's
socket to every page that may read it (``outbox.ChatRoom``), the lines before a page opened
read here. The players and the host read and write it; spectators only where the host lets
them. A line is stored as typed: the page puts it in as text, never as markup. (No postponed
annotations: FastAPI reads these routes' dependencies.)"""

import math
from typing import Any

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, ConfigDict, Field

from pokernight.errors import PokernightError
from pokernight.web import hosting
from pokernight.web.accounts import Account
from pokernight.web.play import Play
from pokernight.web.routes.server import Current, Served, Signed
from pokernight.web.throttle import TooMany

router = APIRouter()


class Line(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(min_length=1, max_length=hosting.CHAT_LENGTH)


def reads(play: Play, account: int | None) -> bool:
    """Whether ``account`` (None: no one signed in) may read the table's chat: its host and
    players may, spectators where the host opened it to them."""
    at_table = account is not None and (
        play.row.owner == account or play.chairs.chair_of(account) is not None
    )
    return at_table or play.hosting.spectator_chat


def readable(play: Play, found: Account | None) -> None:
    """Refused (403) unless ``found`` may read the table's chat."""
    if not reads(play, found[0] if found else None):
        raise HTTPException(
            403, "this table's chat is for its players: the host has not opened it to you"
        )


@router.get("/api/tables/{table_id}/chat")
def read(table_id: int, found: Current, server: Served, after: int = 0) -> list[dict[str, Any]]:
    readable(server.live(table_id).play, found)
    return hosting.said(server.engine, table_id, after)


@router.post("/api/tables/{table_id}/chat", status_code=201)
async def write(table_id: int, body: Line, found: Signed, server: Served) -> dict[str, bool]:
    """Keep the line and send it to the table's pages. On the server's loop, where the
    sockets' senders run: each page that may read the chat has it as soon as it is kept."""
    table = server.live(table_id)
    readable(table.play, found)
    text = " ".join(body.text.split())
    if not text or not text.isprintable():
        raise PokernightError("a chat line is printable text, not only spaces")
    wait = server.chat_lines.take(str(found[0]), server.rules.clock())
    if wait:
        raise TooMany(f"too many chat lines: try again in {math.ceil(wait)} s", wait)
    line = hosting.say(server.engine, table_id, found[0], text)
    table.outbox.chat.say(line, lambda account: reads(table.play, account))
    return {"ok": True}
