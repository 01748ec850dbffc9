"""How a game at the terminal table ends and who deals there (issue 23): seed 002's own last
words when you leave or the game is over, its dealer (the computer, always), the round where
only check or fold is left, and a key the table does not know refused with a reason."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable
from dataclasses import replace

from rich.console import Console
from tests.tui.keyboard import play_hand, table_app
from textual.pilot import Pilot
from textual.widgets import RichLog, Static

from pokernight.tui.app import PokernightApp
from pokernight.tui.dialogs import Standings
from pokernight.tui.table_screen import TableScreen


def drive(
    app: PokernightApp,
    steps: Callable[[Pilot[None]], Awaitable[None]],
    size: tuple[int, int] = (80, 24),
) -> None:
    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await steps(pilot)

    asyncio.run(run())


def table(pilot: Pilot[None]) -> TableScreen:
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    return screen


def shown(pilot: Pilot[None]) -> str:
    """Every widget of the screen on top, as drawn (a table widget rendered to text)."""
    console = Console(width=80, record=True, file=io.StringIO())
    for widget in pilot.app.screen.query(Static):
        console.print(widget.content)
    return " ".join(console.export_text().split())


def bar(screen: TableScreen) -> str:
    return str(screen.query_one("#bar", Static).render())


async def between_hands_at(pilot: Pilot[None], stakes: tuple[int, int]) -> TableScreen:
    """Seed 002's table after its first hand, the stakes moved to ``stakes`` (the $400 kept):
    where a long game would have brought them."""
    screen = table(pilot)
    await play_hand(pilot, screen)
    assert sum(screen.match.table.stakes) == sum(stakes) == 400
    screen.match.table = replace(screen.match.table, stakes=stakes)
    return screen


async def leave(pilot: Pilot[None]) -> str:
    await pilot.press("q", "y")
    await pilot.pause()
    assert isinstance(pilot.app.screen, Standings)
    return shown(pilot)


def test_leaving_the_draw_table_at_200_or_less_says_you_leave_a_loser() -> None:
    async def steps(pilot: Pilot[None]) -> None:
        assert "You leave a loser with $200." in await leave(pilot)

    drive(table_app("draw"), steps)


def test_leaving_the_draw_table_ahead_says_so_in_the_seeds_words() -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await between_hands_at(pilot, (250, 150))
        said = await leave(pilot)
        assert "Quitting while you're ahead, are you? You leave with $250." in said

    drive(table_app("draw"), steps)


def test_other_games_still_say_you_left_the_table() -> None:
    async def steps(pilot: Pilot[None]) -> None:
        assert "You left the table" in await leave(pilot)

    drive(table_app("hurricane"), steps)


def test_at_0_after_the_ante_only_check_or_fold_then_the_seeds_last_words() -> None:
    """You at $2: the ante leaves you nothing, so the bar offers check and fold alone; a fold
    ends the game, told as seed 002 tells it."""

    async def steps(pilot: Pilot[None]) -> None:
        screen = await between_hands_at(pilot, (2, 398))
        await pilot.press("n")
        await pilot.pause()
        assert screen.view().stakes[0] == 0
        offered = bar(screen)
        assert "[k] check" in offered and "[f] fold" in offered
        assert "[b]" not in offered and "[c]" not in offered and "amount" not in offered
        await pilot.press("f")
        await pilot.pause()
        assert "[n] standings" in bar(screen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(pilot.app.screen, Standings)
        said = shown(pilot)
        assert "The computer wins: you have $0, not enough for the ante." in said
        assert "Game over" not in said

    drive(table_app("draw"), steps)


def test_the_computer_deals_every_hand_of_seed_002() -> None:
    """The seed's computer always deals: no panel marks you dealer, hand after hand."""

    async def steps(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        for hand in range(1, 4):
            assert screen.view().hand == hand
            panels = [str(w.render()) for w in screen.query(".seat").results(Static)]
            you = next(p for p in panels if "You" in p)
            computer = next(p for p in panels if "Seat 2" in p)
            assert "(D)" not in you and "Seat 2 (D)" in computer, f"hand {hand}: {panels}"
            await play_hand(pilot, screen)
            await pilot.press("n")
            await pilot.pause()

    drive(table_app("draw"), steps)


def test_a_key_the_table_does_not_know_is_refused_with_a_reason() -> None:
    """Odd keys (a superscript or fullwidth digit, a letter of no action) are refused with a
    message naming the key, and change nothing."""

    async def steps(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        for key in ("²", "３", "ö", "z"):
            before = (bar(screen).splitlines()[0], len(screen.query_one("#log", RichLog).lines))
            await pilot.press(key)
            await pilot.pause()
            assert f"{key} is no key here" in bar(screen), bar(screen)
            after = (bar(screen).splitlines()[0], len(screen.query_one("#log", RichLog).lines))
            assert before == after

    drive(table_app("hurricane"), steps)


def test_a_hand_that_would_be_dealt_without_you_ends_your_game() -> None:
    """Pai Gow deals no cards to a seat that cannot cover the table minimum: the table says
    you are out instead of dealing on without you (the computer seat could play for ever)."""

    async def steps(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        await play_hand(pilot, screen)
        stakes = screen.match.table.stakes
        screen.match.table = replace(screen.match.table, stakes=(10, *stakes[1:]))
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(pilot.app.screen, Standings), bar(screen)
        assert "You are out: hand 2 would be dealt without you at $10" in shown(pilot)
        assert screen.match.table.hand == 2 and len(screen.match.records) == 1

    drive(table_app("paigow", seats=2), steps)
