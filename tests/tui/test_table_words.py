"""What the table says, found wrong by playing it (issue 16): a game of points shows no
money, the action bar says how many cards to select, and the cursor on a selected card
keeps the selection's mark."""

from __future__ import annotations

from tests.tui.keyboard import table_app
from tests.tui.test_table_keys import drive, table
from textual.pilot import Pilot
from textual.widgets import Static

from pokernight.engine.actions import bet


def shown(pilot: Pilot[None], name: str) -> str:
    return str(table(pilot).query_one(f"#{name}", Static).content)


def test_big_two_shows_points_and_no_money() -> None:
    async def steps(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        panels = [str(w.content) for w in screen.query(".seat").results(Static)]
        assert all("0 points" in p for p in panels), panels
        assert not any("$" in p for p in [*panels, shown(pilot, "middle"), shown(pilot, "bar")])

    drive(table_app("bigtwo"), steps)


def test_pai_gow_says_to_select_two_cards_for_the_front() -> None:
    async def steps(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        assert screen.state is not None
        screen.take(bet(20))
        await pilot.pause()
        assert "[s] set 2 selected in front" in shown(pilot, "bar")

    drive(table_app("paigow"), steps)


def test_the_cursor_on_a_selected_card_keeps_its_mark() -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("space")
        await pilot.pause()
        assert "[*" in shown(pilot, "hand")
        await pilot.press("right")
        await pilot.pause()
        row = shown(pilot, "hand")
        assert row.removeprefix("Your cards ").startswith("*") and "[" in row

    drive(table_app("bigtwo"), steps)
