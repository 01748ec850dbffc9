"""A table's chat in Chromium: a line sent on one page shows on another as soon as it is said
(over the table's socket, measured from the click to the line on the other page: the pages
polled every two seconds before), a spectator the host has not let read the chat gets no line
over its socket, and the refusal it was shown goes once its cause does: the host opens the
chat to spectators, or the spectator sits down."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.web.chromium import post, serving, sign_up, sync_api

from pokernight.web.pace import Pace

REFUSED = "this table's chat is for its players: the host has not opened it to you"
SEEN = """text => {
  window.seenAt = null;
  const lines = document.getElementById("chat-lines");
  new MutationObserver((_, watching) => {
    if (lines.textContent.includes(text)) { window.seenAt = Date.now(); watching.disconnect(); }
  }).observe(lines, { childList: true, subtree: true });
}"""
"""Note the time (the machine's clock, the same for every page) the line shows on the page."""
PROBLEM = "said => document.getElementById('chat-problem')?.textContent === said"
SENT = """() => document.getElementById("chat-send")
  .addEventListener("click", () => { window.sentAt = Date.now(); }, { capture: true })"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('chat') / 'web.db'}"
    with serving(url, Pace(bot_delay=0, hand_pause=0)) as (address, _):
        yield address


def person(browser: sync_api.Browser, server: str, name: str, heard: list[str]) -> sync_api.Page:
    """A page of its own where ``name`` signed up; each chat line its sockets receive is
    noted in ``heard``."""
    page = browser.new_context().new_page()
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: _chat(f, heard)))
    sign_up(page, server, name)
    return page


def _chat(frame: str | bytes, heard: list[str]) -> None:
    if isinstance(frame, str) and frame.startswith('{"type":"chat"'):
        heard.append(frame)


def at_table(page: sync_api.Page, server: str, table: int) -> None:
    page.goto(f"{server}/#/table/{table}")
    page.wait_for_selector("#table-area .oval")


def test_a_line_reaches_the_other_pages_at_once_and_only_those_that_may_read(
    server: str, browser: sync_api.Browser
) -> None:
    # chat lines each page's socket got
    hosts: list[str] = []
    friends: list[str] = []
    watchers: list[str] = []
    sitters: list[str] = []
    host = person(browser, server, "hal", hosts)
    made = post(host, f"{server}/api/tables", {"game": "hurricane", "seats": 3, "turn_seconds": 0})
    table = made.json()["id"]
    assert post(host, f"{server}/api/tables/{table}/sit", {"seat": 0}).status == 200
    friend = person(browser, server, "fay", friends)
    assert post(friend, f"{server}/api/tables/{table}/sit", {"seat": 1}).status == 200
    watcher = person(browser, server, "wes", watchers)
    sitter = person(browser, server, "sid", sitters)
    for page in (host, friend, watcher, sitter):
        at_table(page, server, table)
    for page in (watcher, sitter):
        page.wait_for_function(PROBLEM, arg=REFUSED)

    friend.evaluate(SEEN, "deal me in")
    host.evaluate(SENT)
    host.fill("#chat-input", "deal me in")
    host.click("#chat-send")
    friend.wait_for_function("window.seenAt !== null")
    took = friend.evaluate("window.seenAt") - host.evaluate("window.sentAt")
    assert took < 200, f"{took} ms from the click to the line on the other page"
    host.wait_for_selector("#chat-lines li:has-text('deal me in')")
    assert len(hosts) == len(friends) == 1 and watchers == sitters == []
    assert watcher.locator("#chat-lines li").count() == 0

    # the refusal goes once its cause does, and the lines said meanwhile show
    assert post(sitter, f"{server}/api/tables/{table}/sit", {"seat": 2}).status == 200
    sitter.wait_for_function(PROBLEM, arg="")
    sitter.wait_for_selector("#chat-lines li:has-text('deal me in')")
    host.check("#host-spectator_chat")
    watcher.wait_for_function(PROBLEM, arg="")
    watcher.wait_for_selector("#chat-lines li:has-text('deal me in')")
    friend.fill("#chat-input", "welcome")
    friend.click("#chat-send")
    for page in (host, watcher, sitter):
        page.wait_for_selector("#chat-lines li:has-text('welcome')")
    assert [len(heard) for heard in (hosts, friends, watchers, sitters)] == [2, 2, 1, 1]
    assert watcher.inner_text("#chat-lines").splitlines() == ["hal: deal me in", "fay: welcome"]
