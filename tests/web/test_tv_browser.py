"""The TV page (``/tables/N/tv``) as a room display at 1920×1080, for every game of the catalog:
two people (the host, ann, and bob) and a computer at one table per game, played by clicks on
the people's own pages. Before the first deal bob is set away, then sits out; in the hand ann
puts in every chip she has (all in where the game plays table stakes) and bob folds to it
(each game's own equivalent where it has no such thing); at its end the TV names who won what.
Each shown on the TV by its word on the seat and the seat's name. Nothing on the TV overlaps,
it never says "you", and axe-core finds no serious violation.
``POKERNIGHT_SCREENSHOTS=docs/screenshots`` saves each game's TV in the hand, its markers shown
(``night/tv-GAME-turn.png``), and at its result (``night/tv-GAME.png``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.web.chromium import SHOTS, post, serving, sign_up, sync_api
from tests.web.test_night_browser import serious
from tests.web.test_night_table_browser import move

from pokernight.catalog import CATALOG
from pokernight.web.pace import Pace

TV: sync_api.ViewportSize = {"width": 1920, "height": 1080}
LOOK = (Path(__file__).parent / "layout_look.js").read_text()
"""The page as laid out: its width, and the cards and stake lines that overlap."""
BOXES = """() => {
  const parts = [...document.querySelectorAll(".tv-seat, .middle > *, .strip > *, .tv-top")];
  const hit = [];
  for (const [i, a] of parts.entries()) for (const b of parts.slice(i + 1)) {
    const [p, q] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
    if (Math.min(p.right, q.right) - Math.max(p.left, q.left) > 0.5
        && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 0.5) {
      hit.push(`${a.className} ${a.dataset.seat ?? ""} × ${b.className} ${b.dataset.seat ?? ""}`);
    }
  }
  const off = parts.filter((n) => n.getBoundingClientRect().bottom > innerHeight + 0.5)
    .map((n) => n.className);
  return { hit, off };
}"""
"""The TV's blocks (the seats, the felt's middle, the strip beside it) that overlap each other
or fall below the screen: ``layout_look.js`` looks at cards and stake lines, not at these."""
YOU = """() => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const found = [];
  while (walker.nextNode()) {
    if (/\\byou\\b/i.test(walker.currentNode.data)) found.push(walker.currentNode.data);
  }
  return found;
}"""

BROKE = """() => Number(
  document.querySelector('.tv-seat[data-seat="0"] .stake')?.dataset.stake) <= 0"""
"""Whether ann's seat shows every chip of hers in: a stake of zero or less during the hand."""

TABLES: dict[str, dict[str, Any]] = {
    # small stakes, so the largest bets take every chip of ann's within one hand
    "hurricane": {
        "seats": 3,
        "computers": {"2": "checker"},
        "options": {"stake": "20", "ante": "5", "max_bet": "10"},
    },
    "draw": {"seats": 2, "options": {"stake": "20", "ante": "2", "max_bet": "20"}},
    "highlow": {
        "seats": 3,
        "computers": {"2": "value"},
        "options": {"stake": "20", "ante": "5", "first_limit": "5", "second_limit": "10"},
    },
    "paigow": {
        "seats": 3,
        "computers": {"2": "house"},
        "options": {"stake": "100", "min_bet": "20", "max_bet": "100"},
    },
    "bigtwo": {"seats": 3, "computers": {"2": "greedy"}, "options": {"rounds": "1"}},
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('tv') / 'web.db'}"
    # a computer's move shows for a moment; the host's pause holds each hand's end
    with serving(url, Pace(bot_delay=0.05, hand_pause=0.2)) as (address, _):
        yield address


def badge(tv: sync_api.Page, seat: int, kind: str, name: str) -> None:
    """Wait until the TV marks ``seat`` with the badge ``kind``, the seat named ``name``."""
    box = tv.wait_for_selector(f'.tv-seat[data-seat="{seat}"]:has(.badge[data-badge="{kind}"])')
    assert box is not None and name in box.inner_text()


def all_in(page: sync_api.Page) -> bool:
    """ann's turn: the largest bet or raise offered (Pai Gow's: the most she may wager), else
    a calm move; whether she took a turn."""
    panel = page.locator(".your-turn")
    if not panel.count():
        return False
    seq = panel.get_attribute("data-seq")
    largest = panel.locator('button[data-action^="bet "], button[data-action^="raise "]')
    if largest.count():
        largest.last.click()
    elif panel.locator("#amount").count():
        page.fill("#amount", page.get_attribute("#amount", "max") or "")
        panel.locator('button[data-action="bet"]').click()
    else:
        return move(page)
    page.wait_for_function(
        "seq => (document.querySelector('.your-turn')?.dataset.seq ?? null) !== seq", arg=seq
    )
    return True


def calls_along(page: sync_api.Page) -> bool:
    """bob's turn: a calm move until ann (seat 0) has no chips left, then none (his turn holds
    the hand there); whether he took a turn. (His panel first: ann's stake drawn with it is
    the one his turn follows.)"""
    if not page.locator(".your-turn").count():
        return False
    return not page.evaluate(BROKE.replace(".tv-seat", ".seat")) and move(page)


def looks_right(tv: sync_api.Page) -> None:
    look = tv.evaluate(LOOK)
    assert look["width"] <= TV["width"] and look["overlaps"] == [], look
    boxes = tv.evaluate(BOXES)
    assert boxes == {"hit": [], "off": []}, boxes
    assert tv.evaluate(YOU) == []


@pytest.mark.parametrize("game", list(CATALOG))
def test_the_tv_marks_each_seat_and_names_who_won(
    server: str, browser: sync_api.Browser, game: str
) -> None:
    ann = browser.new_context().new_page()
    sign_up(ann, server, f"ann-{game}")
    table = post(ann, f"{server}/api/tables", {"game": game, "turn_seconds": 0, **TABLES[game]})
    assert table.status == 201, table.body
    number = table.json()["id"]
    post(ann, f"{server}/api/tables/{number}/sit", {"seat": 0})
    bob = browser.new_context().new_page()
    sign_up(bob, server, f"bob-{game}")
    post(bob, f"{server}/api/tables/{number}/sit", {"seat": 1})
    tv = browser.new_context(viewport=TV, reduced_motion="reduce").new_page()
    tv.goto(f"{server}/tables/{number}/tv")
    tv.wait_for_selector("#tv-waiting >> text=Waiting for the host to deal")

    # before the deal: bob set away by the host, then sitting out by his own choice
    assert post(ann, f"{server}/api/tables/{number}/seats/1/away", {"away": True}).status == 200
    badge(tv, 1, "away", f"bob-{game}")
    post(ann, f"{server}/api/tables/{number}/seats/1/away", {"away": False})
    tv.wait_for_selector('.badge[data-badge="away"]', state="detached")
    assert post(bob, f"{server}/api/tables/{number}/sitout", {"out": True}).status == 200
    badge(tv, 1, "sitting-out", f"bob-{game}")
    looks_right(tv)
    assert serious(tv) == []
    if game != "paigow":
        post(bob, f"{server}/api/tables/{number}/sitout", {"out": False})
        tv.wait_for_selector('.badge[data-badge="sitting-out"]', state="detached")
    ann.goto(f"{server}/#/table/{number}")
    bob.goto(f"{server}/#/table/{number}")
    assert post(ann, f"{server}/api/tables/{number}/resume").status == 200

    if game == "paigow":
        # Pai Gow has no fold: a seat out of the hand is bob's, dealt nothing as he sits out
        tv.wait_for_selector(".tv-seat .stack")
        assert tv.locator('.tv-seat[data-seat="1"] .card').count() == 0
        badge(tv, 1, "sitting-out", f"bob-{game}")
        # her first turn is her wager: all she holds; the TV marks it before she sets her hand
        # (playing on at once, a busy TV showed the hand's end before it drew the wager)
        ann.wait_for_selector(".your-turn")
        assert all_in(ann)
        badge(tv, 0, "all-in", f"ann-{game}")
        assert not tv.locator("#tv-result").count(), "the hand ended before ann went all in"
        post(ann, f"{server}/api/tables/{number}/pause")  # the hand's end stays on the TV
    elif game == "bigtwo":
        # Big Two has no all-in, and its fold is a pass: the seat that passed is marked, the
        # play to beat is labelled in the middle and a hand of cards face down is one stack
        tv.wait_for_selector(".tv-seat .stack + .count >> text=13 cards")
        while not tv.locator('.badge[data-badge="passed"]').count():
            assert not tv.locator("#tv-result").count(), "the round ended with no pass"
            if not (move(ann) or move(bob)):
                ann.wait_for_timeout(50)
        assert tv.text_content(".middle .board-is") == "To beat"
        assert tv.locator(".middle .board .card").count() > 0
        post(ann, f"{server}/api/tables/{number}/pause")
    else:
        while not tv.evaluate(BROKE):
            assert not tv.locator("#tv-result").count(), "the hand ended with chips of ann's left"
            if not (all_in(ann) or calls_along(bob)):
                ann.wait_for_timeout(50)
        if game == "draw":  # table stakes: no bet beyond what a seat holds, so ann is all in
            badge(tv, 0, "all-in", f"ann-{game}")
        else:  # no table stakes (Hurricane, High-Low): ann's bets took her stake to zero or
            # below, and no word says all in where a seat may bet on into debt
            assert tv.locator('.tv-seat[data-seat="0"] .bet').count() == 1
        looks_right(tv)
        post(ann, f"{server}/api/tables/{number}/pause")
        bob.wait_for_selector('.your-turn button[data-action="fold"]')
        bob.click('.your-turn button[data-action="fold"]')
        badge(tv, 1, "folded", f"bob-{game}")
    if SHOTS:  # the hand in play, its markers shown
        Path(SHOTS, "night").mkdir(parents=True, exist_ok=True)
        tv.screenshot(path=str(Path(SHOTS, "night", f"tv-{game}-turn.png")))
    while not tv.locator("#tv-result").count():  # the hand played out, calmly
        if not (move(ann) or move(bob)):
            ann.wait_for_timeout(50)

    # the result, by name, held on the TV: each player of the hand with what it won or lost,
    # and a winner's seat marked (Pai Gow's winner may be the dealer: no seat of its own)
    result = tv.inner_text("#tv-result")
    assert f"ann-{game}" in result and (game == "paigow") == (f"bob-{game}" not in result)
    for won in tv.locator(".tv-seat:has(.badge[data-badge=won]) .name").all_inner_texts():
        assert won in result
    if game != "paigow":
        assert tv.locator(".badge[data-badge=won]").count() > 0
    assert "Seat " not in tv.inner_text("#tv-said")  # its words name the seats
    if game == "paigow":  # the dealer's hand and every seat dealt in: front and back
        for box in (".middle .board", '.tv-seat[data-seat="0"]', '.tv-seat[data-seat="2"]'):
            assert tv.locator(f'{box} .set-hand[data-hand-name="front"] .card').count() == 2
            assert tv.locator(f'{box} .set-hand[data-hand-name="back"] .card').count() == 5
        assert tv.text_content(".middle .board-is") == "The dealer's hand"
    if SHOTS:
        tv.screenshot(path=str(Path(SHOTS, "night", f"tv-{game}.png")))
    looks_right(tv)
    assert serious(tv) == []
    for page in (ann, bob, tv):
        page.context.close()
