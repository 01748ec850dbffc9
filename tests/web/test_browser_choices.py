"""Every choice made by clicking reaches the engine as made: read back from the server's own
store after clicking in Chromium (regressions found by playing as a new user)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.web.chromium import SHOTS, chromium, create_table, serving, sign_up

from pokernight.web import store
from pokernight.web.pace import Pace


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """The server's address and its database's."""
    url = f"sqlite:///{tmp_path_factory.mktemp('choices') / 'web.db'}"
    with serving(url, Pace(bot_delay=0.02, hand_pause=30)) as (address, _):
        yield address, url


def test_high_low_cards_are_turned_by_clicking(served: tuple[str, str]) -> None:
    """The orientation panel shows one button per card (it showed "[object
    HTMLButtonElement],..."); turning the 2nd and 4th sends exactly that orientation."""
    server, database = served
    with chromium() as browser:
        page = browser.new_page()
        sign_up(page, server, "turner")
        create_table(page, "highlow", 2)
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
        assert hand is not None
        mine = [a for a in hand.actions if a.startswith("orient ")]
        assert "orient 0,1,0,1,0" in mine
