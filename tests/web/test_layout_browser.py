"""Every game of the catalog at its largest table, in Chromium at a phone's size (390×844), a
tablet's (768×1024) and a laptop's (1280×800), played by clicks through its first hand: on
each of your turns your cards and every legal action are inside the screen without scrolling,
nothing is wider than the screen, no card, stake line or button covers another (a card chosen
included), and axe-core finds no serious or critical violation; every button is at least
44 px tall and every card named for a screen reader. The narrowest phone (320 px) scrolls no
sideways on the first turn.
``POKERNIGHT_SCREENSHOTS=docs/screenshots`` saves each first turn (``night/GAME-SIZE.png``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.web.chromium import SHOTS, chromium, post, serving, sign_up, sync_api
from tests.web.test_browser import take_a_turn
from tests.web.test_night_browser import serious

from pokernight.catalog import CATALOG
from pokernight.web.pace import Pace

SIZES = {
    "phone": {"width": 390, "height": 844},
    "tablet": {"width": 768, "height": 1024},
    "laptop": {"width": 1280, "height": 800},
    "narrow": {"width": 320, "height": 640},
}

LOOK = (Path(__file__).parent / "layout_look.js").read_text()
"""The page as laid out on your turn: how wide it is, the actions and cards of yours outside
the screen, and the cards, stake lines and buttons that overlap."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('layout') / 'web.db'}"
    with serving(url, Pace(bot_delay=0, hand_pause=30)) as (address, _):
        yield address


@pytest.fixture(scope="module")
def browser() -> Iterator[sync_api.Browser]:
    with chromium() as launched:
        yield launched


def largest_table(game: str) -> dict[str, Any]:
    """The game's largest table: the person at seat 1, the game's own computers elsewhere."""
    found = CATALOG[game]
    seats = found.spec.seats[1]
    lineup = found.lineup({})
    computers = {str(s): lineup[min(s, len(lineup) - 1)] for s in range(1, seats)}
    return {"game": game, "seats": seats, "computers": computers, "turn_seconds": 0}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(CATALOG))
def test_on_your_turn_everything_is_in_view_and_nothing_overlaps(
    server: str, browser: sync_api.Browser, game: str, size: str
) -> None:
    context = browser.new_context(viewport=SIZES[size], reduced_motion="reduce")
    page = context.new_page()
    sign_up(page, server, f"layout-{game}-{size}")
    table = post(page, f"{server}/api/tables", largest_table(game)).json()["id"]
    post(page, f"{server}/api/tables/{table}/sit", {"seat": 0})
    page.goto(f"{server}/#/table/{table}")
    turns = 0
    while True:
        page.wait_for_selector(".your-turn, #showdown")
        if page.locator("#showdown").count():
            break
        look = page.evaluate(LOOK)
        assert look["width"] <= look["view"]["width"], f"sideways scroll: {look['width']} px"
        if size == "narrow":
            break
        assert look["count"] > 0 and look["outside"] == [], look["outside"]
        assert look["overlaps"] == [], look["overlaps"]
        assert look["small"] == [] and look["unnamed"] == 0, look
        chooses = ".your-turn :is([data-action=discard], [data-action=play], [data-action=set])"
        if page.locator(chooses).count():  # a chosen card rises, but not over the stake line
            page.locator(".card.mine").first.click()
            page.wait_for_selector(".card.mine.selected")
            chosen = page.evaluate(LOOK)
            assert chosen["overlaps"] == [] and chosen["outside"] == [], chosen
            page.locator(".card.mine.selected").click()
        if turns == 0:
            assert serious(page) == []
            if SHOTS:
                Path(SHOTS, "night").mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(Path(SHOTS, "night", f"{game}-{size}.png")))
        turns += 1
        seq = page.get_attribute(".your-turn", "data-seq")
        take_a_turn(page)
        page.wait_for_selector(f'.your-turn[data-seq="{seq}"]', state="detached")
    if size != "narrow":
        assert turns > 0
        page.wait_for_selector("#showdown")
        look = page.evaluate(LOOK)  # the result shown: still nothing wider, nothing overlapping
        assert look["width"] <= look["view"]["width"] and look["overlaps"] == [], look
        assert serious(page) == []
    context.close()
