"""Seed 000's end of the game, at every ante: "A player may go into debt to finish a hand. When
any player has no money for the ante, the game is over." """

from __future__ import annotations

import random

import pytest
from tests.games.test_hurricane import deal, play

from pokernight.bots.hurricane import STRATEGIES, HurricaneBot
from pokernight.engine.actions import CALL, CHECK, FOLD, KEEP, bet
from pokernight.engine.protocol import TableState
from pokernight.engine.table import Match, after_hand
from pokernight.games.hurricane.game import Hurricane, HurricaneOptions


@pytest.mark.parametrize("ante", [1, 2, 3])
def test_a_seat_holding_the_ante_plays_on_and_one_below_it_ends_the_game(ante: int) -> None:
    game = Hurricane(HurricaneOptions(seats=3, ante=ante))
    assert game.game_over(TableState((100, ante, 100), 0)) is None
    assert game.game_over(TableState((100, ante - 1, 100), 0)) == (
        "Seat 2 has no money for the ante"
    )
    assert game.game_over(TableState((100, 100, -3), 0)) == "Seat 3 has no money for the ante"


def test_a_seat_sitting_out_ends_nothing() -> None:
    game = Hurricane(HurricaneOptions(seats=3, ante=2))
    assert game.game_over(TableState((100, 1, 100), 0, out=(1,))) is None


def test_at_ante_2_a_seat_left_with_2_antes_it_all_and_one_left_with_1_ends_the_game() -> None:
    """Seat 1 antes $2 and folds to a bet. From $4 it keeps $2: the next hand deals it in and
    it antes its last $2. From $3 it keeps $1: the game is over, where it used to be dealt in
    and go into debt for the ante."""
    game = Hurricane(HurricaneOptions(seats=3, ante=2))
    left = {}
    for before in (4, 3):
        hand = deal(["Ts 9d", "Ks 2d", "Qh Jh"], dealer=2, stakes=(before, 100, 100), ante=2)
        play(hand, CHECK, bet(1), CALL, FOLD, KEEP, KEEP, CHECK, CHECK)
        outcome = hand.outcome()
        assert outcome is not None
        left[before] = after_hand(TableState((before, 100, 100), 2), outcome)
    # a pot of $8: K2 (a pair of kings) takes the high $4, QJ (no pair) the low $4
    assert left[4].stakes == (2, 101, 101) and game.game_over(left[4]) is None
    assert game.new_hand(left[4], seed=1).stakes[0] == 0
    assert left[3].stakes == (1, 101, 101)
    assert game.game_over(left[3]) == "Seat 1 has no money for the ante"


@pytest.mark.parametrize("ante", [1, 2, 3])
def test_no_hand_is_ever_dealt_to_a_seat_without_the_ante(ante: int) -> None:
    """Whole matches of the seven strategies at small stakes: every hand starts with every
    seat holding at least the ante, and the match ends on the first seat that does not."""
    for seed in range(20):
        rng = random.Random(seed)
        bots = [HurricaneBot(rng.choice(STRATEGIES), rng) for _ in range(4)]
        game = Hurricane(HurricaneOptions(seats=4, stake=8, ante=ante))
        match = Match(game, bots, seed, game.new_table(seed % 4))
        while match.over() is None:
            match.play_hand()
        assert all(min(record.table.stakes) >= ante for record in match.records)
        broke = [s for s, stake in enumerate(match.table.stakes) if stake < ante]
        assert broke and match.over() == f"Seat {broke[0] + 1} has no money for the ante"
