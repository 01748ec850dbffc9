"""Every game a cross-game test runs: the catalog's games and the test-only sixth
(``onecard``), which joins the catalog while its test runs. A test takes ``every_game`` (import
it as a fixture) and learns each game from the catalog, so a new game is tested everywhere
with no change to the tests."""

from __future__ import annotations

import pytest
from tests.catalog.onecard import ENTRY

from pokernight.catalog import CATALOG, entry, games

EVERY = (*games(), ENTRY.name)


@pytest.fixture(params=EVERY)
def every_game(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each game's name in turn, the sixth in the catalog (and so served) while it runs."""
    monkeypatch.setitem(CATALOG, ENTRY.name, ENTRY)
    name: str = request.param
    return name


def few_seats(game: str) -> int:
    """A table of a few seats: the game's usual count, at most 4 (at least its fewest)."""
    spec = entry(game).spec
    return max(spec.seats[0], min(spec.default_seats, 4))
