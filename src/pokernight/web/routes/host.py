"""The host's controls: the table's creator approves or refuses seat requests, deals the
first hand (a table for friends waits for it), pauses and resumes between hands, sets a seat
away (it sits out from the next hand until it is back), removes a player once the hand in play
is over, tops up a stake (not at a game of points: it has none), adds and removes computer
seats, ends the table (once the hand in play is over), and downloads its ledger. None of them
touches the hand in play: its seats play their own cards under their own turn timers.
Everyone else is refused (403), told who the host is. Once the table is over (ended, closed
for idleness, or its game over) only the ledger is left: the panel offers nothing else and
every other control is refused. Each control is a command the table carries out
(``live.LiveTable``); here is who may give it.
(No postponed annotations: FastAPI reads these routes' dependencies.)"""

import csv
import io
from typing import Literal

from fastapi import APIRouter, HTTPException
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, ConfigDict, Field

from pokernight.catalog import entry
from pokernight.web import choosing, commands, hosting, replies
from pokernight.web.commands import AnswerSeat, Settings
from pokernight.web.routes.server import Served, Signed
from pokernight.web.routes.tables import Asked

router = APIRouter()


class Away(BaseModel):
    model_config = ConfigDict(extra="forbid")
    away: bool


class TopUp(BaseModel):
    model_config = ConfigDict(extra="forbid")
    amount: int = Field(gt=0, le=1_000_000)


class Computer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    bot: str


class Chosen(BaseModel):
    model_config = ConfigDict(extra="forbid")
    approve_seats: bool | None = None
    spectator_chat: bool | None = None
    point_value: int | None = Field(default=None, ge=0, le=1_000_000)
    games: list[str] | None = Field(default=None, max_length=10)
    chooser: Literal["host", "dealer"] | None = None


def as_text(cell: str) -> str:
    """A cell a spreadsheet reads as text, never as a formula (a player named ``-B2``): one
    that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a ``'``."""
    return f"'{cell}" if cell[:1] in ("=", "+", "-", "@", "\t", "\r") else cell


@router.get("/api/tables/{table_id}/host", response_model_exclude_unset=True)
async def panel(table_id: int, found: Signed, server: Served) -> replies.Panel:
    """The host's controls as they stand; once the table is over, only its ledger."""
    table = server.hosted(table_id, found, "see the host's panel", over=True)
    ledger = f"/api/tables/{table_id}/ledger.csv"
    if table.row.over:
        return replies.Panel(over=table.row.over, ledger=ledger)
    play, chairs = table.play, table.chairs
    waiting = chairs.asking.waiting()
    game = entry(table.row.game)
    return replies.Panel(
        **replies.HostSettings.of(play.hosting).model_dump(),
        over=None,
        ledger=ledger,
        away=sorted(chairs.away),
        removing=sorted(chairs.removing),
        sitting_out=chairs.sitting_out(),
        requests=[
            replies.Asking(account=a, name=server.manager.name(a), seat=s)
            for a, s in waiting.items()
        ],
        bots=[*game.bots, *game.levelled],
        in_hand=play.state is not None,
        dealt=play.dealt,
        ending=play.ending,
        top_ups=not game.spec.points and table.row.tournament is None,
        seats_fixed=table.row.tournament is not None and play.dealt,
        invite=f"{server.public_url}/#/invite/{table_id}",
    )


@router.post("/api/tables/{table_id}/requests/{account}/{answer}")
async def answer_request(
    table_id: int, account: int, answer: str, body: Asked, found: Signed, server: Served
) -> replies.Answered:
    table = server.hosted(table_id, found, "answer seat requests")
    if account not in table.chairs.asking.waiting():
        raise HTTPException(404, f"no seat request from account {account}")
    if answer not in ("approve", "refuse"):
        raise HTTPException(404, "a request is answered by approve or refuse")
    server.carry_out(table, AnswerSeat(account, answer == "approve", body.seat))
    await server.manager.writer.flush()
    return replies.Answered(answered=answer)


@router.post("/api/tables/{table_id}/settings")
async def settings(
    table_id: int, body: Chosen, found: Signed, server: Served
) -> replies.HostSettings:
    table = server.hosted(table_id, found, "change the table's settings")
    chosen = {k: v for k, v in body.model_dump().items() if v is not None}
    if body.games is not None:
        chosen["games"] = choosing.check_allowed(table.row.game, body.games, table.row.seats)
    return replies.HostSettings.of(server.carry_out(table, Settings(chosen)))


@router.post("/api/tables/{table_id}/pause")
async def pause(table_id: int, found: Signed, server: Served) -> replies.HostSettings:
    """No new hand is dealt (the one in play finishes)."""
    table = server.hosted(table_id, found, "pause the table")
    return replies.HostSettings.of(server.carry_out(table, Settings({"paused": True})))


@router.post("/api/tables/{table_id}/resume")
async def resume(table_id: int, found: Signed, server: Served) -> replies.HostSettings:
    table = server.hosted(table_id, found, "resume the table")
    return replies.HostSettings.of(server.carry_out(table, Settings({"paused": False})))


@router.post("/api/tables/{table_id}/seats/{seat}/away")
async def away(
    table_id: int, seat: int, body: Away, found: Signed, server: Served
) -> replies.AwaySeats:
    table = server.hosted(table_id, found, "set a seat away")
    server.carry_out(table, commands.Away(seat, body.away))
    return replies.AwaySeats(away=sorted(table.chairs.away))


@router.post("/api/tables/{table_id}/seats/{seat}/remove")
async def remove(table_id: int, seat: int, found: Signed, server: Served) -> replies.Removing:
    table = server.hosted(table_id, found, "remove a player")
    server.carry_out(table, commands.Remove(seat))
    return replies.Removing(removing=sorted(table.chairs.removing))


@router.post("/api/tables/{table_id}/seats/{seat}/topup")
async def top_up(
    table_id: int, seat: int, body: TopUp, found: Signed, server: Served
) -> replies.Stake:
    table = server.hosted(table_id, found, "top up a stake")
    stake = server.carry_out(table, commands.TopUp(seat, body.amount, found[0]))
    return replies.Stake(seat=seat, stake=stake)


@router.post("/api/tables/{table_id}/seats/{seat}/computer")
async def add_computer(
    table_id: int, seat: int, body: Computer, found: Signed, server: Served
) -> replies.Computers:
    table = server.hosted(table_id, found, "add a computer seat")
    computers = server.carry_out(table, commands.AddComputer(seat, body.bot))
    return replies.Computers(computers=computers)


@router.delete("/api/tables/{table_id}/seats/{seat}/computer")
async def remove_computer(
    table_id: int, seat: int, found: Signed, server: Served
) -> replies.Computers:
    table = server.hosted(table_id, found, "remove a computer seat")
    computers = server.carry_out(table, commands.RemoveComputer(seat))
    return replies.Computers(computers=computers)


@router.post("/api/tables/{table_id}/end")
async def end(table_id: int, found: Signed, server: Served) -> replies.Ending:
    """At once between hands; during one, the table ends once that hand is over, every seat
    playing its own cards (``over`` None and ``ending`` the reason until then)."""
    table = server.hosted(table_id, found, "end the table")
    server.carry_out(table, commands.End(f"ended by the host, {found[1]}"))
    await server.manager.writer.flush()
    return replies.Ending(over=table.row.over, ending=table.play.ending)


@router.get("/api/tables/{table_id}/ledger.csv", response_class=PlainTextResponse)
async def ledger_csv(table_id: int, found: Signed, server: Served) -> PlainTextResponse:
    """Who is up and who is down at the table, to settle up, game by game: the house's line
    included (computer seats, a bank), so the net column sums to zero for each game and for
    the night."""
    server.hosted(table_id, found, "download the ledger", over=True)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["player", "game", "hands", "net", "topped_up", "approved"])
    for row in hosting.table_ledger(server.engine, table_id):
        cells = [row[k] for k in ("name", "game", "hands", "net", "topped_up", "approved")]
        writer.writerow([as_text(c) if isinstance(c, str) else c for c in cells])
    headers = {"Content-Disposition": f'attachment; filename="table-{table_id}-ledger.csv"'}
    return PlainTextResponse(out.getvalue(), media_type="text/csv", headers=headers)
