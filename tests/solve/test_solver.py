"""The heads-up solver's parts: the betting trees read off the game, the chance and showdown
weights, convergence, the saved strategy, and the command."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from pokernight.cli.main import build
from pokernight.engine.actions import CALL, CHECK, FOLD, bet, raise_
from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.solve import solve
from pokernight.solve.cards import Deck
from pokernight.solve.cfr import Solver
from pokernight.solve.rounds import betting_rounds
from pokernight.solve.strategy import Strategy, follow

SMALL = HurricaneOptions(seats=2, ranks=3)


def test_betting_rounds_are_the_games() -> None:
    """1 bet and 2 raises of 1 to 3: 157 ways a round ends, 79 with both still in."""
    for rnd in betting_rounds(HurricaneOptions(seats=2)):
        ends = [rnd.nodes[i] for i in rnd.ends]
        assert len(ends) == 157
        assert sum(e.folded is None for e in ends) == 79
        assert rnd.nodes[0].actions == [CHECK, bet(1), bet(2), bet(3)]
    leading, _ = betting_rounds(HurricaneOptions(seats=2))
    node = follow(leading, [bet(3), raise_(3), raise_(3)])
    assert leading.nodes[node].actions == [CALL, FOLD]  # capped
    called = leading.nodes[leading.nodes[node].children[0]]
    assert called.chips == (9, 9) and called.folded is None


def test_chance_weights_are_probabilities() -> None:
    deck = Deck(SMALL)
    kept, drew = deck.kept, deck.drew
    deal = deck.chance(kept, kept) * np.outer(kept.ways, kept.ways)  # kept: a key per state
    assert deal.sum() == pytest.approx(1.0)
    # two deuces and two aces dealt, in order, from four of each of 2, K, A
    two_two = deck.index[(0, 0)]
    ace_ace = deck.index[(2, 2)]
    assert deal[two_two, ace_ace] == pytest.approx((4 * 3 * 4 * 3) / (12 * 11 * 10 * 9))
    # one seat keeps, the other throws its lower card: every deal and draw, once each
    threw_low = (np.arange(drew.size) // deck.k) % 2 == 0
    both = deck.chance(kept, drew)[:, drew.key[threw_low]]
    weighted = both * np.outer(kept.ways, drew.ways[threw_low])
    assert weighted.sum() == pytest.approx(1.0)


def test_showdown_halves() -> None:
    """22 is a pair of aces high and the best pair low; A2 is the best low."""
    deck = Deck(SMALL)
    kept = deck.kept
    halves = deck.showdown(kept, kept)
    two_two, two_ace, king_ace = deck.index[(0, 0)], deck.index[(0, 2)], deck.index[(1, 2)]
    assert halves[two_ace, king_ace] == 2  # a pair of aces (high) and A2 (low) both win
    assert halves[two_two, two_ace] == -1  # pairs of aces tie high; any non-pair wins low
    assert halves[king_ace, king_ace] == 0
    assert np.array_equal(halves, -halves.T)


def test_solving_lowers_exploitability_to_a_small_figure() -> None:
    _, first = solve(SMALL, iterations=2)
    solver, result = solve(SMALL, iterations=60)
    assert result.iterations == 60 == solver.iterations
    gaps = [g for _, _, g in result.curve]
    assert gaps[0] == first.curve[0][2]  # deterministic
    assert result.exploitability == gaps[-1] < gaps[0] / 10
    assert result.exploitability < 0.02
    assert result.value == pytest.approx(solver.value())
    uniform = Solver(SMALL)
    assert uniform.exploitability() > 1.0  # playing at random gives away over a chip a hand


def test_strategy_file_round_trip(tmp_path: Path) -> None:
    solver, result = solve(SMALL, iterations=5)
    strategy = Strategy.of(solver, result.exploitability)
    path = tmp_path / "s.npz"
    strategy.save(path)
    loaded = Strategy.load(path)
    assert loaded.options == solver.options
    assert loaded.iterations == 5 and loaded.exploitability == result.exploitability
    for node, table in strategy.first.items():
        assert np.allclose(loaded.first[node], table, atol=1e-3)
    assert set(loaded.second) == set(strategy.second)
    assert np.allclose(loaded.draw[2], strategy.draw[2], atol=1e-3)


def test_command_json_and_errors() -> None:
    runner = CliRunner()
    app = build("solve")
    done = runner.invoke(app, ["solve", "hurricane", "--ranks", "3", "--iterations", "6", "--json"])
    assert done.exit_code == 0, done.output
    printed = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(printed) == {"ranks", "iterations", "seconds", "exploitability", "value"}
    _, result = solve(SMALL, iterations=6)
    assert (printed["ranks"], printed["iterations"]) == (3, 6)
    assert printed["exploitability"] == result.exploitability
    assert printed["value"] == result.value
    wrong = runner.invoke(app, ["solve", "draw"])
    assert wrong.exit_code != 0
