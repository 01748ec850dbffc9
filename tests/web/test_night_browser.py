"""A poker night in Chromium at a laptop's size and a phone's (390×844): an invited friend
signs up from the invite link and asks for a seat, the host approves it and uses the controls,
chat markup stays text, the TV page never holds a private card over a whole game while the
phone page holds only its own seat, axe-core finds no serious or critical violation, and no
page asks anything of a host but the server."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Literal, cast

import pytest
from tests.web.chromium import SHOTS, post, serving, sync_api

from pokernight.web.pace import Pace

if TYPE_CHECKING:
    from playwright._impl._api_structures import SetCookieParam

axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")

SIZES: dict[str, sync_api.ViewportSize] = {
    "laptop": {"width": 1280, "height": 800},
    "phone": {"width": 390, "height": 844},
}
FACES_IN_PLAY = """seats => document.querySelector(".to-act")
    ? document.querySelectorAll(`${seats} .card[data-card]`).length : null"""
"""While a hand is played (a seat to act), how many face cards the given seats show."""
MARKUP = "<script>window.hacked=1</script><b>bold</b>"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('night') / 'web.db'}"
    with serving(url, Pace(bot_delay=0.05, hand_pause=0.3)) as (address, _):
        yield address


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
    viewport = page.viewport_size
    assert viewport is not None
    assert width <= viewport["width"], width


@pytest.mark.parametrize("size", list(SIZES))
def test_a_poker_night_from_the_invite_to_the_ledger(
    server: str, browser: sync_api.Browser, size: str
) -> None:
    outside: list[str] = []
    host = person(browser, server, size, outside)
    host.goto(server)
    sign_up_here(host, f"host-{size}")
    made = post(
        host,
        f"{server}/api/tables",
        data={"game": "hurricane", "seats": 3, "computers": {"2": "random"}, "turn_seconds": 0},
    )
    table = made.json()["id"]
    post(host, f"{server}/api/tables/{table}/sit", data={"seat": 0})
    host.goto(f"{server}/#/table/{table}")
    host.wait_for_selector("#host-approve_seats")
    host.check("#host-approve_seats")
    invite = host.inner_text("#invite")
    assert invite == f"{server}/#/invite/{table}"

    friend = person(browser, server, size, outside)
    friend.goto(invite)
    friend.wait_for_selector("text=You are invited")
    # the page cannot know yet whether the host approves seats: it promises neither way
    assert friend.inner_text(".invite p") == (
        "Sign up or sign in above to take a seat: the table seats you, or asks its host first."
    )
    sign_up_here(friend, f"friend-{size}")
    friend.wait_for_selector("#table-area .oval")
    assert friend.locator(".seat.you").count() == 0  # asked, not seated yet
    host.click("#requests .approve")
    friend.wait_for_selector(".seat.you")
    assert host.inner_text("#status").startswith("Waiting for the host to deal")
    host.click("#deal-now")  # the table waited for the friend to sit
    host.wait_for_selector(".your-turn, .seat.to-act")

    # chat: markup stays text, on both pages
    friend.fill("#chat-input", MARKUP)
    friend.click("#chat-send")
    host.wait_for_selector("#chat-lines li")
    assert MARKUP in host.inner_text("#chat-lines")
    for page in (host, friend):
        assert page.locator("#chat-lines script, #chat-lines b").count() == 0
        assert page.evaluate("window.hacked") is None

    # the host's controls: away (from the next hand: the friend still plays this one), pause,
    # top-up, end
    host.click('.host-seats li[data-seat="1"] .away')
    host.wait_for_selector('.host-seats li[data-seat="1"] >> text=Back')
    host.click("#pause")
    host.wait_for_selector("#resume")
    assert serious(host) == [] and serious(friend) == []
    no_sideways_scroll(host)
    no_sideways_scroll(friend)
    while not host.locator('#showdown[data-hand="1"]').count():
        for page in (host, friend):
            if page.locator(".your-turn").count():
                page.locator(".your-turn button[data-action]").first.click()
        host.wait_for_timeout(100)
    assert host.inner_text("#status").startswith("Paused by the host")
    host.fill('.host-seats li[data-seat="1"] .topup-amount', "40")
    host.click('.host-seats li[data-seat="1"] .topup')
    host.wait_for_timeout(300)
    assert host.inner_text("#host-problem") == ""
    host.click("#end")
    host.wait_for_selector("text=ended by the host")
    sheet = host.request.get(f"{server}/api/tables/{table}/ledger.csv").text()
    assert (
        f"friend-{size}" in sheet and sum(int(r.split(",")[3]) for r in sheet.splitlines()[1:]) == 0
    )
    refused = post(friend, f"{server}/api/tables/{table}/pause")
    assert refused.status == 403
    assert outside == []


def test_the_tv_shows_no_private_card_while_each_phone_shows_only_its_own(
    server: str, browser: sync_api.Browser
) -> None:
    """Two people at a draw table, each on a phone reached by their seat's QR code, and the
    table on a TV signed in as the first of them: over two hands the TV never holds a face
    card while a hand is played, and each phone holds face cards of its own seat only."""
    outside: list[str] = []
    phones = [person(browser, server, "phone", outside) for _ in range(2)]
    for n, phone in enumerate(phones):
        phone.goto(server)
        sign_up_here(phone, f"phone-player-{n}")
    made = post(
        phones[0], f"{server}/api/tables", data={"game": "draw", "seats": 2, "turn_seconds": 0}
    )
    table = made.json()["id"]
    tv = person(browser, server, "laptop", outside)
    # signed in as a player: still no card. (Playwright types what cookies() gives, Cookie,
    # apart from what add_cookies takes, SetCookieParam: the same keys, the same dicts.)
    tv.context.add_cookies(cast("list[SetCookieParam]", phones[0].context.cookies()))
    tv.goto(f"{server}/tables/{table}/tv")
    tv.wait_for_selector('.tv-qr[data-seat="1"] .qr')
    for seat, phone in enumerate(phones):
        qr = tv.get_attribute(f'.tv-qr[data-seat="{seat}"] .qr', "src")
        assert qr == f"/api/tables/{table}/seats/{seat}/qr.svg"
        address = f"{server}/#/phone/{table}/{seat}"
        assert address in phone.request.get(f"{server}{qr}").text()
        phone.goto(address)
    assert post(phones[0], f"{server}/api/tables/{table}/resume").status == 200  # its host deals
    for phone in phones:
        phone.wait_for_selector(".seat.you .card[data-card]")
    assert serious(tv) == []
    looked = 0
    while not phones[0].locator('#showdown[data-hand="2"]').count():
        # one look at the page: whether a hand is being played and the faces outside the seat
        tv_faces = tv.evaluate(FACES_IN_PLAY, ".tv-seat")
        if tv_faces is not None:
            assert tv_faces == 0, "a private card on the TV"
            looked += 1
            if SHOTS and looked == 1:
                Path(SHOTS, "night").mkdir(parents=True, exist_ok=True)
                tv.screenshot(path=str(Path(SHOTS, "night", "tv.png")), full_page=True)
        for phone in phones:
            assert phone.locator(".seat:not(.you):visible").count() == 0
            assert phone.evaluate(FACES_IN_PLAY, ".seat:not(.you)") in (None, 0)
            if phone.locator(".your-turn").count():
                assert phone.locator(".seat.you .card[data-card]").count() == 5
                phone.locator(".your-turn button[data-action]").first.click()
        phones[0].wait_for_timeout(50)
    assert looked > 0
    assert "null" not in tv.inner_text("main").split()  # nothing left unrendered
    for phone in phones:
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
    sign_up_here(page, f"lobby-{size}")
    made = post(
        page,
        f"{server}/api/tables",
        data={"game": "highlow", "seats": 4, "computers": {"3": "value"}, "turn_seconds": 60},
    )
    page.goto(f"{server}/?lobby")
    card = page.locator(f'.table-card[data-table="{made.json()["id"]}"]')
    assert "1/4 seats taken" in card.inner_text()
    assert card.locator("button.join").inner_text() == "Join"  # and the others made before
    assert serious(page) == []
    if SHOTS:
        shots = Path(SHOTS) / "night"
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / f"lobby-{size}.png"), full_page=True)
    no_sideways_scroll(page)
    assert outside == []


def test_a_banner_tells_of_a_lost_connection_until_it_is_back(
    server: str, browser: sync_api.Browser
) -> None:
    outside: list[str] = []
    page = person(browser, server, "phone", outside)
    sockets: list[sync_api.WebSocketRoute] = []

    def through(socket: sync_api.WebSocketRoute) -> None:
        socket.connect_to_server()
        sockets.append(socket)

    page.route_web_socket(re.compile(r"/ws/tables/"), through)
    page.goto(server)
    sign_up_here(page, "banner")
    made = post(
        page,
        f"{server}/api/tables",
        data={"game": "draw", "seats": 2, "computers": {"1": "random"}, "turn_seconds": 0},
    )
    page.goto(f"{server}/#/table/{made.json()['id']}")
    page.wait_for_selector(".oval")
    assert page.locator("#offline").count() == 0
    sockets[-1].close(code=4000, reason="cable pulled")
    page.wait_for_selector('#offline[role="alert"]')
    assert "Connection lost" in page.inner_text("#offline")
    page.wait_for_selector("#offline", state="detached")  # the page reconnected by itself
    assert len(sockets) == 2
    page.wait_for_selector(".oval")
    assert outside == []


SUIT_COLOURS = """() => Object.fromEntries(["h", "d", "c", "s"].map(suit => {
    const probe = document.createElement("span");
    probe.className = `suit-${suit}`;
    document.querySelector("#table-area").append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return [suit, colour];
}))"""
ANIMATIONS = """() => {
    document.querySelector(".oval").classList.add("dealing");
    const probe = document.createElement("span");
    probe.className = "moved";
    document.querySelector(".oval").append(probe);
    return [document.querySelector(".oval .card"), probe]
        .map(node => getComputedStyle(node).animationName);
}"""
"""The animations of a card dealt and of chips moved."""


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_four_colours_when_chosen_and_no_motion_when_asked(
    server: str, browser: sync_api.Browser, motion: Literal["reduce", "no-preference"]
) -> None:
    context = browser.new_context(viewport=SIZES["phone"], reduced_motion=motion)
    page = context.new_page()
    page.goto(server)
    sign_up_here(page, f"colours-{motion}")
    made = post(
        page,
        f"{server}/api/tables",
        data={"game": "draw", "seats": 2, "computers": {"1": "random"}, "turn_seconds": 0},
    )
    page.goto(f"{server}/#/phone/{made.json()['id']}/0")
    page.wait_for_selector(".seat.you .card[data-card]")
    expected = ["none", "none"] if motion == "reduce" else ["dealt", "chips"]
    assert page.evaluate(ANIMATIONS) == expected
    two = page.evaluate(SUIT_COLOURS)
    assert two["h"] == two["d"] and two["c"] == two["s"]
    page.check("#four-colour")
    four = page.evaluate(SUIT_COLOURS)
    assert len(set(four.values())) == 4 and four["h"] == two["h"]
    page.reload()
    page.wait_for_selector(".seat.you .card[data-card]")
    assert page.evaluate(SUIT_COLOURS) == four  # kept in this browser
    context.close()


@pytest.mark.parametrize("game", ["bigtwo", "hurricane"])
def test_the_host_is_offered_top_ups_only_where_there_are_stakes(
    server: str, browser: sync_api.Browser, game: str
) -> None:
    """Mount Holyoke Poker is played for points: its host panel offers no top-up."""
    outside: list[str] = []
    page = person(browser, server, "laptop", outside)
    page.goto(server)
    sign_up_here(page, f"topup-{game}")
    made = post(
        page,
        f"{server}/api/tables",
        data={"game": game, "seats": 2, "computers": {"1": "random"}, "turn_seconds": 0},
    )
    table = made.json()["id"]
    post(page, f"{server}/api/tables/{table}/sit", data={"seat": 0})
    page.goto(f"{server}/#/table/{table}")
    page.wait_for_selector('.host-seats li[data-seat="1"]')
    offered = page.locator(".host-seats .topup").count()
    assert offered == (0 if game == "bigtwo" else 2)
    assert page.locator(".host-seats .topup-amount").count() == offered
    if SHOTS:
        Path(SHOTS, "night").mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS, "night", f"host-{game}.png")), full_page=True)
    assert outside == []
