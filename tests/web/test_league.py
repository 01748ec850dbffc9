"""A league across nights (issue 42): its owner makes it, adds members by name and names tables
as its nights; a season of three cash nights, a sit-and-go and a night of Mount Holyoke gives
standings equal to the sums of the members' ledger entries at those nights (the sit-and-go's
buy-in and prize included), its places and prizes, and the points of the game of points; a
table that is no league's, and the next season's nights, count elsewhere. The pages: only a
member reads the standings, only the owner changes the league, and the CSV says the same."""

from __future__ import annotations

import csv
import io
import random

from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from tests.web.clocked import Clocked
from tests.web.conftest import sign_up, use
from tests.web.test_sit_and_go import _play
from tests.web.test_table_life import _people

from pokernight.engine.sit_and_go import SitAndGo
from pokernight.engine.structure import ordinal
from pokernight.errors import PokernightError
from pokernight.web import league
from pokernight.web.commands import Settings, Sit
from pokernight.web.live import LiveTable
from pokernight.web.manager import NewTable
from pokernight.web.schema import hands, ledger
from pokernight.web.tourney import SitAndGoRequest


def _night(
    night: Clocked, kind: NewTable, people: list[int], hands_: int, host: int | None = None
) -> LiveTable:
    """A table made by ``host`` (the first person unless named), the people sitting in
    order, played at random for ``hands_`` hands or to its end."""
    made_by = people[0] if host is None else host
    live: LiveTable = night.run(night.manager.create, kind, made_by)
    for seat, account in enumerate(people):
        night.run(live.submit, Sit(account, seat, False))
    if live.play.hosting.paused:
        night.run(live.submit, Settings({"paused": False}))
    _play(night, live, random.Random(live.row.id), hands=hands_)
    return live


def _ledger_sums(engine: Engine, tables: list[int]) -> dict[int, int]:
    with engine.connect() as db:
        rows = db.execute(
            select(ledger.c.account_id, ledger.c.amount)
            .join(hands, hands.c.id == ledger.c.hand_id)
            .where(hands.c.table_id.in_(tables))
        ).all()
    sums: dict[int, int] = {}
    for account, amount in rows:
        sums[account] = sums.get(account, 0) + amount
    return sums


def test_a_seasons_standings_are_the_sums_of_its_nights_ledgers(night: Clocked) -> None:
    engine = night.engine
    owner, ann, bob = _people(engine, "olga", "ann", "bob")
    made = league.create(engine, owner, "Fridays")
    assert league.add_member(engine, made, owner, "ANN") == "ann"  # as at sign-in
    league.add_member(engine, made, owner, "bob")
    try:
        league.add_member(engine, made, ann, "bob")
    except PokernightError as refused:
        assert str(refused) == "only olga, who made the league, may add members"
    else:
        raise AssertionError("a member added members")

    cash = [
        NewTable(game="hurricane", seats=3, turn_seconds=0, league=made),
        NewTable(game="highlow", seats=3, computers={2: "random"}, turn_seconds=0, league=made),
        NewTable(game="draw", seats=2, computers={1: "computer"}, turn_seconds=0, league=made),
    ]
    lineups = [[owner, ann, bob], [ann, bob], [bob]]
    nights = [_night(night, k, p, 4, owner) for k, p in zip(cash, lineups, strict=True)]
    sng = NewTable(
        game="hurricane",
        seats=3,
        turn_seconds=0,
        league=made,
        sit_and_go=SitAndGoRequest(buy_in=20, chips=10, levels_every=2, payouts="65/35"),
    )
    nights.append(_night(night, sng, [owner, ann, bob], 10**6))
    points = NewTable(game="bigtwo", seats=2, computers={1: "random"}, turn_seconds=0, league=made)
    nights.append(_night(night, points, [owner], 3))
    elsewhere = _night(night, NewTable(game="hurricane", seats=2, turn_seconds=0), [ann, bob], 3)

    found = league.of(engine, made)
    assert found is not None and set(found.members) == {owner, ann, bob}
    rows = {r.name: r for r in league.standings(engine, found, 1)}
    sums = _ledger_sums(engine, [live.row.id for live in nights])
    for account, name in ((owner, "olga"), (ann, "ann"), (bob, "bob")):
        assert rows[name].net == sums.get(account, 0), name
    assert [rows[n].nights for n in ("olga", "ann", "bob")] == [3, 3, 4]
    over = nights[3].play.match
    assert isinstance(over, SitAndGo)
    places = {row.seat: row for row in over.standings()}
    for seat, name in enumerate(("olga", "ann", "bob")):
        assert rows[name].places == [ordinal(places[seat].place)]
        assert rows[name].prizes == places[seat].prize
    scored = nights[4].play.match.table.stakes  # minus each seat's points
    assert rows["olga"].points == -scored[0] and -sum(scored) > 0
    assert rows["ann"].points == rows["bob"].points == 0
    assert elsewhere.row.season is None

    # a new season starts from nothing; the last one's standings stay as they were
    assert league.new_season(engine, made, owner) == 2
    next_night = NewTable(game="hurricane", seats=2, turn_seconds=0, league=made)
    later = _night(night, next_night, [ann, bob], 2, owner)
    assert later.row.season != nights[0].row.season
    found = league.of(engine, made)
    assert found is not None and found.season == 2
    assert {r.name: r.net for r in league.standings(engine, found, 1)} == {
        n: r.net for n, r in rows.items()
    }
    second = {r.name: r.net for r in league.standings(engine, found, 2)}
    again = _ledger_sums(engine, [later.row.id])
    assert second == {"olga": 0, "ann": again.get(ann, 0), "bob": again.get(bob, 0)}


def test_the_league_pages_let_members_read_and_the_owner_change(client: TestClient) -> None:
    olga = sign_up(client, "olga")
    made = client.post("/api/leagues", json={"name": "Fridays"}).json()
    assert made["name"] == "Fridays" and made["season"] == 1 and made["members"] == ["olga"]
    zed = sign_up(client, "zed")
    league_id = made["id"]
    assert client.get(f"/api/leagues/{league_id}/standings").status_code == 403
    refused = client.post(f"/api/leagues/{league_id}/members", json={"name": "zed"})
    assert refused.status_code == 400
    assert refused.json()["detail"] == "only olga, who made the league, may add members"
    use(client, olga)
    added = client.post(f"/api/leagues/{league_id}/members", json={"name": "zed"}).json()
    assert added["members"] == ["olga", "zed"]
    nobody = client.post(f"/api/leagues/{league_id}/members", json={"name": "nobody"})
    assert nobody.json()["detail"] == "nobody signed up as 'nobody'"
    assert client.post(f"/api/leagues/{league_id}/seasons").json()["season"] == 2
    text = client.get(f"/api/leagues/{league_id}/standings.csv?season=1").text
    lines = list(csv.reader(io.StringIO(text)))
    assert lines[0] == ["league", "season", "player", "nights", "net", "places", "prizes", "points"]
    assert lines[1:] == [["Fridays", "1", "olga", "0", "0", "", "0", "0"],
                         ["Fridays", "1", "zed", "0", "0", "", "0", "0"]]  # fmt: skip
    use(client, zed)
    standings = client.get(f"/api/leagues/{league_id}/standings").json()
    assert standings["yours"] is False and standings["showing"] == 2
    assert [r["name"] for r in standings["standings"]] == ["olga", "zed"]
    assert [one["name"] for one in client.get("/api/leagues").json()] == ["Fridays"]
    table = client.post("/api/tables", json={"game": "hurricane", "seats": 2, "league": league_id})
    assert table.status_code == 400
    assert table.json()["detail"] == "only olga, who made the league, may name a table as its night"
