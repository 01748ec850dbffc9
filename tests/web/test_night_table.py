"""The night table's money, driven command by command with no server or browser (issue 36):
the host's controls change the next hand and never fold a friend out of the hand in play; no
flood of requests makes a friend's action stale; every chip approved comes; points are never
money unless the table gives a point a chip value, and then they sum to zero; a round sat
out never wins; a table for friends deals nothing until its host deals; practice hands
leave the bankroll alone."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from tests.web.clocked import Clocked
from tests.web.conftest import FAST, UNLIMITED, new_table, page_client, sign_up, use
from tests.web.test_custody import bankrolls_balance
from tests.web.test_table_life import (
    _act,
    _entries,
    _hand,
    _people,
    _table,
    _to_act,
    finish_hand,
)

from pokernight.engine import protocol
from pokernight.web import choosing, hosting, records, store
from pokernight.web.app import create_app
from pokernight.web.commands import (
    Act,
    AnswerChips,
    AskChips,
    AskSeat,
    Away,
    Back,
    ChooseGame,
    Done,
    End,
    Refused,
    Remove,
    Settings,
    Sit,
    SitOut,
)
from pokernight.web.live import LiveTable
from pokernight.web.manager import NewTable
from pokernight.web.policy import Policy
from pokernight.web.schema import hands, ledger, topups
from pokernight.web.standings import standings
from pokernight.web.waiting import waiting


def _facing_a_bet(night: Clocked, live: LiveTable, host: int, friend: int) -> None:
    """Play hand 1 until the friend is to act facing the host's bet: the host bets the
    most it may whenever it can, the friend checks or calls."""
    while True:
        seat = _to_act(live)
        assert live.chairs.holders is not None
        legal = [str(a) for a in live.play.state.legal_actions()] if live.play.state else []
        if live.chairs.holders[seat] == friend and "fold" in legal:
            return
        if live.chairs.holders[seat] == host:
            bets = [a for a in legal if a.startswith(("bet", "raise"))]
            move = bets[-1] if bets else next(a for a in legal if a in ("check", "call", "keep"))
        else:
            move = next(a for a in legal if a in ("check", "call", "keep"))
        assert night.run(live.submit, Act(live.chairs.holders[seat], move, None, None)) == Done()
        assert live.play.match.table.hand == 1, "hand 1 ended before the friend faced a bet"


@pytest.mark.parametrize("control", ["away", "remove", "end"])
def test_the_hosts_controls_never_fold_a_friend_facing_a_bet(night: Clocked, control: str) -> None:
    """Before, each of these played the friend's turn at once by the timeout rule: a fold,
    and the host took the pot. Now the friend still calls, and the control takes effect
    once the hand is over."""
    engine = night.engine
    host, friend = _people(engine, "hana", "fritz")
    live = _table(night, NewTable(game="hurricane", seats=2, turn_seconds=30), [host, friend])
    _facing_a_bet(night, live, host, friend)
    state, moves = live.play.state, len(live.play.state.actions) if live.play.state else 0
    if control == "away":
        night.run(live.submit, Away(1, True))
    elif control == "remove":
        night.run(live.submit, Remove(1))
    else:
        assert night.run(live.submit, End("ended by the host, hana")) == Done(False)
        assert not live.row.over and live.play.ending == "ended by the host, hana"
    night.later(10)  # time passes, less than the friend's turn
    assert live.play.state is state and state is not None and len(state.actions) == moves
    assert _to_act(live) == 1 and "call" in [str(a) for a in state.legal_actions()]
    assert night.run(live.submit, Act(friend, "call", None, None)) == Done()
    assert not any(str(a) == "fold" for a in state.actions)
    while live.play.match.table.hand == 1:
        _act(night, live, {host, friend})
    assert live.play.last is not None and live.play.last["hand"] == 1
    assert live.play.state is None, "a hand was dealt after the control"
    if control == "away":
        assert live.chairs.sitting_out() == [1] and 1 in live.chairs.seated
    elif control == "remove":
        assert 1 not in live.chairs.seated
    else:
        assert live.row.over == "ended by the host, hana"
    bankrolls_balance(engine)


def test_a_table_ended_during_a_hand_still_ends_after_a_restart(night: Clocked) -> None:
    """The end was kept in memory: a restart during the hand left the table paused and open
    for ever. It is stored with the settings now, and the hand, resumed, ends the table."""
    host, friend = _people(night.engine, "hugo", "fia")
    live = _table(night, NewTable(game="hurricane", seats=2, turn_seconds=30), [host, friend])
    assert night.run(live.submit, End("ended by the host, hugo")) == Done(False)
    night.stop()
    night.start()
    live = night.manager.tables[live.row.id]
    assert live.play.state is not None and live.play.ending == "ended by the host, hugo"
    assert waiting(live.play) == "The host ended the table: it ends once this hand is over"
    while live.play.state is not None:
        _act(night, live, {host, friend})
    assert live.row.over == "ended by the host, hugo" and live.play.last is not None
    bankrolls_balance(night.engine)


def test_a_flood_of_versions_never_makes_a_friends_action_stale(night: Clocked) -> None:
    """The friend's page holds version ``seen``; meanwhile an outsider asks for seats, the
    seated opponent toggles sitting out and asks for chips, the host changes settings: the
    table's version climbs, and the friend's action stamped ``seen`` is still taken. The
    same request twice changes nothing; an action on a turn that has passed is refused."""
    engine = night.engine
    host, friend, outsider, other = _people(engine, "hal", "fay", "otto", "olga")
    kind = NewTable(game="hurricane", seats=3, turn_seconds=30)
    live = _table(night, kind, [host, friend])
    night.run(live.submit, Settings({"approve_seats": True}))
    while live.chairs.holders is None or live.chairs.holders[_to_act(live)] != friend:
        _act(night, live, {host})
    seen = live.seq
    night.run(live.submit, AskSeat(outsider, None))
    asked = live.seq
    night.run(live.submit, AskSeat(outsider, None))  # the same request: no news
    assert live.seq == asked
    night.run(live.submit, AskSeat(other, 2))
    for _ in range(5):
        night.run(live.submit, SitOut(host))
        night.run(live.submit, Back(host))
        night.run(live.submit, Settings({"spectator_chat": True}))
    night.run(live.submit, AskChips(host, 0, 40))
    assert live.seq >= seen + 10
    legal = [str(a) for a in live.play.state.legal_actions()] if live.play.state else []
    move = next(a for a in legal if a in ("check", "call"))
    assert night.run(live.submit, Act(friend, move, None, seen)) == Done()
    while live.chairs.holders is None or live.chairs.holders[_to_act(live)] != friend:
        _act(night, live, {host})
    refused = night.run(live.submit, Act(friend, "check", None, seen))
    assert isinstance(refused, Refused) and refused.reason.startswith("the table has moved on")
    bankrolls_balance(engine)


def test_every_chip_request_approved_in_a_hand_comes_and_is_in_the_ledger(
    night: Clocked,
) -> None:
    """Before, the friend's second request wrote over the first, approved one: its chips
    never came and the ledger never listed them."""
    engine = night.engine
    host, friend = _people(engine, "hugo", "fern")
    live = _table(night, NewTable(game="hurricane", seats=2, turn_seconds=0), [host, friend])
    assert live.play.state is not None
    start = live.play.match.table.stakes[1]
    assert night.run(live.submit, AskChips(friend, 1, 50)) == Done(True)
    assert night.run(live.submit, AskChips(friend, 1, 50)) == Done(
        False
    )  # asked again: nothing new
    night.run(live.submit, AnswerChips(friend, True, host))
    assert night.run(live.submit, AskChips(friend, 1, 30)) == Done(True)
    assert live.chairs.rebuys.coming(friend) == 50
    night.run(live.submit, AnswerChips(friend, True, host))
    assert live.chairs.rebuys.coming(friend) == 80
    night.run(live.submit, Settings({"paused": True}))
    while live.play.state is not None:
        _act(night, live, {host, friend})
    net = live.play.last["net"][1] if live.play.last else None
    assert net is not None and live.play.match.table.stakes[1] == start + net + 80
    with engine.connect() as db:
        rows = db.execute(select(topups.c.amount, topups.c.by_account, topups.c.account_id)).all()
    assert sorted(rows) == [(30, host, friend), (50, host, friend)]
    bankrolls_balance(engine)


def _points_game(night: Clocked, point_value: int, sit_out: bool = False) -> LiveTable:
    """A whole Mount Holyoke game (three rounds) at a web table: two people and a greedy
    computer; with ``sit_out`` the second person sits out from round 2 on."""
    engine = night.engine
    people = _people(engine, "pia", "quentin")
    kind = NewTable(
        game="bigtwo", seats=3, computers={2: "greedy"}, turn_seconds=0, point_value=point_value
    )
    live = _table(night, kind, people)
    if sit_out:
        night.run(live.submit, SitOut(people[1]))
    while not live.row.over:
        assert live.play.state is not None, waiting(live.play)
        _act(night, live, set(people))
    return live


def _ledger_sums(engine: Engine) -> list[int]:
    """Each hand's ledger entries, summed."""
    with engine.connect() as db:
        rows = db.execute(select(ledger.c.hand_id, ledger.c.amount)).all()
    sums: dict[int, int] = {}
    for hand, amount in rows:
        sums[hand] = sums.get(hand, 0) + amount
    return list(sums.values())


def test_a_whole_points_game_moves_no_bankroll(night: Clocked) -> None:
    """Before, every bankroll moved by the points (-13, -12, -9) and the house took +34."""
    live = _points_game(night, point_value=0)
    engine = night.engine
    assert live.row.over is not None and live.row.over.startswith("3 rounds played")
    assert _ledger_sums(engine) == []
    for account in {*live.chairs.seated.values(), live.chairs.house}:
        assert store.balance(engine, account) == 0
    points = [-s for s in live.play.match.table.stakes]
    rounds = [_hand(engine, live, n) for n in (1, 2, 3)]
    assert all(r.finished for r in rounds)
    assert sum(max(p, 0) for p in points) > 0  # somebody lost points: they were played


def test_points_at_a_chip_value_settle_between_the_players_and_sum_to_zero(
    night: Clocked,
) -> None:
    live = _points_game(night, point_value=2)
    engine = night.engine
    sums = _ledger_sums(engine)
    assert len(sums) == 3 and set(sums) == {0}
    holders = [live.chairs.seated.get(s, live.chairs.house) for s in range(3)]
    points = [-s for s in live.play.match.table.stakes]
    for seat, account in enumerate(holders):
        owed = 2 * sum(points[other] - points[seat] for other in range(3))
        assert store.balance(engine, account) == owed
    bankrolls_balance(engine)


def test_a_round_sat_out_never_wins_the_game(night: Clocked) -> None:
    """The second person plays round 1 and sits out rounds 2 and 3: each costs them the most
    a round can (13 points), so they end with no fewer points than anyone who played."""
    live = _points_game(night, point_value=0, sit_out=True)
    engine = night.engine
    for number in (2, 3):
        assert _hand(engine, live, number).start.count('"out": [1]') == 1
    points = [-s for s in live.play.match.table.stakes]
    assert points[1] >= 26 and points[1] >= max(points[0], points[2])
    assert live.row.over is not None and not live.row.over.endswith("fewest points Seat 2")


def test_a_table_for_friends_deals_nothing_until_its_host_deals(night: Clocked) -> None:
    engine = night.engine
    host, friend, solo = _people(engine, "ida", "jan", "sol")
    live: LiveTable = night.run(
        night.manager.create, NewTable(game="hurricane", seats=3, turn_seconds=0), host
    )
    night.run(live.submit, Sit(host, 0, False))
    night.run(live.submit, Sit(friend, 1, False))
    assert live.play.state is None and waiting(live.play) == "Waiting for the host to deal"
    assert night.manager.info(live).waiting == "Waiting for the host to deal"
    night.run(live.submit, Settings({"paused": False}))  # Deal
    assert live.play.state is not None and live.play.match.table.hand == 1
    night.run(live.submit, Settings({"paused": True}))
    while live.play.state is not None:
        _act(night, live, {host, friend})
    assert waiting(live.play) == "Paused by the host: no hand is dealt until they resume"
    alone: LiveTable = night.run(
        night.manager.create,
        NewTable(game="hurricane", seats=3, computers={1: "checker", 2: "pairwise"}),
        solo,
    )
    assert alone.play.state is None and not alone.play.hosting.paused
    night.run(alone.submit, Sit(solo, 0, False))
    assert alone.play.state is not None  # one person against computers: dealt once they sit


def test_a_practice_hand_leaves_the_bankroll_alone(night: Clocked) -> None:
    engine = night.engine
    (host,) = _people(engine, "pam")
    kind = NewTable(game="hurricane", seats=2, computers={1: "random"}, seed=7, turn_seconds=0)
    live: LiveTable = night.run(night.manager.create, kind, host)
    night.run(live.submit, Sit(host, 0, False))
    assert live.row.practice
    while live.play.match.table.hand < 4:
        _act(night, live, {host})
    assert live.play.last is not None and live.play.last["hand"] == 3
    assert any(live.play.last["net"]) or any(n for n in live.play.match.table.stakes if n != 100)
    assert store.balance(engine, host) == 0 and store.balance(engine, live.chairs.house) == 0
    assert _entries(engine, _hand(engine, live, 1).id) == {}


def test_seat_sit_out_and_chip_requests_are_rate_limited_per_account(client: TestClient) -> None:
    """Each is news for every page of the table: past ten at once, an account waits (429,
    with the seconds to wait), while another account's requests still go through."""
    host = sign_up(client, "hosta")
    table = new_table(client, "hurricane", 3, {})
    client.post(f"/api/tables/{table}/sit", json={"seat": 0})
    client.post(f"/api/tables/{table}/settings", json={"approve_seats": True})
    flooder, calm = sign_up(client, "flo"), sign_up(client, "cal")
    use(client, flooder)
    answers = [
        client.post(f"/api/tables/{table}/request", json={"seat": 1 + n % 2}) for n in range(12)
    ]
    assert [a.status_code for a in answers] == [200] * 10 + [429] * 2
    assert answers[-1].json()["detail"].startswith("too many seat requests: try again in")
    assert int(answers[-1].headers["retry-after"]) >= 1
    use(client, calm)
    assert client.post(f"/api/tables/{table}/request", json={}).status_code == 200
    use(client, host)
    toggles = [
        client.post(f"/api/tables/{table}/sitout", json={"out": n % 2 == 0}) for n in range(6)
    ]
    chips = [client.post(f"/api/tables/{table}/chips", json={"amount": 5}) for _ in range(6)]
    codes = [a.status_code for a in toggles + chips]
    assert codes == [200] * 10 + [429] * 2
    assert chips[-1].json()["detail"].startswith("too many chip requests")


def _play_out(night: Clocked, live: LiveTable, people: set[int]) -> None:
    """The hand in play to its end, its people checking or calling."""
    number = live.play.match.table.hand
    while live.play.state is not None and live.play.match.table.hand == number:
        _act(night, live, people)


def test_one_table_plays_the_night_game_after_game_as_its_host_chooses(
    night: Clocked,
) -> None:
    """Hurricane, then High-Low, then Mount Holyoke to its own end, then Pai Gow: the seats,
    the computers (the house's players of each game), the chips carried from game to game
    (kept aside while points are played), a ledger that sums to zero per game."""
    engine = night.engine
    host, friend = _people(engine, "hedda", "fred")
    kind = NewTable(
        game="hurricane",
        seats=3,
        computers={2: "checker"},
        turn_seconds=0,
        games=["highlow", "bigtwo", "paigow"],
    )
    live = _table(night, kind, [host, friend])
    people = {host, friend}
    info = night.manager.info(live)
    assert info.games == ["hurricane", "highlow", "bigtwo", "paigow"] and info.chooser == "hedda"
    for chosen, why in [
        (ChooseGame(friend, "highlow"), "the host chooses"),
        (ChooseGame(host, "draw"), "choose one of the games the host allows"),
        (ChooseGame(host, "highlow", {"low": "no-such-low"}), "low must be one of"),
    ]:
        refused = night.run(live.submit, chosen)
        assert isinstance(refused, Refused) and why in refused.reason, refused
    night.run(live.submit, ChooseGame(host, "highlow", {"low": "deuce-to-seven"}))
    assert live.row.game == "hurricane"  # the hand in play is Hurricane's to its end
    _play_out(night, live, people)
    after_hurricane = live.play.last["next"]["stakes"] if live.play.last else None
    assert live.row.game == "highlow" and live.row.options == {"low": "deuce-to-seven"}
    assert live.row.computers == {2: "value"} and live.play.hosting.next_game is None
    assert live.play.state is not None and live.play.match.table.hand == 2
    assert after_hurricane is not None
    assert list(live.play.match.table.stakes) == list(after_hurricane)
    assert night.manager.info(live).next_game is None
    night.run(live.submit, ChooseGame(host, "bigtwo", {}))
    next_game = night.manager.info(live).next_game
    assert next_game is not None and (next_game.game, next_game.by) == ("bigtwo", "hedda")
    _play_out(night, live, people)
    assert live.play.last is not None
    chips = list(live.play.last["next"]["stakes"])
    assert live.row.game == "bigtwo" and list(live.play.match.table.stakes) == [0, 0, 0]
    night.run(live.submit, ChooseGame(host, "paigow", {}))  # waits for Mount Holyoke's end
    for _ in range(3):
        assert live.row.game == "bigtwo"
        _play_out(night, live, people)
    assert live.play.last is not None and live.play.last["hand"] == 5
    points = [-s for s in live.play.last["next"]["stakes"]]
    assert live.row.game == "paigow" and live.play.match.table.first == 6
    assert list(live.play.match.table.stakes) == chips  # the chips kept through the points game
    _play_out(night, live, people)
    with engine.connect() as db:
        games = [g for (g,) in db.execute(select(hands.c.game).order_by(hands.c.id)).all()]
    assert games[:7] == ["hurricane", "highlow", *["bigtwo"] * 3, "paigow", "paigow"][:7]
    ledger_lines = hosting.table_ledger(engine, live.row.id)
    by_game: dict[str, int] = {}
    for line in ledger_lines:
        by_game[line["game"]] = by_game.get(line["game"], 0) + line["net"]
    assert list(by_game) == ["hurricane", "highlow", "bigtwo", "paigow"]
    assert set(by_game.values()) == {0}
    points_lines = [line for line in ledger_lines if line["game"] == "bigtwo"]
    assert {(line["name"], line["hands"], line["net"]) for line in points_lines} == {
        ("hedda", 3, 0),
        ("fred", 3, 0),
    }
    told = standings(engine, live.row.id, live.row.game)
    assert [(g["game"], g["unit"], g["hands"]) for g in told] == [
        ("hurricane", "chips", [1, 1]),
        ("highlow", "chips", [2, 2]),
        ("bigtwo", "points", [3, 5]),
        ("paigow", "chips", [6, 6]),
    ]
    mount = {line["name"]: line for line in told[2]["lines"]}
    for seat, name in enumerate(["hedda", "fred"]):
        assert mount[name]["total"] == points[seat] and mount[name]["played"] == 3
        assert len(mount[name]["points"]) == 3 and "net" not in mount[name]
    totals = [line["total"] for line in told[2]["lines"]]
    assert totals == sorted(totals)  # the fewest points first
    assert {line["name"]: line["net"] for line in told[0]["lines"]}["hedda"] == (
        after_hurricane[0] - 100
    )
    bankrolls_balance(engine)


def test_a_game_that_ends_waits_for_the_next_choice_and_a_table_of_one_game_ends(
    night: Clocked,
) -> None:
    engine = night.engine
    host, friend = _people(engine, "gus", "gia")
    kind = NewTable(game="bigtwo", seats=2, turn_seconds=0, games=["hurricane"])
    live = _table(night, kind, [host, friend])
    while live.play.state is not None:
        _play_out(night, live, {host, friend})
    assert not live.row.over and live.play.match.table.hand == 4
    why = waiting(live.play)
    assert why is not None and why.startswith("Mount Holyoke Poker is over (3 rounds")
    assert why.endswith("waiting for the next game to be chosen")
    night.run(live.submit, ChooseGame(host, "bigtwo", {}))  # another game of it
    assert live.play.state is not None and live.row.game == "bigtwo"
    assert list(live.play.match.table.stakes) == [0, 0] and live.play.match.table.first == 4
    while live.play.state is not None:
        _play_out(night, live, {host, friend})
    assert live.play.match.table.hand == 7 and waiting(live.play) is not None and not live.row.over
    one = _table(night, NewTable(game="bigtwo", seats=2, turn_seconds=0), [friend, host])
    while one.play.state is not None:
        _play_out(night, one, {host, friend})
    assert one.row.over is not None and one.row.over.startswith("3 rounds played")


def test_at_the_dealers_choice_the_dealer_of_the_next_orbit_chooses(night: Clocked) -> None:
    engine = night.engine
    people = _people(engine, "dora", "dan", "dee")
    kind = NewTable(game="hurricane", seats=3, turn_seconds=0, games=["highlow"], chooser="dealer")
    live = _table(night, kind, people)
    first, button = choosing.next_orbit(live.play)
    assert first == 4 and button == live.play.match.table.dealer  # hands 1-3 are an orbit
    dealer = live.chairs.seated[button]
    for other in set(people) - {dealer}:
        refused = night.run(live.submit, ChooseGame(other, "highlow"))
        assert isinstance(refused, Refused) and "you do not deal it" in refused.reason
    night.run(live.submit, ChooseGame(dealer, "highlow", {}))
    while live.play.match.table.hand < 4:
        assert live.row.game == "hurricane"
        _play_out(night, live, set(people))
    assert live.row.game == "highlow" and live.play.match.table.dealer == button
    # the game in play chosen again goes on: the same game in the standings, not a second
    again, button = choosing.next_orbit(live.play)
    night.run(live.submit, ChooseGame(live.chairs.seated[button], "highlow", {}))
    while live.play.match.table.hand <= again:
        _play_out(night, live, set(people))
    assert live.play.hosting.next_game is None and live.play.match.table.first == 4
    told = standings(engine, live.row.id, live.row.game)
    assert [(g["game"], g["hands"]) for g in told] == [
        ("hurricane", [1, 3]),
        ("highlow", [4, again]),
    ]
    bankrolls_balance(engine)


def test_the_host_approves_the_chips_they_saw_asked_for(client: TestClient) -> None:
    """A request waiting changes its amount when asked again: the host's answer names the
    amount it saw, and an answer to an amount no longer asked for answers nothing."""
    host = sign_up(client, "hostb")
    table = new_table(client, "hurricane", 2, {})
    client.post(f"/api/tables/{table}/sit", json={"seat": 0})
    friend = sign_up(client, "fiona")
    client.post(f"/api/tables/{table}/sit", json={"seat": 1})
    client.post(f"/api/tables/{table}/chips", json={"amount": 50})
    client.post(f"/api/tables/{table}/chips", json={"amount": 70})
    use(client, host)
    asked = client.get(f"/api/tables/{table}/chips/requests").json()["requests"]
    assert [r["amount"] for r in asked] == [70]
    account = asked[0]["account"]
    stale = client.post(f"/api/tables/{table}/chips/{account}/approve", json={"amount": 50})
    assert stale.status_code == 400
    assert stale.json()["detail"] == "the request changed: 70 chips now, not 50"
    assert client.get(f"/api/tables/{table}/chips/requests").json()["requests"] == asked
    done = client.post(f"/api/tables/{table}/chips/{account}/approve", json={"amount": 70})
    assert done.status_code == 200
    use(client, friend)
    news = client.get(f"/api/tables/{table}/chips").json()
    assert (news["status"], news["amount"], news["coming"]) == ("approved", 70, 70)


def test_records_are_made_once_and_downloads_limited(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A finished hand's public record is made once: a second download replays nothing
    (each used to replay every hand of the night); downloads are limited per address."""
    policy = Policy(download_burst=3, download_rate=0.001)
    with page_client(create_app(database, FAST, UNLIMITED, policy=policy)) as client:
        host = sign_up(client, "recorder")
        table = new_table(client, "hurricane", 2, {})
        client.post(f"/api/tables/{table}/sit", json={"seat": 0})
        sign_up(client, "reader")
        client.post(f"/api/tables/{table}/sit", json={"seat": 1})
        use(client, host)
        live = client.app.state.manager.tables[table]  # type: ignore[attr-defined]
        assert client.portal is not None
        client.post(f"/api/tables/{table}/pause")
        for _ in range(3):
            finish_hand(client, live)
            client.post(f"/api/tables/{table}/resume")
            client.post(f"/api/tables/{table}/pause")
        made: list[int] = []
        real = protocol.replayed  # what records imported

        def counted(*a: Any) -> Any:
            made.append(1)
            return real(*a)

        monkeypatch.setattr(records, "replayed", counted)
        first = client.get(f"/api/tables/{table}/records")
        assert first.status_code == 200 and len(made) == len(first.text.splitlines()) >= 3
        again = client.get(f"/api/tables/{table}/records")
        assert again.text == first.text and len(made) == len(first.text.splitlines())
        assert client.get(f"/api/tables/{table}/records").status_code == 200
        refused = client.get(f"/api/tables/{table}/records")
        assert refused.status_code == 429 and "too many downloads" in refused.json()["detail"]


def test_the_host_sets_the_games_and_who_chooses_from_the_panel(client: TestClient) -> None:
    sign_up(client, "panel")
    table = new_table(client, "hurricane", 3, {2: "checker"})
    settings = f"/api/tables/{table}/settings"
    allowed = client.post(settings, json={"games": ["bigtwo", "highlow"], "chooser": "dealer"})
    assert allowed.json()["games"] == ["hurricane", "bigtwo", "highlow"]  # the one in play stays
    assert allowed.json()["chooser"] == "dealer"
    for games, why in ((["poker"], "unknown game 'poker'"), (["draw"], "not a table of 3")):
        refused = client.post(settings, json={"games": games})
        assert refused.status_code == 400 and why in refused.json()["detail"]
    assert client.get(f"/api/tables/{table}/host").json()["games"] == [
        "hurricane",
        "bigtwo",
        "highlow",
    ]
    assert client.post(settings, json={"games": []}).json()["games"] == []  # one game again
    assert client.post(settings, json={"chooser": "guests"}).status_code == 422
