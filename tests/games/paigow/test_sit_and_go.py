"""Pai Gow as a sit-and-go (issue 42): a fixed number of hands, the most chips winning, the
bank passing among the players alone (``bank=players``). The bank goes round the seats still
in, in order; a banking player covers wagers with its own chips and no more; with no house and
no commission every chip a hand moves stays among the players; and a whole sit-and-go lasts
its hands unless one seat is left, places by chips, pays its pool and sends no stake below zero.
"""

from __future__ import annotations

import io
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import parse_cards
from pokernight.catalog import seat_table
from pokernight.cli.plain import Asked, Console, run_plain
from pokernight.engine.actions import Action, bet, parse_action
from pokernight.engine.protocol import TableState, View
from pokernight.engine.sit_and_go import Finish, SitAndGo
from pokernight.engine.structure import Schedule, Structure
from pokernight.engine.table import Match, play_out
from pokernight.errors import IllegalAction, InvalidRules
from pokernight.games.paigow import SPEC
from pokernight.games.paigow.game import PaiGow, PaiGowHand
from pokernight.games.paigow.options import Bank, PaiGowOptions, banker_at

WINNER = "As Ah Kd Kc 9c 7h 2s"  # KK front, AA behind: beats the bank's 88 / QQ
LOSER = "Ts Th 6d 5c 4c 3h 9s"  # 6-5 front, TT behind: loses both
BANK = "Qs Qd 7c 5h 3d 8s 8d"  # set 88 front, QQ behind


class Anything:
    """A seat that takes any legal action at random (wagers to the bank's last chip)."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: View) -> Action:
        return self.rng.choice(list(view.legal))


def form_options(seats: int, chips: int = 100) -> PaiGowOptions:
    """The sit-and-go's first level for ``seats`` seats."""
    assert SPEC.rules.sit_and_go is not None
    options = SPEC.rules.sit_and_go.start(PaiGowOptions(seats=seats), chips)
    assert isinstance(options, PaiGowOptions)
    return options


def test_the_form_seats_every_player_with_the_chips_no_house_and_no_commission() -> None:
    form = SPEC.rules.sit_and_go
    assert form is not None and form.finish is Finish.HANDS and form.level is not None
    options = form_options(4, 150)
    assert (options.stake, options.bank, options.commission) == (150, Bank.PLAYERS, 0)
    assert (options.min_bet, options.max_bet) == (20, 500)  # the table's own limits at level 1
    level = form.level(options, 3)
    assert (level.min_bet, level.max_bet, level.stake, level.bank) == (60, 1500, 150, Bank.PLAYERS)
    assert form.out(level, 59) and not form.out(level, 60) and form.out(options, 0)
    with pytest.raises(InvalidRules, match="2 to 6 players"):
        form.start(PaiGowOptions(), 100)
    with pytest.raises(InvalidRules, match="table minimum at least"):
        form.start(PaiGowOptions(seats=3), 19)


def test_each_player_banking_in_turn_is_a_table_option() -> None:
    options = SPEC.configure(PaiGowOptions, 3, {"bank": "players"})
    assert options.bank is Bank.PLAYERS and options.commission == 5  # a table keeps its fee
    with pytest.raises(InvalidRules, match="at least two players"):
        SPEC.configure(PaiGowOptions, 1, {"bank": "players"})


def test_the_bank_goes_round_the_seats_still_in_skipping_the_out_and_the_short() -> None:
    options = PaiGowOptions(seats=4, bank=Bank.PLAYERS, min_bet=20)
    table = TableState(stakes=(100,) * 4, dealer=0)
    assert banker_at(options, table) == 0  # the first hand: the button's seat
    assert banker_at(options, replace(table, dealer=2)) == 2
    assert banker_at(options, replace(table, leader=1)) == 1  # the seat the last hand named
    assert banker_at(options, replace(table, leader=1, out=(1,))) == 2
    assert banker_at(options, replace(table, leader=3, out=(3, 0))) == 1  # round the table
    short = replace(table, leader=1, stakes=(100, 19, 0, 100))  # in, but covering nothing
    assert banker_at(options, short) == 3
    assert banker_at(PaiGowOptions(seats=2, bank=Bank.PLAYER), replace(short, out=(1,))) == 0
    with_house = PaiGowOptions(seats=4, bank=Bank.ROTATE)
    assert banker_at(with_house, replace(short, hand=3)) is None  # seat 2's turn: the house's


def test_the_bank_rotates_in_order_among_the_seats_still_in_hand_after_hand() -> None:
    """Seat 3 goes out after hand 2: the bank passes over it from then on, and nobody banks
    twice a round for it (the rotation goes by who banked last, not by the hand's number)."""
    options = PaiGowOptions(seats=4, stake=10**6, bank=Bank.PLAYERS, commission=0)
    game = PaiGow(options)
    rng = random.Random(7)
    match = Match(game, [Anything(rng) for _ in range(4)], 11, game.new_table())
    bankers: list[int | None] = []
    for hand in range(1, 10):
        if hand == 3:
            match.table = replace(match.table, out=(2,))
        state, seed = match.start_hand()
        assert isinstance(state, PaiGowHand)
        bankers.append(state.banker)
        assert state.banker not in state.players and (hand < 3 or 2 not in state.players)
        while (seat := state.to_act()) is not None:
            state.apply(match.players[seat].act(state.view(seat)))
        match.finish_hand(state, seed)
    assert bankers == [0, 1, 3, 0, 1, 3, 0, 1, 3]


def test_a_banking_player_covers_wagers_in_the_order_of_play_and_no_more() -> None:
    """The bank holds 50: seat 2, first from its left, may wager up to 50 and wagers 40;
    seat 3 may wager only the minimum, of which the bank's last 10 is in action. Both win
    both hands: the bank pays out its 50 and no more, the other 10 comes back."""
    options = PaiGowOptions(seats=3, bank=Bank.PLAYERS, commission=0)
    table = TableState(stakes=(50, 200, 200), dealer=0)
    state = PaiGowHand(options, table, 1, [parse_cards(h) for h in (WINNER, WINNER, BANK)])
    assert state.banker == 0 and state.players == [1, 2]
    assert state.view(0).live == (True, True, True)  # the bank holds cards: in the hand
    assert state.legal_actions()[-1] == bet(50)
    state.apply(bet(40))
    assert list(state.legal_actions()) == [bet(20)]
    with pytest.raises(IllegalAction):
        state.apply(bet(21))
    state.apply(bet(20))
    for front in ("Kd Kc", "Kd Kc", "8s 8d"):
        state.apply(parse_action(f"set {front}"))
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.net == (-50, 40, 10) and outcome.stakes == (0, 240, 210)
    assert outcome.house == 0
    assert "the 10 the bank cannot cover comes back" in outcome.awards[1].reason


def test_a_wager_the_bank_cannot_cover_at_all_is_no_action() -> None:
    options = PaiGowOptions(seats=3, bank=Bank.PLAYERS, commission=0)
    table = TableState(stakes=(40, 200, 200), dealer=0)
    state = PaiGowHand(options, table, 1, [parse_cards(h) for h in (LOSER, LOSER, BANK)])
    state.apply(bet(40))
    state.apply(bet(20))
    for front in ("6d 5c", "6d 5c", "8s 8d"):
        state.apply(parse_action(f"set {front}"))
    outcome = state.outcome()
    assert outcome is not None and outcome.net == (40, -40, 0)
    assert outcome.awards[1].share == "push" and "no action" in outcome.awards[1].reason


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**63), seats=st.integers(2, 6), chips=st.integers(20, 120))
def test_a_hand_between_players_moves_chips_and_loses_none(
    seed: int, seats: int, chips: int
) -> None:
    """No house: what the players win is what the bank and the other players lose, to the
    chip, and short stacks (the bank's cover binding) never go below zero."""
    options = form_options(seats, chips)
    game = PaiGow(options)
    rng = random.Random(seed)
    match = Match(game, [Anything(rng) for _ in range(seats)], seed, game.new_table())
    for _ in range(6):
        if match.over() is not None:
            break
        before = match.table.stakes
        outcome = match.play_hand().outcome
        assert sum(outcome.net) == 0 and outcome.house == 0
        assert sum(outcome.stakes) == sum(before) == seats * chips
        assert min(outcome.stakes) >= 0


def next_banker(before: int, stakes: tuple[int, ...], out: tuple[int, ...], minimum: int) -> int:
    """The first seat after ``before`` that is in and covers the minimum."""
    seats = len(stakes)
    turn = [(before + i) % seats for i in range(1, seats + 1)]
    return next(s for s in turn if s not in out and stakes[s] >= minimum)


@pytest.mark.parametrize(("seed", "seats"), [(1, 2), (2, 3), (3, 4), (4, 6)])
def test_a_whole_sit_and_go_lasts_its_hands_places_by_chips_and_pays_its_pool(
    seed: int, seats: int
) -> None:
    structure = Structure(buy_in=50, chips=100, schedule=Schedule(every=3), hands=12)
    bots = ("house", "random", "trump-plaza")
    computers = {s: bots[s % 3] for s in range(seats)}
    tournament = seat_table("paigow", seed, seats, computers, structure=structure).match()
    assert isinstance(tournament, SitAndGo)
    banker = seats - 1  # the first hand's bank: the first seat after it, seat 1
    while tournament.over() is None:
        table = tournament.table
        options = tournament.game.options
        assert isinstance(options, PaiGowOptions) and options.bank is Bank.PLAYERS
        state, seed = tournament.start_hand()
        assert isinstance(state, PaiGowHand)
        banker = next_banker(banker, table.stakes, table.out, options.min_bet)
        assert state.banker == banker and banker not in state.players
        play_out(state, tournament.players)
        outcome = tournament.finish_hand(state, seed).outcome
        assert sum(outcome.stakes) == seats * structure.chips and min(outcome.stakes) >= 0
    left = tournament.playing()
    assert tournament.hands == structure.hands or len(left) == 1
    assert tournament.hands <= structure.hands
    rows = tournament.standings()
    stakes = tournament.table.stakes
    chips_by_place = [stakes[row.seat] for row in rows if row.seat in left]
    assert chips_by_place == sorted(chips_by_place, reverse=True)
    assert [row.place for row in rows] == sorted(row.place for row in rows)
    assert sum(row.prize for row in rows) == structure.buy_in * seats
    assert sum(row.net for row in rows) == 0


def test_a_table_of_players_banking_ends_when_only_one_can_cover_the_minimum() -> None:
    game = PaiGow(PaiGowOptions(seats=3, bank=Bank.PLAYERS))
    table = TableState(stakes=(500, 19, 0), dealer=0)
    assert game.game_over(table) == (
        "only seat 1 can cover the table minimum of 20: nobody is left to play against the bank"
    )
    assert game.game_over(replace(table, stakes=(500, 20, 0))) is None
    assert PaiGow(PaiGowOptions(seats=2, bank=Bank.PLAYER)).game_over(table) is not None


class Typed(io.StringIO):
    """Standard input answering the prompt's last question by the words it ends with."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__()
        self.out = out

    # typeshed types _io._IOBase.readline as bytes (and ignores StringIO's own override)
    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        question = self.out.getvalue().rsplit("\n", 1)[-1]
        if "Bet? [" in question:
            return "bet " + question.split("[")[1].split("-")[1].split(",")[0] + "\n"  # the most
        return "h\n" if "house way:" in question else "\n"  # take it; another hand


def test_the_prompt_plays_a_sit_and_go_to_its_end() -> None:
    out = io.StringIO()
    structure = Structure(chips=100, schedule=Schedule(every=2), hands=4)
    run_plain("paigow", Asked(3, 2, structure=structure), Console(Typed(out), out))
    text = out.getvalue()
    assert "each player banks in turn, no house: seat 1 (you) banks hand 1" in text
    assert "Wins pay 1:1; copies go to the bank." in text  # no commission to name
    assert "4 hands, the most chips winning; the stakes rise every 2 hands" in text
    assert "The stakes rise: Level 2 (stakes ×2) · 2 hands left\n" in text  # no level 3 comes
    assert "won the sit-and-go." in text and "1st: Seat" in text
    assert text.rstrip().endswith(f"Hands played: {text.count('── Hand')}.")
