"""The expert Hurricane player: the solved strategy heads-up (cached on first use), rollouts
at three seats or more, legal from its view alone."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pokernight.bots import hurricane_expert
from pokernight.bots.hurricane import HurricaneBot
from pokernight.bots.hurricane_expert import ExpertBot, strategy_for, strategy_path
from pokernight.catalog import entry
from pokernight.engine.actions import bet
from pokernight.engine.protocol import TableState
from pokernight.engine.table import Match
from pokernight.games.hurricane.game import Hurricane, HurricaneHand, HurricaneOptions

SMALL = HurricaneOptions(seats=2, ranks=3)


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("POKERNIGHT_CACHE", str(tmp_path))
    monkeypatch.setattr(hurricane_expert, "FIRST_USE_ITERATIONS", 30)
    monkeypatch.setattr(hurricane_expert, "_LOADED", {})
    return tmp_path


def test_offered_by_the_catalog() -> None:
    assert "expert" in entry("hurricane").bots


def test_first_use_solves_and_caches(cache: Path) -> None:
    path = strategy_path(SMALL)
    assert not path.exists()
    made = strategy_for(SMALL)
    assert path.exists() and made.iterations == 30
    hurricane_expert._LOADED.clear()
    assert strategy_for(SMALL).exploitability == made.exploitability  # read, not solved again


def test_heads_up_plays_the_strategy(cache: Path) -> None:
    strategy = strategy_for(SMALL)
    table = TableState(stakes=(100, 100), dealer=1)
    hand = HurricaneHand(SMALL, table, 0, list(SMALL.deck[-4:]))  # seat 0: A A, first to act
    view = hand.view(0)
    pair = strategy.pair((2, 2))
    weights = strategy.first[0][:, pair]
    menu = strategy.leading.nodes[0].actions
    picks = [ExpertBot(random.Random(s), SMALL).act(view) for s in range(200)]
    for action, weight in zip(menu, weights, strict=True):
        share = picks.count(action) / len(picks)
        assert share == pytest.approx(weight, abs=0.1)
    assert bet(3) in menu


def test_heads_up_match_is_legal_and_wins(cache: Path) -> None:
    game = Hurricane(SMALL)
    players = [ExpertBot(random.Random(1), SMALL), HurricaneBot("highrise", random.Random(2))]
    match = Match(game, players, 7, game.new_table(0), keep_records=False)
    for _ in range(60):
        match.play_hand()  # an illegal action would raise
    assert match.table.stakes[0] > 100


def test_three_seats_roll_out(cache: Path) -> None:
    options = HurricaneOptions(seats=3)
    game = Hurricane(options)
    hand = game.new_hand(game.new_table(0), 11)
    seat = hand.to_act()
    assert seat is not None
    view = hand.view(seat)
    first = ExpertBot(random.Random(5), options).act(view)
    again = ExpertBot(random.Random(5), options).act(view)
    assert first == again and first in view.legal
    assert not list(cache.iterdir())  # no solved strategy needed at three seats
