"""How a hand ends in the browser, read off the page in Chromium against the engine's own
view (regressions found by playing as a new user): between hands the table keeps the hand just
finished (cards, stakes, log) and says when the next is dealt; the result is told in the
events' words (Pai Gow's dealer's hand and why it was set so, pushes and losses; Big Two's
winner and cards left); a points game shows points and no pot; thirteen hidden cards sit in
one row; seats are numbered from 1 everywhere."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from tests.catalog.every import few_seats
from tests.web.chromium import (
    SHOTS,
    create_table,
    created,
    lobby,
    serving,
    signed_up,
    sync_api,
)
from tests.web.replays import stored_hand
from tests.web.test_browser import play_hand

from pokernight.catalog import entry
from pokernight.engine.protocol import HandState, View
from pokernight.web.pace import Pace
from pokernight.web.views import seat_label

PAUSE = 60.0
"""Seconds between hands: long enough to read the finished hand off the page."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, FastAPI]]:
    url = f"sqlite:///{tmp_path_factory.mktemp('results') / 'web.db'}"
    with serving(url, Pace(bot_delay=0.02, hand_pause=PAUSE)) as running:
        yield running


def play_first_hand(page: sync_api.Page, app: FastAPI, table: int) -> tuple[HandState, int]:
    """Click calm choices until hand 1's result shows; the hand as the engine played it, and
    your seat (the first: ``create_table`` sits there)."""
    play_hand(page)
    hand, _ = stored_hand(app.state.manager.engine, table, 1)
    return hand, 0


def told(view: View, results: bool = False) -> list[str]:
    """The view's events in words (only those telling the result), spaces as a page shows
    them."""
    said = [e.words(seat_label) for e in view.events if e.tells_result or not results]
    return [" ".join(t.split()) for t in said if t]


def page_seats(page: sync_api.Page) -> list[dict[str, Any]]:
    """Each seat box as shown: its label, stake text and cards (None for a back)."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('.seat')].map((box) => ({
                seat: Number(box.dataset.seat),
                text: box.innerText,
                stake: box.querySelector('.stake')?.innerText ?? null,
                cards: [...box.querySelectorAll('.card')].map((c) => c.dataset.card ?? null),
                tops: [...box.querySelectorAll('.card')].map((c) => c.getBoundingClientRect().top),
                width: box.getBoundingClientRect().width,
              }))"""
        )
    )


def test_pai_gow_shows_the_dealers_hand_and_says_push_loss_and_bank(
    served: tuple[str, FastAPI], browser: sync_api.Browser
) -> None:
    """The dealer's hand was never shown, and results read "Seat 1 wins 0 loss", "wins -40
    bank". With the house banking: its hand face up, captioned, and its setting's reason;
    with a player banking: the bank's result in the bank's words."""
    server, app = served
    with signed_up(browser, server, "gow") as page:
        table = create_table(page, "paigow", 1)
        hand, _ = play_first_hand(page, app, table)
        everyone = hand.view(None)
        assert page.locator("#board .card").evaluate_all(
            "(cs) => cs.map((c) => c.dataset.card)"
        ) == [str(c) for c in everyone.board]
        assert len(everyone.board) == 7
        # (its words as sent: the page draws their first letter capital)
        assert page.text_content("#board .board-is") == "the dealer's hand"
        said = page.locator("#showdown .said li").all_inner_texts()
        dealer = [line for line in said if line.startswith("Dealer: back ")]
        assert len(dealer) == 1 and dealer[0].endswith(")"), "the house way's reason in brackets"
        assert re.fullmatch(r"Seat 1 (wins|pushes|loses): .+", said[-1])
        lobby(page, server)
        page.select_option("#new-game", "paigow")
        page.fill("#new-seats", "2")
        page.dispatch_event("#new-seats", "change")
        page.select_option('select[data-option="bank"]', "player")
        banked = created(page)
        play_first_hand(page, app, banked)
        said = page.locator("#showdown .said li").all_inner_texts()
        bank = r"Seat \d, banking: the bank (took|paid) \d+ net.*"
        assert any(re.fullmatch(bank, line) for line in said), said
        text = page.inner_text("#showdown")
        assert not re.search(r"wins -?\d+ (loss|push|bank|win)", text)


def test_a_pai_gow_wager_is_shown_in_play_and_gone_once_settled(
    served: tuple[str, FastAPI], browser: sync_api.Browser
) -> None:
    """The seat said "bet 50" after the hand was settled, as if the wager were still in."""
    server, app = served
    with signed_up(browser, server, "settled") as page:
        table = create_table(page, "paigow", 1)
        page.wait_for_selector('.your-turn button[data-action="bet"]')
        wager = page.input_value("#amount")
        page.click('.your-turn button[data-action="bet"]')
        page.wait_for_selector('.your-turn button[data-action="set"]')
        assert page_seats(page)[0]["stake"].endswith(f" · bet {wager}")
        hand, you = play_first_hand(page, app, table)
        stake = hand.view(you).stakes[you]
        assert [box["stake"] for box in page_seats(page)] == [f"stake {stake}"]


def test_big_two_counts_points_shows_the_winner_and_fits_thirteen_cards(
    served: tuple[str, FastAPI], browser: sync_api.Browser
) -> None:
    """Seats showed "stake 0" and "Pot 0" in a game played for points, thirteen card backs
    wrapped into tall boxes, and the result named no winner and no cards left."""
    server, app = served
    with signed_up(browser, server, "climber") as page:
        table = create_table(page, "bigtwo", 2)
        page.wait_for_selector(".your-turn")
        assert page.locator("#pot").count() == 0
        for box in page_seats(page):
            assert re.fullmatch(r"-?\d+ points( · 1[23] cards)?", box["stake"])
            assert len(box["cards"]) >= 12  # the computer may have opened
            assert len(set(box["tops"])) == 1, f"seat {box['seat'] + 1}'s cards wrap into rows"
            # within the table (yours spans the dock below the felt, as wide as the table)
            oval = page.locator(".oval").bounding_box()
            assert oval is not None
            assert box["width"] <= oval["width"]
        hand, you = play_first_hand(page, app, table)
        outcome = hand.outcome()
        assert outcome is not None
        winner = outcome.high_winners[0]
        said = page.inner_text("#showdown .said")
        assert f"Seat {winner + 1} is out" in said
        boxes = {box["seat"]: box for box in page_seats(page)}
        assert "★ won" in boxes[winner]["text"]
        final = hand.view(you)
        for seat, box in boxes.items():
            assert len(box["cards"]) == len(final.cards[seat])  # the cards each seat has left
            assert f"Seat {seat + 1}: {-outcome.net[seat]}" in said  # what they cost
        nets = page.locator("#nets li").all_inner_texts()
        assert nets[winner].endswith(": 0 points") and all(n.endswith(" points") for n in nets)


def test_between_hands_the_finished_hand_stays_on_the_table(
    served: tuple[str, FastAPI], browser: sync_api.Browser, every_game: str
) -> None:
    """It said "Waiting for players" with every seat taken, and stakes and cards vanished.
    (Last in the module: the test-only game leaves the catalog after its run, and a table of
    a game the catalog no longer has would stop the shared server's lobby for the tests after.)"""
    server, app, game = *served, every_game
    with signed_up(browser, server, f"end-{game}") as page:
        spec = entry(game).spec
        table = create_table(page, game, few_seats(game))
        hand, you = play_first_hand(page, app, table)
        mine, everyone = hand.view(you), hand.view(None)
        text = page.inner_text("main")
        assert "Waiting for players" not in text
        assert re.search(r"Next hand in \d+ s", page.inner_text("#status"))
        for box in page_seats(page):
            seat = box["seat"]
            stake = mine.stakes[seat]
            assert box["stake"].startswith(f"{-stake} points" if spec.points else f"stake {stake}")
            assert box["cards"] == [None if c is None else str(c) for c in mine.cards[seat]]
        log = page.locator("#log li").all_inner_texts()
        assert log == told(mine)
        said = page.locator("#showdown .said li").all_inner_texts()
        assert said == told(everyone, results=True) and said
        seats = len(mine.stakes)
        numbers = [int(n) for n in re.findall(r"\bSeat (\d+)", text)]
        assert numbers and all(1 <= n <= seats for n in numbers), "seats are numbered from 1"
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            page.emulate_media(reduced_motion="reduce")  # cards at rest, not mid-deal
            page.screenshot(path=str(Path(SHOTS) / f"{game}.png"), full_page=True)
