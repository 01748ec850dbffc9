"""What a table is dealt from, as the pages show it to anyone who watches: a table made with a
seed is marked a practice table in the lobby, at the table and on the TV; a verifiable table
shows its commitment. Skipped with a message where chromium or Playwright is missing."""

from __future__ import annotations

import hashlib
from pathlib import Path

from tests.web.chromium import chromium, created, lobby, serving, signed_up

from pokernight.web.pace import Pace


def test_the_pages_say_what_a_table_is_dealt_from(tmp_path: Path) -> None:
    with (
        serving(f"sqlite:///{tmp_path / 'web.db'}", Pace(bot_delay=0.02, hand_pause=0)) as (
            server,
            app,
        ),
        chromium() as browser,
        signed_up(browser, server, "practiser") as page,
    ):
        made = []
        for field, value in (("#new-seed", "424242"), ("#new-verifiable", None)):
            lobby(page, server)
            page.select_option("#new-game", "draw")
            if value is None:
                page.check(field)
            else:
                page.fill(field, value)
            made.append(created(page))
        practice, verifiable = made
        rows = {t: app.state.manager.tables[t].row for t in made}
        assert rows[practice].practice and rows[practice].match_seed == 424242
        assert rows[verifiable].verifiable and not rows[verifiable].seeded
        watcher = browser.new_context().new_page()
        watcher.goto(f"{server}/#/table/{practice}")
        watcher.click("#table-menu summary")  # the deal's note is in the table's menu
        note = watcher.wait_for_selector('.deal[data-deal="practice"]')
        assert note is not None
        assert note.inner_text() == "Practice table: dealt from a seed its host chose"
        watcher.goto(f"{server}/tables/{practice}/tv")
        assert watcher.wait_for_selector('.deal[data-deal="practice"]')
        watcher.goto(f"{server}/#/table/{verifiable}")
        watcher.click("#table-menu summary")
        commitment = watcher.wait_for_selector(".deal .commitment")
        assert commitment is not None
        shown = commitment.inner_text()
        assert shown == hashlib.sha256(rows[verifiable].secret.encode()).hexdigest()
        assert not watcher.locator(".deal .secret").count()
        watcher.goto(f"{server}/?lobby")
        watcher.wait_for_selector(".table-card .deal")
        cards = {t: watcher.locator(f'.table-card[data-table="{t}"] .deal') for t in made}
        assert cards[practice].get_attribute("data-deal") == "practice"
        assert cards[verifiable].get_attribute("data-deal") == "verifiable"
