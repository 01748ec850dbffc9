"""Seed 002 is a closed $400 game (RULES.md): nobody bets, raises or is asked to see a raise
beyond what they hold, and the game ends before a hand that either side cannot ante."""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.bots.draw import DrawComputer
from pokernight.bots.generic import RandomBot
from pokernight.catalog import Seating, seat_person
from pokernight.cli import plain
from pokernight.cli.plain import Asked, Console, run_plain
from pokernight.engine.actions import FOLD, Kind, bet
from pokernight.engine.protocol import TableState
from pokernight.engine.table import Match
from pokernight.errors import IllegalAction
from pokernight.games.draw.game import COMPUTER, HUMAN, DrawOptions, FiveCardDraw

GAME = FiveCardDraw(DrawOptions())


def test_you_bet_only_what_both_sides_can_cover() -> None:
    hand = GAME.new_hand(TableState(stakes=(3, 397), dealer=COMPUTER), seed=4)
    assert hand.stakes == [1, 395]  # the antes are in
    assert list(hand.legal_actions()) == [bet(1), FOLD]
    with pytest.raises(IllegalAction, match="bet 10"):
        hand.apply(bet(10))
    poor = GAME.new_hand(TableState(stakes=(397, 3), dealer=COMPUTER), seed=4)
    assert list(poor.legal_actions()) == [bet(1), FOLD]  # the computer holds $1 beyond its ante


@settings(max_examples=60, deadline=None)
@given(
    you=st.integers(min_value=2, max_value=398),
    seed=st.integers(min_value=0, max_value=2**32),
    human=st.sampled_from(["random", "computer"]),
)
def test_no_stake_ever_goes_below_zero(you: int, seed: int, human: str) -> None:
    """Any play, by a random player or the bluffing computer, against the computer: every
    stake stays at zero or above and the $400 stay $400, hand after hand."""
    rng = random.Random(seed)
    first = RandomBot(rng) if human == "random" else DrawComputer(random.Random(seed + 1))
    table = TableState(stakes=(you, 400 - you), dealer=COMPUTER)
    match = Match(GAME, [first, DrawComputer(rng)], seed, table)
    for _ in range(30):
        if match.over() is not None:
            break
        state, hand_seed = match.start_hand()
        while (seat := state.to_act()) is not None:
            for action in state.legal_actions():
                if action.kind in (Kind.BET, Kind.RAISE):
                    owed = state.view(seat).to_call
                    assert owed + action.amount <= state.view(seat).stakes[seat]
            state.apply(match.players[seat].act(state.view(seat)))
            assert min(state.view(None).stakes) >= 0
        record = match.finish_hand(state, hand_seed)
        assert min(record.outcome.stakes) >= 0 and sum(record.outcome.stakes) == 400


def test_when_the_computer_cannot_ante_you_are_told_you_won(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def rich_you(name: str, seed: int, *asked: object) -> Seating:
        seating = seat_person(name, seed)
        return Seating(
            seating.game,
            TableState(stakes=(399, 1), dealer=COMPUTER),
            seating.seed,
            seating.bots,
            seating.names,
        )

    monkeypatch.setattr(plain, "seat_person", rich_you)
    out = io.StringIO()
    run_plain("draw", Asked(3), Console(io.StringIO("n\n"), out))
    text = out.getvalue()
    assert "You win! The computer cannot put up the ante: you have $399." in text
    assert "not enough for the ante" not in text
    assert HUMAN == 0
