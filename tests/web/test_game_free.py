"""What a game shows in the browser beyond its view (its own text rows and their legend) comes
from its spec (that no web module imports a game or names one: tests/catalog/
test_packages_name_no_game.py)."""

from __future__ import annotations

import dataclasses

import pytest
from tests.catalog.onecard import ENTRY

from pokernight.catalog import CATALOG, games, seat_table
from pokernight.engine.events import Event
from pokernight.web import views


class Tally:
    """Rows a test game might draw: one line per seat, counting the events that seat saw."""

    legend = ("n events: what the seat saw",)

    def __init__(self, seats: int, viewer: int | None) -> None:
        self.counts = [0] * seats
        self.viewer = viewer

    def add(self, event: Event) -> None:
        self.counts[self.viewer or 0] += 1

    def lines(self) -> list[str]:
        return [f"seat {s + 1}: {n} events" for s, n in enumerate(self.counts)]


def test_a_games_rows_come_from_its_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = dataclasses.replace(ENTRY.spec, show=dataclasses.replace(ENTRY.spec.show, rows=Tally))
    monkeypatch.setitem(CATALOG, ENTRY.name, dataclasses.replace(ENTRY, spec=spec))
    seating = seat_table(ENTRY.name, 7, 2, {1: "random"})
    state = seating.game.new_hand(seating.table, 7)
    view = state.view(0)
    model = views.view_model(view)
    assert model["rows"] == [f"seat 1: {len(view.events)} events", "seat 2: 0 events"]
    assert model["legend"] == ["n events: what the seat saw"]
    assert len(view.events) >= 2
    watched = state.view(None)
    assert views.view_model(watched)["rows"][0] == f"seat 1: {len(watched.events)} events"
    monkeypatch.setitem(CATALOG, ENTRY.name, ENTRY)
    assert views.view_model(view)["rows"] is None


def test_the_catalogs_games_with_rows_send_them() -> None:
    """Each catalog game's view carries a row per seat where its spec has rows, else none."""
    for name in games():
        spec = CATALOG[name].spec
        seating = seat_table(name, 3, spec.seats[0], {})
        rows = views.view_model(seating.game.new_hand(seating.table, 3).view(0))["rows"]
        assert rows is None if spec.rows is None else len(rows) == spec.seats[0], name
    assert any(CATALOG[name].spec.rows is not None for name in games())
