"""Keyboard play: the page's hotkeys are the terminal table's, and a hand is played by keyboard
alone. (Each game's page at each size: ``test_layout_browser``.)"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from tests.web.chromium import create_table, serving, sign_up, sync_api
from tests.web.test_night_browser import SIZES

from pokernight.engine.actions import Kind
from pokernight.engine.shapes import HOTKEYS
from pokernight.web.app import STATIC
from pokernight.web.pace import Pace


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('games') / 'web.db'}"
    with serving(url, Pace(bot_delay=0.01, hand_pause=0)) as (address, _):
        yield address


def test_the_page_hotkeys_are_the_shapes_keys() -> None:
    """The page names no verb: a key presses the button its shape's key is on (the terminal
    bar's key, both from ``engine.shapes``)."""
    script = (STATIC / "hotkeys.js").read_text()
    assert set(re.findall(r"\"(\w+)\"", script)) & {kind.value for kind in Kind} == set()
    assert "b.dataset.key === key" in script
    assert (STATIC / "turn.js").read_text().count('"data-key": shape.key') == 6


def test_a_hand_played_by_keyboard_alone(server: str, browser: sync_api.Browser) -> None:
    """The keyboard plays: a card chosen with Tab and Space, actions by their hotkeys."""
    context = browser.new_context(viewport=SIZES["phone"])
    page = context.new_page()
    sign_up(page, server, "keyboard")
    create_table(page, "draw", 2)
    while True:
        page.wait_for_selector(".your-turn, #showdown")
        if page.locator("#showdown").count():
            break
        seq = page.get_attribute(".your-turn", "data-seq")
        kinds = page.locator(".your-turn button[data-action]").evaluate_all(
            "buttons => buttons.map(b => b.dataset.action.split(' ')[0])"
        )
        if "discard" in kinds:  # choose the first card by keyboard, then discard it
            page.focus(".card.mine")
            page.keyboard.press("Space")
            page.wait_for_selector('.card.mine[aria-pressed="true"]:focus')
            kind = "discard"
        else:
            kind = next(k for k in ("check", "call", "keep", "bet", "fold") if k in kinds)
        page.locator("body").press(HOTKEYS[Kind(kind)])
        page.wait_for_selector(f'.your-turn[data-seq="{seq}"]', state="detached")
    assert "Hand 1" in page.inner_text("#showdown")
    context.close()
