"""Five-card draw against the computer (seed 002 and its RULES.md part)."""

from __future__ import annotations

import random

import pytest

from pokernight.bots.draw import DrawComputer
from pokernight.cards import AnyCard, Card, parse_cards
from pokernight.engine.actions import CALL, FOLD, KEEP, Action, Kind, bet, discard, raise_
from pokernight.engine.events import Dealt, Drew, Showdown
from pokernight.engine.protocol import TableState, View
from pokernight.engine.table import Match
from pokernight.errors import IllegalAction
from pokernight.games.draw.game import (
    COMPUTER,
    DRAW,
    FIRST,
    HUMAN,
    OVER,
    SECOND,
    DrawHand,
    DrawOptions,
    FiveCardDraw,
)


def deal(
    you: str, computer: str, draws: str = "", stakes: tuple[int, int] = (200, 200)
) -> DrawHand:
    mine, theirs = parse_cards(you), parse_cards(computer)
    stacked: list[AnyCard] = [c for pair in zip(mine, theirs, strict=True) for c in pair]
    stacked += parse_cards(draws) if draws else []
    return DrawHand(DrawOptions(), TableState(stakes, dealer=COMPUTER), 1, stacked)


def play(hand: DrawHand, *actions: Action) -> None:
    for action in actions:
        hand.apply(action)


def test_antes_alternate_deal_and_you_bet_first() -> None:
    hand = deal("2c 4c 6c 8c Tc", "3d 5d 7d 9d Jd")
    assert hand.pot == 4 and hand.stakes == [198, 198]
    assert [str(c) for c in hand.hole[HUMAN]] == ["2c", "4c", "6c", "8c", "Tc"]
    assert hand.phase == FIRST and hand.to_act() == HUMAN
    # keys 1-9 and = ($10) bet; 0 folds; there is no check
    assert list(hand.legal_actions()) == [*(bet(n) for n in range(1, 11)), FOLD]


def test_the_computer_sees_or_raises_and_you_may_re_raise_once() -> None:
    hand = deal("2c 4c 6c 8c Tc", "3d 5d 7d 9d Jd")
    play(hand, bet(5))
    assert hand.to_act() == COMPUTER
    assert {a.kind for a in hand.legal_actions()} == {Kind.CALL, Kind.RAISE, Kind.FOLD}
    play(hand, raise_(3))
    assert hand.to_act() == HUMAN  # "See my raise": call, fold, or see and raise back
    play(hand, raise_(2))
    assert list(hand.legal_actions()) == [CALL, FOLD]  # the computer calls or folds
    play(hand, CALL)
    assert hand.phase == DRAW and hand.pot == 4 + 10 + 10


def test_betting_zero_folds_and_nobody_shows_cards() -> None:
    hand = deal("2c 4c 6c 8c Tc", "3d 5d 7d 9d Jd")
    play(hand, FOLD)
    outcome = hand.outcome()
    assert hand.phase == OVER and outcome is not None
    assert outcome.net == (-2, 2) and outcome.shown == {}
    assert not any(isinstance(e, Showdown) for e in hand.log.events)
    assert hand.view(HUMAN).cards[COMPUTER] == (None,) * 5


def test_draw_at_most_three_your_cards_come_first() -> None:
    hand = deal("2c 4c 6c 8c Tc", "3d 5d 7d 9d Jd", draws="As Ks Qs Js Ts 9s")
    play(hand, bet(1), CALL)
    assert hand.to_act() == HUMAN
    with pytest.raises(IllegalAction, match="up to 3"):
        hand.apply(discard(*parse_cards("2c 4c 6c 8c")))
    play(hand, discard(*parse_cards("2c 4c 6c")))
    assert [str(c) for c in hand.hole[HUMAN]] == ["As", "Ks", "Qs", "8c", "Tc"]
    play(hand, discard(*parse_cards("3d 5d")))
    assert [str(c) for c in hand.hole[COMPUTER]][:2] == ["Js", "Ts"]
    assert hand.phase == SECOND and hand.to_act() == HUMAN


def test_the_other_side_sees_only_how_many_cards_were_drawn() -> None:
    hand = deal("2c 4c 6c 8c Tc", "3d 5d 7d 9d Jd")
    play(hand, bet(1), CALL, KEEP, discard(*parse_cards("3d 5d 7d")))
    seen = [e for e in hand.view(HUMAN).events if isinstance(e, Drew) and e.seat == COMPUTER]
    assert seen[0].discarded == (None, None, None) and seen[0].received == (None, None, None)
    dealt = [e for e in hand.view(HUMAN).events if isinstance(e, Dealt) and e.seat == COMPUTER]
    assert dealt[0].cards == (None,) * 5


def test_showdown_ace_high_only_and_the_deciding_comparison() -> None:
    # A-2-3-4-5 is no straight here: ace high beats king high... and loses to a pair
    hand = deal("As 2c 3d 4h 5s", "Kd Qc 9h 7s 6d")
    play(hand, bet(1), CALL, KEEP, KEEP, bet(1), CALL)
    outcome = hand.outcome()
    assert outcome is not None and outcome.net == (4, -4)
    assert "A beats K" in outcome.awards[0].reason
    hand = deal("Ks Qc 9d 4h 3s", "Kd Qd Th 7s 6d")
    play(hand, bet(1), CALL, KEEP, KEEP, bet(1), CALL)
    outcome = hand.outcome()
    assert outcome is not None and outcome.high_winners == (COMPUTER,)
    assert outcome.awards[0].reason.endswith("10 beats 9")
    assert "K high" in outcome.awards[0].reason


def test_an_exact_tie_splits_the_pot() -> None:
    hand = deal("Ks Qc 9d 4h 3s", "Kd Qd 9h 4s 3c")
    play(hand, bet(3), CALL, KEEP, KEEP, bet(2), CALL)
    outcome = hand.outcome()
    assert outcome is not None and outcome.net == (0, 0)
    assert [a.amount for a in outcome.awards] == [7, 7]


def test_game_over_above_399_or_below_2() -> None:
    game = FiveCardDraw()
    assert game.game_over(TableState((200, 200), COMPUTER)) is None
    # in seat words, never "you": a browser shows the reason to every page at the table
    won = "Seat 1 has taken all of the computer's money"
    assert game.game_over(TableState((400, 0), COMPUTER)) == won
    assert game.game_over(TableState((1, 399), COMPUTER)) == "Seat 1 cannot put up the ante"
    assert game.game_over(TableState((399, 1), COMPUTER)) == "the computer cannot put up the ante"


@pytest.mark.parametrize(
    ("cards", "thrown"),
    [
        ("9s 9d 9h Kc 2d", "Kc 2d"),  # three of a kind takes 2
        ("9s 9d 9h 9c 2d", ""),  # four of a kind: above a straight, pat
        ("9s Td Jh Qc Kd", ""),  # straight: pat
        ("2h 7h 9h Jh Kh", ""),  # flush: pat
        ("9s 9d 4h 4c 2d", "4h 4c 2d"),  # two pair: keeps its (higher) pair, takes 3
        ("Js Jd 4h 8c 2d", "4h 8c 2d"),  # pair: keeps it, takes 3
        ("As Jd 4h 8c 2d", "4h 8c 2d"),  # nothing: keeps the two highest, takes 3
    ],
)
def test_the_computers_draw(cards: str, thrown: str) -> None:
    computer = DrawComputer(random.Random(0))
    action = computer.draw([c for c in parse_cards(cards) if isinstance(c, Card)])
    assert action == (discard(*parse_cards(thrown)) if thrown else KEEP)


@pytest.mark.parametrize(("limit", "thrown"), [(2, "4h 2d"), (1, "2d"), (0, "")])
def test_the_computer_keeps_the_higher_cards_it_may_not_throw(limit: int, thrown: str) -> None:
    computer = DrawComputer(random.Random(0))
    action = computer.draw([c for c in parse_cards("Js Jd 4h 8c 2d") if isinstance(c, Card)], limit)
    assert action == (discard(*parse_cards(thrown)) if thrown else KEEP)


def test_sensible_draw_keeps_two_pair() -> None:
    computer = DrawComputer(random.Random(0), sensible_draw=True)
    assert computer.draw([c for c in parse_cards("9s 9d 4h 4c 2d") if isinstance(c, Card)]) == (
        discard(*parse_cards("2d"))
    )


def test_the_computer_never_reads_your_hand() -> None:
    """Same own cards, same seed, any hand of yours: the same decisions."""
    decisions = set()
    for yours in ("2c 4c 6c 8c Tc", "As Ah Ad Ac Ks", "7h 8h 9h Th Jh"):
        hand = deal(yours, "3d 5d 7d 9d Jd")
        computer = DrawComputer(random.Random(4))
        hand.apply(bet(4))
        decisions.add(str(computer.act(hand.view(COMPUTER))))
    assert len(decisions) == 1


def test_bluffs_are_random_and_seeded_and_it_is_stricter_after_the_draw() -> None:
    raises_first = raises_second = folds_second = 0
    for seed in range(300):
        hand = deal("2c 4c 6c 8c Tc", "3d 5d 7d 9d Jh")  # the computer holds nothing
        computer = DrawComputer(random.Random(seed))
        hand.apply(bet(6))
        first = computer.act(hand.view(COMPUTER))
        raises_first += first.kind is Kind.RAISE
        assert first.kind is not Kind.FOLD  # before the draw it sees (or raises)
        hand.apply(CALL)
        play(hand, KEEP, KEEP, bet(6))
        second = computer.act(hand.view(COMPUTER))
        raises_second += second.kind is Kind.RAISE
        folds_second += second.kind is Kind.FOLD
    assert 0 < raises_first < 150 and folds_second > 100 and raises_second < 100


@pytest.mark.parametrize("max_discards", [0, 1, 3, 5])
def test_a_match_conserves_chips_and_replays(max_discards: int) -> None:
    game = FiveCardDraw(DrawOptions(max_discards=max_discards))

    class Random:
        name = "random"

        def __init__(self, seed: int) -> None:
            self.rng = random.Random(seed)

        def act(self, view: View) -> Action:
            return self.rng.choice(view.legal)

    for seed in range(30):
        match = Match(
            game, [Random(seed), DrawComputer(random.Random(seed))], seed, game.new_table()
        )
        while match.over() is None and len(match.records) < 60:
            record = match.play_hand()
            assert sum(record.outcome.stakes) == 400
            again = DrawHand(game.options, record.table, record.seed)
            for action in record.actions:
                again.apply(action)
            assert again.outcome() == record.outcome
            for viewer in (HUMAN, COMPUTER):
                other = 1 - viewer
                if other not in record.outcome.shown:
                    assert again.view(viewer).cards[other] == (None,) * 5


def test_equal_pairs_are_decided_by_the_higher_card_outside_the_pair() -> None:
    hand = deal("Ts Tc 9d 4h 3s", "Td Th 8h 7s 6d")
    play(hand, bet(1), CALL, KEEP, KEEP, bet(1), CALL)
    outcome = hand.outcome()
    assert outcome is not None and outcome.high_winners == (HUMAN,)
    assert outcome.awards[0].reason == "Pair of 10s: 9 beats 8"


def test_your_cards_show_lowest_left_equal_values_spades_clubs_hearts_diamonds() -> None:
    from pokernight.games.draw.prompt import sorted_hand

    cards = parse_cards("Kd 9h 9s 2c 9d 9c")
    assert [str(c) for c in sorted_hand(cards)] == ["2c", "9s", "9c", "9h", "9d", "Kd"]


def test_the_hand_summary_names_pairs_or_the_high_card() -> None:
    from pokernight.games.draw.prompt import show_hand

    assert show_hand(parse_cards("Ts Tc 9d 4h 3s")).startswith("Pair of 10s")
    assert show_hand(parse_cards("Ks Jc 9d 4h 3s")).startswith("K high")


def test_a_computer_seated_first_opens_with_a_legal_bet() -> None:
    game = FiveCardDraw()
    opened: set[Action] = set()
    for seed in range(40):
        players = [DrawComputer(random.Random(seed)), DrawComputer(random.Random(seed + 1))]
        record = Match(game, players, seed, game.new_table()).play_hand()
        assert sum(record.outcome.stakes) == 400
        opened.add(record.actions[0])
    assert {a.kind for a in opened} == {Kind.BET}  # before the draw it always stays in
    assert bet(1) in opened and len(opened) > 1  # the smallest bet, or its raise as a bet
