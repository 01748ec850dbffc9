"""Every game of the catalog at its largest table, in Chromium, one table a game whose hands
are played by clicks at a phone's size (390×844), a tablet's (768×1024) and a laptop's
(1280×800) in turn. Before each of your turns the reader scrolls away (to the chat, or to the
host's panel: the player is the table's host) and, when the turn comes, your cards and every
legal action are inside the screen all the same; nothing is wider than the screen, no seat,
card, stake line or control covers another (a card chosen included), every card of a seat
(a set hand's included) lies inside the seat's box, and axe-core finds no serious or critical
violation; every button is at least 44 px tall and every card named for a screen reader. The
same once each hand's result is shown, and there at the narrowest phone's size (320 px) too,
as on the first turn.
``POKERNIGHT_SCREENSHOTS=docs/screenshots`` saves each size's first turn
(``night/GAME-SIZE.png``) and its result (``night/GAME-SIZE-showdown.png``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.web.chromium import SHOTS, post, serving, sign_up, sync_api
from tests.web.test_browser import take_a_turn
from tests.web.test_night_browser import serious

from pokernight.catalog import CATALOG
from pokernight.web.pace import Pace

SIZES: dict[str, sync_api.ViewportSize] = {
    "phone": {"width": 390, "height": 844},
    "tablet": {"width": 768, "height": 1024},
    "laptop": {"width": 1280, "height": 800},
}
NARROW: sync_api.ViewportSize = {"width": 320, "height": 640}

LOOK = (Path(__file__).parent / "layout_look.js").read_text()
"""The page as laid out: how wide it is, the actions and cards of yours outside the screen,
the parts that overlap and the cards cut at their seat's edge."""

AWAY = (".chat", "#host")
"""Where the reader scrolls to while the others play: the chat, the host's panel."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('layout') / 'web.db'}"
    # a short rest after each hand: the table is paused, so the next waits for the test
    with serving(url, Pace(bot_delay=0, hand_pause=0.5)) as (address, _):
        yield address


def largest_table(game: str) -> dict[str, Any]:
    """The game's largest table: the person at seat 1, the game's own computers elsewhere."""
    found = CATALOG[game]
    seats = found.spec.seats[1]
    lineup = found.lineup({})
    computers = {str(s): lineup[min(s, len(lineup) - 1)] for s in range(1, seats)}
    return {"game": game, "seats": seats, "computers": computers, "turn_seconds": 0}


def laid_out(page: sync_api.Page) -> dict[str, Any]:
    """The page's layout, checked: nothing wider than the screen, overlapping or cut."""
    look: dict[str, Any] = page.evaluate(LOOK)
    assert look["width"] <= look["view"]["width"], f"sideways scroll: {look['width']} px"
    assert look["overlaps"] == [], look["overlaps"]
    assert look["cut"] == [], look["cut"]
    return look


def narrowest(page: sync_api.Page, size: str) -> None:
    """The same page at the narrowest phone's width, then back."""
    page.set_viewport_size(NARROW)
    laid_out(page)
    page.set_viewport_size(SIZES[size])


def shot(page: sync_api.Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS, "night").mkdir(parents=True, exist_ok=True)
        page.evaluate("scrollTo(0, 0)")  # the table from its top (the dock stays at the bottom)
        page.screenshot(path=str(Path(SHOTS, "night", f"{name}.png")))


def play_hand(page: sync_api.Page, game: str, size: str, hand: int) -> int:
    """Take every turn of hand ``hand`` at ``size``, each checked as it comes after the
    reader scrolled away; then the result checked. How many turns there were."""
    turns = 0
    while True:
        page.wait_for_selector(f'.your-turn, #showdown[data-hand="{hand}"]')
        if page.locator(f'#showdown[data-hand="{hand}"]').count():
            break
        look = laid_out(page)
        assert look["count"] > 0 and look["outside"] == [], look["outside"]
        assert look["small"] == [] and look["unnamed"] == 0, look
        chooses = ".your-turn :is([data-action=discard], [data-action=play], [data-action=set])"
        if page.locator(chooses).count():  # a chosen card rises, but not over the stake line
            page.locator(".card.mine").first.click()
            page.wait_for_selector(".card.mine.selected")
            chosen = laid_out(page)
            assert chosen["outside"] == [], chosen
            page.locator(".card.mine.selected").click()
        if turns == 0:
            assert serious(page) == []
            if hand == 1:
                narrowest(page, size)
            shot(page, f"{game}-{size}")
        turns += 1
        seq = page.get_attribute(".your-turn", "data-seq")
        take_a_turn(page)
        page.wait_for_selector(f'.your-turn[data-seq="{seq}"]', state="detached")
        page.evaluate("(away) => document.querySelector(away).scrollIntoView()", AWAY[turns % 2])
    # the result on the felt and below it: still nothing wider, overlapping or cut
    page.wait_for_selector(f'.oval[data-hand="{hand}"] #status')
    laid_out(page)
    assert serious(page) == []
    if turns:
        shot(page, f"{game}-{size}-showdown")
    narrowest(page, size)
    return turns


@pytest.mark.parametrize("game", list(CATALOG))
def test_on_your_turn_everything_is_in_view_and_nothing_overlaps(
    server: str, browser: sync_api.Browser, game: str
) -> None:
    context = browser.new_context(viewport=SIZES["phone"], reduced_motion="reduce")
    page = context.new_page()
    sign_up(page, server, f"layout-{game}")
    table = post(page, f"{server}/api/tables", largest_table(game)).json()["id"]
    post(page, f"{server}/api/tables/{table}/sit", {"seat": 0})
    post(page, f"{server}/api/tables/{table}/pause")  # after hand 1: each next waits for its size
    page.goto(f"{server}/#/table/{table}")
    hand = 1
    for size in SIZES:
        page.set_viewport_size(SIZES[size])
        # a hand may end before your turn comes (everyone else folded): then the next one
        while True:
            if hand > 1:  # dealt, then paused again for after it
                post(page, f"{server}/api/tables/{table}/resume")
                page.wait_for_selector(f'.oval[data-hand="{hand}"]')
                post(page, f"{server}/api/tables/{table}/pause")
            turns = play_hand(page, game, size, hand)
            hand += 1
            if turns:
                break
    context.close()
