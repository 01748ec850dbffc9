"""Pai Gow Poker hands through the protocol: wagers, setting, settlement against the banker,
copies, fouls, commission rounding, banking players, chips conserved, and no card leaks."""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.bots.paigow import HouseWayBot
from pokernight.cards import parse_cards
from pokernight.engine.actions import Action, Kind, bet, parse_action
from pokernight.engine.protocol import View
from pokernight.engine.table import Match, play_out
from pokernight.errors import IllegalAction, InvalidRules
from pokernight.games.paigow.advice import advise
from pokernight.games.paigow.game import DECK, SET, WAGER, PaiGow, PaiGowHand
from pokernight.games.paigow.hands import make_setting
from pokernight.games.paigow.options import Bank, PaiGowOptions, banker_of
from pokernight.games.paigow.wagers import (
    LOSS,
    PUSH,
    WIN,
    SetChoices,
    Wagers,
    commission,
    result,
)
from pokernight.games.paigow.way import TRUMP_PLAZA, TWO_PAIR, house_way

DEALER_HAND = "Qs Qd 7c 5h 3d 8s 8d"  # house way: 88 front, QQ behind


def hand_of(*hands: str, options: PaiGowOptions | None = None) -> PaiGowHand:
    options = options or PaiGowOptions(seats=len(hands) - 1)
    game = PaiGow(options)
    return PaiGowHand(options, game.new_table(), 1, [parse_cards(h) for h in hands])


def play(state: PaiGowHand, wager: int, front: str) -> None:
    state.apply(bet(wager))
    state.apply(Action(Kind.SET, cards=tuple(parse_cards(front))))


def test_win_both_hands_pays_even_money_less_five_percent() -> None:
    state = hand_of("As Ah Kd Kc 9c 7h 2s", DEALER_HAND)  # AA behind, KK front beats QQ / 88
    play(state, 100, "Kd Kc")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.net == (95,) and outcome.house == -95
    assert outcome.awards[0].share == "win" and "less 5 commission" in outcome.awards[0].reason


def test_lose_both_hands_loses_the_wager() -> None:
    state = hand_of("Ts Th 6d 5c 4c 3h 9s", DEALER_HAND)  # TT behind QQ, 6-5 below 88
    play(state, 40, "6d 5c")
    outcome = state.outcome()
    assert outcome is not None and outcome.net == (-40,) and outcome.house == 40


def test_winning_one_hand_is_a_push() -> None:
    state = hand_of("As Ah Kd 9c 7h 4s 2s", DEALER_HAND)  # AA beats QQ; K-9 loses to 88
    play(state, 60, "Kd 9c")
    outcome = state.outcome()
    assert outcome is not None and outcome.net == (0,)
    assert outcome.awards[0].share == "push"


def test_copies_go_to_the_banker() -> None:
    # The player's front copies the dealer's 88 exactly; its back (AA) wins: a push.
    state = hand_of("8h 8c As Ac 9d 6s 2c", DEALER_HAND)
    play(state, 20, "8h 8c")
    outcome = state.outcome()
    assert outcome is not None and outcome.net == (0,)
    # Both hands copied: the banker wins both.
    state = hand_of("Qh Qc 8h 8c 7d 5c 3s", DEALER_HAND)
    play(state, 20, "8h 8c")
    outcome = state.outcome()
    assert outcome is not None and outcome.net == (-20,)
    assert "copy of the back and front" in outcome.awards[0].reason


def test_a_fouled_hand_loses_even_when_both_hands_are_higher() -> None:
    cards = "As Ah Kd Kc 9c 7h 2s"
    state = hand_of(cards, DEALER_HAND)
    play(state, 20, "As Ah")  # AA front, KK behind: fouled
    outcome = state.outcome()
    assert outcome is not None and outcome.net == (-20,)
    assert "fouled" in outcome.awards[0].reason


def test_the_house_may_reset_a_fouled_hand_by_the_house_way() -> None:
    options = PaiGowOptions(house_resets_fouls=True)
    state = hand_of("As Ah Kd Kc 9c 7h 2s", DEALER_HAND, options=options)
    play(state, 20, "As Ah")
    outcome = state.outcome()
    # The house way splits two pair aces and kings: KK front, AA behind, and that wins both.
    assert outcome is not None and outcome.net == (19,)
    assert set(outcome.shown[0][:2]) == set(parse_cards("Kd Kc"))


@pytest.mark.parametrize(
    ("win", "percent", "fee"),
    [(20, 5, 1), (30, 5, 1), (39, 5, 1), (40, 5, 2), (19, 5, 0), (100, 0, 0), (500, 5, 25)],
)
def test_commission_is_whole_chips_rounded_down(win: int, percent: int, fee: int) -> None:
    assert commission(win, percent) == fee


def test_commission_off_pays_even_money() -> None:
    options = PaiGowOptions(commission=0)
    state = hand_of("As Ah Kd Kc 9c 7h 2s", DEALER_HAND, options=options)
    play(state, 30, "Kd Kc")
    outcome = state.outcome()
    assert outcome is not None and outcome.net == (30,)


def test_a_banking_player_sets_last_and_pays_commission_on_the_bank_net() -> None:
    options = PaiGowOptions(seats=3, bank=Bank.PLAYER)
    game = PaiGow(options)
    hands = ["Ts Th 6d 5c 4c 3h 9s", "7s 7h 6c 5d 4s 2h 9d", "As Ah Kd Kc 9c 7h 2s"]
    state = PaiGowHand(options, game.new_table(), 3, [parse_cards(h) for h in hands])
    assert state.banker == 0 and state.players == [1, 2]
    assert state.to_act() == 1
    state.apply(bet(100))
    state.apply(bet(100))
    state.apply(parse_action("set 6d 5c"))
    state.apply(parse_action("set 6c 5d"))
    assert state.to_act() == 0  # the banker sets last
    state.apply(parse_action("set Kd Kc"))
    outcome = state.outcome()
    assert outcome is not None
    # Both players lose both hands to AA behind and KK in front: the bank takes 200, less 10.
    assert outcome.net == (190, -100, -100) and outcome.house == 10


def test_banking_rotates_through_the_players_and_the_house() -> None:
    options = PaiGowOptions(seats=2, bank=Bank.ROTATE)
    assert [banker_of(options, hand) for hand in range(1, 7)] == [None, 0, 1, None, 0, 1]
    assert banker_of(PaiGowOptions(), 5) is None


def test_wagers_follow_the_table_limits_and_the_bankroll() -> None:
    options = PaiGowOptions(min_bet=10, max_bet=300)
    state = PaiGowHand(options, replace(PaiGow(options).new_table(), stakes=(150,)), 9)
    legal = state.legal_actions()
    assert len(legal) == 141 and legal[0] == bet(10) and legal[-1] == bet(150)
    assert bet(150) in legal and bet(151) not in legal and bet(9) not in legal
    with pytest.raises(IllegalAction, match="must wager"):
        state.apply(bet(200))
    assert state.actions == () and state.stakes == [150]


def test_a_seat_below_the_minimum_sits_out() -> None:
    options = PaiGowOptions(seats=2)
    table = replace(PaiGow(options).new_table(), stakes=(10, 1000))
    state = PaiGowHand(options, table, 4)
    assert state.players == [1] and state.to_act() == 1
    assert PaiGow(options).game_over(replace(table, stakes=(10, 5))) is not None


def test_illegal_settings_are_refused_and_change_nothing() -> None:
    state = hand_of("As Ah Kd Kc 9c 7h 2s", DEALER_HAND)
    state.apply(bet(20))
    before = (state.actions, dict(state.settings), len(state.log.events))
    for text in ("set As", "set As Qs", "set As As", "call", "set As Ah Kd"):
        with pytest.raises(IllegalAction):
            state.apply(parse_action(text))
    assert (state.actions, dict(state.settings), len(state.log.events)) == before
    assert parse_action("set Ah As") in state.legal_actions()  # either order names the pair
    assert len(state.legal_actions()) == 21


def test_bad_options_are_refused() -> None:
    with pytest.raises(InvalidRules):
        PaiGowOptions(seats=7)
    with pytest.raises(InvalidRules):
        PaiGowOptions(min_bet=50, max_bet=20)
    with pytest.raises(InvalidRules):
        PaiGowOptions(bank=Bank.PLAYER)


def test_no_card_leaks_before_the_showdown() -> None:
    options = PaiGowOptions(seats=3)
    game = PaiGow(options)
    state = game.new_hand(game.new_table(), 77)
    hidden = {0, 1, 2}
    while (seat := state.to_act()) is not None:
        for viewer in (0, 1, 2, None):
            view = state.view(viewer)
            for s in hidden - {viewer}:
                assert all(c is None for c in view.cards[s])
            if view.phase == WAGER and viewer is not None:
                assert all(c is None for c in view.cards[viewer])  # nobody sees before betting
            assert view.board == ()
            secret = [c for s in hidden - {viewer} for c in state.hole[s]] + list(state.bank_cards)
            for event in view.events:
                assert not any(repr(c) in repr(event) for c in secret)
        state.apply(HouseWayBot(random.Random(0)).act(state.view(seat)))
    final = state.view(None)
    assert len(final.board) == 7 and all(len(final.cards[s]) == 7 for s in hidden)


def test_the_same_seed_and_actions_replay_exactly() -> None:
    game = PaiGow(PaiGowOptions(seats=2))
    state = game.new_hand(game.new_table(), 5)
    play_out(state, [HouseWayBot(random.Random(0)), HouseWayBot(random.Random(1))])
    copy = state.clone()
    assert copy.log.events == state.log.events and copy.outcome() == state.outcome()


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**63),
    seats=st.integers(2, 6),
    bank=st.sampled_from(list(Bank)),
    resets=st.booleans(),
    percent=st.sampled_from([0, 5]),
)
def test_chips_are_conserved_between_seats_and_house(
    seed: int, seats: int, bank: Bank, resets: bool, percent: int
) -> None:
    options = PaiGowOptions(seats=seats, bank=bank, house_resets_fouls=resets, commission=percent)
    game = PaiGow(options)
    rng = random.Random(seed)

    class Chooser:
        name = "random"

        def act(self, view: View) -> Action:
            return rng.choice(list(view.legal))

    match = Match(game, [Chooser() for _ in range(seats)], seed, game.new_table())
    for _ in range(4):
        before = sum(match.table.stakes)
        record = match.play_hand()
        assert sum(record.outcome.net) + record.outcome.house == 0
        assert sum(record.outcome.stakes) == before + sum(record.outcome.net)


def test_state_phases_run_wager_then_set() -> None:
    state = hand_of("As Ah Kd Kc 9c 7h 2s", DEALER_HAND)
    assert state.phase == WAGER
    state.apply(bet(20))
    assert state.phase == SET


def test_the_advisor_never_does_worse_than_the_house_way_on_its_sample() -> None:
    advice = advise(parse_cards("9s 9d 4c 4h Ks 3d 2c"), samples=500, seed=3)
    assert advice.ev >= advice.house_ev
    assert advice.ci95[0] <= advice.ev <= advice.ci95[1]
    assert not advice.best.fouled


def test_lazy_action_lists_index_like_lists() -> None:
    wagers = Wagers(20, 25)
    assert list(wagers) == [bet(a) for a in range(20, 26)] == list(wagers[:])
    assert wagers[-1] == bet(25) and wagers[1:3] == [bet(21), bet(22)]
    with pytest.raises(IndexError):
        wagers[6]
    choices = SetChoices(tuple(parse_cards("As Ah Kd Kc 9c 7h 2s")))
    assert len(set(choices)) == 21 and choices[-1] == parse_action("set 7h 2s")


def test_the_advisor_enumerates_when_it_can_and_its_samples_cover_the_exact_values() -> None:
    """Twelve unseen cards leave 792 dealer hands: few enough to value them all. The exact
    values must be the game's own settlement averaged over every dealer hand, and the sampled
    estimates' 95% intervals must hold them about 95% of the time."""
    rng = random.Random(5)
    paid = {WIN: 0.95, PUSH: 0.0, LOSS: -1.0}
    covered = compared = 0
    for _ in range(4):
        dealt = rng.sample(DECK, 19)
        hand, unseen = dealt[:7], dealt[7:]
        exact = advise(hand, samples=792, unseen=unseen)
        assert exact.exact and exact.samples == 792 and exact.ci95 == (exact.ev, exact.ev)
        dealers = [house_way(seven) for seven in itertools.combinations(unseen, 7)]
        for front, mean, half in exact.ranked:
            setting = make_setting(hand, front, "")
            settled = [paid[result(setting, dealer)[0]] for dealer in dealers]
            assert half == 0 and mean == pytest.approx(sum(settled) / len(settled))
        sampled = advise(hand, samples=300, seed=rng.getrandbits(32), unseen=unseen)
        assert not sampled.exact and sampled.samples == 300
        truth = {frozenset(front): mean for front, mean, _ in exact.ranked}
        for front, mean, half in sampled.ranked:
            assert half <= 1.96 / math.sqrt(300)  # a result spans at most 1.95: sd <= 0.975
            compared += 1
            covered += abs(mean - truth[frozenset(front)]) <= half
    assert compared == 84 and covered >= 0.9 * compared


def test_the_dealer_sets_by_the_tables_two_pair_rule() -> None:
    dealer = "Js Jd 4c 4h As 3d 9c"  # RULES.md splits; the Trump Plaza keeps it together
    for table, front in ((TWO_PAIR, "4c 4h"), (TRUMP_PLAZA, "As 9c")):
        state = hand_of("Ts Th 6d 5c 8c 3h 9s", dealer, options=PaiGowOptions(two_pair=table))
        play(state, 20, "6d 5c")
        assert state.outcome() is not None and state.bank is not None
        assert set(state.bank.front) == set(parse_cards(front))
