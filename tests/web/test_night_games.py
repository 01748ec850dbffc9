"""Every game's table page at a laptop's size (1280×800) and a phone's (390×844), played by
clicks to the end of its first hand: nothing wider than the screen, every button at least
44 px tall, every card named for a screen reader, and axe-core finding no serious or critical
violation on the turn and on the result. Big Two deals 13 cards a seat here, Pai Gow sits six.
``POKERNIGHT_SCREENSHOTS=docs/screenshots`` saves each page (``night/GAME-SIZE.png``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.web.chromium import SHOTS, chromium, create_table, serving, sign_up, sync_api
from tests.web.test_browser import take_a_turn
from tests.web.test_night_browser import SIZES, no_sideways_scroll, serious

from pokernight.engine.actions import Kind
from pokernight.tui.choices import HOTKEYS
from pokernight.web.app import STATIC
from pokernight.web.live import Pace

GAMES = [("hurricane", 4), ("draw", 2), ("highlow", 3), ("paigow", 6), ("bigtwo", 4)]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('games') / 'web.db'}"
    with serving(url, Pace(bot_delay=0.01, hand_pause=0)) as (address, _):
        yield address


@pytest.fixture(scope="module")
def browser() -> Iterator[sync_api.Browser]:
    with chromium() as launched:
        yield launched


def fits(page: sync_api.Page) -> None:
    """No sideways scrolling, 44 px buttons, and a name on every card."""
    no_sideways_scroll(page)
    # One evaluation, so a redraw between finding the buttons and measuring them (the next hand
    # is dealt at once here) cannot measure a button already taken off the page.
    heights = page.evaluate(
        """() => [...document.querySelectorAll("main button")]
            .filter(b => getComputedStyle(b).visibility !== "hidden")
            .map(b => b.getBoundingClientRect())
            .filter(r => r.width > 0 && r.height > 0)
            .map(r => r.height)"""
    )
    assert heights and min(heights) >= 44, heights
    names = page.locator(".card").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))"
    )
    assert names and all(names), names


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize(("game", "seats"), GAMES, ids=[g for g, _ in GAMES])
def test_each_game_plays_and_reads_well_at_each_size(
    server: str, browser: sync_api.Browser, game: str, seats: int, size: str
) -> None:
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    sign_up(page, server, f"{game}-{size}")
    create_table(page, game, seats)
    checked = False
    while True:
        page.wait_for_selector(".your-turn, #showdown")
        if page.locator("#showdown").count():
            break
        if not checked:
            fits(page)
            assert serious(page) == []
            if game == "bigtwo":
                assert page.locator(".seat.you .card.mine").count() == 13
            if SHOTS:
                shots = Path(SHOTS) / "night"
                shots.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(shots / f"{game}-{size}.png"), full_page=True)
            checked = True
        seq = page.get_attribute(".your-turn", "data-seq")
        take_a_turn(page)
        page.wait_for_selector(f'.your-turn[data-seq="{seq}"]', state="detached")
    assert checked
    fits(page)
    assert serious(page) == []
    context.close()


def test_the_page_hotkeys_are_the_terminal_tables() -> None:
    script = (STATIC / "hotkeys.js").read_text()
    found = dict(re.findall(r"(\w+): \"(\w)\"", script.split("HOTKEYS = ")[1].split("}")[0]))
    assert found == {kind.value: key for kind, key in HOTKEYS.items()}


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
