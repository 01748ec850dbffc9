"""Leagues: a named group of accounts that meets night after night, in seasons.

Its owner makes it (season 1 begins), adds members by name, starts the next season, and names
the tables they make as the league's nights: a night belongs to the season in play when it
was made. A season's standings add up each member's results at its nights, from what the
tables stored and nothing else: the net chips are the sum of the member's ledger entries
there (a cash night's hands, a sit-and-go's buy-in and prize), so the standings are the
ledgers' sums; a sit-and-go adds its places and prizes, a game of points its points (fewer is
better, as at its table). Only members are ranked; the house's line and guests are not.
"""

from __future__ import annotations

import csv
import io
import json
import time
from dataclasses import dataclass, field

from sqlalchemy import Engine, func, insert, select

from pokernight.errors import PokernightError
from pokernight.web import names
from pokernight.web.schema import accounts, hands, league_members, leagues, ledger, seasons, tables


@dataclass(frozen=True)
class League:
    """A league as its pages show it: its members by name, its current season's number."""

    id: int
    name: str
    owner: int
    season: int
    members: dict[int, str]


@dataclass
class Standing:
    """A member's season: nights played, net chips, sit-and-go places and prizes, points."""

    name: str
    nights: int = 0
    net: int = 0
    places: list[str] = field(default_factory=list)
    prizes: int = 0
    points: int = 0


def create(engine: Engine, owner: int, name: str) -> int:
    """A new league of ``owner`` (its first member), its season 1 begun."""
    shown = name.strip()
    if not 1 <= len(shown) <= 40:
        raise PokernightError("a league's name is 1 to 40 characters")
    with engine.begin() as db:
        made = db.execute(insert(leagues).values(name=shown, owner=owner, created=time.time()))
        key = made.inserted_primary_key
        assert key is not None
        league = int(key[0])
        db.execute(insert(league_members).values(league_id=league, account_id=owner))
        db.execute(insert(seasons).values(league_id=league, number=1, started=time.time()))
    return league


def of(engine: Engine, league_id: int) -> League | None:
    if not 0 <= league_id < 2**31:
        return None
    with engine.connect() as db:
        row = db.execute(select(leagues).where(leagues.c.id == league_id)).first()
        if row is None:
            return None
        number = db.execute(
            select(func.max(seasons.c.number)).where(seasons.c.league_id == league_id)
        ).scalar()
        members = db.execute(
            select(accounts.c.id, accounts.c.name)
            .join(league_members, league_members.c.account_id == accounts.c.id)
            .where(league_members.c.league_id == league_id)
            .order_by(accounts.c.name)
        ).all()
    return League(row.id, row.name, row.owner, int(number or 1), {m.id: m.name for m in members})


def mine(engine: Engine, account: int) -> list[League]:
    """The leagues ``account`` is a member of."""
    with engine.connect() as db:
        ids = db.execute(
            select(league_members.c.league_id).where(league_members.c.account_id == account)
        ).scalars()
        found = [of(engine, int(i)) for i in ids]
    return [league for league in found if league is not None]


def owned(engine: Engine, league_id: int, by: int, what: str) -> League:
    """The league, if ``by`` owns it (else refused, saying who does)."""
    league = of(engine, league_id)
    if league is None:
        raise PokernightError(f"there is no league {league_id}")
    if league.owner != by:
        owner = league.members.get(league.owner, "its owner")
        raise PokernightError(f"only {owner}, who made the league, may {what}")
    return league


def add_member(engine: Engine, league_id: int, by: int, name: str) -> str:
    """Add the account named ``name`` (as its name is typed: the same key as at sign-in);
    the member's name as stored."""
    owned(engine, league_id, by, "add members")
    with engine.begin() as db:
        row = db.execute(
            select(accounts.c.id, accounts.c.name, accounts.c.guest).where(
                (accounts.c.name == names.normal(name)) | (accounts.c.key == names.key(name))
            )
        ).first()
        if row is None or row.guest:
            raise PokernightError(f"nobody signed up as {name!r}")
        there = db.execute(
            select(league_members).where(
                league_members.c.league_id == league_id, league_members.c.account_id == row.id
            )
        ).first()
        if there is None:
            db.execute(insert(league_members).values(league_id=league_id, account_id=row.id))
    return str(row.name)


def new_season(engine: Engine, league_id: int, by: int) -> int:
    """Begin the next season; its number."""
    league = owned(engine, league_id, by, "begin a season")
    with engine.begin() as db:
        db.execute(
            insert(seasons).values(
                league_id=league_id, number=league.season + 1, started=time.time()
            )
        )
    return league.season + 1


def night_season(engine: Engine, league_id: int, by: int) -> int:
    """The season a new table named as the league's night belongs to (its owner's alone)."""
    league = owned(engine, league_id, by, "name a table as its night")
    return _season_id(engine, league_id, league.season)


def _season_id(engine: Engine, league_id: int, number: int) -> int:
    with engine.connect() as db:
        found = db.execute(
            select(seasons.c.id).where(seasons.c.league_id == league_id, seasons.c.number == number)
        ).scalar()
    if found is None:
        raise PokernightError(f"the league has no season {number}")
    return int(found)


def standings(engine: Engine, league: League, number: int) -> list[Standing]:
    """Season ``number``'s standings, every member's line, the most net chips first."""
    season = _season_id(engine, league.id, number)
    rows = {account: Standing(name) for account, name in league.members.items()}
    with engine.connect() as db:
        nights = db.execute(
            select(tables.c.id, tables.c.standing).where(tables.c.season_id == season)
        ).all()
        ids = [n.id for n in nights]
        played = db.execute(
            select(hands.c.table_id, hands.c.holders, hands.c.result).where(
                hands.c.table_id.in_(ids), hands.c.finished.is_(True)
            )
        ).all()
        nets = db.execute(
            select(ledger.c.account_id, func.sum(ledger.c.amount))
            .join(hands, hands.c.id == ledger.c.hand_id)
            .where(hands.c.table_id.in_(ids))
            .group_by(ledger.c.account_id)
        ).all()
    for account, net in nets:
        if account in rows:
            rows[account].net = int(net)
    sat: dict[int, set[int]] = {a: set() for a in rows}
    for hand in played:
        holders = json.loads(hand.holders) if hand.holders else []
        result = json.loads(hand.result) if hand.result else {}
        for seat, account in enumerate(holders):
            if account in rows:
                sat[account].add(hand.table_id)
                if result.get("points"):
                    rows[account].points -= result["net"][seat]
    for night in nights:
        standing = json.loads(night.standing) if night.standing else {}
        for seat, place, prize in standing.get("places", []):
            account = standing["entrants"][seat]
            if account in rows:
                rows[account].places.append(place)
                rows[account].prizes += prize
    for account, row in rows.items():
        row.nights = len(sat[account])
    return sorted(rows.values(), key=lambda r: (-r.net, r.points, r.name))


def as_csv(league: League, number: int, rows: list[Standing]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["league", "season", "player", "nights", "net", "places", "prizes", "points"])
    for r in rows:
        places = " ".join(r.places)
        writer.writerow([league.name, number, r.name, r.nights, r.net, places, r.prizes, r.points])
    return out.getvalue()
