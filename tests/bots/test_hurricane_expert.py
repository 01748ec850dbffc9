"""The expert Hurricane player: the solved strategy heads-up (solved to the first-use target
and cached, the work offered to front ends as a preparation), rollouts at three seats or more,
legal from its view alone; its levels make mistakes at their rate, from its seeded source.

The tests that only play the small (3-rank) strategy read it from ``fixtures/``, as a user's
cache would hold it, rather than each solving it again; the first-use test solves it from
scratch and checks that the fixture is exactly what the solver makes today."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from pokernight.bots.hurricane import HurricaneBot
from pokernight.bots.hurricane_expert import LEVELS, ExpertBot
from pokernight.catalog import entry
from pokernight.cli.main import build
from pokernight.engine.actions import bet
from pokernight.engine.protocol import Player, TableState
from pokernight.engine.table import Match
from pokernight.games.hurricane.game import Hurricane, HurricaneHand, HurricaneOptions
from pokernight.games.hurricane.solve import cache as solved
from pokernight.games.hurricane.solve.cache import (
    FIRST_USE_TARGET,
    SHIPPED,
    file_name,
    strategy_for,
    strategy_path,
)
from pokernight.games.hurricane.solve.ship import DEFAULT, measure
from pokernight.games.hurricane.solve.strategy import Strategy

SMALL = HurricaneOptions(seats=2, ranks=3)
FIXTURE = Path(__file__).parent / "fixtures" / file_name(SMALL)
"""The small strategy as the solver writes it to a user's cache (made by ``strategy_for``)."""


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("POKERNIGHT_CACHE", str(tmp_path))
    monkeypatch.setattr(solved, "_LOADED", {})
    return tmp_path


@pytest.fixture()
def small(cache: Path) -> Strategy:
    """The small strategy already in the cache folder, as after its first use."""
    shutil.copy(FIXTURE, strategy_path(SMALL))
    return strategy_for(SMALL)


def test_offered_by_the_catalog() -> None:
    assert "expert" in entry("hurricane").bots


def test_first_use_solves_to_the_target_and_caches(cache: Path) -> None:
    path = strategy_path(SMALL)
    assert not path.exists()
    made = strategy_for(SMALL)
    assert path.exists() and made.exploitability < FIRST_USE_TARGET
    solved._LOADED.clear()
    again = strategy_for(SMALL)
    assert (again.iterations, again.exploitability) == (made.iterations, made.exploitability)
    shipped = Strategy.load(FIXTURE)  # the other tests' fixture is today's solve, exactly
    assert (shipped.iterations, shipped.exploitability) == (made.iterations, made.exploitability)
    for node, weights in made.first.items():
        assert np.array_equal(shipped.first[node], weights)
    for ours, theirs in zip(made.draw, shipped.draw, strict=True):
        assert np.array_equal(ours, theirs)


def test_heads_up_offers_its_first_use_as_a_preparation(cache: Path) -> None:
    """The work is offered until it is done, with progress rising to 1; never at 3 seats."""
    bot = ExpertBot(random.Random(1), SMALL)
    work = bot.preparation()
    assert work is not None and work.key == str(strategy_path(SMALL))
    told: list[float] = []
    work.run(lambda done, line: told.append(done))
    assert told and told == sorted(told) and told[-1] == 1.0
    assert bot.preparation() is None and strategy_path(SMALL).exists()
    assert ExpertBot(random.Random(1), HurricaneOptions(seats=3)).preparation() is None


def test_heads_up_plays_the_strategy(small: Strategy) -> None:
    table = TableState(stakes=(100, 100), dealer=1)
    hand = HurricaneHand(SMALL, table, 0, list(SMALL.deck[-4:]))  # seat 0: A A, first to act
    view = hand.view(0)
    pair = small.pair((2, 2))
    weights = small.first[0][:, pair] / 255
    menu = small.leading.nodes[0].actions
    picks = [ExpertBot(random.Random(s), SMALL).act(view) for s in range(200)]
    for action, weight in zip(menu, weights, strict=True):
        share = picks.count(action) / len(picks)
        assert share == pytest.approx(weight, abs=0.1)
    assert bet(3) in menu


def test_heads_up_match_is_legal_and_wins(small: Strategy) -> None:
    game = Hurricane(SMALL)
    players: list[Player] = [
        ExpertBot(random.Random(1), SMALL),
        HurricaneBot("highrise", random.Random(2)),
    ]
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


def test_levels_mix_in_random_legal_actions_at_their_rate(small: Strategy) -> None:
    """Easy plays its strategy 70% of the time and a uniformly drawn legal action 30%."""
    table = TableState(stakes=(100, 100), dealer=1)
    hand = HurricaneHand(SMALL, table, 0, list(SMALL.deck[-4:]))
    view = hand.view(0)
    weights = small.first[0][:, small.pair((2, 2))] / 255
    menu = small.leading.nodes[0].actions
    picks = [ExpertBot(random.Random(s), SMALL, "easy").act(view) for s in range(1000)]
    assert set(picks) <= set(view.legal)
    mistakes = LEVELS["easy"].mistakes
    for action, weight in zip(menu, weights, strict=True):
        expected = (1 - mistakes) * weight + mistakes / len(view.legal)
        assert picks.count(action) / len(picks) == pytest.approx(expected, abs=0.05)


def test_hard_is_the_plain_expert_draw_for_draw(cache: Path) -> None:
    """The best level draws nothing for mistakes: old seeds replay as before."""
    options = HurricaneOptions(seats=3)
    game = Hurricane(options)
    hand = game.new_hand(game.new_table(0), 3)
    seat = hand.to_act()
    assert seat is not None
    plain, hard = random.Random(9), random.Random(9)
    assert ExpertBot(plain, options).act(hand.view(seat)) == ExpertBot(hard, options, "hard").act(
        hand.view(seat)
    )
    assert plain.getstate() == hard.getstate()


def test_the_shipped_strategy_is_small_and_near_perfect() -> None:
    """The default table's strategy ships: a few megabytes, and its exploitability, measured
    on the file as it loads, under the expert's 0.005 chips a hand (what the file says)."""
    path = SHIPPED / file_name(DEFAULT)
    assert path.stat().st_size < 4_000_000
    shipped = Strategy.load(path)
    assert shipped.options == DEFAULT
    measured = measure(shipped)
    assert measured < FIRST_USE_TARGET
    assert measured == pytest.approx(shipped.exploitability, rel=1e-6)


def test_heads_up_at_the_default_table_plays_at_once(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An empty cache: the tournament offers no preparation, never solves, writes nothing,
    and the expert beats the checker."""

    def never(*_: object) -> None:
        raise AssertionError("the expert solved")

    monkeypatch.setattr(solved, "study", never)
    bot = ExpertBot(random.Random(1), HurricaneOptions(seats=2))
    assert bot.preparation() is None
    args = ["tournament", "hurricane", "--bots", "expert,checker", "--hands", "200", "--seed", "1"]
    done = CliRunner().invoke(build("tournament"), [*args, "--json"])
    assert done.exit_code == 0, done.output
    assert "solves" not in done.stderr
    ranking = json.loads(done.stdout)["ranking"]
    assert ranking[0]["bot"] == "expert" and ranking[0]["net_per_hand"] > 0
    assert not list(cache.iterdir())
