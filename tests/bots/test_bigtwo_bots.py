"""The Big Two computer players: the greedy rules one by one, and the search player's play."""

from __future__ import annotations

import random

from tests.games.bigtwo_helpers import deal, run

from pokernight.bots.bigtwo import GreedyBot, SearchBot, greedy_pick
from pokernight.bots.generic import RandomBot
from pokernight.engine.actions import PASS
from pokernight.engine.protocol import Player
from pokernight.engine.table import Match
from pokernight.games.bigtwo.game import MountHolyoke
from pokernight.hands.climb_moves import plays


def values(*cards: int) -> list[int]:
    return sorted(cards)


def test_greedy_leads_the_lowest_play_that_breaks_no_group_and_keeps_2s() -> None:
    # 3d 3c (a pair), 5h, 9s, 2d: the pair is lowest and whole; a lone 3 would break it
    hand = values(0, 1, 2 * 4 + 2, 6 * 4 + 3, 12 * 4)
    assert greedy_pick(hand, plays(hand), leading=True, fewest=13) == (1 << 24 | 1, (0, 1))


def test_greedy_follows_with_the_cheapest_beating_play_but_saves_its_2s() -> None:
    hand = values(5 * 4, 9 * 4 + 1, 12 * 4 + 3, 2, 3 * 4, 4 * 4, 7 * 4)
    beat = (4 * 4 + 3, (4 * 4 + 3,))  # the 7 of spades
    assert greedy_pick(hand, plays(hand, beat), leading=False, fewest=13) == (20, (20,))
    high = (11 * 4 + 3, (11 * 4 + 3,))  # the ace of spades: only the 2 beats it
    assert greedy_pick(hand, plays(hand, high), leading=False, fewest=13) is None


def test_greedy_blocks_an_opponent_down_to_three_cards() -> None:
    hand = values(5 * 4, 9 * 4 + 1, 12 * 4 + 3, 2, 3 * 4, 4 * 4, 7 * 4)
    beat = (4 * 4 + 3, (4 * 4 + 3,))
    assert greedy_pick(hand, plays(hand, beat), leading=False, fewest=1) == (51, (51,))
    pair_hand = values(0, 8, 9, 20)  # 3d, 5d 5c, 8d: an opponent holds one card
    assert greedy_pick(pair_hand, plays(pair_hand), leading=True, fewest=1)[1] == (8, 9)  # type: ignore[index]


def test_bots_answer_from_their_view_with_a_legal_action() -> None:
    hand = deal("3d 4d 9h 9s Kd", "3c 4c", "3h 4h", "3s 4s")
    run(hand, "play 3d", "pass", "pass", "pass")
    for bot in (GreedyBot(random.Random(1)), SearchBot(random.Random(1), samples=3)):
        action = bot.act(hand.view(0))
        assert action in hand.legal_actions() and action is not PASS


def test_greedy_beats_random_over_seeded_rounds() -> None:
    game = MountHolyoke()
    players: list[Player] = [
        GreedyBot(random.Random(1)),
        *(RandomBot(random.Random(s)) for s in range(3)),
    ]
    match = Match(game, players, 5, game.new_table())
    nets = [match.play_hand().outcome.net for _ in range(150)]
    greedy = sum(n[0] for n in nets)
    assert all(greedy > sum(n[s] for n in nets) for s in (1, 2, 3))


def test_search_is_seeded_and_replays() -> None:
    game = MountHolyoke()

    def record(seed: int) -> tuple[object, ...]:
        bots: list[Player] = [
            SearchBot(random.Random(seed), samples=2),
            *(GreedyBot(random.Random(0)) for _ in range(3)),
        ]
        return Match(game, bots, 7, game.new_table()).play_hand().actions

    assert record(3) == record(3)
