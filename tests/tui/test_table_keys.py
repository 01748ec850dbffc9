"""The table's keys beyond playing a hand: quitting (q, Ctrl-Q and Ctrl-C alike, the
standings left on the terminal), the standings, the menu, the pace, an amount kept to its
range as it is typed, a refused selection, hidden cards, and an 80×24 terminal that is
resized."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from tests.tui.keyboard import keys_for, pick, play_hand, table_app
from textual.pilot import Pilot
from textual.widgets import Static

from pokernight.cards import SUIT_SYMBOLS, Card
from pokernight.engine.actions import bet, raise_
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
        asking = pilot.app.screen
        assert isinstance(asking, ConfirmQuit)
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


@pytest.mark.parametrize("key", ["ctrl+c", "ctrl+q"])
def test_ctrl_c_and_ctrl_q_ask_as_q_does(key: str) -> None:
    """Ctrl-C was ignored without a word and Ctrl-Q closed the table with no question and no
    standings: both ask now; pressed again at the question they keep you playing, as any key
    but y does; at the standings they go on, as any key does."""

    async def steps(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        await pilot.press(key)
        assert isinstance(pilot.app.screen, ConfirmQuit)
        await pilot.press(key)
        assert table(pilot) is screen and pilot.app.is_running
        await pilot.press(key, "y")
        await pilot.pause()
        assert isinstance(pilot.app.screen, Standings)
        assert pilot.app.screen.heading == "You left the table"
        await pilot.press(key)
        await pilot.pause()
        assert not pilot.app.is_running

    drive(table_app("hurricane"), steps)


def test_the_standings_stay_on_the_terminal_after_the_app_closes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The standings the table ended with are printed once the app has closed (the key that
    closed it used to clear them from the terminal with the app's screen)."""
    app = table_app("draw")
    seen: list[TableScreen] = []

    async def steps(pilot: Pilot[None]) -> None:
        seen.append(table(pilot))
        await play_hand(pilot, seen[0])
        await pilot.press("q", "y")
        await pilot.pause()
        await pilot.press("space")
        await pilot.pause()
        assert not pilot.app.is_running

    drive(app, steps)
    screen, printed = seen[0], capsys.readouterr().err
    heading, *rows = printed.splitlines()
    assert heading == screen.last_words(quit_now=True)  # seed 002's own: "You leave ..."
    cells = [" ".join(row.replace("│", " ").split()) for row in rows]
    for seat, (name, kind) in enumerate([("You", "you"), ("Seat 2", screen.seating.names[1])]):
        stake = screen.match.table.stakes[seat]
        assert f"{name} {kind} {stake} {stake - 200:+d}" in cells, printed


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


def test_an_amount_is_kept_to_its_range_as_it_is_typed() -> None:
    """Hurricane raises $1-3: a 9 is refused as it is typed, naming the range (it was taken
    and the raise refused only at r); a digit inside the range is taken, and so is its raise."""

    async def steps(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        assert "amount $1-3" in str(screen.query_one("#bar", Static).content)
        await pilot.press("9")
        shown = str(screen.query_one("#bar", Static).content)
        assert "9 is not allowed: amounts run from 1 to 3" in shown
        assert screen.amount == 1 and "raise 1" in shown
        await pilot.press("2", "r")
        assert screen.state is not None and raise_(2) in screen.state.actions

    drive(table_app("hurricane"), steps)


def test_digits_that_begin_an_amount_are_taken_and_one_more_is_not() -> None:
    """Five-card draw bets $1-10: 1 begins 10 and is taken, 11 is refused, 10 is bet."""

    async def steps(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        await pilot.press("1", "1")
        assert "11 is not allowed: amounts run from 1 to 10" in str(
            screen.query_one("#bar", Static).content
        )
        assert screen.amount == 1
        await pilot.press("0", "b")
        assert screen.state is not None and bet(10) in screen.state.actions

    drive(table_app("draw"), steps)


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


@pytest.mark.parametrize("key", ["q", "ctrl+q", "ctrl+c"])
def test_the_menu_closes_at_once_and_leaves_nothing(
    key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press(key)
        await pilot.pause()
        assert not pilot.app.is_running

    drive(PokernightApp(None, 5, settings=Settings(pace=0.5)), steps)
    assert capsys.readouterr().err == ""


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
