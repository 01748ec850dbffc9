"""The browser conformance run (issue 16): for every game of the catalog, a person in
Chromium plays hands by clicking at random among the choices the page offers, seeded, and
``browser_driver``'s oracle checks every step against the engine. At least
``POKERNIGHT_CONFORMANCE_HANDS`` hands a game (3 unless set: a longer run is one variable
away), from ``POKERNIGHT_CONFORMANCE_SEED``; a table that ends early is followed by another."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from tests.frontends.browser_driver import Person
from tests.web.chromium import serving, signed_up, sync_api

from pokernight.catalog import entry
from pokernight.seeds import derive_seed
from pokernight.web.pace import Pace

HANDS = int(os.environ.get("POKERNIGHT_CONFORMANCE_HANDS", "3"))
SEED = int(os.environ.get("POKERNIGHT_CONFORMANCE_SEED", "16"))


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, FastAPI]]:
    url = f"sqlite:///{tmp_path_factory.mktemp('conformance') / 'web.db'}"
    with serving(url, Pace(bot_delay=0, hand_pause=0)) as running:
        yield running


def test_every_click_reaches_the_engine_and_the_page_shows_the_view(
    served: tuple[str, FastAPI], browser: sync_api.Browser, every_game: str
) -> None:
    server, app, game = *served, every_game
    with signed_up(browser, server, f"conformance-{game}") as page:
        person = Person(page, app.state.manager.engine, random.Random(derive_seed(SEED, game)))
        played = tables = 0
        while played < HANDS:
            person.sit(server, game, entry(game).spec.seats)
            tables += 1
            played += person.play(HANDS - played)
        print(  # shown with -s: what the run covered
            f"{game}: {tables} table(s), {played} hands, {person.turns} turns, "
            f"{person.odd} odd inputs refused, {person.checked} pages checked"
        )
        assert person.turns >= HANDS and person.checked >= person.turns
