"""Chromium through Playwright, for the browser tests and the browser conformance driver:
where it is and how it is launched here (ENVIRONMENT.md), a real server on a free port, and a
person signing up and sitting down at a new table by clicking. Importing this skips the
importing test module, with a message, where chromium or Playwright is missing."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright import sync_api as sync_api
else:
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
CHROMIUM = "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip(
        "chromium is missing: apt-get update && apt-get install -y chromium",
        allow_module_level=True,
    )

from fastapi import FastAPI  # noqa: E402
from tests.web.threaded import free_port, uvicorn_thread  # noqa: E402

from pokernight.web.app import create_app  # noqa: E402
from pokernight.web.pace import Pace  # noqa: E402
from pokernight.web.policy import Policy  # noqa: E402

FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SHOTS = os.environ.get("POKERNIGHT_SCREENSHOTS")
"""A folder: each game's table is saved there as a PNG (the README's screenshots)."""


@contextmanager
def serving(database: str, pace: Pace) -> Iterator[tuple[str, FastAPI]]:
    """``pokernight serve`` in a thread on a free port: its address, and the app (whose
    ``state.manager`` holds the live tables, for tests that check the engine's side)."""
    port = free_port()
    # Every page signs up from loopback: the per-address limits would stop a module's pages.
    crowd = Policy(signup_burst=1000, guest_burst=1000, address_open_tables=1000)
    app = create_app(database, pace, policy=crowd, public_url=f"http://127.0.0.1:{port}")
    with uvicorn_thread(app, port) as base:
        yield base, app


@contextmanager
def chromium() -> Iterator[sync_api.Browser]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def signed_up(browser: sync_api.Browser, server: str, name: str) -> Iterator[sync_api.Page]:
    """A page of its own (its own cookies) where ``name`` has just signed up."""
    context = browser.new_context()
    try:
        page = context.new_page()
        sign_up(page, server, name)
        yield page
    finally:
        context.close()


@dataclass(frozen=True)
class Answer:
    status: int
    body: Any

    def json(self) -> Any:
        return self.body


POST = """async ([url, body]) => {
  const token = (await (await fetch("/api/csrf")).json()).token;
  const headers = { "content-type": "application/json", "x-csrf-token": token };
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json().catch(() => null) };
}"""


def post(page: sync_api.Page, url: str, data: object = None) -> Answer:
    """A POST as the page's own script makes it: from its origin, with the token it reads
    from the server (``static/api.js``); a request from elsewhere is refused."""
    found = page.evaluate(POST, [url, data])
    return Answer(int(found["status"]), found["body"])


def sign_up(page: sync_api.Page, server: str, name: str) -> None:
    page.goto(server)
    page.fill("#name", name)
    page.fill("#password", "a-long-password")
    page.click("#signup")
    page.wait_for_selector("#me")


def lobby(page: sync_api.Page, server: str) -> None:
    """Load the lobby afresh and wait for its form. (Going from a table to ``/#/`` changes
    only the address's hash: the lobby is then drawn a moment later, over a form already
    being filled in.)"""
    page.goto(f"{server}/?lobby")
    page.wait_for_selector("#new-game")


def created(page: sync_api.Page) -> int:
    """Create the table the lobby's form describes (its maker sitting down at it); its id,
    once its page shows it."""
    page.click("#create")
    page.wait_for_selector(".oval")
    return int(page.url.rsplit("/", 1)[1])


def create_table(page: sync_api.Page, game: str, seats: int) -> int:
    """Create a table of ``game`` in the lobby's form (the first seat a person's, the others
    the lobby's computer players) and sit down at it; the table's id."""
    page.select_option("#new-game", game)
    page.fill("#new-seats", str(seats))
    page.dispatch_event("#new-seats", "change")
    return created(page)


def friends_form(page: sync_api.Page, server: str, game: str, computer: str) -> None:
    """The lobby's form, afresh, for ``game`` at four seats: the maker's first, the second
    and third left for people, the fourth ``computer``'s."""
    lobby(page, server)
    page.select_option("#new-game", game)
    page.fill("#new-seats", "4")
    page.dispatch_event("#new-seats", "change")
    page.select_option('select[data-seat="1"]', "")
    page.select_option('select[data-seat="2"]', "")
    page.select_option('select[data-seat="3"]', computer)


def play_until(page: sync_api.Page, selector: str) -> None:
    """Take this page's turns (each its first choice) until ``selector`` shows: a hand the
    host ended plays out to its end before the table is over."""
    while not page.locator(selector).count():
        if page.locator(".your-turn").count():
            page.locator(".your-turn button[data-action]").first.click()
        page.wait_for_timeout(50)
