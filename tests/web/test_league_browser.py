"""A league in Chromium (issue 42): its owner makes it in the lobby, adds a member by name on
its page, names a table as its night in the lobby's form and plays there; the league's page
then shows the season's standings, the owner's net being what the night moved their bankroll,
and a member who does not own it reads them without the owner's controls."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from tests.web.chromium import lobby, serving, sign_up, sync_api
from tests.web.test_night_browser import SIZES

from pokernight.web.pace import Pace


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('league') / 'web.db'}"
    with serving(url, Pace(bot_delay=0, hand_pause=0.1)) as (address, _):
        yield address


def _page(browser: sync_api.Browser, server: str, name: str) -> sync_api.Page:
    page = browser.new_context(viewport=SIZES["laptop"]).new_page()
    sign_up(page, server, name)
    return page


def _bankroll(page: sync_api.Page) -> int:
    return int(page.get_attribute("#bankroll", "data-bankroll") or "")


def test_a_league_is_made_joined_played_and_read(server: str, browser: sync_api.Browser) -> None:
    owner, member = _page(browser, server, "olga"), _page(browser, server, "ann")
    lobby(owner, server)
    owner.fill("#new-league-name", "Fridays")
    owner.click("#make-league")
    owner.wait_for_selector("#league-title")
    assert owner.inner_text("#league-title") == "Fridays: season 1"
    league = int(owner.url.rsplit("/", 1)[1])
    owner.fill("#member-name", "ann")
    owner.click("#add-member")
    owner.wait_for_selector("text=members: ann, olga")

    lobby(owner, server)  # a night of the league: the owner against a computer
    owner.select_option("#new-game", "hurricane")
    owner.fill("#new-seats", "2")
    owner.dispatch_event("#new-seats", "change")
    owner.select_option("#new-league", str(league))
    owner.click("#create")
    owner.wait_for_selector(".oval")
    for _ in range(400):  # three hands, each turn its last choice (bet or raise the most)
        hand = owner.locator(".oval").get_attribute("data-hand") or "0"
        if int(hand) > 3:
            break
        turn = owner.locator(".your-turn button[data-action]:enabled")
        if turn.count():
            turn.last.click()
        owner.wait_for_timeout(30)
    else:
        raise AssertionError("three hands were not played")
    owner.goto(f"{server}/#/league/{league}")
    owner.wait_for_selector("#league-standings")
    net = _bankroll(owner)
    assert net != 0  # the night moved chips: the standings show them
    rows = owner.locator("#league-standings tbody tr")
    cells = {rows.nth(i).locator("th").inner_text(): rows.nth(i) for i in range(rows.count())}
    assert set(cells) == {"olga", "ann"}
    olga = cells["olga"].locator("td").all_inner_texts()
    assert olga[1:4] == ["1", f"+{net}" if net > 0 else str(net), "–"]  # nights, net, places
    assert cells["ann"].locator("td").all_inner_texts()[1:3] == ["0", "0"]
    if os.environ.get("POKERNIGHT_SCREENSHOTS"):
        owner.screenshot(path=f"{os.environ['POKERNIGHT_SCREENSHOTS']}/league/standings.png")

    member.goto(f"{server}/#/league/{league}")  # a member reads; the owner's controls are not there
    member.wait_for_selector("#league-standings")
    assert member.locator("#add-member").count() == 0
    assert member.locator("#league-csv").get_attribute("href") == (
        f"/api/leagues/{league}/standings.csv?season=1"
    )
