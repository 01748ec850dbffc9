"""What a person sees of a table's life, in Chromium: a phone that opens its seat by QR code
before the host approves says that it waits, then at once that the host refused; a top-up
shows on the player's page at once, between hands; an ended table's host panel holds the
ledger and nothing else."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.web.chromium import SHOTS, play_until, post, serving, sync_api
from tests.web.test_night_browser import person, serious, sign_up_here

from pokernight.web.pace import Pace


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('life') / 'web.db'}"
    with serving(url, Pace(bot_delay=0.05, hand_pause=0.3)) as (address, _):
        yield address


def shot(page: sync_api.Page, name: str) -> None:
    """A screenshot for the README (``POKERNIGHT_SCREENSHOTS``)."""
    if SHOTS:
        Path(SHOTS, "night").mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS, "night", f"{name}.png")), full_page=True)


def hosting(
    browser: sync_api.Browser, server: str, name: str, body: dict[str, object]
) -> tuple[sync_api.Page, int]:
    """A host signed up, the table ``body`` describes made, the host at seat 1 and on its
    page with the host's panel."""
    host = person(browser, server, "laptop", [])
    host.goto(server)
    sign_up_here(host, name)
    table = int(post(host, f"{server}/api/tables", body).json()["id"])
    post(host, f"{server}/api/tables/{table}/sit", {"seat": 0})
    host.goto(f"{server}/#/table/{table}")
    host.wait_for_selector("#host-approve_seats")
    return host, table


def test_a_phone_asking_for_its_seat_is_told_it_waits_then_that_it_was_refused(
    server: str, browser: sync_api.Browser
) -> None:
    host, table = hosting(
        browser,
        server,
        "hana",
        {"game": "hurricane", "seats": 3, "computers": {"2": "random"}, "turn_seconds": 0},
    )
    host.check("#host-approve_seats")
    host.wait_for_timeout(200)
    phone = person(browser, server, "phone", [])
    phone.goto(f"{server}/#/phone/{table}/1")  # the TV's QR code for seat 2
    phone.wait_for_selector("text=play seat 2 on this phone")
    sign_up_here(phone, "ivo")
    waiting = phone.wait_for_selector('#request[data-status="waiting"]')
    assert waiting is not None
    assert waiting.inner_text() == "You asked hana, the host, for seat 2: waiting for their answer."
    assert waiting.is_visible() and phone.locator(".seat.you").count() == 0
    assert serious(phone) == []
    shot(phone, "request-waiting-phone")
    host.wait_for_selector("#requests li >> text=ivo asks for seat 2")  # at once, no reload
    host.click("#requests .refuse")
    refused = phone.wait_for_selector('#request[data-status="refused"]')
    assert refused is not None
    assert refused.inner_text() == (
        "hana, the host, refused your request for seat 2. You can watch the table."
    )


def test_a_top_up_shows_on_the_players_page_at_once(server: str, browser: sync_api.Browser) -> None:
    """Between hands the seat shows the stake the next hand starts from: the top-up at once."""
    host, table = hosting(
        browser,
        server,
        "juno",
        {"game": "hurricane", "seats": 3, "computers": {"2": "random"}, "turn_seconds": 0},
    )
    player = person(browser, server, "laptop", [])
    player.goto(f"{server}/#/invite/{table}")
    sign_up_here(player, "kai")
    player.wait_for_selector(".seat.you")
    host.click("#deal-now")  # a table for friends deals once its host deals
    host.wait_for_selector("#pause")
    host.click("#pause")
    host.wait_for_selector("#resume")
    while not player.locator('#showdown[data-hand="1"]').count():
        for page in (host, player):
            if page.locator(".your-turn").count():
                page.locator(".your-turn button[data-action]").first.click()
        player.wait_for_timeout(50)
    stake = player.locator('.seat[data-seat="1"] .stake')
    before = int(stake.get_attribute("data-stake") or "")
    host.fill('.host-seats li[data-seat="1"] .topup-amount', "40")
    host.click('.host-seats li[data-seat="1"] .topup')
    player.wait_for_selector(f'.seat[data-seat="1"] .stake[data-stake="{before + 40}"]')
    assert stake.inner_text() == f"stake {before + 40}"


def test_an_ended_tables_host_panel_holds_only_the_ledger(
    server: str, browser: sync_api.Browser
) -> None:
    host, table = hosting(
        browser,
        server,
        "lea",
        {"game": "hurricane", "seats": 2, "computers": {"1": "random"}, "turn_seconds": 0},
    )
    host.wait_for_selector(".host-seats .away")
    host.click("#end")  # during hand 1: it ends once the hand is over, nobody folded early
    host.wait_for_selector("#ending")
    play_until(host, "#host-over")
    panel = host.locator("#host")
    assert host.inner_text("#host-over") == "The table is over: ended by the host, lea."
    assert panel.locator("button, input, select").count() == 0
    assert panel.locator("a").all_inner_texts() == ["Ledger (CSV)"]
    assert host.get_attribute("#ledger", "href") == f"/api/tables/{table}/ledger.csv"
    sheet = host.request.get(f"{server}/api/tables/{table}/ledger.csv").text()
    assert sheet.startswith("player,game,hands,net,topped_up,approved\n")
    assert "\nlea,hurricane,1," in sheet
    assert serious(host) == []
    shot(host, "host-ended")
