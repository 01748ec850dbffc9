"""A league's pages: its members make it, its owner adds members, begins seasons and names
tables as its nights (``NewTable.league``); every member reads the standings of each season,
in the page and as CSV. Someone who is not a member reads nothing of it (403).
(No postponed annotations: FastAPI reads these routes' dependencies.)"""

from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, ConfigDict, Field

from pokernight.web import league
from pokernight.web.routes.server import Served, Signed

router = APIRouter()


class NewLeague(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=40)


class Member(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=40)


def _member_of(server: Served, league_id: int, account: int) -> league.League:
    found = league.of(server.engine, league_id)
    if found is None or account not in found.members:
        raise HTTPException(403, "only the league's members read it")
    return found


def _shown(found: league.League) -> dict[str, Any]:
    owner = found.members.get(found.owner)
    return {"id": found.id, "name": found.name, "owner": owner, "season": found.season,
            "members": sorted(found.members.values())}  # fmt: skip


@router.get("/api/leagues")
async def my_leagues(found: Signed, server: Served) -> list[dict[str, Any]]:
    """The leagues you are a member of (and whether you own each)."""
    return [
        {**_shown(one), "yours": one.owner == found.id}
        for one in league.mine(server.engine, found.id)
    ]


@router.post("/api/leagues")
async def make_league(body: NewLeague, found: Signed, server: Served) -> dict[str, Any]:
    if found.guest:
        raise HTTPException(403, "guests play the computer alone: sign up to make a league")
    made = league.create(server.engine, found.id, body.name)
    shown = league.of(server.engine, made)
    assert shown is not None
    return _shown(shown)


@router.post("/api/leagues/{league_id}/members")
async def add_member(league_id: int, body: Member, found: Signed, server: Served) -> dict[str, Any]:
    league.add_member(server.engine, league_id, found.id, body.name)
    shown = league.of(server.engine, league_id)
    assert shown is not None
    return _shown(shown)


@router.post("/api/leagues/{league_id}/seasons")
async def next_season(league_id: int, found: Signed, server: Served) -> dict[str, Any]:
    league.new_season(server.engine, league_id, found.id)
    shown = league.of(server.engine, league_id)
    assert shown is not None
    return _shown(shown)


@router.get("/api/leagues/{league_id}/standings")
async def season_standings(
    league_id: int, found: Signed, server: Served, season: int | None = None
) -> dict[str, Any]:
    """Season ``season``'s standings (the current one's by default)."""
    one = _member_of(server, league_id, found.id)
    number = one.season if season is None else season
    rows = league.standings(server.engine, one, number)
    yours = one.owner == found.id
    return {**_shown(one), "yours": yours, "showing": number, "standings": [vars(r) for r in rows]}


@router.get("/api/leagues/{league_id}/standings.csv", response_class=PlainTextResponse)
async def standings_csv(
    league_id: int, found: Signed, server: Served, season: int | None = None
) -> PlainTextResponse:
    one = _member_of(server, league_id, found.id)
    number = one.season if season is None else season
    text = league.as_csv(one, number, league.standings(server.engine, one, number))
    name = f"league-{one.id}-season-{number}.csv"
    return PlainTextResponse(
        text, media_type="text/csv", headers={"content-disposition": f"attachment; filename={name}"}
    )
