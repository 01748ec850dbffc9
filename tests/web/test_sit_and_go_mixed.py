"""A mixed sit-and-go at the live table, driven command by command (issue 42): the table's game
and the others of its list in turn, a level each, the chips carried. Every stored hand is of
the game its level's turn names and replays under it; the table (its page's game, its
computers) follows the game in play, through a restart; nobody chooses a game; the pool is
paid by place, the ledger's buy-ins and prizes summing to zero. A mix with a game of points,
or a game whose first level cannot seat the chips, is refused with the reason."""

from __future__ import annotations

import random

import pytest
from tests.web.clocked import Clocked
from tests.web.test_sit_and_go import _hands, _play
from tests.web.test_table_life import _entries, _people

from pokernight.catalog import check as check_table
from pokernight.engine.actions import parse_action
from pokernight.engine.protocol import replayed
from pokernight.engine.sit_and_go import SitAndGo
from pokernight.errors import PokernightError
from pokernight.web import store
from pokernight.web.commands import ChooseGame, Refused, Settings, Sit
from pokernight.web.live import LiveTable
from pokernight.web.manager import NewTable, check
from pokernight.web.play import table_state
from pokernight.web.tourney import SitAndGoRequest

GAMES = ("hurricane", "highlow", "paigow")
TITLES = {"hurricane": "Hurricane", "highlow": "High And Low Poker", "paigow": "Pai Gow Poker"}
MIXED = NewTable(
    game="hurricane",
    seats=3,
    computers={2: "foldout"},
    turn_seconds=30,
    games=["highlow", "paigow"],
    sit_and_go=SitAndGoRequest(buy_in=40, chips=40, levels_every=2, payouts="65/35"),
)
"""Two people and Hurricane's fold-out computer; Pai Gow's default minimum (20) under the
chips each seat starts with."""


def test_a_mixed_sit_and_go_plays_its_games_in_turn_to_its_end(night: Clocked) -> None:
    engine = night.engine
    host, friend = _people(engine, "mia", "max")
    live: LiveTable = night.run(night.manager.create, MIXED, host)
    assert live.play.hosting.games == ()  # the games come in turn: nobody chooses one
    night.run(live.submit, Sit(host, 0, False))
    night.run(live.submit, Sit(friend, 1, False))
    night.run(live.submit, Settings({"paused": False}))
    info = night.manager.info(live)
    assert info.tournament is not None
    assert info.tournament.words.endswith(
        "; mixed: Hurricane, High And Low Poker, Pai Gow Poker in turn, a level each"
    )
    assert info.tournament.level == (
        "Level 1: Hurricane (stakes ×1) · 2 hands to level 2: High And Low Poker"
    )
    assert night.run(live.submit, ChooseGame(host, "highlow")) == Refused(
        "a sit-and-go plays its games on its schedule: none is chosen"
    )

    _play(night, live, random.Random(5), hands=3)  # into the second game, High-Low
    assert live.row.game == "highlow" and live.play.match.game.name == "highlow"
    assert live.row.computers == {2: "value"}  # High-Low's house player in the computer's seat
    info = night.manager.info(live)
    assert info.game == "highlow" and info.tournament is not None
    assert info.tournament.level == (
        "Level 2: High And Low Poker (stakes ×2) · 1 hand to level 3: Pai Gow Poker"
    )
    night.stop()  # a restart in the second game: the game, its level and the outs resume
    night.start()
    live = night.manager.tables[live.row.id]
    match = live.play.match
    assert isinstance(match, SitAndGo) and match.level == 1
    assert live.row.game == "highlow" and match.game.name == "highlow"
    _play(night, live, random.Random(6))

    final = live.play.match
    assert isinstance(final, SitAndGo) and final.over() is not None
    played = _hands(engine, live)
    assert len(played) >= 1
    games_seen = []
    for number, row in enumerate(played, start=1):
        hand = store._hand(row)
        assert hand.options is not None and hand.result is not None
        level = int(hand.options["sit_and_go_level"])
        assert level == (number - 1) // 2
        assert hand.game == GAMES[level % 3], number
        games_seen.append(hand.game)
        game = live.play.game_of(hand)
        assert game.name == hand.game
        table = table_state(hand.start)
        state = replayed(game.new_hand(table, hand.seed), [parse_action(a) for a in hand.actions])
        outcome = state.outcome()
        assert outcome is not None and list(outcome.stakes) == hand.result["next"]["stakes"]
        if number > 1:  # the chips carried from the hand before, whatever its game
            before = store._hand(played[number - 2]).result
            assert before is not None and list(table.stakes) == before["next"]["stakes"]
    assert live.row.game == games_seen[-1]
    assert {"hurricane", "highlow"} <= set(games_seen)

    house = live.chairs.house
    entrants = [host, friend, house]
    assert _entries(engine, played[0].id) == {host: -40, friend: -40, house: 80}
    for hand_row in played[1:-1]:
        assert _entries(engine, hand_row.id) == {}
    paid = {entrants[row.seat]: row.prize for row in final.standings()}
    assert sum(paid.values()) == 120
    totals: dict[int, int] = {}
    for hand_row in played:
        for account, amount in _entries(engine, hand_row.id).items():
            totals[account] = totals.get(account, 0) + amount
    assert sum(totals.values()) == 0
    assert totals.get(host, 0) == paid[host] - 40 and totals.get(friend, 0) == paid[friend] - 40
    assert live.row.over is not None and live.row.over.endswith("won the sit-and-go")


@pytest.mark.parametrize(
    ("games", "chips", "said"),
    [
        (["bigtwo"], 40, "a mixed sit-and-go plays games of chips, their stakes rising: not "),
        (["paigow"], 10, "a Pai Gow sit-and-go starts each seat with the table minimum at least"),
        (["draw"], 40, "Five-card draw seats 2 to 2 players: not a table of 3"),
    ],
)
def test_a_mix_that_cannot_be_played_is_refused(games: list[str], chips: int, said: str) -> None:
    request = MIXED.model_copy(
        update={"games": games, "sit_and_go": SitAndGoRequest(chips=chips, levels_every=2)}
    )
    check_table(request.game, request.seats, request.computers, request.options, people=1)
    with pytest.raises(PokernightError, match=said.replace("(", r"\(")):
        check(request)
