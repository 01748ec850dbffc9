"""The browser offers the legal sets a long game reaches (issue 23): seed 002 at exactly the
ante ($2), which leaves you all in at $0 once it is paid, where the engine offers only check
or fold. A whole game gets there after a hundred hands; here the live table's stakes are moved
between two hands (the $400 kept), during the pause the table takes before it deals again."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import replace

import pytest
from fastapi import FastAPI
from tests.frontends.browser_driver import Person
from tests.web.chromium import serving, signed_up, sync_api

from pokernight.web.pace import Pace

PAUSE = 2.0
"""Seconds between a hand's end and the next deal: time to move the stakes."""


@pytest.fixture(scope="module")
def paused(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, FastAPI]]:
    url = f"sqlite:///{tmp_path_factory.mktemp('edges') / 'web.db'}"
    with serving(url, Pace(bot_delay=0, hand_pause=PAUSE)) as running:
        yield running


def test_at_the_ante_the_draw_page_offers_check_and_fold_alone(
    paused: tuple[str, FastAPI], browser: sync_api.Browser
) -> None:
    server, app = paused
    with signed_up(browser, server, "edges-draw") as page:
        person = Person(page, app.state.manager.engine, random.Random(23))
        person.sit(server, "draw", (2, 2), options=False)  # the seed's stake and ante
        page.click('.your-turn button[data-action="fold"]')
        page.wait_for_selector('#showdown[data-hand="1"]')
        live = app.state.manager.tables[person.table]
        assert live.play.state is None and live.play.match.table.hand == 2, (
            "not between hands 1 and 2"
        )
        live.play.match.table = replace(live.play.match.table, stakes=(2, 398))
        deadline = time.monotonic() + 3 * PAUSE
        while (shown := person.snapshot())["turn"] is None:
            assert time.monotonic() < deadline, "hand 2 was never dealt"
            page.wait_for_timeout(50)
        person.check_page(shown)  # the browser oracle: the panel offers exactly the legal set
        assert sorted(shown["buttons"]) == ["check", "fold"]
        assert shown["amount"] is None
        you = next(box for box in shown["seats"] if box["seat"] == 0)
        assert you["stake"].startswith("stake 0")
