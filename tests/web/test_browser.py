"""The front end in Debian's chromium through Playwright: sign up, create a table of each game
with computer players, play a whole hand by clicking (reloading the page once mid-hand), and see
the result and the bankroll; the cards are dealt in (animated) once a hand, and later only a
card drawn. Skipped with a message where chromium or Playwright is missing."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator

import pytest
from tests.catalog.every import few_seats
from tests.web.chromium import CHROMIUM, create_table, post, serving, signed_up, sync_api

from pokernight.catalog import entry
from pokernight.web.pace import Pace


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('browser') / 'web.db'}"
    with serving(url, Pace(bot_delay=0.02, hand_pause=0)) as (address, _):
        yield address


CALM = ["check", "call", "keep", "pass"]


def take_a_turn(page: sync_api.Page) -> None:
    """Click one legal action: a free or cheap one if offered, else the least wager, the
    orientation as dealt, or the lowest cards for a setting or a lead."""
    panel = page.locator(".your-turn")
    for name in CALM:
        button = panel.locator(f'button[data-action="{name}"]')
        if button.count():
            button.click()
            return
    for name in ("bet", "orient"):
        button = panel.locator(f'button[data-action="{name}"]')
        if button.count():
            button.click()
            return
    cards = page.locator(".card.mine")
    kind = panel.locator("button[data-action]").first.get_attribute("data-action")
    for i in range(2 if kind == "set" else 1):
        cards.nth(i).click()
    panel.locator(f'button[data-action="{kind}"]').click()


def play_hand(page: sync_api.Page, reload_once: bool = False) -> None:
    """Take calm turns until the page shows a hand's result; ``reload_once``: reload the page
    right after the first click (the hand must come back as it was)."""
    reloaded = not reload_once
    while not page.locator("#showdown").count():
        page.wait_for_selector(".your-turn, #showdown")
        if page.locator("#showdown").count():
            break
        seq = page.get_attribute(".your-turn", "data-seq")
        take_a_turn(page)
        if not reloaded:
            page.reload()
            reloaded = True
            page.wait_for_selector(".oval")
        else:
            page.wait_for_selector(f'.your-turn[data-seq="{seq}"]', state="detached")


def test_play_a_hand_of_each_game_by_clicking(
    server: str, browser: sync_api.Browser, every_game: str
) -> None:
    game = every_game
    with signed_up(browser, server, f"web-{game}") as page:
        create_table(page, game, few_seats(game))
        play_hand(page, reload_once=True)
        assert "Hand 1" in page.inner_text("#showdown")
        table = page.url.rsplit("/", 1)[1]
        records = page.request.get(f"{server}/api/tables/{table}/records").text()
        me = page.request.get(f"{server}/api/me").json()
        mine = me["name"]
        hands = [json.loads(line)["result"] for line in records.splitlines()]
        chips = sum(h["net"][h["players"].index(mine)] for h in hands)
        assert me["bankroll"] == (0 if entry(game).spec.points else chips)  # points: no money
        page.wait_for_selector(f'#bankroll[data-bankroll="{me["bankroll"]}"]')
        assert page.inner_text('#nets li[data-seat="0"]').startswith("you: ")  # the reader's own
        assert "null" not in page.inner_text("main").split()  # nothing left unrendered
        page.goto(f"{server}/tables/{table}/tv")  # the TV page of the table, the same
        page.wait_for_selector(".tv-seat")
        assert "null" not in page.inner_text("body").split()


def test_chromium_is_where_the_tests_expect_it() -> None:
    assert shutil.which("chromium") == CHROMIUM


OVALS = """() => {
    window.ovals = [];
    new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach(
        (node) => node.classList && node.classList.contains("oval") && window.ovals.push({
            hand: node.dataset.hand,
            dealing: node.classList.contains("dealing"),
            mine: [...node.querySelectorAll(".card.mine")].map((c) => c.dataset.card),
            dealt: [...node.querySelectorAll(".card.dealt")].map((c) => c.dataset.card),
        })))).observe(document, { childList: true, subtree: true });
}"""
"""Noted for every table drawn: its hand, whether all its cards are dealt in, your cards, and
those of yours animated on their own."""


def test_cards_are_dealt_in_once_a_hand_and_a_drawn_card_on_its_own(
    server: str, browser: sync_api.Browser
) -> None:
    """Every state message (every action, every card clicked) dealt all the cards in again.
    Now the whole table is dealt in when a hand is, and later only a card you drew."""
    with signed_up(browser, server, "motion") as page:
        made = post(
            page,
            f"{server}/api/tables",
            data={"game": "hurricane", "seats": 2, "computers": {"1": "checker"}},
        )
        table = made.json()["id"]
        post(page, f"{server}/api/tables/{table}/sit", data={"seat": 0})
        page.add_init_script(f"({OVALS})()")
        page.goto(f"{server}/?dealt#/table/{table}")  # a new document: the script runs
        while not page.locator('#showdown[data-hand="1"]').count():
            page.wait_for_selector(".your-turn, #showdown")
            panel = page.locator(".your-turn")
            if panel.locator('button[data-action="discard"]').count():
                page.locator(".card.mine").first.click()
            for name in ("discard", "check", "call"):
                if panel.locator(f'button[data-action="{name}"]').count():
                    seq = panel.get_attribute("data-seq")
                    panel.locator(f'button[data-action="{name}"]').click()
                    page.wait_for_selector(f'.your-turn[data-seq="{seq}"]', state="detached")
                    break
        page.wait_for_function("window.ovals.some((oval) => oval.hand === '2')")
        ovals = [o for o in page.evaluate("window.ovals") if o["hand"] in ("1", "2")]
    first = {o["hand"]: n for n, o in reversed(list(enumerate(ovals)))}
    assert ovals[first["1"]]["dealing"] and ovals[first["2"]]["dealing"]
    later = ovals[first["1"] + 1 : first["2"]]
    assert len(later) >= 4 and not any(o["dealing"] for o in later)
    for before, after in zip(ovals[first["1"] : first["2"]], later, strict=False):
        assert after["dealt"] == [c for c in after["mine"] if c not in before["mine"]]
    drawn = [o["dealt"] for o in later if o["dealt"]]
    assert len(drawn) == 1 and len(drawn[0]) == 1, "the one card drawn, once"
