"""A poker night in Chromium at a laptop's size and a phone's (390×844): an invited friend
signs up from the invite link and asks for a seat, the host approves it and uses the controls,
chat markup stays text, the TV page never holds a private card over a whole game while the
phone page holds only its own seat, axe-core finds no serious or critical violation, and no
page asks anything of a host but the server."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.web.chromium import chromium, serving, sync_api

from pokernight.web.live import Pace

axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
MARKUP = "<script>window.hacked=1</script><b>bold</b>"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('night') / 'web.db'}"
    with serving(url, Pace(bot_delay=0.05, hand_pause=0.3)) as (address, _):
        yield address


@pytest.fixture(scope="module")
def browser() -> Iterator[sync_api.Browser]:
    with chromium() as launched:
        yield launched


def person(browser: sync_api.Browser, server: str, size: str, outside: list[str]) -> sync_api.Page:
    """A new browser (its own cookies) at ``size``, every request it makes to another host
    noted in ``outside``."""
    context = browser.new_context(viewport=SIZES[size])
    context.on(
        "request",
        lambda r: outside.append(r.url) if not r.url.startswith((server, "data:")) else None,
    )
    return context.new_page()


def sign_up_here(page: sync_api.Page, name: str) -> None:
    page.fill("#name", name)
    page.fill("#password", "a-long-password")
    page.click("#signup")
    page.wait_for_selector("#me")


def serious(page: sync_api.Page) -> list[str]:
    results = axe_module.Axe().run(page)
    return [
        f"{v['id']}: {v['help']} at {[n['target'] for n in v['nodes']][:4]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def no_sideways_scroll(page: sync_api.Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width  # type: ignore[index]


@pytest.mark.parametrize("size", list(SIZES))
def test_a_poker_night_from_the_invite_to_the_ledger(
    server: str, browser: sync_api.Browser, size: str
) -> None:
    outside: list[str] = []
    host = person(browser, server, size, outside)
    host.goto(server)
    sign_up_here(host, f"host-{size}")
    made = host.request.post(
        f"{server}/api/tables",
        data={"game": "hurricane", "seats": 3, "computers": {"2": "random"}, "turn_seconds": 0},
    )
    table = made.json()["id"]
    host.request.post(f"{server}/api/tables/{table}/sit", data={"seat": 0})
    host.goto(f"{server}/#/table/{table}")
    host.wait_for_selector("#host-approve_seats")
    host.check("#host-approve_seats")
    invite = host.inner_text("#invite")
    assert invite == f"{server}/#/invite/{table}"

    friend = person(browser, server, size, outside)
    friend.goto(invite)
    friend.wait_for_selector("text=You are invited")
    sign_up_here(friend, f"friend-{size}")
    friend.wait_for_selector("#table-area .oval")
    assert friend.locator(".seat.you").count() == 0  # asked, not seated yet
    host.click("#requests .approve")
    friend.wait_for_selector(".seat.you")
    host.wait_for_selector(".your-turn, .seat.to-act")

    # chat: markup stays text, on both pages
    friend.fill("#chat-input", MARKUP)
    friend.click("#chat-send")
    host.wait_for_selector("#chat-lines li")
    assert MARKUP in host.inner_text("#chat-lines")
    for page in (host, friend):
        assert page.locator("#chat-lines script, #chat-lines b").count() == 0
        assert page.evaluate("window.hacked") is None

    # the host's controls: away (the table plays the friend's turns), pause, top-up, end
    host.click('.host-seats li[data-seat="1"] .away')
    host.wait_for_selector('.host-seats li[data-seat="1"] >> text=Back')
    host.click("#pause")
    host.wait_for_selector("#resume")
    assert serious(host) == [] and serious(friend) == []
    no_sideways_scroll(host)
    no_sideways_scroll(friend)
    while not host.locator('#showdown[data-hand="1"]').count():
        if host.locator(".your-turn").count():
            host.locator(".your-turn button[data-action]").first.click()
        host.wait_for_timeout(100)
    host.fill('.host-seats li[data-seat="1"] .topup-amount', "40")
    host.click('.host-seats li[data-seat="1"] .topup')
    host.wait_for_timeout(300)
    assert host.inner_text("#host-problem") == ""
    host.click("#end")
    host.wait_for_selector("text=ended by the host")
    sheet = host.request.get(f"{server}/api/tables/{table}/ledger.csv").text()
    assert (
        f"friend-{size}" in sheet and sum(int(r.split(",")[2]) for r in sheet.splitlines()[1:]) == 0
    )
    refused = friend.request.post(f"{server}/api/tables/{table}/pause")
    assert refused.status == 403
    assert outside == []


def test_the_tv_shows_no_private_card_while_each_phone_shows_only_its_own(
    server: str, browser: sync_api.Browser
) -> None:
    outside: list[str] = []
    phone = person(browser, server, "phone", outside)
    phone.goto(server)
    sign_up_here(phone, "phone-player")
    made = phone.request.post(
        f"{server}/api/tables",
        data={"game": "draw", "seats": 2, "computers": {"1": "random"}, "turn_seconds": 0},
    )
    table = made.json()["id"]
    tv = person(browser, server, "laptop", outside)
    tv.context.add_cookies(
        phone.context.cookies()
    )  # the TV is signed in as the player: still no card
    tv.goto(f"{server}/tables/{table}/tv")
    tv.wait_for_selector(".tv-seat .qr")
    qr = tv.get_attribute('.tv-seat[data-seat="0"] .qr', "src")
    assert qr == f"/api/tables/{table}/seats/0/qr.svg"
    assert f"#/phone/{table}/0" in phone.request.get(f"{server}{qr}").text()
    phone.goto(f"{server}/#/phone/{table}/0")
    phone.wait_for_selector(".seat.you .card[data-card]")
    assert serious(tv) == []
    looked = 0
    while not phone.locator('#showdown[data-hand="2"]').count():
        mine = phone.locator(".seat.you .card[data-card]").count()
        assert phone.locator(".seat:not(.you)").evaluate_all(
            "seats => seats.every(s => getComputedStyle(s).display === 'none')"
        )
        if tv.locator(".tv-seat.to-act").count():
            assert tv.locator(".tv-seat .card[data-card]").count() == 0, "a private card on the TV"
            looked += 1
        if phone.locator(".your-turn").count():
            assert mine > 0
            phone.locator(".your-turn button[data-action]").first.click()
        phone.wait_for_timeout(50)
    assert looked > 0
    no_sideways_scroll(phone)
    assert outside == []


@pytest.mark.parametrize("size", list(SIZES))
def test_the_lobby_has_no_serious_accessibility_violation(
    server: str, browser: sync_api.Browser, size: str
) -> None:
    outside: list[str] = []
    page = person(browser, server, size, outside)
    page.goto(server)
    page.wait_for_selector("#signup")
    assert serious(page) == []
    no_sideways_scroll(page)
    assert outside == []
