"""Whole games in the browser (issue 23): every catalog game, and the test-only sixth, played
in Chromium by the edge drivers in turn from the first deal until the table is over or the
person leaves (at the driver's drawn turn, or after ``PATIENCE`` hands), each page checked by
the browser oracle and each game by ``whole_browser.check_browser_game``.

``POKERNIGHT_GAMES`` sets the games a game (1 unless set, as CI runs it; each game starts at
its own place in the drivers' turn, so the six games between them play all six drivers); run
with ``-s`` to see what each game's tables reached."""

from __future__ import annotations

import os
import random
import time
from collections import Counter

from fastapi import FastAPI
from tests.conftest import EVERY_GAME
from tests.frontends.browser_driver import Person
from tests.frontends.edge_drivers import ALL_IN, FOLD, GARBAGE, QUIT, RANDOM, SMALLEST
from tests.frontends.test_browser_conformance import served
from tests.frontends.whole_browser import check_browser_game, check_points_table
from tests.frontends.whole_checks import Edges
from tests.web.chromium import signed_up, sync_api

from pokernight.catalog import entry
from pokernight.seeds import derive_seed
from pokernight.web import store

GAMES = int(os.environ.get("POKERNIGHT_GAMES", "1"))
PATIENCE = 4
DRIVERS = (ALL_IN, GARBAGE, QUIT, FOLD, SMALLEST, RANDOM)
__all__ = ["served"]  # the fixture, shared with the hand harness


def settled(served: tuple[str, FastAPI], table: int) -> None:
    """Wait for the hand a person left to be played out and stored."""
    engine = served[1].state.manager.engine
    deadline = time.monotonic() + 10
    while (last := store.last_hand(engine, table)) is not None and not last.finished:
        assert time.monotonic() < deadline, f"table {table}'s last hand was never finished"
        time.sleep(0.05)


def whole_games(served: tuple[str, FastAPI], browser: sync_api.Browser, game: str) -> Edges:
    server, app = served
    engine = app.state.manager.engine
    rng = random.Random(derive_seed(23, "browser", game))
    edges: Edges = Counter()
    for number in range(GAMES):
        driver = DRIVERS[(number + GAMES * EVERY_GAME.index(game)) % len(DRIVERS)]
        with signed_up(browser, server, f"whole-{game}-{number}") as page:
            person = Person(page, engine, rng, driver)
            person.sit(server, game, entry(game).spec.seats)
            over = person.play_to_end(PATIENCE)
            settled(served, person.table)
            where = f"{game} table {person.table} (driver {driver.name})"
            try:
                check_browser_game(
                    engine, person.table, game, over, len(person.results), person.odd, edges
                )
                if over is not None and entry(game).spec.points:
                    check_points_table(page, engine, person.table, game)
                    edges["points table"] += 1
            except AssertionError as exc:
                raise AssertionError(f"{where}: {exc}") from None
        edges[f"driver {driver.name}"] += 1
    print(f"\n{game} in the browser: {dict(sorted(edges.items()))}")  # shown with -s
    return edges


def test_every_game_to_its_end_in_the_browser(
    served: tuple[str, FastAPI], browser: sync_api.Browser, every_game: str
) -> None:
    edges = whole_games(served, browser, every_game)
    assert sum(v for k, v in edges.items() if k.startswith("driver ")) == GAMES
