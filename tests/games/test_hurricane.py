"""Hurricane's rules (seed 000 and RULES.md), hand by hand with stacked decks."""

from __future__ import annotations

import pytest

from pokernight.cards import AnyCard, parse_cards
from pokernight.engine.actions import CALL, CHECK, FOLD, KEEP, bet, discard, raise_
from pokernight.engine.events import Carried, PotAwarded
from pokernight.engine.protocol import TableState
from pokernight.errors import IllegalAction, InvalidRules
from pokernight.games.hurricane.game import (
    EYE,
    LEADING,
    OVER,
    TRAILING,
    Hurricane,
    HurricaneHand,
    HurricaneOptions,
)


def deal(
    holes: list[str],
    dealer: int = 0,
    draws: str = "",
    stakes: tuple[int, ...] | None = None,
    carry: int = 0,
    **options: object,
) -> HurricaneHand:
    """A hand whose seats get ``holes`` (dealt one card each round from the dealer's left)."""
    n = len(holes)
    opts = HurricaneOptions(seats=n, **options)  # type: ignore[arg-type]
    order = [(dealer + 1 + i) % n for i in range(n)]
    cards = [parse_cards(h) for h in holes]
    stacked: list[AnyCard] = [cards[s][0] for s in order] + [cards[s][1] for s in order]
    stacked += parse_cards(draws) if draws else []
    table = TableState(stakes=stakes or (100,) * n, dealer=dealer, carry=carry)
    return HurricaneHand(opts, table, seed=1, stacked=stacked)


def play(hand: HurricaneHand, *actions: object) -> None:
    for action in actions:
        hand.apply(action)  # type: ignore[arg-type]


def test_eight_seats_ante_a_dollar_each_and_the_dealers_left_starts() -> None:
    hand = deal(["As Kd", "Qs Jd", "Ts 9d", "8s 7d", "6s 5d", "4s 3d", "Ah Kh", "Qh Jh"], dealer=3)
    assert hand.pot == 8 and hand.stakes == [99] * 8
    assert hand.phase == LEADING and hand.to_act() == 4
    assert [str(c) for c in hand.hole[4]] == ["6s", "5d"]


@pytest.mark.parametrize("seats", [1, 9])
def test_seat_count_option_is_two_to_eight(seats: int) -> None:
    with pytest.raises(InvalidRules, match="2 to 8"):
        HurricaneOptions(seats=seats)


def test_the_storm_phases_in_order_and_a_showdown_among_survivors() -> None:
    # The seed's worked example: #1 holds 54, ö2 holds Q2, #3 deals.
    hand = deal(["5c 4h", "Qs 2d", "Kd 9c"], dealer=2, draws="3s 8h")
    play(hand, CHECK, bet(2), CALL, raise_(1), CALL, CALL)
    assert hand.phase == EYE and hand.to_act() == 0
    assert set(map(str, hand.legal_actions())) == {"keep", "discard 5c", "discard 4h"}
    play(hand, discard(parse_cards("5c")[0]), KEEP, discard(parse_cards("9c")[0]))
    assert hand.phase == TRAILING
    play(hand, CHECK, bet(3), FOLD, CALL)
    assert hand.phase == OVER
    outcome = hand.outcome()
    assert outcome is not None
    # pot 3 antes + 9 + 6 = 18: ö2's pair of queens takes high 9, #1's 4-3 takes low 9
    assert outcome.high_winners == (1,) and outcome.low_winners == (0,)
    assert outcome.net == (2, 2, -4) and outcome.carry == 0
    assert set(outcome.shown) == {0, 1}


def test_odd_chip_goes_to_the_high_hand() -> None:
    hand = deal(["Qs 2d", "5c 4h", "Kd 9c"], dealer=2)
    play(hand, CHECK, CHECK, CHECK, KEEP, KEEP, KEEP, CHECK, CHECK, CHECK)
    outcome = hand.outcome()
    assert outcome is not None
    awards = {(a.seat, a.share): a.amount for a in outcome.awards if isinstance(a, PotAwarded)}
    assert awards == {(0, "high"): 2, (1, "low"): 1}
    assert outcome.net == (1, 0, -1)


def test_tied_halves_divide_evenly_and_the_remainder_stays_in_the_pot() -> None:
    # seats 0 and 1 tie for high (pair of aces: A2 and 22) and seat 2 takes low (73 is no pair)
    hand = deal(["As 2c", "2s 2d", "7h 3c"], dealer=2, carry=0)
    play(hand, CHECK, CHECK, CHECK, KEEP, KEEP, KEEP, CHECK, CHECK, CHECK)
    outcome = hand.outcome()
    assert outcome is not None
    # pot 3: low floor(3/2) = 1; for low A2 beats 22 and 73... A2 plays as a natural 2: best low
    assert outcome.low_winners == (0,)
    assert outcome.high_winners == (0, 1)
    # high half 2 split between two: 1 each; nothing left
    assert outcome.net == (1 - 1 + 1, 1 - 1 - 0, -1)
    assert outcome.carry == 0


def test_carry_over_when_a_half_cannot_be_divided() -> None:
    hand = deal(["As 2c", "2s 2d", "Ah 2h"], dealer=2)
    play(hand, CHECK, CHECK, CHECK, KEEP, KEEP, KEEP, CHECK, CHECK, CHECK)
    outcome = hand.outcome()
    assert outcome is not None
    # all three pair of aces for high: ceil(3/2) = 2 among 3 -> 0 each, 2 carried;
    # low: A2 (seats 0, 2) beat 22: floor(3/2) = 1 among 2 -> 0 each, 1 carried
    assert outcome.carry == 3 and outcome.net == (-1, -1, -1)
    assert any(isinstance(e, Carried) and e.amount == 3 for e in hand.log.events)
    nxt = Hurricane(HurricaneOptions(seats=3)).new_hand(
        TableState(stakes=outcome.stakes, dealer=0, carry=outcome.carry), seed=5
    )
    assert nxt.pot == 3 + 3


def test_one_seat_wins_both_halves() -> None:
    hand = deal(["As 2c", "Kd 9c", "Qh Js"], dealer=2)
    play(hand, CHECK, CHECK, CHECK, KEEP, KEEP, KEEP, CHECK, CHECK, CHECK)
    outcome = hand.outcome()
    assert outcome is not None
    assert outcome.high_winners == (0,) and outcome.low_winners == (0,)
    assert outcome.net == (2, -1, -1)


def test_one_bet_and_two_raises_per_round() -> None:
    hand = deal(["As 2c", "Kd 9c", "Qh Js"], dealer=2)
    play(hand, bet(3), raise_(3), raise_(3))
    assert list(map(str, hand.legal_actions())) == ["call", "fold"]
    with pytest.raises(IllegalAction, match="capped"):
        hand.apply(raise_(1))


def test_a_player_may_go_into_debt_to_finish_a_hand() -> None:
    hand = deal(["As 2c", "Kd 9c"], dealer=1, stakes=(2, 100))
    play(hand, bet(3), raise_(3), raise_(3), CALL)
    assert hand.stakes[0] == 2 - 1 - 9 < 0


def test_game_over_when_a_stake_is_zero_or_less_between_hands() -> None:
    game = Hurricane(HurricaneOptions(seats=3))
    assert game.game_over(TableState((100, 100, 100), 0)) is None
    assert "Seat 2" in (game.game_over(TableState((100, 0, 100), 0)) or "")
    assert game.game_over(TableState((100, 5, -3), 0)) is not None


def test_everyone_folding_plays_the_hand_out_by_default() -> None:
    hand = deal(["As 2c", "Kd 9c", "Qh Js"], dealer=2)
    play(hand, bet(1), FOLD, FOLD)
    assert hand.phase == EYE and hand.to_act() == 0  # the survivor still draws
    play(hand, KEEP)
    assert hand.phase == OVER
    outcome = hand.outcome()
    assert outcome is not None and outcome.net == (2, -1, -1) and outcome.shown == {}


def test_end_when_one_left_option() -> None:
    hand = deal(["As 2c", "Kd 9c", "Qh Js"], dealer=2, end_when_one_left=True)
    play(hand, bet(1), FOLD, FOLD)
    assert hand.phase == OVER


def test_draw_is_keep_or_one_of_your_own_cards() -> None:
    hand = deal(["As 2c", "Kd 9c"], dealer=1, draws="7h 8h")
    play(hand, CHECK, CHECK)
    with pytest.raises(IllegalAction, match="keep your cards or discard one of your own"):
        hand.apply(discard(parse_cards("Kd")[0]))
    with pytest.raises(IllegalAction):
        hand.apply(CHECK)
    assert hand.to_act() == 0
    play(hand, discard(parse_cards("2c")[0]))
    assert [str(c) for c in hand.hole[0]] == ["As", "7h"]


def test_out_of_turn_after_the_hand_is_over() -> None:
    hand = deal(["As 2c", "Kd 9c"], dealer=1, end_when_one_left=True)
    play(hand, bet(1), FOLD)
    with pytest.raises(IllegalAction, match="hand is over"):
        hand.apply(CHECK)
