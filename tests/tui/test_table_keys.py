"""The table's keys beyond playing a hand: quitting, the standings, the menu, the pace, a
refused selection, hidden cards, and an 80×24 terminal that is resized."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from tests.tui.keyboard import keys_for, pick, play_hand, table_app
from textual.pilot import Pilot
from textual.widgets import Static

from pokernight.cards import SUIT_SYMBOLS, Card
from pokernight.tui.app import PokernightApp
from pokernight.tui.dialogs import ConfirmQuit, Standings
from pokernight.tui.menu_screen import MenuScreen
from pokernight.tui.settings import Settings
from pokernight.tui.table_screen import TableScreen


def drive(app: PokernightApp, steps: Callable[[Pilot[None]], Awaitable[None]]) -> None:
    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await steps(pilot)

    asyncio.run(run())


def table(pilot: Pilot[None]) -> TableScreen:
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    return screen


def test_quitting_asks_first_then_shows_the_standings() -> None:
    async def steps(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        await pilot.press("q")
        assert isinstance(pilot.app.screen, ConfirmQuit)
        await pilot.press("n")
        assert pilot.app.screen is screen
        await pilot.press("q", "y")
        await pilot.pause()
        standings = pilot.app.screen
        assert isinstance(standings, Standings)
        assert standings.heading == "You left the table"
        assert standings.strategies == ["you" if n is None else n for n in screen.seating.names]
        assert standings.stakes == screen.match.table.stakes
        await pilot.press("space")
        await pilot.pause()
        assert not pilot.app.is_running

    drive(table_app("hurricane"), steps)


def test_the_standings_hide_strategies_until_the_end() -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        standings = pilot.app.screen
        assert isinstance(standings, Standings)
        assert set(standings.strategies) == {"you", "computer"}
        await pilot.press("escape")
        assert isinstance(pilot.app.screen, TableScreen)

    drive(table_app("hurricane"), steps)


def test_a_wrong_selection_is_refused_and_nothing_is_played() -> None:
    """With nothing selected the bar says to select cards first (it said "select other
    cards"); a selection that is no legal play is refused in the game's own words (it said
    only "select other cards")."""

    async def steps(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        view = screen.view()
        before = len(view.events)
        await pilot.press("p")  # play with nothing selected
        bar = str(screen.query_one("#bar", Static).content)
        assert "select the cards to play first: ←/→ and space" in bar
        assert "not allowed" not in bar and len(screen.view().events) == before
        lowest, highest = view.hole[0], view.hole[-1]  # no pair: never a legal play
        assert isinstance(lowest, Card) and isinstance(highest, Card)
        assert lowest.rank != highest.rank
        await pilot.press("space", *["right"] * (len(view.hole) - 1), "space", "p")
        bar = str(screen.query_one("#bar", Static).content)
        assert f"play {lowest} {highest} is not allowed now: " in bar
        assert "play a single, a pair, three of a kind or a five-card hand" in bar
        assert len(screen.view().events) == before

    drive(table_app("bigtwo", seed=11), steps)


def test_other_seats_cards_show_only_their_backs() -> None:
    async def steps(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        for seat in range(8):
            text = str(screen.query_one(f"#seat{seat}", Static).content)
            shown = any(symbol in text for symbol in SUIT_SYMBOLS)
            assert shown == (seat == screen.you), text

    drive(table_app("hurricane"), steps)


def test_80_by_24_fits_and_a_resize_redraws() -> None:
    async def steps(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        for name in ("#bar", "#hand", "#title", "#log", *(f"#seat{s}" for s in range(8))):
            region = screen.query_one(name).region
            assert region.right <= 80 and region.bottom <= 24, name
            assert region.height >= 1 and region.width >= 10, name
        for seat in range(8):
            assert screen.query_one(f"#seat{seat}").region.height >= 4  # name, stake, cards, move
        narrow = screen.query_one("#seat0").region.width
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert screen.query_one("#seat0").region.width > narrow
        assert "Pot $" in str(screen.query_one("#middle", Static).content)

    drive(table_app("hurricane"), steps)


def test_the_menu_sets_seats_and_pace_and_starts_a_game() -> None:
    async def steps(pilot: Pilot[None]) -> None:
        menu = pilot.app.screen
        assert isinstance(menu, MenuScreen)
        await pilot.press("left", "p", "p", "4")  # 7 seats, pace 0.5 -> 1 -> 0, four colours
        assert menu.seats["hurricane"] == 7
        assert menu.settings == Settings(pace=0.0, four_colour=True)
        await pilot.press("down", "down", "left", "enter")  # highlow with 3 seats
        await pilot.pause()
        screen = table(pilot)
        assert screen.match.game.name == "highlow"
        assert len(screen.seating.names) == 3

    drive(PokernightApp(None, 5, settings=Settings(pace=0.5)), steps)


def test_at_a_slow_pace_the_computers_wait_their_turn() -> None:
    async def steps(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        state = screen.state
        assert state is not None

        async def until_your_turn() -> None:
            for _ in range(200):
                if state.to_act() == screen.you:
                    break
                assert screen.bot_pending  # a computer seat is waiting out its pace
                await pilot.pause(0.05)
            assert state.to_act() == screen.you and not screen.bot_pending

        await until_your_turn()
        view = screen.view()
        await pilot.press(*keys_for(pick(view), view))
        assert state.to_act() != screen.you and screen.bot_pending
        await until_your_turn()

    drive(PokernightApp("bigtwo", 7, settings=Settings(pace=0.25)), steps)


def test_the_quit_question_shows_its_key_and_the_standings_count_hands_right() -> None:
    async def steps(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        await play_hand(pilot, screen)
        await pilot.press("question_mark")
        standings = pilot.app.screen
        assert isinstance(standings, Standings)
        assert standings.heading == "Standings after 1 hand"
        await pilot.press("escape")
        await pilot.press("q")
        await pilot.pause()
        shown = " ".join(str(w.render()) for w in pilot.app.screen.query(Static))
        assert "Leave the table? [y] yes, any other key: keep playing" in shown

    drive(table_app("draw"), steps)
