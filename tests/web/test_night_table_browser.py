"""A whole night at one table in Chromium (issue 36): a host on a laptop, a friend on a phone,
a friend who arrives late on another phone, and the TV. The table waits for the host's Deal;
Hurricane, then High-Low, then Pai Gow, each chosen on the page of the dealer of the orbit,
then a game of Mount Holyoke to its end; a rebuy asked on a phone and approved from the
host's banner, a sit-out and a return. Every move is a click on the player's own page. At the
end: the ledger sums to zero for each game and for the night, each person's line of a game
of chips is what the hands of that game paid them, the points game moved no chip, and the
standings show its points apart from the chips."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

import pytest
from tests.frontends.whole_browser import check_points_table
from tests.web.chromium import post, serving, sync_api

from pokernight.web import store
from pokernight.web.manager import Manager
from pokernight.web.pace import Pace

SIZES: dict[str, sync_api.ViewportSize] = {
    "laptop": {"width": 1280, "height": 800},
    "phone": {"width": 390, "height": 844},
}
NIGHT = ["hurricane", "highlow", "paigow", "bigtwo"]
"""The games of the night, in the order the dealers choose them."""
CALM = ("check", "call", "keep", "pass")


@pytest.fixture
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Manager]]:
    url = f"sqlite:///{tmp_path_factory.mktemp('night-table') / 'web.db'}"
    with serving(url, Pace(bot_delay=0.05, hand_pause=0.2)) as (address, app):
        yield address, app.state.server.manager


def person(browser: sync_api.Browser, server: str, size: str, name: str) -> sync_api.Page:
    page = browser.new_context(viewport=SIZES[size]).new_page()
    page.goto(server)
    page.fill("#name", name)
    page.fill("#password", "a-long-password")
    page.click("#signup")
    page.wait_for_selector("#me")
    return page


def move(page: sync_api.Page) -> bool:
    """This page's turn, taken calmly by clicks: check, call, keep or pass where it can; the
    orientation as dealt; the least wager; Pai Gow's house way; else (a Big Two lead) a
    single card."""
    panel = page.locator(".your-turn")
    if not panel.count():
        return False
    seq = panel.get_attribute("data-seq")
    for action in CALM:
        button = panel.locator(f'button[data-action="{action}"]')
        if button.count():
            button.click()
            break
    else:
        if panel.locator('button[data-action="bet"]').count():  # Pai Gow's wager: the least
            panel.locator('button[data-action="bet"]').click()
        elif panel.locator('button[data-action="orient"]').count():
            panel.locator('button[data-action="orient"]').click()
        elif panel.locator("#suggest").count():
            panel.locator("#suggest").click()
            page.wait_for_selector('.your-turn button[data-action="set"]:not([disabled])')
            page.locator('.your-turn button[data-action="set"]').click()
        else:  # a lead: the first of its cards that plays alone (the opening holds the lowest)
            play = page.locator('.your-turn button[data-action="play"]')
            if not play.count():  # the panel was being redrawn as it was read: look again
                return False
            faces = page.eval_on_selector_all(
                ".seat.you .card[data-card]", "cards => cards.map((c) => c.dataset.card)"
            )
            for face in faces:
                page.locator(f'.seat.you .card[data-card="{face}"]').click()
                if play.is_enabled():
                    play.click()
                    break
                page.locator(f'.seat.you .card[data-card="{face}"]').click()
            else:
                raise AssertionError(f"no single card of {faces} leads")
    page.wait_for_function(
        "seq => (document.querySelector('.your-turn')?.dataset.seq ?? null) !== seq", arg=seq
    )
    return True


def test_a_whole_night_at_one_table(served: tuple[str, Manager], browser: sync_api.Browser) -> None:
    server, manager = served
    host = person(browser, server, "laptop", "hana")
    made = post(
        host,
        f"{server}/api/tables",
        {
            "game": "hurricane",
            "seats": 3,
            "turn_seconds": 0,
            "games": NIGHT[1:],
            "chooser": "dealer",
        },
    )
    assert made.status == 201, made.body
    table = made.json()["id"]
    post(host, f"{server}/api/tables/{table}/sit", {"seat": 0})
    host.goto(f"{server}/#/table/{table}")
    tv = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    tv.goto(f"{server}/tables/{table}/tv")
    tv.wait_for_selector("#tv-waiting >> text=Waiting for the host to deal")
    ivo = person(browser, server, "phone", "ivo")
    ivo.goto(f"{server}/#/invite/{table}")
    ivo.wait_for_selector(".seat.you")
    assert ivo.inner_text("#status") == "Waiting for the host to deal"
    assert ivo.locator("#deal-now").count() == 0  # the host's alone
    live = manager.tables[table]
    assert live.play.state is None
    host.click("#deal-now")
    host.wait_for_selector(".oval[data-hand='1']")

    late = person(browser, server, "phone", "lea")  # arrives during hand 1
    late.goto(f"{server}/#/invite/{table}")
    late.wait_for_selector(".seat.you")
    pages = [host, ivo, late]

    # a rebuy asked on a phone, approved from the host's banner
    ivo.fill("#chips-amount", "40")
    ivo.click("#ask-chips")
    host.wait_for_selector("#host-alert >> text=ivo asks for 40 chips")
    host.click("#host-alert .approve")
    ivo.wait_for_selector("#chips-news >> text=40 chips approved by hana")

    sat_out = back = told_in_chips = False
    played: list[str] = []
    while not live.row.over and not (live.row.game == "bigtwo" and live.play.match.over()):
        if live.row.game not in played:
            played.append(live.row.game)
        now = NIGHT.index(live.row.game)
        wanted = NIGHT[now + 1] if now + 1 < len(NIGHT) else None
        if wanted and live.play.hosting.next_game is None:
            for page in pages:
                if page.locator("#choice-news >> text=You choose the next game.").count():
                    page.select_option("#choice-game", wanted)
                    page.click("#choose-game")
                    tv.wait_for_selector("#tv-next-game >> text=chosen by")
        if live.row.game == "highlow" and not sat_out:
            late.click("#sit-out")
            sat_out = True
        if live.row.game == "paigow" and sat_out and not back:
            late.click("#back")
            back = True
        first = live.play.match.table.first
        if live.row.game == "bigtwo" and live.play.match.table.hand == first and not told_in_chips:
            # the first round's page still shows Pai Gow's last hand: in chips, not points
            shown = host.locator(f'#showdown[data-hand="{first - 1}"] #nets')
            if shown.count():
                assert "points" not in shown.inner_text()
                told_in_chips = True
        if not any(move(page) for page in pages):
            host.wait_for_timeout(50)
    assert played == NIGHT and not live.row.over and told_in_chips
    host.wait_for_selector("#status >> text=Mount Holyoke Poker is over")
    check_points_table(host, manager.engine, table, "bigtwo")  # its points, round by round
    tv.wait_for_selector("#tv-waiting, .tv-seats")

    # the night's money, from the ledger the host downloads
    sheet = host.request.get(f"{server}/api/tables/{table}/ledger.csv").text()
    lines = list(csv.DictReader(io.StringIO(sheet)))
    by_game: dict[str, int] = {}
    for line in lines:
        by_game[line["game"]] = by_game.get(line["game"], 0) + int(line["net"])
    assert list(by_game) == NIGHT and set(by_game.values()) == {0}
    assert all(int(line["net"]) == 0 for line in lines if line["game"] == "bigtwo")
    names = store.account_names(manager.engine, set(live.chairs.seated.values()))
    for hand in store.finished_hands(manager.engine, table):
        assert hand.game in NIGHT
    for game in NIGHT[:3]:
        for account, name in names.items():
            paid = sum(
                net
                for h in store.finished_hands(manager.engine, table)
                if h.game == game
                for seat, net in enumerate((h.result or {})["net"])
                if (h.holders or [])[seat] == account and seat not in h.start["out"]
            )
            found = next((x for x in lines if x["player"] == name and x["game"] == game), None)
            assert (int(found["net"]) if found else 0) == paid, (game, name)
    ivo_line = next(x for x in lines if x["player"] == "ivo" and x["game"] == "hurricane")
    assert ivo_line["approved"] == "40 by hana"

    # the standings: the points game apart from the chips
    host.click("#history summary")
    host.wait_for_selector("#standings")
    units = host.eval_on_selector_all(
        "#standings .standing", "nodes => nodes.map((n) => [n.dataset.game, n.dataset.unit])"
    )
    assert units == [[g, "points" if g == "bigtwo" else "chips"] for g in NIGHT]
    mount = host.inner_text('#standings .standing[data-game="bigtwo"]')
    assert "points (" in mount and "rounds played" in mount and "chips" not in mount.split(")")[1]
    for page in pages:
        viewport = page.viewport_size
        assert viewport is not None
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
