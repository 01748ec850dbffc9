"""A mixed sit-and-go (issue 42): the games of a list in turn, a level each, the chips carried
from game to game. Whole tournaments of computers at three seats over Hurricane, High-Low and
Pai Gow, checked from what was dealt: each hand's game and stakes against the schedule (the
game the level's turn names, its first level's stakes times the level's multiple, which stop
rising at the last every game allows while the games go on rotating), every chip kept, each
seat out when short of the next hand's own ante or minimum, and the pool paid by place.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.engine.test_sit_and_go import check_places, scaled, top_level

from pokernight.bots.generic import RandomBot
from pokernight.catalog import seat_table, stage
from pokernight.engine.sit_and_go import SitAndGo
from pokernight.engine.structure import LEVELS, Payouts, Schedule, Structure, ordinal
from pokernight.engine.table import play_out
from pokernight.errors import InvalidRules

GAMES = ("hurricane", "highlow", "paigow")
TITLES = ("Hurricane", "High And Low Poker", "Pai Gow Poker")
CHOICES: dict[str, dict[str, str]] = {"paigow": {"min_bet": "5", "max_bet": "100"}}
"""Pai Gow's table minimum under the chips a seat starts with (its default is 20)."""
SEATS = 3
MOST_HANDS = 3000


def mixed(seed: int, structure: Structure) -> SitAndGo:
    """The three games at their first levels, played by random legal moves (a player that
    plays any game: the computers of one game cannot play another)."""
    stages = [
        stage(seat_table(game, seed, SEATS, {}, CHOICES.get(game, {}), structure).game)
        for game in GAMES
    ]
    table = seat_table(GAMES[0], seed, SEATS, {}, {}, structure).table
    players = [RandomBot(random.Random(seed + s)) for s in range(SEATS)]
    return SitAndGo(stages, structure, table, players, seed)


def floor(options: Any) -> int:
    """What a seat must put up to be dealt in: the ante, or Pai Gow's table minimum."""
    return int(options.min_bet if hasattr(options, "min_bet") else options.ante)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    chips=st.integers(10, 60),
    every=st.integers(1, 4),
    buy_in=st.integers(0, 500),
    pays=st.sampled_from([(100,), (65, 35), (50, 30, 20)]),
)
def test_a_mixed_sit_and_go_plays_its_games_in_turn_to_its_end(
    seed: int, chips: int, every: int, buy_in: int, pays: tuple[int, ...]
) -> None:
    structure = Structure(buy_in, chips, Schedule(every), Payouts(pays))
    match = mixed(seed, structure)
    firsts = [s.first for s in match.stages]
    top = top_level("hurricane", firsts[0])  # Hurricane's bets have a most; the others none
    dealt: list[tuple[str, Any, tuple[int, ...]]] = []
    news: list[list[str]] = []
    while match.over() is None:
        assert len(dealt) < MOST_HANDS
        state, hand_seed = match.start_hand()
        dealt.append((match.game.name, match.game.options, match.table.stakes))
        play_out(state, match.players)
        match.finish_hand(state, hand_seed)
        news.append(match.news)
        assert sum(match.table.stakes) + match.table.carry == SEATS * chips, "a chip lost"

    for k, (name, options, stakes) in enumerate(dealt, start=1):
        level = (k - 1) // every
        turn = level % len(GAMES)
        assert name == GAMES[turn], f"hand {k}"
        assert options == scaled(name, firsts[turn], LEVELS[min(level, top)]), f"hand {k}"
        if k > 1:  # the chips carried: the hand began with what the last left
            assert stakes == match.records[k - 2].outcome.stakes
        changes = [line for line in news[k - 1] if line.startswith("The game changes")]
        if k % every == 0 and k < len(dealt):
            after = k // every
            title, coming = TITLES[after % 3], TITLES[(after + 1) % 3]
            ahead = f"{every} hand{'s' * (every != 1)} to level {after + 2}: {coming}"
            multiple = LEVELS[min(after, top)]
            assert changes == [
                f"The game changes: Level {after + 1}: {title} (stakes ×{multiple}) · {ahead}"
            ]
        else:
            assert changes == []

    # Each seat out was short of what the next hand's game asks; each seat kept was not.
    finished: set[int] = set()
    rows = match.standings()
    place = {row.seat: row.place for row in rows}
    for k, record in enumerate(match.records, start=1):
        now_out = {s for line in news[k - 1] if " finished " in line for s in [_seat(line)]}
        nxt = dealt[k][1] if k < len(dealt) else None
        for s in range(SEATS):
            if s in finished:
                continue
            stake = record.outcome.stakes[s]
            if nxt is not None:
                assert (s in now_out) == (stake < max(floor(nxt), 1)), (k, s, stake, nxt)
        for line in news[k - 1]:
            if " finished " in line:
                assert line.endswith(f"finished {ordinal(place[_seat(line)])}")
        finished |= now_out

    check_places(rows, SEATS)
    assert sum(row.prize for row in rows) == buy_in * SEATS
    assert all(row.net == row.prize - buy_in for row in rows)


def _seat(line: str) -> int:
    return int(line.split()[1]) - 1


def test_a_game_of_points_is_refused_in_a_mix() -> None:
    structure = Structure(100, 20)
    games = [stage(seat_table(g, 1, 3, {}, {}, structure).game) for g in ("hurricane", "bigtwo")]
    table = seat_table("hurricane", 1, 3, {}, {}, structure).table
    with pytest.raises(InvalidRules, match="a mixed sit-and-go plays games of chips"):
        SitAndGo(games, structure, table, [], 1)
