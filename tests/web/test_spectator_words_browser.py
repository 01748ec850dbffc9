"""A spectator's words: a whole game of seed 002's draw (ann against the computer, to her bust
or her win), driven by clicks on ann's page, while an account with no seat watches it on the
table's page and on its TV. Every text either page shows at any moment (its text, and its
``title`` and ``aria-label`` attributes, read on each change of the page) is written for that
reader: it never says "you" or "your", save the page's own controls that address the one
reading it (``CHROME``). The game's end is told in ann's name."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from tests.web.chromium import post, serving, sign_up, sync_api

from pokernight.web.pace import Pace

YOU = re.compile(r"\b(you|your)\b", re.IGNORECASE)
CHROME = {
    # the alerts' settings, which every page offers its reader for the turns they may take
    "your turn in the page's title",
    "a sound on your turn and on requests",
    # the chat, telling the one reading it why they may not write in it
    "this table's chat is for its players: the host has not opened it to you",
}
"""Texts of the page's own controls, which speak to whoever reads the page."""
SEEN = """() => {
  const seen = new Set();
  const note = () => {
    if (!document.body) return;
    for (const line of document.body.innerText.split("\\n")) if (line.trim()) seen.add(line.trim());
    for (const node of document.querySelectorAll("[title], [aria-label]")) {
      if (!node.checkVisibility()) continue; // hidden: nobody reads it
      for (const name of ["title", "aria-label"]) {
        if (node.getAttribute(name)) seen.add(node.getAttribute(name));
      }
    }
  };
  const all = { subtree: true, childList: true, characterData: true, attributes: true };
  new MutationObserver(note).observe(document, all);
  window.seenTexts = () => { note(); return [...seen]; };
  window.forgetSeen = () => { seen.clear(); note(); };
}"""
"""Every line of text and every title and aria-label the page has shown since it loaded, or
since ``forgetSeen()`` (the lobby it signed up on left behind)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('words') / 'web.db'}"
    with serving(url, Pace(bot_delay=0.01, hand_pause=0)) as (address, _):
        yield address


def test_a_spectator_and_the_tv_never_read_you(server: str, browser: sync_api.Browser) -> None:
    player, watcher = browser.new_context(), browser.new_context()
    watcher.add_init_script(f"({SEEN})()")
    try:
        ann = player.new_page()
        sign_up(ann, server, "ann")
        body = {"game": "draw", "seats": 2, "computers": {"1": "computer"}, "seed": 2}
        short = {"stake": "20", "ante": "5"}  # a game of a few hands
        made = post(ann, "/api/tables", {**body, "options": short, "turn_seconds": 0})
        assert made.status == 201, made.body
        table = made.json()["id"]
        watching = watcher.new_page()
        sign_up(watching, server, "onlooker")
        watching.goto(f"{server}/#/table/{table}")
        watching.wait_for_selector(".oval")
        watching.evaluate("() => window.forgetSeen()")
        tv = watcher.new_page()
        tv.goto(f"{server}/tables/{table}/tv")
        assert post(ann, f"/api/tables/{table}/sit", {"seat": 0}).status == 200
        ann.goto(f"{server}/#/table/{table}")
        over = "Over: ann cannot put up the ante"
        while over not in ann.inner_text("body"):
            if ann.locator(".your-turn").count():
                ann.locator(".your-turn button[data-action]").first.click()
            ann.wait_for_timeout(50)
        watching.wait_for_function("text => document.body.innerText.includes(text)", arg=over)
        tv.wait_for_function("text => document.body.innerText.includes(text)", arg=over)
        for page in (watching, tv):
            said = page.evaluate("() => window.seenTexts()")
            assert any("ann" in line for line in said)
            assert [t for t in said if YOU.search(t) and t not in CHROME] == [], page.url
    finally:
        player.close()
        watcher.close()
