"""A table size for cross-game tests that seat real pages: the game's usual count, kept small
(``every_game`` in ``tests/conftest.py`` gives the games themselves)."""

from __future__ import annotations

from pokernight.catalog import entry


def few_seats(game: str) -> int:
    """A table of a few seats: the game's usual count, at most 4 (at least its fewest)."""
    spec = entry(game).spec
    return max(spec.seats[0], min(spec.default_seats, 4))
