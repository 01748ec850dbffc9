"""What a seated player asks of the table beyond playing: chips (a rebuy) and sitting out.

A player asks for chips; the table grants them at once within its limit (set by the host),
else the host approves or refuses (``web.rebuys``). Not at a game of points: it has no chips.
A player sits out from the next hand, or sits in again ("I'm back" does the same). (No
postponed annotations: FastAPI reads these routes' dependencies.)"""

import dataclasses
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException
from pydantic import BaseModel, ConfigDict, Field

from pokernight.catalog import entry
from pokernight.errors import PokernightError
from pokernight.web import hosting, rebuys
from pokernight.web.live import LiveTable
from pokernight.web.manager import Manager

Account = tuple[int, str, bool]


class Chips(BaseModel):
    model_config = ConfigDict(extra="forbid")
    amount: int = Field(gt=0, le=1_000_000)


class Limit(BaseModel):
    model_config = ConfigDict(extra="forbid")
    limit: int = Field(ge=0, le=1_000_000_000)


class SitOut(BaseModel):
    model_config = ConfigDict(extra="forbid")
    out: bool


def router(manager: Manager, signed_in: Callable[..., Account]) -> APIRouter:
    routes = APIRouter()
    Signed = Annotated[Account, Depends(signed_in)]

    def playing(table_id: int) -> LiveTable:
        table = manager.tables.get(table_id)
        if table is None:
            raise HTTPException(404, f"no table {table_id}")
        if table.row.over:
            raise PokernightError(f"the table is over: {table.row.over}")
        return table

    def seat_of(table: LiveTable, account: int) -> int:
        seat = table.chair_of(account)
        if seat is None:
            raise PokernightError("you have no seat at this table")
        return seat

    def for_the_host(table: LiveTable, found: Account, what: str) -> None:
        if table.row.owner != found[0]:
            host = manager.name(table.row.owner) if table.row.owner is not None else "nobody"
            raise HTTPException(
                403, f"only the host of table {table.row.id} ({host}) may {what}: you are not"
            )

    def news(table: LiveTable, account: int) -> dict[str, Any]:
        """Where ``account``'s latest request stands, in its page's words, and the limit."""
        limit = table.hosting.rebuy_limit
        found = table.rebuys.asked.get(account)
        if found is None:
            return {"status": None, "limit": limit}
        host = manager.name(table.row.owner) if table.row.owner is not None else "nobody"
        approver = "" if found.by in (None, account) else manager.name(found.by)
        if found.by == account == table.row.owner:
            approver = host
        words = rebuys.words(found, host, approver)
        return {"status": found.status, "amount": found.amount, "message": words, "limit": limit}

    @routes.post("/api/tables/{table_id}/chips")
    async def ask(table_id: int, body: Chips, found: Signed) -> dict[str, Any]:
        """Chips for the asker's seat: granted at once by the host's own asking or within
        the table's limit, else a request the host sees."""
        table = playing(table_id)
        seat = seat_of(table, found[0])
        spec = entry(table.row.game).spec
        if spec.points:
            raise PokernightError(
                f"{spec.title} is played for points, not money: there are no chips to ask for"
            )
        asked = rebuys.Rebuy(seat, body.amount, "waiting")
        if table.row.owner == found[0] or rebuys.within_limit(table, found[0], body.amount):
            rebuys.grant(table, found[0], asked, found[0])
        else:
            table.rebuys.asked[found[0]] = asked
            table.changed()
        await manager.writer.flush()
        return news(table, found[0])

    @routes.get("/api/tables/{table_id}/chips")
    async def mine(table_id: int, found: Signed) -> dict[str, Any]:
        return news(playing(table_id), found[0])

    @routes.get("/api/tables/{table_id}/chips/requests")
    async def requests(table_id: int, found: Signed) -> dict[str, Any]:
        """The host's view: the requests waiting and the table's limit."""
        table = playing(table_id)
        for_the_host(table, found, "see chip requests")
        return {
            "limit": table.hosting.rebuy_limit,
            "requests": [
                {"account": a, "name": manager.name(a), "seat": r.seat, "amount": r.amount}
                for a, r in table.rebuys.waiting().items()
            ],
        }

    @routes.post("/api/tables/{table_id}/chips/{account}/{answer}")
    async def answer(table_id: int, account: int, answer: str, found: Signed) -> dict[str, Any]:
        table = playing(table_id)
        for_the_host(table, found, "answer chip requests")
        waiting = table.rebuys.waiting()
        if account not in waiting:
            raise HTTPException(404, f"no chip request from account {account}")
        if answer not in ("approve", "refuse"):
            raise HTTPException(404, "a request is answered by approve or refuse")
        asked = waiting[account]
        if table.seated.get(asked.seat) != account:
            del table.rebuys.asked[account]
            raise PokernightError("the player left their seat: nothing to approve")
        if answer == "approve":
            rebuys.grant(table, account, asked, found[0])
        else:
            table.rebuys.asked[account] = rebuys.Rebuy(asked.seat, asked.amount, "refused")
            table.changed()
        await manager.writer.flush()
        return {"answered": answer}

    @routes.post("/api/tables/{table_id}/chips-limit")
    async def limit(table_id: int, body: Limit, found: Signed) -> dict[str, Any]:
        """The chips each player may take without asking the host (0: the host approves all)."""
        table = playing(table_id)
        for_the_host(table, found, "set the table's chip limit")
        table.hosting = dataclasses.replace(table.hosting, rebuy_limit=body.limit)
        table.record(hosting.save, table.row.id, table.hosting)
        return {"limit": body.limit}

    @routes.post("/api/tables/{table_id}/sitout")
    async def sit_out(table_id: int, body: SitOut, found: Signed) -> dict[str, Any]:
        """Out: dealt no cards from the next hand (the hand in play is still yours to play);
        in again: dealt in from the next hand."""
        table = playing(table_id)
        seat = seat_of(table, found[0])
        if body.out:
            table.sit_out(found[0])
        else:
            table.back(found[0])
        return {"seat": seat, "out": seat in table.sitting_out()}

    return routes
