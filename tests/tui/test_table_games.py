"""Every game played through the keyboard at an 80×24 table: a whole hand (a whole round of
Big Two), then the showdown panel checked against the hand's real outcome."""

from __future__ import annotations

import asyncio

from tests.tui.keyboard import play_hand, table_app
from textual.widgets import Static

from pokernight.catalog import entry
from pokernight.engine.events import PotAwarded
from pokernight.tui.table_screen import TableScreen


def bar_text(screen: TableScreen) -> str:
    return str(screen.query_one("#bar", Static).content)


def results_text(screen: TableScreen) -> str:
    """The finished hand's results, in the box above the key line."""
    return str(screen.query_one("#result-lines", Static).content)


def test_a_whole_hand_through_the_keyboard(every_game: str) -> None:
    game = every_game

    async def run() -> None:
        app = table_app(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            taken = await play_hand(pilot, screen)
            assert taken, "the person acted at least once"
            record = screen.record
            assert record is not None and screen.state is not None
            assert record.actions == screen.state.actions
            shown = bar_text(screen)
            told = results_text(screen)
            for award in record.outcome.awards:
                assert isinstance(award, PotAwarded)
                words = award.words(lambda seat: "")  # the award as every screen words it
                said = words.strip() if award.amount and words else award.reason
                assert said in told
            net = record.outcome.net[screen.you]
            if entry(game).spec.points:  # a game of points: the points taken, no money
                assert f"You {-net} point{'s' * (net != -1)} this round" in shown
            else:
                assert f"You {net:+d} this hand" in shown
            assert screen.match.table.stakes == record.outcome.stakes
            await pilot.press("n")
            await pilot.pause()
            assert screen.match.table.hand == 2
            assert screen.record is None or screen.match.over()

    asyncio.run(run())
