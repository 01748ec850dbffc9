"""The host's controls: the table's creator approves or refuses seat requests, pauses and
resumes between hands, sets a seat away (it sits out from the next hand, its turns in the hand
in play checked, passed or folded at once, until it is back), removes a player once the hand
in play is over, tops up a stake (not at a game of points: it has none), adds and removes
computer seats, ends the table, and downloads its ledger. Everyone else is refused (403), told
who the host is. (Chips a player asks for, and the table's limit on them: ``web.players``.)
Once the table is over (ended, closed for idleness, or its game over) only
the ledger is left: the panel offers nothing else and every other control is refused. (No
postponed annotations: FastAPI reads these routes' dependencies.)"""

import csv
import dataclasses
import io
import random
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import Depends, FastAPI, HTTPException
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, ConfigDict, Field

from pokernight.catalog import check, entry
from pokernight.errors import PokernightError
from pokernight.seeds import derive_seed
from pokernight.web import hosting
from pokernight.web.live import LiveTable
from pokernight.web.manager import Manager
from pokernight.web.rebuys import add_chips

Account = tuple[int, str, bool]


class Asked(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int | None = None
    """The seat asked for; None: any open one."""


class Away(BaseModel):
    model_config = ConfigDict(extra="forbid")
    away: bool


class TopUp(BaseModel):
    model_config = ConfigDict(extra="forbid")
    amount: int = Field(gt=0, le=1_000_000)


class Computer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    bot: str


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    approve_seats: bool | None = None
    spectator_chat: bool | None = None


def as_text(cell: str) -> str:
    """A cell a spreadsheet reads as text, never as a formula (a player named ``-B2``): one
    that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a ``'``."""
    return f"'{cell}" if cell[:1] in ("=", "+", "-", "@", "\t", "\r") else cell


def first_open(table: LiveTable, asked: int | None) -> int:
    """The seat asked for, or the first one open to people that nobody holds."""
    if asked is not None:
        return asked
    free = [s for s in table.open_seats() if s not in table.seated]
    if not free:
        raise PokernightError("every seat for people is taken: watch, or wait for one")
    return free[0]


def add_routes(app: FastAPI, manager: Manager, signed_in: Callable[..., Account]) -> None:
    Signed = Annotated[Account, Depends(signed_in)]

    def live(table_id: int) -> LiveTable:
        table = manager.tables.get(table_id)
        if table is None:
            raise HTTPException(404, f"no table {table_id}")
        return table

    def hosted(table_id: int, found: Account, what: str, *, over: bool = False) -> LiveTable:
        """The table, for its host; ``over``: a table that is over will do (read its panel
        or ledger, a closed one included), else it is refused."""
        table = manager.stored(table_id) if over else live(table_id)
        if table is None:
            raise HTTPException(404, f"no table {table_id}")
        if table.row.owner != found[0]:
            host = manager.name(table.row.owner) if table.row.owner is not None else "nobody"
            raise HTTPException(
                403, f"only the host of table {table_id} ({host}) may {what}: you are not"
            )
        if table.row.over and not over:
            raise PokernightError(
                f"the table is over ({table.row.over}): only its ledger is left to download"
            )
        return table

    def between_hands(table: LiveTable, what: str) -> None:
        if table.state is not None:
            raise PokernightError(
                f"{what} between hands: pause the table and the hand in play finishes first"
            )

    def seated_at(table: LiveTable, seat: int) -> int:
        if seat not in table.seated:
            raise PokernightError(f"nobody sits at seat {seat + 1}")
        return table.seated[seat]

    @app.post("/api/tables/{table_id}/request")
    async def ask(table_id: int, body: Asked, found: Signed) -> dict[str, Any]:
        """A seat, at once where the host approves no seats (or for the host); else a request
        the host sees in their panel."""
        table = live(table_id)
        mine = table.chair_of(found[0])
        if mine is not None and body.seat in (None, mine):
            return {"seated": mine}  # the invite or the phone page opened again
        if not table.hosting.approve_seats or table.row.owner == found[0]:
            seat = first_open(table, body.seat)
            table.sit(found[0], seat, guest=found[2])
            await manager.writer.flush()
            return {"seated": seat}
        if mine is not None:
            raise PokernightError(f"you already sit at this table, at seat {mine + 1}")
        if found[2]:
            raise PokernightError("guests play the computer alone: sign up to sit with people")
        if table.row.over:
            raise PokernightError(f"the table is over: {table.row.over}")
        table.ask(found[0], body.seat)
        return {"requested": body.seat}

    @app.get("/api/tables/{table_id}/host")
    async def panel(table_id: int, found: Signed) -> dict[str, Any]:
        """The host's controls as they stand; once the table is over, only its ledger."""
        table = hosted(table_id, found, "see the host's panel", over=True)
        ledger = f"/api/tables/{table_id}/ledger.csv"
        if table.row.over:
            return {"over": table.row.over, "ledger": ledger}
        waiting = table.asking.waiting()
        game = entry(table.row.game)
        return {
            **dataclasses.asdict(table.hosting),
            "over": None,
            "ledger": ledger,
            "away": sorted(table.away),
            "removing": sorted(table.removing),
            "sitting_out": table.sitting_out(),
            "requests": [
                {"account": a, "name": manager.name(a), "seat": s} for a, s in waiting.items()
            ],
            "bots": [*game.bots, *game.levelled],
            "in_hand": table.state is not None,
            "top_ups": not game.spec.points,
            "invite": f"{app.state.public_url}/#/invite/{table_id}",
        }

    @app.post("/api/tables/{table_id}/requests/{account}/{answer}")
    async def answer_request(
        table_id: int, account: int, answer: str, body: Asked, found: Signed
    ) -> dict[str, Any]:
        table = hosted(table_id, found, "answer seat requests")
        waiting = table.asking.waiting()
        if account not in waiting:
            raise HTTPException(404, f"no seat request from account {account}")
        if answer not in ("approve", "refuse"):
            raise HTTPException(404, "a request is answered by approve or refuse")
        seat = waiting[account]
        if answer == "approve":
            seat = first_open(table, body.seat if body.seat is not None else seat)
            table.sit(account, seat, guest=False)
        table.answer(account, "approved" if answer == "approve" else "refused", seat)
        await manager.writer.flush()
        return {"answered": answer}

    @app.post("/api/tables/{table_id}/settings")
    async def settings(table_id: int, body: Settings, found: Signed) -> dict[str, Any]:
        table = hosted(table_id, found, "change the table's settings")
        chosen = {k: v for k, v in body.model_dump().items() if v is not None}
        set_hosting(table, dataclasses.replace(table.hosting, **chosen))
        return dataclasses.asdict(table.hosting)

    def pause_or_resume(table_id: int, found: Account, paused: bool) -> dict[str, Any]:
        """Paused: no new hand is dealt (the one in play finishes); resumed: deal on."""
        table = hosted(table_id, found, "pause the table" if paused else "resume the table")
        set_hosting(table, dataclasses.replace(table.hosting, paused=paused))
        table.kick()
        return dataclasses.asdict(table.hosting)

    @app.post("/api/tables/{table_id}/pause")
    async def pause(table_id: int, found: Signed) -> dict[str, Any]:
        return pause_or_resume(table_id, found, True)

    @app.post("/api/tables/{table_id}/resume")
    async def resume(table_id: int, found: Signed) -> dict[str, Any]:
        return pause_or_resume(table_id, found, False)

    def set_hosting(table: LiveTable, settings: hosting.Hosting) -> None:
        table.hosting = settings
        table.record(hosting.save, table.row.id, settings)

    @app.post("/api/tables/{table_id}/seats/{seat}/away")
    async def away(table_id: int, seat: int, body: Away, found: Signed) -> dict[str, Any]:
        table = hosted(table_id, found, "set a seat away")
        seated_at(table, seat)
        if body.away:
            table.away.add(seat)
        else:
            table.away.discard(seat)
        table.changed()
        table.kick()
        return {"away": sorted(table.away)}

    @app.post("/api/tables/{table_id}/seats/{seat}/remove")
    async def remove(table_id: int, seat: int, found: Signed) -> dict[str, Any]:
        """The player stands up once the hand in play is over (at once between hands); their
        cards in play stay theirs, and the table plays them as if they were away."""
        table = hosted(table_id, found, "remove a player")
        seated_at(table, seat)
        table.removing.add(seat)
        table.away.add(seat)
        if table.state is None:
            table.unseat_removed()
        table.kick()
        return {"removing": sorted(table.removing)}

    @app.post("/api/tables/{table_id}/seats/{seat}/topup")
    async def top_up(table_id: int, seat: int, body: TopUp, found: Signed) -> dict[str, Any]:
        table = hosted(table_id, found, "top up a stake")
        spec = entry(table.row.game).spec
        if spec.points:
            raise PokernightError(
                f"{spec.title} is played for points, not money: there is no stake to top up"
            )
        between_hands(table, "stakes are topped up")
        if not 0 <= seat < table.row.seats:
            raise PokernightError(f"seat {seat + 1} is not at a table of {table.row.seats}")
        owner = table.house if seat in table.row.computers else seated_at(table, seat)
        stake = add_chips(table, seat, owner, body.amount, found[0], asked=False)
        return {"seat": seat, "stake": stake}

    @app.post("/api/tables/{table_id}/seats/{seat}/computer")
    async def add_computer(
        table_id: int, seat: int, body: Computer, found: Signed
    ) -> dict[str, Any]:
        table = hosted(table_id, found, "add a computer seat")
        between_hands(table, "computer seats are added")
        if seat in table.seated or seat in table.row.computers:
            raise PokernightError(f"seat {seat + 1} is taken")
        computers = {**table.row.computers, seat: body.bot}
        set_computers(table, computers)
        rng = random.Random(derive_seed(table.row.dealing_seed, "bot", seat))
        table.bots[seat] = entry(table.row.game).bot(body.bot)(rng, table.match.game.options)
        table.kick()
        return {"computers": computers}

    @app.delete("/api/tables/{table_id}/seats/{seat}/computer")
    async def remove_computer(table_id: int, seat: int, found: Signed) -> dict[str, Any]:
        table = hosted(table_id, found, "remove a computer seat")
        between_hands(table, "computer seats are removed")
        if seat not in table.row.computers:
            raise PokernightError(f"seat {seat + 1} is not a computer seat")
        computers = {s: b for s, b in table.row.computers.items() if s != seat}
        set_computers(table, computers)
        del table.bots[seat]
        return {"computers": computers}

    def set_computers(table: LiveTable, computers: dict[int, str]) -> None:
        """The same check as a new table's (a seat left for a person), then stored."""
        row = table.row
        check(row.game, row.seats, computers, row.options, people=1)
        table.row = dataclasses.replace(row, computers=computers)
        table.record(hosting.set_computers, row.id, computers, table.seq + 1)

    @app.post("/api/tables/{table_id}/end")
    async def end(table_id: int, found: Signed) -> dict[str, Any]:
        """The hand in play is played out at once (as at an idle table) and settled."""
        table = hosted(table_id, found, "end the table")
        table.close(f"ended by the host, {found[1]}")
        await manager.writer.flush()
        return {"over": table.row.over}

    @app.get("/api/tables/{table_id}/ledger.csv", response_class=PlainTextResponse)
    async def ledger_csv(table_id: int, found: Signed) -> PlainTextResponse:
        """Who is up and who is down at the table, to settle up: the house's line included
        (computer seats, a bank), so the net column sums to zero."""
        hosted(table_id, found, "download the ledger", over=True)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["player", "hands", "net", "topped_up", "approved"])
        for row in hosting.table_ledger(manager.engine, table_id):
            cells = [row["name"], row["hands"], row["net"], row["topped_up"], row["approved"]]
            writer.writerow([as_text(c) if isinstance(c, str) else c for c in cells])
        headers = {"Content-Disposition": f'attachment; filename="table-{table_id}-ledger.csv"'}
        return PlainTextResponse(out.getvalue(), media_type="text/csv", headers=headers)
