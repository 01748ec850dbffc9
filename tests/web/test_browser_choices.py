"""Every choice made by clicking reaches the engine as made: read back from the server's own
store after clicking in Chromium (regressions found by playing as a new user)."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator

import pytest
import uvicorn
from tests.web.test_browser import CHROMIUM, FLAGS, SHOTS, sync_api

from pokernight.web import store
from pokernight.web.app import create_app
from pokernight.web.live import Pace


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """The server's address and its database's."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"sqlite:///{tmp_path_factory.mktemp('choices') / 'web.db'}"
    config = uvicorn.Config(
        create_app(url, Pace(bot_delay=0.02, hand_pause=30)),
        host="127.0.0.1",
        port=port,
        log_level="warning",
    )
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    while not running.started:
        thread.join(0.05)
    yield f"http://127.0.0.1:{port}", url
    running.should_exit = True
    thread.join()


def test_high_low_cards_are_turned_by_clicking(served: tuple[str, str]) -> None:
    """The orientation panel shows one button per card (it showed "[object
    HTMLButtonElement],..."); turning the 2nd and 4th sends exactly that orientation."""
    server, database = served
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page()
        page.goto(server)
        page.fill("#name", "turner")
        page.fill("#password", "a-long-password")
        page.click("#signup")
        page.wait_for_selector("#me")
        page.select_option("#new-game", "highlow")
        page.fill("#new-seats", "2")
        page.dispatch_event("#new-seats", "change")
        page.click("#create")
        page.wait_for_selector(".oval")
        while True:
            page.wait_for_selector(".your-turn")
            panel = page.locator(".your-turn")
            if panel.locator('button[data-action="orient"]').count():
                break
            seq = page.get_attribute(".your-turn", "data-seq")
            for name in ("check", "call", "keep", "bet"):
                button = panel.locator(f'button[data-action="{name}"]')
                if button.count():
                    button.first.click()
                    break
            page.wait_for_selector(f'.your-turn[data-seq="{seq}"]', state="detached")
        assert "[object" not in panel.inner_text()
        log = page.inner_text("#log")  # the hand log tells the events in words
        assert "── Hand 1, dealer: Seat " in log and "── first bet" in log
        assert not any(name in log for name in ("HandStarted", "Acted:", "RoundStarted"))
        flips = panel.locator("button.flip")
        assert flips.count() == 5
        flips.nth(1).click()
        page.locator("button.flip").nth(3).click()
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/highlow-orient.png", full_page=True)
        page.locator('.your-turn button[data-action="orient"]').click()
        table = int(page.url.rsplit("/", 1)[1])
        engine = store.open_engine(database)
        for _ in range(100):
            hand = store.last_hand(engine, table)
            assert hand is not None
            if any(a.startswith("orient") for a in hand.actions):
                break
            page.wait_for_timeout(50)
        mine = [a for a in hand.actions if a.startswith("orient ")]
        assert "orient 0,1,0,1,0" in mine
        browser.close()
