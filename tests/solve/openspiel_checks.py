"""The solver against OpenSpiel on a reduced deck, as checks the tests run on 3 ranks and
``benchmarks/openspiel_walks.py`` runs on 4 (OpenSpiel walks that one for minutes).

The games are one chip a bet, no raise, the hand over when one seat is left.
``convert_to_cached_tree`` keeps OpenSpiel from asking the Python game for a state twice.
"""

from __future__ import annotations

from typing import Any

import pyspiel
import pytest

from pokernight.catalog import entry
from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.games.hurricane.solve.cfr import Solver
from pokernight.games.hurricane.solve.decisions import decisions
from pokernight.openspiel import register
from pokernight.openspiel.export import Policy, export_policy

REDUCED = {"max_bet": 1, "raises": 0, "end_when_one_left": True}


def game(ranks: int, dealer: int) -> Any:
    params = ",".join(f"{k}={v}" for k, v in {**REDUCED, "ranks": ranks, "dealer": dealer}.items())
    loaded = pyspiel.load_game(f"{register('hurricane')}(players=2,{params})")
    return pyspiel.convert_to_cached_tree(loaded)


def solved(ranks: int, iterations: int, discounted: bool) -> Solver:
    options = HurricaneOptions(seats=2, ranks=ranks, max_bet=1, raises=0, end_when_one_left=True)
    solver = Solver(options, discounted)
    for _ in range(iterations):
        solver.iterate()
    return solver


def policy(solver: Solver, dealer: int = -1) -> Policy:
    """The solver's average strategy as an OpenSpiel policy (``dealer`` -1: both deal)."""
    return export_policy(entry("hurricane").spec, solver.options, decisions(solver, dealer))


def exploitability_check(walked: Any, solver: Solver, dealer: int = -1) -> None:
    """OpenSpiel's exploitability of the exported policy is the solver's own."""
    mine = solver.exploitability()
    theirs = pyspiel.exploitability(walked, pyspiel.TabularPolicy(policy(solver, dealer)))
    assert mine > 1e-4  # not yet solved, so the two measure something
    assert theirs == pytest.approx(mine, abs=1e-6)


def cfr_value_check(walked: Any, ranks: int, ours: int, theirs: int) -> None:
    """OpenSpiel's CFR+ reaches the solver's game value. A profile with exploitability e is
    within 2e of the game value (each seat's best response bounds the value on its side), so
    two profiles' values differ by at most twice the sum of their exploitabilities: the
    tolerance, measured, not chosen."""
    solver = solved(ranks, ours, True)
    mine, gap = solver.value(), solver.exploitability()
    cfr = pyspiel.CFRPlusSolver(walked)
    for _ in range(theirs):
        cfr.evaluate_and_update_policy()
    average = cfr.average_policy()
    found = pyspiel.expected_returns(walked.new_initial_state(), average, -1, True)[0]
    their_gap = pyspiel.exploitability(walked, average)
    assert gap < 1e-3 and their_gap < 2e-3
    assert abs(found - mine) <= 2 * (gap + their_gap)
    assert mine == pytest.approx(found, abs=5e-3)
