"""The solver checked against OpenSpiel on reduced decks: its exploitability of its own
strategy is OpenSpiel's ``exploitability`` of the exported policy, and OpenSpiel's CFR on the
registered game reaches the same game value.

The games are small enough for OpenSpiel to walk: 3 and 4 ranks (seconds, and about two
minutes), one chip a bet, no raise, the hand over when one seat is left.
``convert_to_cached_tree`` keeps OpenSpiel from asking the Python game for a state twice.
"""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

import pokernight.openspiel  # noqa: E402, F401  (registers the games)
from pokernight.games.hurricane.game import HurricaneOptions  # noqa: E402
from pokernight.solve.cfr import Solver  # noqa: E402
from pokernight.solve.export import export_policy  # noqa: E402


def _game(ranks: int, dealer: int) -> object:
    name = (
        f"pokernight_hurricane(players=2,ranks={ranks},max_bet=1,raises=0,"
        f"end_when_one_left=True,dealer={dealer})"
    )
    return pyspiel.convert_to_cached_tree(pyspiel.load_game(name))


def _solved(ranks: int, iterations: int, discounted: bool) -> Solver:
    options = HurricaneOptions(seats=2, ranks=ranks, max_bet=1, raises=0, end_when_one_left=True)
    solver = Solver(options, discounted)
    for _ in range(iterations):
        solver.iterate()
    return solver


@pytest.fixture(scope="module")
def three() -> object:
    return _game(3, 1)


@pytest.mark.parametrize("discounted", [False, True])
def test_exploitability_is_openspiels(three: object, discounted: bool) -> None:
    solver = _solved(3, 40, discounted)
    mine = solver.exploitability()
    theirs = pyspiel.exploitability(three, pyspiel.TabularPolicy(export_policy(solver, 1)))
    assert mine > 1e-4  # 40 iterations: not yet solved, so the two measure something
    assert theirs == pytest.approx(mine, abs=1e-6)


def _cfr_value_check(game: object, ranks: int, ours: int, theirs: int) -> None:
    """A profile with exploitability e is within 2e of the game value (each seat's best
    response bounds the value on its side), so two profiles' values differ by at most twice
    the sum of their exploitabilities: the tolerance, measured, not chosen."""
    solver = _solved(ranks, ours, True)
    mine, gap = solver.value(), solver.exploitability()
    cfr = pyspiel.CFRPlusSolver(game)
    for _ in range(theirs):
        cfr.evaluate_and_update_policy()
    average = cfr.average_policy()
    found = pyspiel.expected_returns(game.new_initial_state(), average, -1, True)[0]
    their_gap = pyspiel.exploitability(game, average)
    assert gap < 1e-3 and their_gap < 2e-3
    assert abs(found - mine) <= 2 * (gap + their_gap)
    assert mine == pytest.approx(found, abs=5e-3)


def test_openspiel_cfr_reaches_the_same_value(three: object) -> None:
    _cfr_value_check(three, 3, 300, 150)


@pytest.mark.slow
def test_both_dealers() -> None:
    """The dealer drawn by chance: the solver's one strategy plays both seats."""
    solver = _solved(3, 30, True)
    game = _game(3, -1)
    theirs = pyspiel.exploitability(game, pyspiel.TabularPolicy(export_policy(solver)))
    assert theirs == pytest.approx(solver.exploitability(), abs=1e-6)


@pytest.mark.slow
def test_four_ranks() -> None:
    """The same two checks on the 4-rank deck (OpenSpiel walks it in about two minutes)."""
    game = _game(4, 1)
    solver = _solved(4, 30, True)
    theirs = pyspiel.exploitability(game, pyspiel.TabularPolicy(export_policy(solver, 1)))
    assert solver.exploitability() > 1e-4
    assert theirs == pytest.approx(solver.exploitability(), abs=1e-6)
    _cfr_value_check(game, 4, 300, 150)
