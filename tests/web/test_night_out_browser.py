"""A whole poker night in Chromium: a host on a laptop, three friends on phones and the table
on a TV. The host copies the invite, each friend opens it and asks for a seat, the host
approves each from the banner that tells of it; twenty hands are played by clicks; a friend
asks for chips and the host approves them, another sits out for a few hands and comes back,
the third leaves in the middle of a hand after confirming it; a friend opens the night's
hands and replays one to its showdown; the host downloads the ledger, which sums to zero and
names who approved the chips. ``POKERNIGHT_NIGHT_HANDS`` plays a longer night."""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.web.chromium import SHOTS, post, serving, sync_api
from tests.web.test_night_browser import FACES_IN_PLAY, person, serious, sign_up_here

from pokernight.web.pace import Pace

HANDS = int(os.environ.get("POKERNIGHT_NIGHT_HANDS", "20"))
CALM = {"host": ("check", "keep", "call"), "friend": ("check", "keep", "fold")}
"""What each clicks on their turn, the first offered: the host plays on, a friend gives up
when it costs."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('night-out') / 'web.db'}"
    with serving(url, Pace(bot_delay=0, hand_pause=0.05)) as (address, _):
        yield address


def turn(page: sync_api.Page, calm: tuple[str, ...]) -> bool:
    """Click the first of ``calm`` the page offers if it is this page's turn (a panel already
    answered, or gone meanwhile, is left alone); whether it clicked."""
    seq = page.evaluate("() => document.querySelector('.your-turn')?.dataset.seq ?? null")
    if seq is None:
        return False
    panel = page.locator(f'.your-turn[data-seq="{seq}"]')
    try:
        for name in calm:
            button = panel.locator(f'button[data-action="{name}"]')
            if button.count() and button.is_enabled(timeout=500):
                button.click(timeout=1000)
                return True
    except sync_api.TimeoutError:
        return False  # the table moved on under the pointer
    if not panel.count():
        return False
    raise AssertionError(f"none of {calm} offered: {page.inner_text('.your-turn')}")


def finished(page: sync_api.Page) -> int:
    """The number of the last hand whose result the page shows."""
    return (
        int(page.get_attribute("#showdown", "data-hand") or 0)
        if page.locator("#showdown").count()
        else 0
    )


def play(pages: dict[str, sync_api.Page], until: int, roles: dict[str, str]) -> None:
    """Everyone at the table takes their turns until the host's page shows hand ``until``'s
    result."""
    host = pages["host"]
    while finished(host) < until:
        clicked = [turn(page, CALM[roles[name]]) for name, page in pages.items()]
        if not any(clicked):
            host.wait_for_timeout(30)


def test_a_whole_night_from_the_invite_to_the_ledger(
    server: str, browser: sync_api.Browser
) -> None:
    outside: list[str] = []
    host = person(browser, server, "laptop", outside)
    host.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    host.goto(server)
    sign_up_here(host, "hana")
    body = {"game": "hurricane", "seats": 4, "turn_seconds": 0}
    table = post(host, f"{server}/api/tables", body).json()["id"]
    post(host, f"{server}/api/tables/{table}/sit", {"seat": 0})
    host.goto(f"{server}/#/table/{table}")
    host.check("#host-approve_seats")
    for _ in range(3):  # pressed again, as a person would, when the page was not in focus yet
        # or the press went to the panel as it was redrawn with the setting just stored
        host.bring_to_front()  # the clipboard takes text only from the page in focus
        host.click("#copy-invite")
        try:
            host.wait_for_selector(".copied:not(:empty)", timeout=5_000)
        except sync_api.TimeoutError:
            continue
        if host.inner_text(".copied") == "Copied":
            break
        host.evaluate("document.querySelector('.copied').textContent = ''")
    assert host.inner_text(".copied") == "Copied"
    invite = host.evaluate("navigator.clipboard.readText()")
    tv = person(browser, server, "laptop", outside)
    tv.goto(f"{server}/tables/{table}/tv")

    names = ["ivo", "kai", "lea"]
    phones: dict[str, sync_api.Page] = {}
    for seat, name in enumerate(names, start=1):
        phone = phones[name] = person(browser, server, "phone", outside)
        phone.goto(invite)
        phone.wait_for_selector("text=You are invited")
        sign_up_here(phone, name)
        phone.wait_for_selector('#request[data-status="waiting"]')
        host.wait_for_selector(f"#host-alert >> text={name} asks for a seat")
        host.click(f"#host-alert [data-request] >> text={name} asks for a seat >> .approve")
        phone.wait_for_selector(f'.seat.you[data-seat="{seat}"]')
    pages = {"host": host, **phones}
    roles = {"host": "host", **dict.fromkeys(names, "friend")}
    tv.wait_for_selector(".tv-qr .qr")
    assert tv.evaluate(FACES_IN_PLAY, ".tv-seat") in (None, 0)
    assert serious(phones["ivo"]) == [] and serious(host) == []
    assert phones["lea"].inner_text("#status") == "Waiting for the host to deal"
    host.click("#deal-now")  # everyone is seated: the host deals hand 1

    play(pages, 3, roles)
    # a rebuy: ivo asks, the host approves from the banner, ivo reads the answer
    phones["ivo"].fill("#chips-amount", "50")
    phones["ivo"].click("#ask-chips")
    host.wait_for_selector("#host-alert >> text=ivo asks for 50 chips")
    host.click("#host-alert .approve")
    phones["ivo"].wait_for_selector("#chips-news >> text=50 chips approved by hana")

    # a sit-out: kai sits out from the next hand, plays what is dealt, and is back later
    phones["kai"].click("#sit-out")
    play(pages, 6, roles)
    phones["kai"].wait_for_selector("#sitting-out >> text=You are sitting out")
    assert host.inner_text('.seat[data-seat="2"] .who').endswith("· sitting out")
    phones["kai"].click("#back")
    phones["kai"].wait_for_selector("#sitting-out >> text=You are sitting out", state="detached")

    # a leave with confirmation: lea leaves in the middle of a hand she holds cards in
    lea = phones["lea"]
    lea.click("#table-menu summary")  # Leave is in the table's menu (it stays open)
    while True:
        play(pages, finished(host), roles)
        if lea.locator(".seat.you .card[data-card]").count() and lea.locator(".to-act").count():
            lea.click("#leave")
            if lea.locator("#leave-ask").count():
                break
    assert lea.inner_text("#leave-ask").startswith("Leave in the middle of a hand?")
    lea.click("#leave-confirm")
    lea.wait_for_selector("#new-game")
    del pages["lea"]
    host.wait_for_selector('.seat[data-seat="3"] >> text=open')

    play(pages, HANDS, roles)
    if SHOTS:
        Path(SHOTS, "night").mkdir(parents=True, exist_ok=True)
        tv.screenshot(path=str(Path(SHOTS, "night", "night-tv.png")))
        host.screenshot(path=str(Path(SHOTS, "night", "night-host.png")), full_page=True)

    # the night's hands: ivo replays hand 2 to its showdown
    ivo = phones["ivo"]
    ivo.click("#history summary")
    ivo.wait_for_selector('#hands li[data-hand="2"]')
    assert ivo.locator("#hands > li").count() >= HANDS
    ivo.click('#hands .replay[data-hand="2"]')
    ivo.wait_for_selector('#replay[data-hand="2"][data-step="0"]')
    for seat in (0, 2, 3):  # dealt: the others' cards face down
        assert ivo.locator(f'#replay li[data-seat="{seat}"] .card[data-card]').count() == 0
    assert ivo.locator('#replay li[data-seat="1"] .card[data-card]').count() == 2
    while ivo.locator("#replay-next").is_enabled():
        ivo.click("#replay-next")
    # the replay on a phone is shot in test_history_browser
    assert ivo.locator("#replay-result li").count() > 0
    assert serious(ivo) == []

    # the ledger: downloaded by the host, summing to zero, naming who approved the chips
    with host.expect_download() as download:
        host.click("#ledger")
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text())))
    by_name = {r["player"]: r for r in rows}
    assert sum(int(r["net"]) for r in rows) == 0
    assert by_name["ivo"]["approved"] == "50 by hana" and by_name["ivo"]["topped_up"] == "50"
    dealt = {name: int(by_name[name]["hands"]) for name in ("hana", "ivo", "kai", "lea")}
    assert dealt["hana"] >= HANDS and dealt["kai"] < dealt["hana"] and dealt["lea"] < dealt["kai"]
    assert outside == []
