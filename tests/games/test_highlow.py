"""High And Low Poker (seed 001 and its RULES.md part)."""

from __future__ import annotations

import random

import pytest

from pokernight.bots.generic import RandomBot
from pokernight.bots.highlow import ValueBot
from pokernight.cards import dual641_deck, parse_duals
from pokernight.engine.actions import (
    CALL,
    CHECK,
    FOLD,
    KEEP,
    Action,
    Kind,
    bet,
    discard,
    parse_action,
    raise_,
)
from pokernight.engine.events import Acted, Dealt, Showdown
from pokernight.engine.protocol import Player, TableState
from pokernight.engine.table import Match
from pokernight.errors import IllegalAction, InvalidRules
from pokernight.games.highlow.game import (
    DRAW,
    ORIENT,
    OVER,
    SECOND,
    HighLow,
    HighLowHand,
    HighLowOptions,
    orientations,
)

DECK = dual641_deck()


def stacked(holes: list[str], dealer: int = 0, draws: str = "", low: str = "seed") -> HighLowHand:
    """A hand whose seats get ``holes``; the deck is ordered so they are dealt exactly."""
    n = len(holes)
    order = [(dealer + 1 + i) % n for i in range(n)]
    cards = [parse_duals(h) for h in holes]
    top = [cards[s][k] for k in range(5) for s in order] + (parse_duals(draws) if draws else [])
    rest = [c for c in DECK if str(c) not in {str(t) for t in top}]
    deck = rest + list(reversed(top))
    options = HighLowOptions(seats=n, low=low)
    hand = HighLowHand(options, deck, TableState((100,) * n, dealer), seed=0)
    return hand


def no_shuffle(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(random.Random, "shuffle", lambda self, x: None)


def play(hand: HighLowHand, *actions: Action) -> None:
    for action in actions:
        hand.apply(action)


FLAT = Action(Kind.ORIENT, flips=(0, 0, 0, 0, 0))


@pytest.fixture(autouse=True)
def _unshuffled(monkeypatch: pytest.MonkeyPatch) -> None:
    no_shuffle(monkeypatch)


def test_two_to_ten_players() -> None:
    for seats in (1, 11):
        with pytest.raises(InvalidRules, match="2 to 10"):
            HighLowOptions(seats=seats)


def test_ante_and_fixed_limit_one_before_the_draw() -> None:
    hand = stacked(["As/2c Ah/3c Ad/4c Ac/5c Ks/6c", "Kd/7c Kh/8c Kc/9c Qs/Tc Qh/Jc"])
    assert hand.pot == 2 and hand.stakes == [99, 99]
    assert list(hand.legal_actions()) == [CHECK, bet(1)]


def test_no_check_after_someone_opened_and_one_bet_three_raises() -> None:
    hand = stacked(["As/2c Ah/3c Ad/4c Ac/5c Ks/6c", "Kd/7c Kh/8c Kc/9c Qs/Tc Qh/Jc"], dealer=1)
    play(hand, bet(1))
    assert CHECK not in hand.legal_actions()
    play(hand, raise_(1), raise_(1), raise_(1))
    assert list(hand.legal_actions()) == [CALL, FOLD]
    with pytest.raises(IllegalAction, match="capped"):
        hand.apply(raise_(1))


def test_draw_up_to_three_then_orient_then_two_dollar_limit() -> None:
    hand = stacked(["As/2c Ah/3c Ad/4c Ac/5c Ks/6c", "Kd/7c Kh/8c Kc/9c Qs/Tc Qh/Jc"], dealer=1)
    play(hand, CHECK, CHECK)
    assert hand.phase == DRAW
    with pytest.raises(IllegalAction, match="up to 3"):
        hand.apply(discard(*parse_duals("As/2c Ah/3c Ad/4c Ac/5c")))
    play(hand, KEEP, KEEP)
    assert hand.phase == ORIENT and len(hand.legal_actions()) == 32
    play(hand, FLAT, FLAT)
    assert hand.phase == SECOND and list(hand.legal_actions()) == [CHECK, bet(2)]


def test_orientations_are_committed_and_hidden_until_the_showdown() -> None:
    hand = stacked(["As/2c Ah/3c Ad/4c Ac/5c Ks/6c", "Kd/7c Kh/8c Kc/9c Qs/Tc Qh/Jc"], dealer=1)
    play(hand, CHECK, CHECK, KEEP, KEEP, Action(Kind.ORIENT, flips=(1, 0, 0, 0, 0)))
    seen = [e for e in hand.view(1).events if isinstance(e, Acted) and e.seat == 0]
    assert seen[-1].action == Action(Kind.ORIENT)  # the other side learns only that it is done
    assert hand.view(1).cards[0] == (None,) * 5
    with pytest.raises(IllegalAction, match="orient every card"):
        hand.apply(Action(Kind.ORIENT, flips=(0, 1)))
    mine = "2c/As Ah/3c Ad/4c Ac/5c Ks/6c"  # seat 0 sees its turned card high end up
    assert " ".join(map(str, hand.view(0).cards[0])) == mine
    play(hand, FLAT, CHECK, CHECK)
    shown = {
        e.seat: " ".join(map(str, e.cards)) for e in hand.log.events if isinstance(e, Showdown)
    }
    assert shown[0] == mine and " ".join(map(str, hand.view(1).cards[0])) == mine


def test_second_round_is_opened_by_the_first_opener_or_the_next_to_his_left() -> None:
    holes = [
        "As/2c Ah/3c Ad/4c Ac/5c Ks/6c",
        "Kd/7c Kh/8c Kc/9c Qs/Tc Qh/Jc",
        "2d/3d 4d/5d 6d/7d 8d/9d Td/Jd",
    ]
    hand = stacked(holes, dealer=0)  # seat 1 acts first
    play(hand, CHECK, bet(1), CALL, CALL)  # seat 2 opened
    play(hand, KEEP, KEEP, KEEP, FLAT, FLAT, FLAT)
    assert hand.to_act() == 2
    hand = stacked(holes, dealer=0)
    play(hand, CHECK, bet(1), raise_(1), CALL, FOLD)  # seat 2 opened, then dropped out
    play(hand, KEEP, KEEP, FLAT, FLAT)
    assert hand.to_act() == 0  # the next live player to the opener's left


def test_high_takes_two_thirds_low_one_third_odd_chips_high() -> None:
    # seat 0: four aces (top); seat 1: K-Q high... low ends decide the third
    holes = ["As/2c Ah/3c Ad/4c Ac/5c Ks/6c", "Kd/7c Kh/8c Kc/9c Qs/Tc Qh/Jc"]
    hand = stacked(holes, dealer=1)
    play(hand, bet(1), CALL, KEEP, KEEP, FLAT, FLAT, CHECK, CHECK)
    outcome = hand.outcome()
    assert outcome is not None and hand.phase == OVER
    awards = {(a.seat, a.share): a.amount for a in outcome.awards}
    # pot 4: low floor(4/3) = 1 to seat 0 (6-5-4-3-2 beats J-T-9-8-7), high 3 to seat 0
    assert awards == {(0, "high"): 3, (0, "low"): 1}
    assert outcome.high_winners == (0,) and outcome.low_winners == (0,)
    shown = [e for e in hand.view(1).events if isinstance(e, Showdown)]
    assert {e.seat for e in shown} == {0, 1}
    assert shown[0].high.startswith("Four aces") or shown[1].high.startswith("Four aces")


def test_ties_split_their_share() -> None:
    # both seats hold the same ranks: high and low tie; pot 2 -> high 2 split 1/1, low 0
    holes = ["2c/3c 4c/5c 6c/7c 8c/9c Tc/Jc", "2d/3d 4d/5d 6d/7d 8d/9d Td/Jd"]
    hand = stacked(holes, dealer=1)
    play(hand, CHECK, CHECK, KEEP, KEEP, FLAT, FLAT, CHECK, CHECK)
    outcome = hand.outcome()
    assert outcome is not None and outcome.net == (0, 0)
    assert outcome.high_winners == (0, 1) and outcome.low_winners == (0, 1)


# seat 0: four kings on top, A-5-4-3-2 of mixed suits below; seat 1: a jack-high straight on
# top, a pair of deuces below
WHEEL_LOW = ["Ks/Ac Kh/5d Kd/4h Kc/3s Qs/2c", "7s/2d 8h/2h 9s/3c Ts/4d Jc/5h"]


def test_the_seeds_low_counts_five_to_ace_as_a_straight() -> None:
    """RULES.md seed 001: the weakest hand by the seed's own ranking wins low, and there aces
    play low in straights, so A-5-4-3-2 is a straight: stronger, so a poorer low, than a pair."""
    hand = stacked(WHEEL_LOW, dealer=1)
    play(hand, bet(1), CALL, KEEP, KEEP, FLAT, FLAT, CHECK, CHECK)
    outcome = hand.outcome()
    assert outcome is not None
    assert outcome.high_winners == (0,) and outcome.low_winners == (1,)
    lows = {e.seat: e.low for e in hand.view(None).events if isinstance(e, Showdown)}
    assert lows[0] == "5-high straight"


def test_the_deuce_to_seven_option_counts_five_to_ace_as_ace_high() -> None:
    hand = stacked(WHEEL_LOW, dealer=1, low="deuce-to-seven")
    play(hand, bet(1), CALL, KEEP, KEEP, FLAT, FLAT, CHECK, CHECK)
    outcome = hand.outcome()
    assert outcome is not None
    assert outcome.high_winners == (0,) and outcome.low_winners == (0,)
    assert {(a.seat, a.share): a.amount for a in outcome.awards} == {(0, "high"): 3, (0, "low"): 1}


def test_the_low_option_is_checked() -> None:
    with pytest.raises(InvalidRules, match="low: seed or deuce-to-seven"):
        HighLowOptions(low="ace-to-five")


def test_orientation_builds_both_hands_from_one_choice() -> None:
    hand = stacked(["As/2c Ah/3c Ad/4c Ac/5c Ks/6c", "Kd/7c Kh/8c Kc/9c Qs/Tc Qh/Jc"], dealer=1)
    play(hand, CHECK, CHECK, KEEP, KEEP, Action(Kind.ORIENT, flips=(1, 1, 1, 1, 1)), FLAT)
    high, low = hand.hands_of(0)
    assert [str(c) for c in high] == ["2c", "3c", "4c", "5c", "6c"]
    assert [str(c) for c in low] == ["As", "Ah", "Ad", "Ac", "Ks"]


def test_jokers_are_shuffled_in_as_wild_cards() -> None:
    game = HighLow(HighLowOptions(seats=3, jokers=2))
    assert sum(1 for c in game.deck if str(c) == "Jk/Jk") == 2


def joker_hand(same: bool) -> HighLowHand:
    holes = ["Jk As/2c Ah/3c Ad/4c Kd/5c", "Kh/7c Kc/8c Qs/9c Qh/Tc Qd/Jc"]
    options = HighLowOptions(seats=2, jokers=1, joker_same_both_ends=same)
    cards = [parse_duals(h) for h in holes]
    top = [cards[s][k] for k in range(5) for s in (1, 0)]
    deck = HighLow(options).deck
    rest = [c for c in deck if str(c) not in {str(t) for t in top}]
    return HighLowHand(options, rest + list(reversed(top)), TableState((100, 100), 0), seed=0)


def test_a_joker_may_take_a_different_value_in_each_hand() -> None:
    hand = joker_hand(same=False)
    play(hand, CHECK, CHECK, KEEP, KEEP, FLAT, FLAT, CHECK, CHECK)
    shown = {e.seat: e for e in hand.log.events if isinstance(e, Showdown)}
    assert shown[0].high == "Four aces, K kicker"  # the joker is the fourth ace on top...
    assert shown[0].low == "7-5-4-3-2"  # ...and the best deuce-to-seven low at the bottom


def test_one_value_for_both_hands_is_named_at_orientation() -> None:
    hand = joker_hand(same=True)
    play(hand, CHECK, CHECK, KEEP, KEEP, FLAT)
    legal = hand.legal_actions()
    assert len(legal) == 32 * 52
    with pytest.raises(IllegalAction, match="the card each of your 1 joker"):
        hand.apply(FLAT)
    named = parse_action("orient 0,0,0,0,0 Ac")
    assert named in legal and str(named) == "orient 0,0,0,0,0 Ac"
    play(hand, named, CHECK, CHECK)
    shown = {e.seat: e for e in hand.log.events if isinstance(e, Showdown)}
    assert shown[0].high == "Four aces, K kicker"
    # the named ace of clubs plays at the bottom too, and by the seed's own low ranking it
    # makes 5-4-3-2-A of clubs a straight flush (a poor low)
    assert shown[0].low == "5-high straight flush"


def test_the_value_bot_names_jokers_when_it_must(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = joker_hand(same=True)
    play(hand, CHECK, CHECK, KEEP, KEEP, FLAT)
    bot = ValueBot(random.Random(0), HighLow(HighLowOptions(jokers=1)).deck, samples=10)
    action = bot.act(hand.view(0))
    assert action in hand.legal_actions() and len(action.cards) == 1


def test_every_orientation_is_offered_once() -> None:
    assert len({a.flips for a in orientations(5)}) == 32


def test_matches_conserve_chips_replay_and_never_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()
    for seed in range(40):
        seats = 2 + seed % 5
        game = HighLow(HighLowOptions(seats=seats, jokers=seed % 3))
        players = [RandomBot(random.Random(seed * 10 + s)) for s in range(seats)]
        match = Match(game, players, seed, game.new_table(seed % seats))
        for _ in range(3):
            state, hand_seed = match.start_hand()
            while (seat := state.to_act()) is not None:
                view = state.view(seat)
                for other in range(seats):
                    if other != seat:
                        assert view.cards[other] == (None,) * 5
                for event in view.events:
                    if isinstance(event, Dealt) and event.seat != seat:
                        assert event.cards == (None,) * 5
                state.apply(players[seat].act(view))
            record = match.finish_hand(state, hand_seed)
            assert sum(record.outcome.stakes) == sum(record.table.stakes) + record.table.carry
            again = game.new_hand(record.table, hand_seed)
            for action in record.actions:
                again.apply(action)
            assert again.outcome() == record.outcome


def test_value_bot_beats_random_players(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()
    game = HighLow(HighLowOptions(seats=3))
    players: list[Player] = [
        ValueBot(random.Random(1), game.deck, samples=25),
        RandomBot(random.Random(2)),
        RandomBot(random.Random(3)),
    ]
    match = Match(game, players, 7, game.new_table(0))
    for _ in range(40):
        match.play_hand()
    assert match.table.stakes[0] > 100


def test_ten_players_restock_from_the_discards_and_never_overdraw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.undo()
    game = HighLow(HighLowOptions(seats=10))
    players = [RandomBot(random.Random(s)) for s in range(10)]
    match = Match(game, players, 3, game.new_table(0))
    for _ in range(30):
        state, seed = match.start_hand()
        assert isinstance(state, HighLowHand)
        while (seat := state.to_act()) is not None:
            legal = state.legal_actions()
            if state.phase == DRAW:  # never more discards than cards left to deal
                most = max(len(a.cards) for a in legal)
                assert most <= state.stock()
            state.apply(players[seat].act(state.view(seat)))
        record = match.finish_hand(state, seed)
        every = [c for s in range(10) for c in state.hole[s]]
        assert len({str(c) for c in every}) == 50  # no card held twice
        assert sum(record.outcome.stakes) == 1000
