"""A table whose computer needs one-time work first (the expert's first-use solve): the page
says what it waits for, with a bar and where the work stands, deals nothing meanwhile, and
deals once the work is done; the work is run once for every table waiting on it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.studious import Studious, Study
from tests.web.chromium import SHOTS, chromium, serving, sign_up, sync_api

from pokernight.catalog import entry
from pokernight.web.pace import Pace


@pytest.fixture()
def study(monkeypatch: pytest.MonkeyPatch) -> Study:
    shared = Study()

    def make(rng: random.Random, options: Any) -> Studious:
        return Studious(shared, rng)

    monkeypatch.setitem(entry("hurricane").bots, "studious", make)
    return shared


@pytest.fixture()
def server(tmp_path: Path, study: Study) -> Iterator[str]:
    with serving(f"sqlite:///{tmp_path / 'web.db'}", Pace(bot_delay=0.01, hand_pause=0)) as (
        address,
        _,
    ):
        yield address


def studious_table(page: sync_api.Page, server: str, name: str) -> None:
    """Sign up, and make and sit at a heads-up table against the studious computer."""
    sign_up(page, server, name)
    page.select_option("#new-game", "hurricane")
    page.fill("#new-seats", "2")
    page.dispatch_event("#new-seats", "change")
    page.select_option('select[data-seat="1"]', "studious")
    page.click("#create")
    page.wait_for_selector("#preparing")


def test_the_page_shows_the_wait_then_deals(server: str, study: Study) -> None:
    with chromium() as browser:
        page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        studious_table(page, server, "patient")
        other = browser.new_context().new_page()
        studious_table(other, server, "also-patient")
        page.wait_for_function("document.querySelector('#preparing progress').value === 0.25")
        text = page.inner_text("#preparing")
        assert "Studious studies once" in text and "25%" in text
        assert "a quarter of the way" in text
        assert "get ready" in page.inner_text("#status")
        assert page.locator(".phase").count() == 0  # nothing dealt
        if SHOTS:
            page.screenshot(path=str(Path(SHOTS) / "preparing.png"), full_page=True)
        study.release.set()
        for each in (page, other):
            each.wait_for_selector("#preparing", state="detached")
            each.wait_for_selector(".phase")
            assert "Hand 1" in each.inner_text(".phase")
        assert study.runs == 1  # one piece of work for both tables
