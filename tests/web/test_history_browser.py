"""The night's hands in Chromium: each line names every winner and what they won ("you" for
the reader's own seat) and the reader's net, for a Hurricane hand won high by one seat and low
by another and a Pai Gow hand won by the player and the dealer; Pai Gow's replay shows each
step as the table did (the dealer's hand labelled, the set hands apart) and, on a phone, each
Next keeps the seats it moves in sight. The hands are played first through the server's API
(the same hands every time: practice tables dealt from a seed), then served to the pages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.web.chromium import SHOTS, serving, sync_api
from tests.web.conftest import FAST, UNLIMITED, page_client, play_until, sign_up

from pokernight.web.app import create_app
from pokernight.web.pace import Pace

SIZES: dict[str, sync_api.ViewportSize] = {
    "laptop": {"width": 1280, "height": 800},
    "phone": {"width": 390, "height": 844},
}
PASSWORD = "secret-pass"  # conftest's sign_up
IN_SIGHT = """() => {
  const seats = document.getElementById("replay-seats").getBoundingClientRect();
  const dock = document.querySelector(".dock.yours");  // fixed over the foot: your turn
  return [seats.top, seats.bottom, dock ? dock.getBoundingClientRect().top : innerHeight];
}"""
"""Where the replay's seats are on the screen, and where its free part ends."""


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, int]]]:
    """The server, and ann's two tables, each with its first hand played."""
    url = f"sqlite:///{tmp_path_factory.mktemp('history') / 'web.db'}"
    tables = {}
    with page_client(create_app(url, FAST, UNLIMITED)) as client:
        sign_up(client, "bo")
        sign_up(client, "ann")
        for game, computers, seed in (
            ("hurricane", {1: "random", 2: "checker"}, 0),
            ("paigow", {1: "random"}, 9),
        ):
            body = {"game": game, "seats": len(computers) + 1, "computers": computers}
            made = client.post("/api/tables", json={**body, "seed": seed, "turn_seconds": 0})
            tables[game] = table = int(made.json()["id"])
            assert client.post(f"/api/tables/{table}/sit", json={"seat": 0}).status_code == 200
            with client.websocket_connect(f"/ws/tables/{table}") as ws:
                play_until(ws, lambda m: bool(m["last"]), [])
    with serving(url, Pace(bot_delay=0, hand_pause=60)) as (address, _):
        yield address, tables


LOOK = (Path(__file__).parent / "layout_look.js").read_text()
"""The page as laid out (``test_layout_browser``'s look): its width and what overlaps."""


def reader(browser: sync_api.Browser, server: str, name: str, size: str) -> sync_api.Page:
    page = browser.new_context(viewport=SIZES[size]).new_page()
    page.goto(server)
    page.fill("#name", name)
    page.fill("#password", PASSWORD)
    page.click("#signin")
    page.wait_for_selector("#me")
    return page


def hand_line(page: sync_api.Page, server: str, table: int) -> str:
    page.goto(f"{server}/#/table/{table}")  # a new hash: the last table's page may still show
    page.wait_for_selector(f'.table-title:has-text("Table #{table}:")')
    page.click("#history summary")
    return page.inner_text('#hands li[data-hand="1"] .hand-line')


def test_each_line_names_every_winner_and_your_net(
    night: tuple[str, dict[str, int]], browser: sync_api.Browser
) -> None:
    server, tables = night
    ann = reader(browser, server, "ann", "laptop")
    assert hand_line(ann, server, tables["hurricane"]) == (
        "Hand 1 · computer at seat 2 won 8 (high), you won 7 (low) · your net +2"
    )
    assert hand_line(ann, server, tables["paigow"]) == (
        "Hand 1 · you won 19, the dealer won 139 · your net +19"
    )
    bo = reader(browser, server, "bo", "laptop")
    assert hand_line(bo, server, tables["hurricane"]) == (
        "Hand 1 (watched) · computer at seat 2 won 8 (high), ann won 7 (low)"
    )


def test_pai_gow_replays_as_the_table_showed_it_and_next_keeps_the_seats_in_sight(
    night: tuple[str, dict[str, int]], browser: sync_api.Browser
) -> None:
    server, tables = night
    ann = reader(browser, server, "ann", "phone")
    hand_line(ann, server, tables["paigow"])
    ann.click('#hands .replay[data-hand="1"]')
    ann.wait_for_selector('#replay[data-step="0"]')
    steps = int(ann.inner_text("#replay h3").rsplit(" ", 1)[1])
    for step in range(1, steps):
        ann.click("#replay-next")
        ann.wait_for_selector(f'#replay[data-step="{step}"]')
        top, bottom, foot = ann.evaluate(IN_SIGHT)
        # the dock's room is its height in whole pixels: within one of where it starts
        assert top >= 0 and bottom <= foot + 1, (step, top, bottom, foot)
        look = ann.evaluate(LOOK)  # no card, button or stake line over another, none wider
        assert look["overlaps"] == [] and look["width"] <= SIZES["phone"]["width"], (step, look)
    # the end: the dealer's hand labelled, each hand set apart into its back and front
    assert ann.text_content("#replay-board .board-is") == "the dealer's hand"
    parts = """nodes => nodes.map((n) => [n.dataset.handName,
        n.querySelectorAll('.card[data-card]').length])"""
    hands = [["front", 2], ["back", 5]]
    assert ann.eval_on_selector_all("#replay-board .set-hand", parts) == hands
    for seat in (0, 1):
        shown = ann.eval_on_selector_all(f'#replay-seats li[data-seat="{seat}"] .set-hand', parts)
        assert shown == hands, seat
    assert ann.inner_text("#replay-now") == "The hand is over"  # a computer's set is its own
    assert ann.inner_text("#replay-result").splitlines() == [
        "Dealer: back 6♣ 5♠ 4♠ 4♥ 2♥, front 10♦ 9♦ (Pair of 4s back, the two highest others front)",
        "Seat 1: back Q♣ 10♠ 3♣ K♠ Q♠, front 10♣ J♥",
        "Seat 2: back 6♦ 2♠ 8♠ A♣ 9♣, front J♠ Jk FOULED",
        "Seat 1 wins: won both hands: paid 20 less 1 commission",
        "Seat 2 loses: fouled: the back hand must outrank the front: the wager of 158 is lost",
    ]
    if SHOTS:
        Path(SHOTS, "night").mkdir(parents=True, exist_ok=True)
        ann.screenshot(path=str(Path(SHOTS, "night", "night-replay-phone.png")))
