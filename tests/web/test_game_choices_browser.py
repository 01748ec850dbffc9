"""Each game's own help in Chromium, from the server (front ends know no game's rules): Pai
Gow's house way chosen by a button, a setting said and its foul warned of before it is set,
and every seat's and the dealer's cards drawn apart into front and back at the showdown;
High-Low's turned card drawn upright and the high and low it makes said as you turn; Big Two's
reason for a play it would refuse; Hurricane's rows with their legend and the price of a
call."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import pytest
from sqlalchemy import Engine
from tests.web.chromium import post, serving, sync_api
from tests.web.replays import stored_hand
from tests.web.test_browser import take_a_turn
from tests.web.test_night_browser import person, serious, sign_up_here

from pokernight.cards import parse_card
from pokernight.catalog import entry
from pokernight.engine.actions import parse_action
from pokernight.engine.events import face
from pokernight.errors import IllegalAction
from pokernight.games.hurricane.display import LEGEND
from pokernight.games.paigow.hands import make_setting
from pokernight.games.paigow.preview import FOUL
from pokernight.web.pace import Pace
from pokernight.web.store import open_engine


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Engine]]:
    url = f"sqlite:///{tmp_path_factory.mktemp('choices') / 'web.db'}"
    with serving(url, Pace(bot_delay=0, hand_pause=30)) as (address, _):
        engine = open_engine(url)
        yield address, engine
        engine.dispose()


def seated(
    browser: sync_api.Browser, server: str, game: str, seats: int
) -> tuple[sync_api.Page, int]:
    page = person(browser, server, "phone", [])
    page.goto(server)
    sign_up_here(page, f"choosing-{game}")
    return page, new_table(page, server, game, seats)


def new_table(page: sync_api.Page, server: str, game: str, seats: int) -> int:
    """A table of ``game`` the page's player sits at, the others the game's first computer."""
    bot = entry(game).lineup({})[0]
    computers = {str(s): bot for s in range(1, seats)}
    body = {"game": game, "seats": seats, "computers": computers, "turn_seconds": 0}
    table = post(page, f"{server}/api/tables", body).json()["id"]
    post(page, f"{server}/api/tables/{table}/sit", {"seat": 0})
    page.goto(f"{server}/#/table/{table}")
    page.wait_for_selector(".your-turn")
    return int(table)


def until(page: sync_api.Page, action: str) -> None:
    """Take calm turns until the turn offers ``action``."""
    while not page.locator(f'.your-turn button[data-action="{action}"]').count():
        seq = page.get_attribute(".your-turn", "data-seq")
        take_a_turn(page)
        page.wait_for_selector(f'.your-turn[data-seq="{seq}"]', state="detached")
        page.wait_for_selector(".your-turn")


def own_cards(page: sync_api.Page) -> list[str]:
    cards: list[str] = page.locator(".seat.you .card.mine").evaluate_all(
        "cs => cs.map(c => c.dataset.card)"
    )
    return cards


def test_pai_gow_offers_the_house_way_warns_of_a_foul_and_shows_front_and_back(
    served: tuple[str, Engine], browser: sync_api.Browser
) -> None:
    server, engine = served
    page, table = seated(browser, server, "paigow", 3)
    while True:
        page.click('.your-turn button[data-action="bet"]')
        page.wait_for_selector('.your-turn button[data-action="set"]')
        page.click("#suggest")
        page.wait_for_selector("#preview")
        chosen = page.locator('.seat.you .card[aria-pressed="true"]')
        assert chosen.count() == 2 and page.inner_text("#preview").startswith("back: ")
        hole = tuple(map(parse_card, own_cards(page)))  # as `set` reads them
        pairs = combinations(hole, 2)
        fouling = next((pair for pair in pairs if make_setting(hole, pair, "").fouled), None)
        if fouling is not None:
            break
        # About one deal in thirty cannot be set to foul (seven cards of one suit, say): the
        # tables are dealt from the server's own secret, so a new table deals again.
        table = new_table(page, server, "paigow", 3)
    while chosen.count():  # unchosen, one by one
        chosen.first.click()
    for card in fouling:
        page.click(f'.seat.you .card[data-card="{card}"]')
    page.wait_for_selector("#warning")
    assert page.inner_text("#warning") == f"Warning: {FOUL}"
    assert page.inner_text('.your-turn button[data-action="set"]').endswith("— fouls!")
    assert serious(page) == []
    page.click('.your-turn button[data-action="set"]')
    page.wait_for_selector("#showdown")
    tv = page.context.new_page()  # the room's TV shows the showdown set apart the same way
    tv.goto(f"{server}/tables/{table}/tv")
    tv.wait_for_selector(".tv-seat .set-hand")
    for place, shown in ((page, ".seat"), (tv, ".tv-seat")):
        for box in [*place.locator(shown).all(), place.locator(".board").first]:
            assert box.locator('.set-hand[data-hand-name="front"] .card').count() == 2
            assert box.locator('.set-hand[data-hand-name="back"] .card').count() == 5
    for seat in tv.locator(".tv-seat").all():  # every card inside its seat's box
        outer = seat.bounding_box()
        assert outer is not None
        for hand in seat.locator(".set-hand").all():
            inner = hand.bounding_box()
            assert inner is not None and inner["x"] + inner["width"] <= outer["x"] + outer["width"]
    assert serious(tv) == []
    tv.close()
    _, actions = stored_hand(engine, table, 1)
    mine = next(a for a in actions if a.startswith("set "))  # seat 1 sets first
    assert set(parse_action(mine).cards) == set(fouling)


def test_high_low_turns_a_card_upright_and_says_the_high_and_low_it_makes(
    served: tuple[str, Engine], browser: sync_api.Browser
) -> None:
    server, engine = served
    page, table = seated(browser, server, "highlow", 2)
    until(page, "orient")
    hand, _ = stored_hand(engine, table, 1)
    preview = entry("highlow").spec.preview
    assert preview is not None
    page.locator("button.flip").nth(1).click()
    second = page.locator(".seat.you .card.mine").nth(1)
    top, bottom = (second.get_attribute("data-card") or "").split("/")
    assert (second.get_attribute("aria-label") or "").endswith(", turned")
    drawn = second.locator(".end").all_inner_texts()
    assert drawn == [face(parse_card(bottom)), face(parse_card(top))]  # upright, swapped
    spec = entry("highlow").spec
    options = spec.configure(spec.options, 2, {})
    said = preview(options, hand.view(0), parse_action("orient 0,1,0,0,0"))
    assert said is not None
    page.wait_for_selector(f"#preview >> text={said.words}")


def test_big_two_says_why_it_refuses_a_play(
    served: tuple[str, Engine], browser: sync_api.Browser
) -> None:
    server, engine = served
    page, table = seated(browser, server, "bigtwo", 2)
    cards = own_cards(page)
    ranks = {c[:-1]: c for c in cards}
    two = list(ranks.values())[:2]
    for card in two:
        page.click(f'.seat.you .card[data-card="{card}"]')
    hand, _ = stored_hand(engine, table, 1)
    with pytest.raises(IllegalAction) as refused:
        hand.clone().apply(parse_action(f"play {' '.join(two)}"))
    page.wait_for_selector("#why")
    assert page.inner_text("#why") == f"Not allowed: {refused.value}"


def test_hurricane_explains_its_rows_and_prices_a_call(
    served: tuple[str, Engine], browser: sync_api.Browser
) -> None:
    server, engine = served
    page, table = seated(browser, server, "hurricane", 4)
    assert page.locator("#legend li").all_inner_texts() == list(LEGEND)
    until(page, "call")
    hand, _ = stored_hand(engine, table, 1)
    owed = hand.view(0).to_call
    assert owed > 0
    assert page.inner_text('.your-turn button[data-action="call"]') == f"call {owed}"
