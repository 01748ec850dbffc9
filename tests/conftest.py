"""Shared helpers: evaluate from text, in the notation of the command line; the games every
cross-game test runs over; the Chromium every browser test module drives."""

from __future__ import annotations

import os
from collections.abc import Iterator
from fnmatch import fnmatch
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from tests.catalog.onecard import ENTRY as ONECARD

from pokernight.catalog import CATALOG, games
from pokernight.hands import HandValue, compare, evaluate, preset
from pokernight.hands.evaluate import parse_hand

if TYPE_CHECKING:
    from playwright.sync_api import Browser


def ev(cards: str, rules: str) -> HandValue:
    rule_set = preset(rules)
    return evaluate(parse_hand(cards, rule_set), rule_set)


def winners(rules: str, *hands: str) -> tuple[int, ...]:
    rule_set = preset(rules)
    return compare([parse_hand(h, rule_set) for h in hands], rule_set).winners


def beats(rules: str, better: str, worse: str) -> bool:
    return winners(rules, better, worse) == (0,)


def ties(rules: str, a: str, b: str) -> bool:
    return winners(rules, a, b) == (0, 1)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: a worker more than the cores. About a third of the suite's time is spent
    waiting (on Chromium, on a command run in its own process, on a table's timers), and a
    third worker fills it: on two cores the suite took 429 s against 450 s."""
    return (os.cpu_count() or 1) + 1


SLOW = (
    "frontends/test_*.py",  # whole games and every click or key, through each front end
    "tui/test_table_*.py",  # the terminal table driven by Textual's pilot
    "tui/test_snapshots.py",
    "solve/test_against_openspiel.py",  # OpenSpiel walks the Python game's whole tree
    "hands/test_dual_deck.py",  # the dual-deck search
    "cli/test_deck_cli.py",
    "web/test_flood_abuse.py",  # a flood of requests against a served house
    "sim/test_tournament_plot_backends.py",  # Dask and Ray clusters started
)
"""Modules the developer's fast lane (``pytest -m "not slow"``) leaves to CI, beside every
module that drives Chromium: each takes seconds a test where the rest take milliseconds."""


EVERY_GAME = (*games(), ONECARD.name)
"""The catalog's games and the test-only sixth: what a cross-game test runs over, so a new
game gets every such test from its one catalog line."""


@pytest.fixture(params=EVERY_GAME)
def every_game(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each game in turn, the test-only one joined to the catalog for the test (a forked
    worker process inherits it)."""
    name: str = request.param
    if name == ONECARD.name:
        monkeypatch.setitem(CATALOG, name, ONECARD)
    return name


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Chromium, launched once a module for the browser tests. ``tests.web.chromium`` is read
    only when a test asks for it: reading it skips the test where Chromium or Playwright is
    missing, and every other test runs without either."""
    from tests.web.chromium import chromium

    with chromium() as launched:
        yield launched


@pytest.fixture
def onecard(monkeypatch: pytest.MonkeyPatch) -> str:
    """The test-only game in the catalog for this test (a forked worker process inherits it)."""
    monkeypatch.setitem(CATALOG, ONECARD.name, ONECARD)
    return ONECARD.name


LONGEST_FIRST = (
    "tests/solve/",
    "tests/frontends/",
    "tests/web/",
    "tests/tui/",
    "tests/hands/",
    "tests/cli/",
)
"""The folders whose modules take longest (whole games, browsers, the terminal table under the
pilot, full enumerations, the solver against OpenSpiel), in the order they are handed out: the
solver's first, one module of a minute and a half that would otherwise start last."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``slow`` what the fast lane skips (the modules named in ``SLOW`` and every module
    that opens Chromium: it imports ``tests.web.chromium``'s helpers); then the slow modules
    first, the longest folders' first among them, each module's tests in their own order
    (a module marked slow test by test goes with the slow): the suite is spread over the cores
    a module at a time, so a long module handed out last would keep one core busy after the
    others have finished."""
    for item in items:
        module = getattr(item, "module", None)
        where = item.path.relative_to(Path(__file__).parent).as_posix()
        chromium = module is not None and any(
            getattr(value, "__module__", None) == "tests.web.chromium"
            for value in vars(module).values()
        )
        if chromium or any(fnmatch(where, pattern) for pattern in SLOW):
            item.add_marker(pytest.mark.slow)

    def rank(item: pytest.Item) -> tuple[bool, int]:
        folder = next(
            (i for i, folder in enumerate(LONGEST_FIRST) if item.nodeid.startswith(folder)),
            len(LONGEST_FIRST),
        )
        return item.get_closest_marker("slow") is None, folder

    items.sort(key=rank)
