"""Each table's chat: plain text lines kept with the table, read by polling. The players and
the host read and write it; spectators only where the host lets them. A line is stored as
typed: the page puts it in as text, never as markup. (No postponed annotations: FastAPI
reads these routes' dependencies.)"""

import math
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import Depends, FastAPI, HTTPException
from pydantic import BaseModel, ConfigDict, Field

from pokernight.errors import PokernightError
from pokernight.web import hosting
from pokernight.web.live import LiveTable
from pokernight.web.manager import Manager
from pokernight.web.throttle import Buckets, TooMany

Account = tuple[int, str, bool]


class Line(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(min_length=1, max_length=hosting.CHAT_LENGTH)


def add_routes(
    app: FastAPI,
    manager: Manager,
    current: Callable[..., Account | None],
    signed_in: Callable[..., Account],
) -> None:
    lines = Buckets(manager.policy.chat_rate, manager.policy.chat_burst)

    def readable(table_id: int, found: Account | None) -> LiveTable:
        table = manager.tables.get(table_id)
        if table is None:
            raise HTTPException(404, f"no table {table_id}")
        account = found[0] if found else None
        at_table = account is not None and (
            table.row.owner == account or table.chair_of(account) is not None
        )
        if not at_table and not table.hosting.spectator_chat:
            raise HTTPException(
                403, "this table's chat is for its players: the host has not opened it to you"
            )
        return table

    @app.get("/api/tables/{table_id}/chat")
    def read(
        table_id: int, found: Annotated[Account | None, Depends(current)], after: int = 0
    ) -> list[dict[str, Any]]:
        readable(table_id, found)
        return hosting.said(manager.engine, table_id, after)

    @app.post("/api/tables/{table_id}/chat", status_code=201)
    def write(
        table_id: int, body: Line, found: Annotated[Account, Depends(signed_in)]
    ) -> dict[str, bool]:
        readable(table_id, found)
        text = " ".join(body.text.split())
        if not text or not text.isprintable():
            raise PokernightError("a chat line is printable text, not only spaces")
        wait = lines.take(str(found[0]), manager.policy.clock())
        if wait:
            raise TooMany(f"too many chat lines: try again in {math.ceil(wait)} s", wait)
        hosting.say(manager.engine, table_id, found[0], text)
        return {"ok": True}
