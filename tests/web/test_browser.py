"""The front end in Debian's chromium through Playwright: sign up, create a table of each game
with computer players, play a whole hand by clicking (reloading the page once mid-hand), and see
the result and the bankroll. Skipped with a message where chromium or Playwright is missing."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator

import pytest
from tests.web.chromium import CHROMIUM, chromium, create_table, serving, signed_up, sync_api

from pokernight.web.live import Pace


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('browser') / 'web.db'}"
    with serving(url, Pace(bot_delay=0.02, hand_pause=0)) as (address, _):
        yield address


@pytest.fixture(scope="module")
def browser() -> Iterator[sync_api.Browser]:
    with chromium() as launched:
        yield launched


CALM = ["check", "call", "keep", "pass"]


def take_a_turn(page: sync_api.Page) -> None:
    """Click one legal action: a free or cheap one if offered, else the least wager, the
    orientation as dealt, or the lowest cards for a setting or a lead."""
    panel = page.locator(".your-turn")
    for name in CALM:
        button = panel.locator(f'button[data-action="{name}"]')
        if button.count():
            button.click()
            return
    for name in ("bet", "orient"):
        button = panel.locator(f'button[data-action="{name}"]')
        if button.count():
            button.click()
            return
    cards = page.locator(".card.mine")
    kind = panel.locator("button[data-action]").first.get_attribute("data-action")
    for i in range(2 if kind == "set" else 1):
        cards.nth(i).click()
    panel.locator(f'button[data-action="{kind}"]').click()


def play_hand(page: sync_api.Page, reload_once: bool = False) -> None:
    """Take calm turns until the page shows a hand's result; ``reload_once``: reload the page
    right after the first click (the hand must come back as it was)."""
    reloaded = not reload_once
    while not page.locator("#showdown").count():
        page.wait_for_selector(".your-turn, #showdown")
        if page.locator("#showdown").count():
            break
        seq = page.get_attribute(".your-turn", "data-seq")
        take_a_turn(page)
        if not reloaded:
            page.reload()
            reloaded = True
            page.wait_for_selector(".oval")
        else:
            page.wait_for_selector(f'.your-turn[data-seq="{seq}"]', state="detached")


GAMES = [("hurricane", 4), ("draw", 2), ("highlow", 3), ("paigow", 1), ("bigtwo", 3)]


@pytest.mark.parametrize(("game", "seats"), GAMES, ids=[g for g, _ in GAMES])
def test_play_a_hand_of_each_game_by_clicking(
    server: str, browser: sync_api.Browser, game: str, seats: int
) -> None:
    with signed_up(browser, server, f"web-{game}") as page:
        create_table(page, game, seats)
        play_hand(page, reload_once=True)
        assert "Hand 1" in page.inner_text("#showdown")
        table = page.url.rsplit("/", 1)[1]
        records = page.request.get(f"{server}/api/tables/{table}/records").text()
        me = page.request.get(f"{server}/api/me").json()
        mine = me["name"]
        hands = [json.loads(line)["result"] for line in records.splitlines()]
        assert me["bankroll"] == sum(h["net"][h["players"].index(mine)] for h in hands)
        page.wait_for_selector(f'#bankroll[data-bankroll="{me["bankroll"]}"]')
        assert f"web-{game}" in page.inner_text("#nets")
        assert "null" not in page.inner_text("main").split()  # nothing left unrendered
        page.goto(f"{server}/tables/{table}/tv")  # the TV page of the table, the same
        page.wait_for_selector(".tv-seat")
        assert "null" not in page.inner_text("body").split()


def test_chromium_is_where_the_tests_expect_it() -> None:
    assert shutil.which("chromium") == CHROMIUM
