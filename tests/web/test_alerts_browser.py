"""What calls people back to the table, in Chromium: your turn changes the page's title, plays
a tone and vibrates a phone, each as chosen in this browser (kept across reloads); the host
hears of a seat request and of a chip request wherever they are in the page (a banner at the
top of the screen with its answers, the title, the tone), and the player reads the answer."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.web.chromium import post, serving, sync_api
from tests.web.test_browser import take_a_turn
from tests.web.test_night_browser import person, serious, sign_up_here

from pokernight.web.pace import Pace

COUNTED = (
    """navigator.vibrate = () => { window.vibrated = (window.vibrated || 0) + 1; return true; };"""
)
"""The phone's vibration, counted (headless Chromium has no motor)."""
CALLED = "() => [window.vibrated || 0, window.pokernightTones || 0]"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('alerts') / 'web.db'}"
    with serving(url, Pace(bot_delay=0.05, hand_pause=0.2)) as (address, _):
        yield address


def next_turn(page: sync_api.Page) -> None:
    """Take this turn and wait for the next one (of this hand or the next)."""
    seq = page.get_attribute(".your-turn", "data-seq")
    take_a_turn(page)
    page.wait_for_selector(f'.your-turn[data-seq="{seq}"]', state="detached")
    page.wait_for_selector(".your-turn")


def test_your_turn_calls_you_as_this_browser_chose(server: str, browser: sync_api.Browser) -> None:
    page = person(browser, server, "phone", [])
    page.add_init_script(COUNTED)
    page.goto(server)
    sign_up_here(page, "called")
    page.evaluate("localStorage.setItem('pokernight-alert-sound', '1')")
    body = {"game": "draw", "seats": 2, "computers": {"1": "computer"}, "turn_seconds": 0}
    table = post(page, f"{server}/api/tables", body).json()["id"]
    post(page, f"{server}/api/tables/{table}/sit", {"seat": 0})
    page.goto(f"{server}/#/table/{table}")
    page.wait_for_selector(".your-turn")
    assert page.title() == f"● Your turn · Table #{table} · Five-card draw · pokernight"
    assert page.evaluate(CALLED) == [1, 1]
    assert page.is_checked("#alert-sound") and page.is_checked("#alert-vibrate")
    assert serious(page) == []
    for name in ("title", "sound", "vibrate"):
        page.uncheck(f"#alert-{name}")
    page.reload()  # kept in this browser
    page.wait_for_selector(".your-turn")
    assert not page.is_checked("#alert-title") and not page.is_checked("#alert-vibrate")
    next_turn(page)
    assert page.evaluate(CALLED) == [0, 0]  # a new page: counted afresh, and nothing called
    assert page.title() == f"Table #{table} · Five-card draw · pokernight"
    page.check("#alert-vibrate")
    next_turn(page)
    assert page.evaluate(CALLED) == [1, 0]


def test_the_host_hears_of_requests_wherever_they_are_in_the_page(
    server: str, browser: sync_api.Browser
) -> None:
    host = person(browser, server, "laptop", [])
    host.add_init_script(COUNTED)
    host.goto(server)
    sign_up_here(host, "hearing")
    body = {"game": "hurricane", "seats": 3, "computers": {"2": "random"}, "turn_seconds": 0}
    table = post(host, f"{server}/api/tables", body).json()["id"]
    post(host, f"{server}/api/tables/{table}/sit", {"seat": 0})
    post(host, f"{server}/api/tables/{table}/settings", {"approve_seats": True})
    host.goto(f"{server}/#/table/{table}")
    host.wait_for_selector("#host-approve_seats")
    host.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # down at the ledger
    friend = person(browser, server, "phone", [])
    friend.goto(f"{server}/#/invite/{table}")
    friend.wait_for_selector("text=You are invited")
    sign_up_here(friend, "asking")
    banner = host.wait_for_selector("#host-alert >> text=asking asks for a seat")
    assert banner is not None
    box = banner.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800
    titled = f"Table #{table} · Hurricane · pokernight"
    assert host.title() in (
        f"● asking asks for a seat · {titled}",
        f"● asking asks for a seat · Your turn · {titled}",
    )
    assert host.evaluate(CALLED)[0] >= 1
    host.click("#host-alert .approve")
    friend.wait_for_selector(".seat.you")
    host.wait_for_selector("#host-alert", state="detached")
    friend.wait_for_selector("#ask-chips")
    friend.fill("#chips-amount", "120")
    friend.click("#ask-chips")
    friend.wait_for_selector("#chips-news >> text=waiting for their answer")
    host.wait_for_selector("#host-alert >> text=asking asks for 120 chips")
    assert serious(host) == []
    host.click("#host-alert .approve")
    news = friend.wait_for_selector("#chips-news >> text=120 chips approved by hearing")
    assert news is not None
    assert news.inner_text() in (
        "120 chips approved by hearing joined your stake.",
        "120 chips approved by hearing: they join your stake when this hand is over.",
    )
    # the panel reads the requests again once its answer is taken: the title says so soon
    host.wait_for_function("() => !document.title.startsWith('● asking')")
