"""The solver checked against OpenSpiel on the 3-rank deck, seat 1 the dealer: its
exploitability of its own strategy is OpenSpiel's ``exploitability`` of the exported policy,
to 1e-6, at two points of its solve (so the two trees and their payoffs are the same game).
OpenSpiel's CFR+ reaching the same game value (a comparison of two solvers, a quarter of a
minute on this deck), the check with the dealer drawn by chance (a tree twice the size) and
those on the 4-rank deck, which OpenSpiel walks for minutes, are
``benchmarks/openspiel_walks.py`` (``--ranks 3`` for this deck)."""

from __future__ import annotations

from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from tests.solve.openspiel_checks import (  # noqa: E402
    exploitability_check,
    game,
    solved,
)


@pytest.fixture(scope="module")
def three() -> Any:
    return game(3, 1)


@pytest.mark.parametrize("discounted", [False, True])
def test_exploitability_is_openspiels(three: Any, discounted: bool) -> None:
    exploitability_check(three, solved(3, 40, discounted), dealer=1)
