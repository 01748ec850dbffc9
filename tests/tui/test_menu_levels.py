"""The menu's choice of computer players, for a game with one that plays at a level: the key
cycles the house's players and each level, the options panel and the key line say so (each
computer seat a player of its own: "7, each expert at level easy", never "expert, easy", read
as one), and the table seats that player at that level in every computer seat. Games without
one show nothing. The games are listed by the seeds' names, the highlighted one's line about
it under the list."""

from __future__ import annotations

from tests.tui.test_table_keys import drive, table
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from pokernight.catalog import CATALOG
from pokernight.tui.app import PokernightApp
from pokernight.tui.menu_screen import MenuScreen
from pokernight.tui.settings import Settings


def shown(pilot: Pilot[None], widget: str) -> str:
    return str(pilot.app.screen.query_one(widget, Static).content)


def test_the_menu_seats_the_expert_at_the_chosen_level() -> None:
    async def steps(pilot: Pilot[None]) -> None:
        assert isinstance(pilot.app.screen, MenuScreen)
        assert "Computer players: the house's players" in shown(pilot, "#options")
        assert "c computer players" in shown(pilot, "#keys")
        for level in ("easy", "medium", "hard"):
            await pilot.press("c")
            assert f"Computer players: 7, each expert at level {level}" in shown(pilot, "#options")
        await pilot.press("c")  # round again to the house's players
        assert "Computer players: the house's players" in shown(pilot, "#options")
        await pilot.press("down")  # draw: no computer player takes a level
        assert "Computer players" not in shown(pilot, "#options")
        assert "computer players" not in shown(pilot, "#keys")
        await pilot.press("c", "up", "c", "left", "left")  # hurricane: easy, 6 seats
        assert "Computer players: 5, each expert at level easy" in shown(pilot, "#options")
        await pilot.press("enter")
        await pilot.pause()
        names = table(pilot).seating.names
        assert len(names) == 6 and names.count(None) == 1
        assert {n for n in names if n is not None} == {"expert:easy"}

    drive(PokernightApp(None, 5, settings=Settings(pace=0.5)), steps)


def test_one_computer_seat_is_one_computer_player() -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("c", *["left"] * 6)  # hurricane at its fewest seats, 2
        assert "Computer player: expert at level easy" in shown(pilot, "#options")

    drive(PokernightApp(None, 5, settings=Settings(pace=0.5)), steps)


def test_the_menu_names_the_games_as_the_seeds_do() -> None:
    """Pai Gow Poker and Mount Holyoke Poker, not paigow and bigtwo; the line about the one
    highlighted follows it."""

    async def steps(pilot: Pilot[None]) -> None:
        games = pilot.app.screen.query_one(OptionList)
        listed = [str(games.get_option_at_index(i).prompt) for i in range(games.option_count)]
        assert listed == [game.spec.title for game in CATALOG.values()]
        assert "Pai Gow Poker" in listed and "Mount Holyoke Poker" in listed
        for game in CATALOG.values():
            assert games.border_subtitle == game.spec.about
            await pilot.press("down")

    drive(PokernightApp(None, 5, settings=Settings(pace=0.5)), steps)


def test_the_menu_sets_each_option_in_words_and_the_table_plays_it() -> None:
    """Every option the game offers is a line in words (what it decides: its value, a switch
    said yes or no), never a field's repr; ``o`` moves to the next, ``]`` and ``[`` step its
    value through those offered, and the table is dealt under them. A mix the game refuses
    (a player banking at a table of one) is said, and nothing changes."""

    async def steps(pilot: Pilot[None]) -> None:
        options = shown(pilot, "#options")
        assert "Hurricane: 8 seats" in options
        assert "▸ Each seat's starting stake: 100" in options
        assert "  A hand ends when every other seat has folded: no" in options
        assert "end_when_one_left" not in options and "=" not in options
        await pilot.press("]", "]")  # the stake: 100, then 20, then 50
        assert "▸ Each seat's starting stake: 50" in shown(pilot, "#options")
        await pilot.press("[")
        assert "▸ Each seat's starting stake: 20" in shown(pilot, "#options")
        await pilot.press("o", "o", "o", "o", "]")
        assert "▸ A hand ends when every other seat has folded: yes" in shown(pilot, "#options")
        await pilot.press(*["down"] * 3)  # Pai Gow Poker, one seat
        await pilot.press("o", "o", "o", "o", "]")  # the bank: a player, at a table of one
        said = shown(pilot, "#options")
        assert "Pai Gow Poker: 1 seat\n" in said and "▸ Who banks: house" in said
        assert "Not at this table: a player can bank only with at least two players" in said
        await pilot.press(*["up"] * 3, "enter")
        await pilot.pause()
        played = table(pilot).seating.game.options
        assert (played.stake, played.end_when_one_left) == (20, True)  # type: ignore[attr-defined]

    drive(PokernightApp(None, 5, settings=Settings(pace=0.5)), steps)
