"""The solver checked against OpenSpiel on the 3-rank deck, seat 1 the dealer: its
exploitability of its own strategy is OpenSpiel's ``exploitability`` of the exported policy,
and OpenSpiel's CFR on the registered game reaches the same game value. The same checks with
the dealer drawn by chance (a tree twice the size) and on the 4-rank deck, which OpenSpiel walks
for minutes, are ``benchmarks/openspiel_walks.py``."""

from __future__ import annotations

from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from tests.solve.openspiel_checks import (  # noqa: E402
    cfr_value_check,
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


def test_openspiel_cfr_reaches_the_same_value(three: Any) -> None:
    cfr_value_check(three, 3, 300, 150)
