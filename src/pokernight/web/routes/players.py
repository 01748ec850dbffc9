"""What a seated player asks of the table beyond playing: chips (a rebuy) and sitting out.

A player asks for chips; the table grants them at once within its limit (set by the host),
else the host approves or refuses (``web.rebuys``). Not at a game of points: it has no chips.
A player sits out from the next hand, or sits in again ("I'm back" does the same). (No
postponed annotations: FastAPI reads these routes' dependencies.)"""

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, ConfigDict, Field

from pokernight.catalog import entry
from pokernight.errors import PokernightError
from pokernight.web import chip_requests, replies
from pokernight.web.commands import (
    AnswerChips,
    AskChips,
    Back,
    ChooseGame,
    RebuyLimit,
)
from pokernight.web.commands import SitOut as SittingOut
from pokernight.web.play import Play
from pokernight.web.routes.server import Served, Server, Signed

router = APIRouter()


class Chips(BaseModel):
    model_config = ConfigDict(extra="forbid")
    amount: int = Field(gt=0, le=1_000_000)


class Seen(BaseModel):
    model_config = ConfigDict(extra="forbid")
    amount: int


class Limit(BaseModel):
    model_config = ConfigDict(extra="forbid")
    limit: int = Field(ge=0, le=1_000_000_000)


class Choice(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=20)
    options: dict[str, str] = Field(default={}, max_length=20)


class SitOut(BaseModel):
    model_config = ConfigDict(extra="forbid")
    out: bool


def seat_of(play: Play, account: int) -> int:
    seat = play.chairs.chair_of(account)
    if seat is None:
        raise PokernightError("you have no seat at this table")
    return seat


def news(server: Server, play: Play, account: int) -> replies.ChipNews:
    """Where ``account``'s latest request stands, in its page's words, and the limit."""
    limit = play.hosting.rebuy_limit
    found = play.chairs.rebuys.latest(account)
    if found is None:
        return replies.ChipNews(status=None, limit=limit)
    name = server.manager.name
    host = name(play.row.owner) if play.row.owner is not None else "nobody"
    approver = "" if found.by in (None, account) else name(found.by)
    if found.by == account == play.row.owner:
        approver = host
    coming = play.chairs.rebuys.coming(account)
    words = chip_requests.words(found, host, approver, coming)
    return replies.ChipNews(
        status=found.status, amount=found.amount, coming=coming, message=words, limit=limit
    )


@router.post("/api/tables/{table_id}/chips", response_model_exclude_unset=True)
async def ask(table_id: int, body: Chips, found: Signed, server: Served) -> replies.ChipNews:
    """Chips for the asker's seat: granted at once by the host's own asking or within
    the table's limit, else a request the host sees."""
    table = server.playing(table_id)
    seat = seat_of(table.play, found[0])
    spec = entry(table.row.game).spec
    if spec.points:
        raise PokernightError(
            f"{spec.title} is played for points, not money: there are no chips to ask for"
        )
    server.paced(found[0], "chip requests")
    server.carry_out(table, AskChips(found[0], seat, body.amount))
    await server.manager.writer.flush()
    return news(server, table.play, found[0])


@router.get("/api/tables/{table_id}/chips", response_model_exclude_unset=True)
async def mine(table_id: int, found: Signed, server: Served) -> replies.ChipNews:
    return news(server, server.playing(table_id).play, found[0])


@router.get("/api/tables/{table_id}/chips/requests")
async def requests(table_id: int, found: Signed, server: Served) -> replies.ChipRequests:
    """The host's view: the requests waiting and the table's limit."""
    table = server.hosted(table_id, found, "see chip requests")
    name = server.manager.name
    return replies.ChipRequests(
        limit=table.play.hosting.rebuy_limit,
        requests=[
            replies.ChipAsked(account=a, name=name(a), seat=r.seat, amount=r.amount)
            for a, r in table.chairs.rebuys.waiting().items()
        ],
    )


@router.post("/api/tables/{table_id}/chips/{account}/{answer}")
async def answer(
    table_id: int,
    account: int,
    answer: str,
    found: Signed,
    server: Served,
    body: Seen | None = None,
) -> replies.Answered:
    """The host's answer; ``body.amount``: the chips the host saw asked for (the asker may
    have changed them since: then nothing is answered, and the host is told)."""
    table = server.hosted(table_id, found, "answer chip requests")
    if account not in table.chairs.rebuys.waiting():
        raise HTTPException(404, f"no chip request from account {account}")
    if answer not in ("approve", "refuse"):
        raise HTTPException(404, "a request is answered by approve or refuse")
    seen = None if body is None else body.amount
    server.carry_out(table, AnswerChips(account, answer == "approve", found[0], seen))
    await server.manager.writer.flush()
    return replies.Answered(answered=answer)


@router.post("/api/tables/{table_id}/chips-limit")
async def limit(table_id: int, body: Limit, found: Signed, server: Served) -> replies.Limit:
    """The chips each player may take without asking the host (0: the host approves all)."""
    table = server.hosted(table_id, found, "set the table's chip limit")
    server.carry_out(table, RebuyLimit(body.limit))
    return replies.Limit(limit=body.limit)


@router.post("/api/tables/{table_id}/next-game")
async def next_game(table_id: int, body: Choice, found: Signed, server: Served) -> replies.NextGame:
    """Dealer's choice: the game of the next deal (``web.choosing`` says who may choose, and
    when it is dealt)."""
    table = server.playing(table_id)
    server.paced(found[0], "choices of the next game")
    chosen = server.carry_out(table, ChooseGame(found[0], body.game, body.options))
    await server.manager.writer.flush()
    return replies.NextGame(game=chosen.game, options=chosen.options)


@router.post("/api/tables/{table_id}/sitout")
async def sit_out(table_id: int, body: SitOut, found: Signed, server: Served) -> replies.SittingOut:
    """Out: dealt no cards from the next hand (the hand in play is still yours to play);
    in again: dealt in from the next hand."""
    table = server.playing(table_id)
    seat = seat_of(table.play, found[0])
    server.paced(found[0], "sit-out changes")
    server.carry_out(table, SittingOut(found[0]) if body.out else Back(found[0]))
    return replies.SittingOut(seat=seat, out=seat in table.chairs.sitting_out())
