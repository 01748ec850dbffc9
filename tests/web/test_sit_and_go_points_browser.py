"""A whole Mount Holyoke sit-and-go in Chromium (issue 42): the host makes it in the lobby's
form, played to a points threshold; two friends sit from their phones, a computer takes the
fourth seat and the TV watches. Nothing rises in a game of points, and every page shows the
sit-and-go without a level; the seats reaching the threshold have finished, and every page
shows their places as they go while they play on; the last under it wins and is paid; the
ledger holds the buy-ins with the first hand and the prizes with the last, summing to zero,
and nothing between."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from itertools import product
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import select
from tests.web.chromium import created, friends_form, serving, sign_up, sync_api
from tests.web.test_night_browser import SIZES

from pokernight.engine.structure import ordinal
from pokernight.web.pace import Pace
from pokernight.web.schema import accounts, hands, ledger, seatings

THRESHOLD = 10
"""The points the sit-and-go plays to (the least the form offers: it ends soon)."""
STRUCTURE = "Sit-and-go: buy-in 50, pays 65/35; to 10 points, the last under them winning"
"""What every page says of it: its buy-in, payouts and threshold, no chips each and no rising
stakes."""
PRIZES = (130, 70, 0, 0)
"""65/35 of the four buy-ins of 50, by place."""
PLACES = """() => [...document.querySelectorAll(".tournament .places li")]
    .map((li) => [li.dataset.seat, li.dataset.place, li.textContent])"""
LOOK = """() => {
  const all = (selector) => [...document.querySelectorAll(selector)];
  const faces = (selector) => all(selector).map((card) => card.dataset.card);
  return {
    panels: all(".tournament").length,
    levels: all(".tournament .level").length,
    places: all(".tournament .places li")
      .map((li) => [li.dataset.seat, li.dataset.place, li.textContent]),
    hand: Number(document.querySelector(".oval")?.dataset.hand || 0),
    turn: document.querySelector(".your-turn")?.dataset.seq ?? null,
    lead: !document.querySelector('.your-turn button[data-action="pass"]'),
    mine: faces(".seat.you .card[data-card]"),
    beat: faces("#board .card[data-card]"),
  };
}"""
"""A page at a glance: the sit-and-go's panels, levels and places, the hand, your turn (its
version), whether it is a lead, your cards and the cards to beat."""
ORDER = {f"{rank}{suit}": i for i, (rank, suit) in enumerate(product("3456789TJQKA2", "dchs"))}
"""Big Two's singles, the lowest first: by rank, a two the highest, then by suit."""
SLOW_CHIPS = """(() => {
  const fetched = window.fetch;
  window.fetch = (url, ...rest) => String(url).endsWith("/chips/requests")
    ? new Promise((done) => setTimeout(() => done(fetched(url, ...rest)), 300))
    : fetched(url, ...rest);
})();"""
"""A slow answer to what chips are asked for (a page asks it only while the table is not
over): the host panel's answers come back out of order."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, FastAPI]]:
    url = f"sqlite:///{tmp_path_factory.mktemp('sng-points') / 'web.db'}"
    with serving(url, Pace(bot_delay=0, hand_pause=0.2)) as running:
        yield running


def _page(
    browser: sync_api.Browser, size: sync_api.ViewportSize, errors: list[str]
) -> sync_api.Page:
    """A new browser (its own cookies) at ``size``, every script error it meets noted (not a
    request the server refuses: a page asks for what it may not have, such as the host's
    panel, and is told no)."""
    page = browser.new_context(viewport=size).new_page()
    page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
    page.on(
        "console",
        lambda message: (
            errors.append(f"{page.url}: {message.text}")
            if message.type == "error" and not message.text.startswith("Failed to load resource")
            else None
        ),
    )
    return page


def _made_in_the_form(host: sync_api.Page, server: str) -> int:
    """Mount Holyoke at four seats, the second and third for people, the fourth a computer's
    (the random player), played to 10 points as a sit-and-go for a buy-in of 50 paying 65/35."""
    friends_form(host, server, "bigtwo", "random")
    host.select_option('select[data-option="threshold"]', str(THRESHOLD))
    host.check("#new-sit-and-go")
    # points, not chips: the form asks for no chips each and no stakes rising
    assert host.locator("#new-chips").count() == 0
    assert host.locator("#new-levels-every").count() == 0
    host.fill("#new-buy-in", "50")
    host.select_option("#new-payouts", "65/35")
    return created(host)


def _turn(page: sync_api.Page, look: dict[str, Any], eager: bool) -> bool:
    """This page's turn, if ``look`` (``LOOK``'s) found one, taken by clicks (False: none). A
    lead is the lowest single; an eager player beats a single with the lowest that does, and
    passes over anything else; a player who is not eager passes where they may."""
    if look["turn"] is None:
        return False
    mine = sorted(look["mine"], key=ORDER.__getitem__)
    beat = look["beat"]
    if look["lead"]:
        single: str | None = mine[0]
    elif eager and len(beat) == 1:
        single = next((c for c in mine if ORDER[c] > ORDER[beat[0]]), None)
    else:
        single = None
    panel = page.locator(f'.your-turn[data-seq="{look["turn"]}"]')
    if single is None:
        panel.locator('button[data-action="pass"]').click()
    else:
        page.locator(f'.seat.you .card[data-card="{single}"]').click()
        play = panel.locator('button[data-action="play"]')
        sync_api.expect(play).to_be_enabled()  # the page takes the single the rules allow
        play.click()
    page.wait_for_function(
        "seq => (document.querySelector('.your-turn')?.dataset.seq ?? null) !== seq",
        arg=look["turn"],
    )
    return True


def _finishes(points: list[list[int]]) -> list[dict[str, str]]:
    """After each hand, the seats finished so far (each hand's points after it), with their
    places: those reaching the threshold in the same hand ranked by their points (fewer is
    better; equal points share the better place), below those who finished before."""
    seats = len(points[0])
    placed: dict[str, str] = {}
    after = []
    for totals in points:
        new = [s for s in range(seats) if totals[s] >= THRESHOLD and str(s) not in placed]
        for worst in sorted({totals[s] for s in new}, reverse=True):
            together = [s for s in new if totals[s] == worst]
            place = seats - len(placed) - len(together) + 1
            placed |= {str(s): ordinal(place) for s in together}
        after.append(dict(placed))
    return after


def test_a_whole_points_sit_and_go_in_the_browser(
    served: tuple[str, FastAPI], browser: sync_api.Browser
) -> None:
    server, app = served
    errors: list[str] = []
    host = _page(browser, SIZES["laptop"], errors)
    # the host's line is slow to answer what chips are asked for: the host panel's answers
    # come back out of order, and it must end on the newest all the same
    host.add_init_script(SLOW_CHIPS)
    sign_up(host, server, "hostess")
    friends = [_page(browser, SIZES["phone"], errors) for _ in range(2)]
    for friend, name in zip(friends, ("ann", "bob"), strict=True):
        sign_up(friend, server, name)
    table = _made_in_the_form(host, server)
    tv = _page(browser, {"width": 1920, "height": 1080}, errors)
    tv.goto(f"{server}/tables/{table}/tv")
    for friend in friends:
        friend.goto(f"{server}/#/table/{table}")
        friend.click("button.sit")
        friend.wait_for_selector(".tablebar")
    host.wait_for_selector("#deal")
    host.click("#deal")
    # the host's panel offers nothing a sit-and-go refuses: no chips to take without asking,
    # no other game to play next, no chips a point is worth (its prizes are its only money)
    host.wait_for_selector("#host #pause")
    for control in ("#chips-limit-amount", "#host-games", "#host-chooser", "#host-point-value"):
        assert host.locator(control).count() == 0, control

    pages = {"hostess": host, "ann": friends[0], "bob": friends[1], "tv": tv}
    # the hands each person plays eagerly (ann never: she passes her way to the threshold
    # first; the host gives in after the first, bob after the second), so the seats finish
    # apart, and soon
    eager = {"hostess": 1, "ann": 0, "bob": 2}
    turns: dict[str, set[int]] = {name: set() for name in eager}  # the hands they played in
    shown: dict[str, dict[str, str]] = {name: {} for name in pages}  # seat: place, as it went
    ends = time.monotonic() + 120
    while True:
        looks = {name: page.evaluate(LOOK) for name, page in pages.items()}
        if any("prize" in words for _, _, words in looks["hostess"]["places"]):
            break  # over: the places with their prizes
        assert time.monotonic() < ends, "the sit-and-go did not end"
        for name, look in looks.items():
            assert look["panels"] == 1, name  # every page shows the sit-and-go
            assert look["levels"] == 0, name  # and no level: nothing rises
            for seat, place, words in look["places"]:
                if "prize" not in words:  # a seat finished while the others play on
                    assert shown[name].setdefault(seat, place) == place, (name, seat, place)
        for name, until in eager.items():
            if _turn(pages[name], looks[name], looks[name]["hand"] <= until):
                turns[name].add(looks[name]["hand"])

    finals = {}
    for name, page in pages.items():  # every page ends on the same places, with prizes
        page.wait_for_selector(".tournament .places li:has-text('prize')")
        assert page.inner_text(".tournament .structure") == STRUCTURE, name
        assert page.locator(".tournament .level").count() == 0, name
        finals[name] = [
            (seat, place, prize_of(words)) for seat, place, words in page.evaluate(PLACES)
        ]
    shots = os.environ.get("POKERNIGHT_SCREENSHOTS")
    if shots:  # what the docs show: the host's table at the end
        host.screenshot(path=f"{shots}/sit-and-go/points.png")

    engine = app.state.manager.engine
    with engine.connect() as db:
        rows = db.execute(
            select(hands.c.id, hands.c.result)
            .where(hands.c.table_id == table)
            .order_by(hands.c.number)
        ).all()
        played = [row.id for row in rows]
        entries: dict[int, dict[int, int]] = {h: {} for h in played}
        query = select(ledger.c.hand_id, ledger.c.account_id, ledger.c.amount)
        for hand, account, amount in db.execute(query.where(ledger.c.hand_id.in_(played))):
            entries[hand][account] = entries[hand].get(account, 0) + int(amount)
        seated = db.execute(
            select(seatings.c.seat, accounts.c.id, accounts.c.name)
            .join(accounts, accounts.c.id == seatings.c.account_id)
            .where(seatings.c.table_id == table)
        ).all()
    assert sorted((seat, name) for seat, _, name in seated) == [
        (0, "hostess"),
        (1, "ann"),
        (2, "bob"),
    ]
    people = {seat: account for seat, account, _ in seated}
    points = [[-stake for stake in json.loads(row.result)["next"]["stakes"]] for row in rows]
    finishes = _finishes(points)

    # it went on to the threshold: all but one reached it with the last hand, not before
    winner = [s for s in range(4) if points[-1][s] < THRESHOLD]
    assert len(winner) == 1, points
    assert all(sum(p >= THRESHOLD for p in hand) < 3 for hand in points[:-1]), points
    # every page showed the seats that reached the threshold as they went, at their places
    before = finishes[-2] if len(finishes) > 1 else {}
    assert before, f"nobody finished before the last hand: {points}"
    assert all(shown[name] == before for name in pages), (shown, before)
    # a seat that finished played on: ann, at the threshold first, took turns after it
    done = next(i for i, after in enumerate(finishes, start=1) if "1" in after)
    assert done < len(points) and max(turns["ann"]) > done, (done, turns["ann"], points)
    # the last under it won; every page shows the same places and prizes, and says who won
    expected = {**finishes[-1], str(winner[0]): "1st"}
    board = finals["hostess"]
    assert {seat: place for seat, place, _ in board} == expected
    assert all(finals[name] == board for name in pages), finals
    prizes = {int(seat): prize for seat, _, prize in board}
    assert prizes == paid_by_place(expected) and prizes[winner[0]] == PRIZES[0]
    who = {seat: name for seat, _, name in seated}.get(winner[0], f"Seat {winner[0] + 1}")
    won = f"{who} won the sit-and-go"  # a person by their name, the computer by its seat
    host.wait_for_selector("#host-over", timeout=5000)  # the host's panel: over, its ledger
    assert host.inner_text("#host-over") == f"The table is over: {won}."
    for page in (host, *friends):
        assert page.inner_text("#status") == f"Over: {won}"

    # the ledger: the buy-ins with the first hand, the prizes with the last, nothing between
    house = next(iter(set(entries[played[0]]) - set(people.values())))  # the computer's seat
    assert entries[played[0]] == {**{a: -50 for a in people.values()}, house: 150}
    assert all(not entries[h] for h in played[1:-1])  # points move no money
    paid = {people[seat]: prizes[seat] for seat in people if prizes[seat]}
    assert entries[played[-1]] == {**paid, house: prizes[3] - sum(PRIZES)}
    assert sum(sum(e.values()) for e in entries.values()) == 0
    # and every person's page shows their bankroll as the sit-and-go left it
    for seat, page in enumerate((host, *friends)):
        page.wait_for_selector(f"#bankroll[data-bankroll='{prizes[seat] - 50}']")
    assert not errors, errors


def paid_by_place(places: dict[str, str]) -> dict[int, int]:
    """Each seat's prize: the places' prizes shared evenly by the seats sharing a place (the
    odd chip to the lower seat)."""
    prizes: dict[int, int] = {}
    for place in set(places.values()):
        together = sorted(int(s) for s, p in places.items() if p == place)
        at = int(place[:-2]) - 1
        each, odd = divmod(sum(PRIZES[at : at + len(together)]), len(together))
        prizes |= {seat: each + (i < odd) for i, seat in enumerate(together)}
    return prizes


def prize_of(words: str) -> int:
    return int(words.rsplit("prize ", 1)[1])
