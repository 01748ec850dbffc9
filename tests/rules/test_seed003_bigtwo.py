"""Seed 003 (Mount Holyoke Poker), one test per rule sentence, played through the game."""

from __future__ import annotations

import pytest
from tests.games.bigtwo_helpers import deal, run

from pokernight.cards import CARDS, parse_cards
from pokernight.engine.actions import parse_action
from pokernight.engine.protocol import TableState
from pokernight.errors import IllegalAction
from pokernight.games.bigtwo.events import RunReset
from pokernight.games.bigtwo.game import BigTwoOptions, MountHolyoke
from pokernight.hands.climb import Combo, classify_play, climb_value

# Four hands covering the deck: seat 2 (index 1) holds the 3 of diamonds.
FULL = [
    "3c 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad 2d",
    "3d 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2c",
    "3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah 2h",
    "3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As 2s",
]


def test_each_player_starts_with_13_cards() -> None:
    game = MountHolyoke()
    hand = game.new_hand(game.new_table(), 11)
    assert [len(hand.view(s).hole) for s in range(4)] == [13] * 4
    assert len({c for s in range(4) for c in hand.view(s).hole}) == 52


def test_the_3_of_diamonds_is_the_lowest_card_then_the_3_of_clubs() -> None:
    order = sorted(CARDS, key=climb_value)
    assert [str(c) for c in order[:5]] == ["3d", "3c", "3h", "3s", "4d"]
    assert [str(c) for c in order[-2:]] == ["2h", "2s"]


def test_the_player_with_the_lowest_card_starts_by_playing_that_card() -> None:
    hand = deal(*FULL)
    assert hand.to_act() == 1
    assert [str(a) for a in hand.legal_actions()] == ["play 3d"]
    with pytest.raises(IllegalAction, match="opens with the lowest card alone: play 3d"):
        hand.apply(parse_action("play 4c"))
    three = deal("4d 9s", "5c 3h", "6h 7h", options=BigTwoOptions(seats=3))  # no 3d dealt
    assert three.to_act() == 1 and [str(a) for a in three.legal_actions()] == ["play 3h"]


def test_each_turn_must_play_a_higher_card_or_pass() -> None:
    hand = deal("3d 5s", "4c 5d", "3h 6h", "7s 8s")
    run(hand, "play 3d", "play 5d")
    assert [str(a) for a in hand.legal_actions()] == ["play 6h", "pass"]
    with pytest.raises(IllegalAction, match="3 of hearts does not beat 5 of diamonds"):
        hand.apply(parse_action("play 3h"))
    run(hand, "pass")  # saving a card is allowed too
    assert hand.to_act() == 3


def test_a_player_who_passes_may_play_later_in_the_run() -> None:
    hand = deal("3d 5d 9d", "4c 6c Tc", "7h 8h Jh", "Qs Ks As")
    run(hand, "play 3d", "pass", "play 7h", "pass", "play 9d", "play Tc")
    assert hand.to_act() == 2


def test_when_everyone_else_passed_the_last_player_leads_anything() -> None:
    hand = deal("3d 4d 4c 9d", "5c 6c Tc Jc", "7h 8h Jh Qh", "Qs Ks As 2s")
    run(hand, "play 3d", "play 5c", "play 7h", "play 2s", "pass", "pass", "pass")
    assert isinstance(hand.log.events[-1], RunReset) and hand.to_act() == 3
    assert [str(a) for a in hand.legal_actions()] == ["play Qs", "play Ks", "play As"]
    run(hand, "play Qs")
    assert [str(a) for a in hand.legal_actions()] == ["pass"]  # seat 1 holds nothing above


def test_plays_keep_the_run_size_and_climb() -> None:
    hand = deal("3d 3c 9d 9c Kd", "4c 4h Tc Jc Qc", "5h 5s Jh Qh Kh", "6d 6s Js Qs Ks")
    run(hand, "play 3d")
    with pytest.raises(IllegalAction, match="wrong size"):
        hand.apply(parse_action("play 4c 4h"))
    hand2 = deal(
        "3d 3c 9d 9c Kd",
        "4c 4h Tc Jc Qc",
        "5h 5s Jh Qh Kh",
        "6d 6s Js Qs Ks",
        options=BigTwoOptions(open_with_any_play=True),
    )
    run(hand2, "play 3d 3c", "play 4c 4h", "play 5h 5s", "play 6d 6s")
    assert hand2.to_act() == 0
    assert [str(a) for a in hand2.legal_actions()] == ["play 9d 9c", "pass"]


def test_the_round_ends_when_a_hand_is_empty_and_each_scores_its_cards_left() -> None:
    hand = deal("3d 2s", "4c 5c 6c", "7h 8h 9h Th", "Js Qs Ks As Ad")
    run(hand, "play 3d", "pass", "pass", "pass", "play 2s")
    outcome = hand.outcome()
    assert outcome is not None and hand.to_act() is None
    assert outcome.net == (0, -3, -4, -5) and outcome.stakes == (0, -3, -4, -5)


def test_a_game_of_n_rounds_and_a_game_to_a_threshold() -> None:
    game = MountHolyoke(BigTwoOptions(rounds=2))
    assert game.game_over(TableState((-3, 0, -5, -1), 0, hand=2)) is None
    assert game.game_over(TableState((-3, 0, -5, -1), 0, hand=3)) == (
        "2 rounds played: fewest points Seat 2"
    )
    to_20 = MountHolyoke(BigTwoOptions(threshold=20))
    assert to_20.game_over(TableState((-25, -19, -30, -2), 0, hand=9)) is None
    assert to_20.game_over(TableState((-25, -20, -30, -2), 0, hand=9)) == (
        "Seat 4 is the last under 20 points (fewest: Seat 4)"
    )


def test_singles_pairs_triples_and_five_card_hands_are_the_plays() -> None:
    kinds = [classify_play(parse_cards(t))[0] for t in ("9h", "9h 9s", "9h 9s 9d")]  # type: ignore[arg-type]
    assert kinds == [Combo.SINGLE, Combo.PAIR, Combo.TRIPLE]
    for text in ("9h 9s 9d 9c", "9h Ts", "9h 9s 8d"):
        with pytest.raises(Exception, match="not a play"):
            classify_play(parse_cards(text))  # type: ignore[arg-type]


def test_five_card_order_straight_flush_house_quads_straight_flush_royal() -> None:
    ladder = [
        "3d 4c 5h 6s 7d",
        "3d 5d 7d 9d Jd",
        "3d 3c 3h 4s 4d",
        "3d 3c 3h 3s 4d",
        "3d 4d 5d 6d 7d",
        "Js Qs Ks As 2s",
    ]
    kinds = [classify_play(parse_cards(t)) for t in ladder]  # type: ignore[arg-type]
    assert [k for k, _ in kinds] == [
        Combo.STRAIGHT,
        Combo.FLUSH,
        Combo.FULL_HOUSE,
        Combo.FOUR_OF_A_KIND,
        Combo.STRAIGHT_FLUSH,
        Combo.ROYAL_FLUSH,
    ]


def test_3_sevens_and_2_tens_are_beaten_by_3_eights_and_2_threes_in_play() -> None:
    hand = deal("7d 7c 7h Td Tc 3d 9s", "8d 8c 8h 3c 3h Ks", "4c", "5c")
    run(hand, "play 3d", "pass", "pass", "pass", "play 7d 7c 7h Td Tc")
    assert "play 3c 3h 8d 8c 8h" in [str(a) for a in hand.legal_actions()]
    run(hand, "play 8h 3c 8d 3h 8c")  # any order: the referee sorts the cards
    assert hand.view(0).board == tuple(parse_cards("3c 3h 8d 8c 8h"))


def test_four_of_a_kind_takes_any_fifth_card() -> None:
    for kicker in ("3d", "Ks", "2s"):
        combo, key = classify_play(parse_cards(f"9d 9c 9h 9s {kicker}"))  # type: ignore[arg-type]
        assert combo is Combo.FOUR_OF_A_KIND and key == 6  # nines, whatever the kicker


def test_the_one_royal_flush_is_the_jack_to_deuce_of_spades() -> None:
    royals = [
        s
        for s in "dchs"
        if classify_play(parse_cards(f"J{s} Q{s} K{s} A{s} 2{s}"))[0] is Combo.ROYAL_FLUSH  # type: ignore[arg-type]
    ]
    assert royals == ["s"]
    assert classify_play(parse_cards("Ts Js Qs Ks As"))[0] is Combo.STRAIGHT_FLUSH  # type: ignore[arg-type]
