"""A sit-and-go at the live table, driven command by command (issue 42): it waits for every
seat, buys every seat in once with its first hand, moves no money between, raises the stakes
on schedule (each stored hand replays under its own level's game), deals a seat out once it
cannot put up the ante and never again, refuses rebuys, top-ups, late seats and other games,
survives a restart, and pays the pool by place with its last hand: the ledger's buy-ins and
prizes sum to zero, each hand's entries too."""

from __future__ import annotations

import random
from typing import Any

import pytest
from sqlalchemy import Engine, select
from tests.web.clocked import Clocked
from tests.web.test_table_life import _entries, _people

from pokernight.engine.actions import parse_action
from pokernight.engine.protocol import replayed
from pokernight.engine.sit_and_go import SitAndGo
from pokernight.engine.table import Match
from pokernight.web import store
from pokernight.web.commands import (
    Act,
    AddComputer,
    AskChips,
    Done,
    RebuyLimit,
    Refused,
    RemoveComputer,
    Settings,
    Sit,
    TopUp,
)
from pokernight.web.live import LiveTable
from pokernight.web.manager import NewTable
from pokernight.web.play import table_state
from pokernight.web.schema import hands
from pokernight.web.tourney import SitAndGoRequest
from pokernight.web.waiting import waiting

SIT_AND_GO = SitAndGoRequest(buy_in=50, chips=12, levels_every=2, payouts="65/35")
TABLE = NewTable(
    game="hurricane", seats=3, computers={2: "foldout"}, turn_seconds=30, sit_and_go=SIT_AND_GO
)


def _hands(engine: Engine, live: LiveTable) -> list[Any]:
    with engine.connect() as db:
        query = select(hands).where(hands.c.table_id == live.row.id).order_by(hands.c.number)
        return list(db.execute(query).all())


def _play(night: Clocked, live: LiveTable, rng: random.Random, hands: int = 10**6) -> None:
    """People's turns taken at random among the legal actions (raises welcome: the stacks go
    down) until ``hands`` more hands are finished or the table is over."""
    start = live.play.match.table.hand
    while not live.row.over and live.play.match.table.hand < start + hands:
        state = live.play.state
        assert state is not None and live.chairs.holders is not None, waiting(live.play)
        seat = state.to_act()
        assert seat is not None
        legal = [str(a) for a in state.legal_actions()]
        move = rng.choice(legal)
        assert night.run(live.submit, Act(live.chairs.holders[seat], move, None, None)) == Done()


def test_a_whole_sit_and_go_buys_in_once_rises_deals_out_and_pays_by_place(
    night: Clocked,
) -> None:
    engine = night.engine
    host, friend = _people(engine, "hana", "fritz")
    live: LiveTable = night.run(night.manager.create, TABLE, host)
    night.run(live.submit, Sit(host, 0, False))
    night.run(live.submit, Settings({"paused": False}))
    assert live.play.state is None  # a seat is empty: nothing is dealt
    assert waiting(live.play) == (
        "Waiting for players: the sit-and-go starts when every seat is taken (1 empty)"
    )
    night.run(live.submit, Sit(friend, 1, False))
    match = live.play.match
    assert isinstance(match, SitAndGo) and match.table.stakes == (12, 12, 12)
    for refused in (AskChips(friend, 1, 10), TopUp(1, 10, host)):
        answer = night.run(live.submit, refused)
        assert answer == Refused("a sit-and-go has no rebuys or top-ups: every seat bought in once")
    late = _people(engine, "lena")[0]
    assert night.run(live.submit, Sit(late, 1, False)) == Refused(
        "the sit-and-go has begun: watch it, or sit at the next one"
    )
    assert night.run(live.submit, RebuyLimit(50)) == Refused(
        "a sit-and-go has no rebuys or top-ups: every seat bought in once"
    )
    own = Refused("a sit-and-go's games and prizes are its own: no dealer's choice, no point value")
    for chosen in ({"games": ["highlow"]}, {"chooser": "dealer"}, {"point_value": 5}):
        assert night.run(live.submit, Settings(chosen)) == own
    assert live.play.hosting.games == () and live.play.hosting.point_value == 0
    fixed = Refused("the sit-and-go has begun: its seats stay as they are to its end")
    assert night.run(live.submit, RemoveComputer(2)) == fixed
    assert night.run(live.submit, AddComputer(2, "random")) == fixed
    assert live.row.computers == {2: "foldout"}

    _play(night, live, random.Random(7), hands=3)
    night.stop()  # a restart in the middle: the level and the seats out are stored
    night.start()
    live = night.manager.tables[live.row.id]
    resumed = live.play.match
    assert isinstance(resumed, SitAndGo)
    assert resumed.level == match.level and resumed.finished == match.finished
    _play(night, live, random.Random(8))

    played = _hands(engine, live)
    house = live.chairs.house
    entrants = [host, friend, house]
    first, last = played[0], played[-1]
    assert _entries(engine, first.id) == {host: -50, friend: -50, house: 100}
    for hand in played[1:-1]:
        assert _entries(engine, hand.id) == {}  # tournament chips move no money
    final = live.play.match
    assert isinstance(final, SitAndGo) and final.over() is not None
    paid = {entrants[row.seat]: row.prize for row in final.standings()}
    assert sorted(paid.values()) == [0, 52, 98]  # 65/35 of 150
    expected = {a: p for a, p in paid.items() if a != house}
    expected[house] = paid[house] - 150
    if len(played) == 1:  # bought in and paid out with the one hand
        expected = {a: expected.get(a, 0) + b for a, b in {host: -50, friend: -50}.items()}
        expected[house] += 100
    assert _entries(engine, last.id) == {a: n for a, n in expected.items() if n}
    assert sum(sum(_entries(engine, h.id).values()) for h in played) == 0
    assert live.row.over is not None and live.row.over.endswith("won the sit-and-go")

    # every stored hand replays under its own level's game, and a seat out is never dealt
    gone: set[int] = set()
    for number, row in enumerate(played, start=1):
        hand = store._hand(row)
        assert hand.options is not None and hand.result is not None
        level = int(hand.options["sit_and_go_level"])
        assert level == min((number - 1) // 2, final.top)
        table = table_state(hand.start)
        assert gone <= set(table.out)
        game = live.play.game_of(hand)
        state = replayed(game.new_hand(table, hand.seed), [parse_action(a) for a in hand.actions])
        outcome = state.outcome()
        assert outcome is not None and list(outcome.stakes) == hand.result["next"]["stakes"]
        gone |= set(hand.result["next"]["out"])


EVERY_FORM = {
    "hurricane": NewTable(game="hurricane", seats=3, computers={2: "random"}),
    "highlow": NewTable(game="highlow", seats=3, computers={2: "random"}),
    "draw": NewTable(game="draw", seats=2, computers={1: "computer"}),
    "paigow": NewTable(game="paigow", seats=3, computers={2: "house"}),
    "bigtwo": NewTable(game="bigtwo", seats=3, computers={2: "random"}),
}
"""A sit-and-go of each game: two people and a computer (the draw: one person against it)."""


@pytest.mark.parametrize("game", list(EVERY_FORM))
def test_every_games_sit_and_go_ends_with_its_pool_paid(night: Clocked, game: str) -> None:
    """Each game's own form to its end at the live table: an elimination, Pai Gow's hands,
    Mount Holyoke's threshold; the pool paid out by place with the last hand, exactly."""
    engine = night.engine
    request = EVERY_FORM[game].model_copy(
        update={
            "turn_seconds": 0,
            "sit_and_go": SitAndGoRequest(
                buy_in=10, chips=20, levels_every=2, payouts="winner-takes-all", hands=12
            ),
        }
    )
    people = _people(engine, f"{game}-host", f"{game}-friend")[: request.seats - 1]
    live: LiveTable = night.run(night.manager.create, request, people[0])
    for seat, account in enumerate(people):
        night.run(live.submit, Sit(account, seat, False))
    if live.play.hosting.paused:
        night.run(live.submit, Settings({"paused": False}))
    _play(night, live, random.Random(3))
    match = live.play.match
    assert isinstance(match, SitAndGo) and match.over() is not None
    played = _hands(engine, live)
    rows = match.standings()
    paid = {row.seat: row.prize for row in rows}
    firsts = [row.seat for row in rows if row.place == 1]  # more than one: tied, sharing it
    pool = 10 * request.seats
    assert sum(paid.values()) == pool  # winner takes all
    assert all(paid[s] in (pool // len(firsts), pool // len(firsts) + 1) for s in firsts)
    assert all(paid[s] == 0 for s in paid if s not in firsts)
    if game == "paigow":  # its hands played, all but one out, or none can cover the minimum
        assert len(played) == 12 or len(match.playing()) == 1 or Match.over(match) is not None
    if game == "bigtwo":  # the last under the threshold won; the others reached it
        assert all(-match.table.stakes[s] >= 30 for group in match.finished for s in group)
    house = live.chairs.house
    totals: dict[int, int] = {}
    for hand in played:
        for account, amount in _entries(engine, hand.id).items():
            totals[account] = totals.get(account, 0) + amount
    entrants = [*people, house]
    expected: dict[int, int] = {}
    for seat, prize in paid.items():
        account = entrants[seat]
        expected[account] = expected.get(account, 0) + prize - 10
    assert {a: n for a, n in totals.items() if n} == {a: n for a, n in expected.items() if n}
    assert live.row.over is not None and live.row.over.endswith("won the sit-and-go")
