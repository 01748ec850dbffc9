"""What people expect of a poker night's pages, in Chromium: the create form names each game
by its title with a line about it (the catalog's words), the host copies the invite link with
one click, Leave in the middle of your hand asks first, every page has an icon and a table's
page its own title, the lobby shows the tables in play first, the finished ones folded away,
with a way to the form at its top, the hand log stays folded or open as its reader left it, and a
click is never lost or misplaced by a redraw (during a press, or between a double click's two
clicks)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from tests.web.chromium import lobby, play_until, post, serving, sign_up, sync_api
from tests.web.test_browser import play_hand
from tests.web.test_night_browser import SIZES

from pokernight.catalog import CATALOG
from pokernight.web.pace import Pace


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('small') / 'web.db'}"
    with serving(url, Pace(bot_delay=0, hand_pause=30)) as (address, _):
        yield address


def phone(browser: sync_api.Browser, server: str, name: str) -> sync_api.Page:
    context = browser.new_context(viewport=SIZES["phone"])
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    page = context.new_page()
    sign_up(page, server, name)
    return page


def hosted(page: sync_api.Page, server: str, game: str = "hurricane") -> int:
    """A table of ``game`` against one computer, the page's person at seat 1 and on it."""
    lineup = CATALOG[game].lineup({})
    body = {"game": game, "seats": 2, "computers": {"1": lineup[-1]}, "turn_seconds": 0}
    table = int(post(page, f"{server}/api/tables", body).json()["id"])
    post(page, f"{server}/api/tables/{table}/sit", {"seat": 0})
    page.goto(f"{server}/#/table/{table}")
    page.wait_for_selector(".oval")
    return table


def test_the_create_form_names_each_game_by_its_title_with_a_line_about_it(
    server: str, browser: sync_api.Browser
) -> None:
    page = phone(browser, server, "titles")
    lobby(page, server)
    options = page.locator("#new-game option")
    assert options.all_inner_texts() == [g.spec.title for g in CATALOG.values()]
    assert [options.nth(i).get_attribute("value") for i in range(len(CATALOG))] == list(CATALOG)
    for name, game in CATALOG.items():
        page.select_option("#new-game", name)
        assert page.inner_text("#new-about") == game.spec.about


def test_the_lobby_shows_tables_in_play_first_and_folds_the_finished_away(
    server: str, browser: sync_api.Browser
) -> None:
    page = phone(browser, server, "lobbyist")
    ended = hosted(page, server)
    page.wait_for_selector("#end")
    page.click("#end")  # during hand 1: the table is over once the hand is
    play_until(page, "#host-over")
    playing = hosted(page, server, "draw")
    lobby(page, server)
    assert page.locator(f'#live-tables .table-card[data-table="{playing}"]').is_visible()
    assert page.locator(f'#live-tables .table-card[data-table="{ended}"]').count() == 0
    folded = page.locator(f'#finished-tables .table-card[data-table="{ended}"]')
    assert folded.count() == 1 and not folded.is_visible()
    assert page.inner_text("#finished-tables summary").startswith("Finished tables (")
    top = page.locator("#to-new-table").bounding_box()
    assert top is not None and top["y"] + top["height"] <= 844  # on the first screen
    page.click("#to-new-table")
    form = page.locator("#new-table").bounding_box()
    # the form brought into view: its top at the screen's, to within a pixel of layout rounding
    assert form is not None and -1 < form["y"] < 844
    assert page.evaluate("document.activeElement.id") == "new-game"
    page.click("#finished-tables summary")
    assert folded.is_visible()


def test_the_host_copies_the_invite_with_one_click(server: str, browser: sync_api.Browser) -> None:
    page = phone(browser, server, "copier")
    table = hosted(page, server)
    page.click("#copy-invite")
    page.wait_for_selector(".copied >> text=Copied")
    assert page.evaluate("navigator.clipboard.readText()") == f"{server}/#/invite/{table}"


def test_every_page_has_an_icon_and_a_table_page_its_title(
    server: str, browser: sync_api.Browser
) -> None:
    missing: list[str] = []
    page = phone(browser, server, "iconic")
    page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    table = hosted(page, server, "draw")
    icon = page.get_attribute('link[rel="icon"]', "href")
    assert icon == "/static/favicon.png"
    assert page.request.get(f"{server}{icon}").headers["content-type"] == "image/png"
    page.wait_for_selector(".your-turn")
    assert page.title() == f"● Your turn · Table #{table} · Five-card draw · pokernight"
    play_hand(page)
    assert page.title() == f"Table #{table} · Five-card draw · pokernight"
    page.goto(f"{server}/tables/{table}/tv")
    page.wait_for_selector(".tv-seat")
    assert page.title() == f"Table #{table} on the TV · pokernight"
    assert page.get_attribute('link[rel="icon"]', "href") == "/static/favicon.png"
    assert missing == []


def test_leaving_in_the_middle_of_a_hand_asks_first(server: str, browser: sync_api.Browser) -> None:
    page = phone(browser, server, "leaver")
    table = hosted(page, server, "draw")
    page.wait_for_selector(".your-turn")
    page.click("#table-menu summary")  # Leave is in the table's menu
    page.click("#leave")
    ask = page.wait_for_selector("#leave-ask")
    assert ask is not None
    assert ask.inner_text().startswith("Leave in the middle of a hand? The table checks or folds")
    page.click("#leave-stay")
    assert page.locator("#leave-ask").count() == 0 and page.locator(".seat.you").count() == 1
    page.click("#leave")
    page.click("#leave-confirm")
    page.wait_for_selector("#new-game")
    tables = post(page, f"{server}/api/tables/{table}/leave").json()
    assert tables["detail"] == "you have no seat at this table"
    # between hands: at once
    again = hosted(page, server, "draw")
    play_hand(page)
    page.click("#table-menu summary")
    page.click("#leave")
    page.wait_for_selector("#new-game")
    assert post(page, f"{server}/api/tables/{again}/leave").status == 400


def test_the_hand_log_stays_as_its_reader_left_it(server: str, browser: sync_api.Browser) -> None:
    """Folded, the log stays folded when the table moves on (it was drawn open again at every
    message), and opened again it stays open; folded or not it holds the hand's events."""
    context = browser.new_context(viewport=SIZES["laptop"])
    page = context.new_page()
    sign_up(page, server, "reader")
    hosted(page, server, "draw")
    act = '.your-turn button[data-action]:not([disabled]):not([data-action="fold"])'
    for fold in (True, False):  # never a fold: the next hand waits 30 s
        page.wait_for_selector(act)
        seq = page.get_attribute(".oval", "data-seq")
        page.click("details.log summary")
        assert page.locator("details.log").evaluate("(d) => d.open") is (not fold)
        page.locator(act).first.click()
        page.wait_for_function(f"() => document.querySelector('.oval').dataset.seq !== '{seq}'")
        log = page.locator("details.log")
        assert log.evaluate("(d) => d.open") is (not fold)
        assert log.locator("#log li").count() > 0
    context.close()


def test_a_click_is_not_lost_to_a_message_that_comes_during_the_press(
    server: str, browser: sync_api.Browser
) -> None:
    """Pai Gow: two cards chosen, the page asks what the setting would make (``try``) and
    redraws with the answer. Pressed on "set" before the answer comes and released after it,
    the click sets the hand: the redraw waits for the release (it replaced the button under
    the press, and the release on the new one was no click). The turn taken, the two cards are
    chosen no longer."""
    context = browser.new_context(viewport=SIZES["laptop"])
    page = context.new_page()
    answers: list[str | bytes] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda text: answers.append(text)))
    sign_up(page, server, "presser")
    hosted(page, server, "paigow")
    page.wait_for_selector('.your-turn button[data-action="bet"]')
    page.click('.your-turn button[data-action="bet"]')
    page.wait_for_selector('.your-turn button[data-action="set"]')
    for card in page.locator(".seat.you .card").all()[:2]:
        card.click()
    button = page.locator('.your-turn button[data-action="set"]').bounding_box()
    assert button is not None
    asked = sum('"type":"tried"' in a for a in answers)
    page.mouse.move(button["x"] + button["width"] / 2, button["y"] + button["height"] / 2)
    page.mouse.down()
    deadline = time.monotonic() + 10
    while sum('"type":"tried"' in a for a in answers) == asked:
        assert time.monotonic() < deadline, "the setting was never asked about"
        page.wait_for_timeout(20)
    page.wait_for_timeout(100)  # the answer handled (and, before, drawn) under the press
    page.mouse.up()
    page.wait_for_function(
        "() => !document.querySelector('.your-turn button[data-action=\"set\"]')"
    )
    assert page.inner_text("#problem") == ""
    assert page.locator(".seat.you .card.selected").count() == 0  # chosen for a turn now taken
    context.close()


def test_a_double_clicks_second_click_on_a_card_the_answer_brought_chooses_nothing(
    server: str, browser: sync_api.Browser
) -> None:
    """Pai Gow: "set" double-clicked, the table answering between the two clicks. The answer
    redraws the page without the turn's panel, and the second click lands on a card of yours
    that came under the pointer: it must not choose that card (a card so chosen stayed chosen
    into the next turn, where one more click made a choice the game would not take). A plain
    click on the same card, then, chooses it, and a double click on it chooses and unchooses."""
    context = browser.new_context(viewport=SIZES["laptop"])
    page = context.new_page()
    sign_up(page, server, "doubler")
    hosted(page, server, "paigow")
    page.click('.your-turn button[data-action="bet"]')
    page.wait_for_selector('.your-turn button[data-action="set"]')
    for card in page.locator(".seat.you .card").all()[:2]:
        card.click()
    page.wait_for_selector('.your-turn button[data-action="set"]:not([disabled])')
    box = page.locator('.your-turn button[data-action="set"]').bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down(click_count=1)
    page.mouse.up(click_count=1)
    page.wait_for_selector(".your-turn", state="detached")
    target = page.locator(".seat.you .card").first
    name = target.get_attribute("data-card")
    spot = target.bounding_box()
    assert spot is not None
    page.mouse.move(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2)
    page.mouse.down(click_count=2)
    page.mouse.up(click_count=2)
    page.wait_for_timeout(100)
    assert page.locator(".seat.you .card.selected").count() == 0
    card = page.locator(f'.seat.you .card[data-card="{name}"]')
    card.click()
    assert card.get_attribute("aria-pressed") == "true"
    card.dblclick()
    assert card.get_attribute("aria-pressed") == "true"  # chosen twice more: unchosen, chosen
    context.close()
