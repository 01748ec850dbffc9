"""The Textual app behind ``pokernight play`` on a terminal: straight to a game's table when
one is named, the game menu otherwise."""

from __future__ import annotations

from typing import ClassVar, TextIO

from textual.app import App
from textual.binding import Binding, BindingType

from pokernight.catalog import entry, seat_person
from pokernight.engine.spec import NO_CHOICES, Choices
from pokernight.engine.structure import Structure
from pokernight.tui.menu_screen import MenuScreen
from pokernight.tui.settings import Settings
from pokernight.tui.table_screen import TableScreen


class PokernightApp(App[None]):
    """Leaves on the terminal, once it has closed, the standings a game ended with."""

    TITLE = "pokernight"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+c", "quit", show=False, priority=True)]
    """Ctrl-C quits as Ctrl-Q does (Textual binds it to copying, which a table never needs)."""

    def __init__(
        self,
        game: str | None,
        seed: int,
        seats: int | None = None,
        bots: tuple[str, ...] = (),
        settings: Settings | None = None,
        records: TextIO | None = None,
        choices: Choices = NO_CHOICES,
        structure: Structure | None = None,
    ) -> None:
        """``records``: where each finished hand's record line goes (``play --records``);
        ``choices``: the named game's options (``play --option``); ``structure``: a
        sit-and-go's (``play --sit-and-go``)."""
        super().__init__()
        self.records = records
        self.game, self.seed, self.seats, self.bots = game, seed, seats, bots
        self.settings = settings or Settings()
        if game is not None:  # seat now, so a bad option fails before the screen opens
            self.seating = seat_person(game, seed, seats, bots, choices, structure)

    def on_mount(self) -> None:
        if self.game is None:
            self.push_screen(MenuScreen(self.seed, self.bots, self.settings))
        else:
            title = entry(self.game).spec.title
            self.push_screen(TableScreen(title, self.seating, self.settings, self.records))

    async def action_quit(self) -> None:
        """Ctrl-Q and Ctrl-C leave as q does on the screen in front (its ``leave`` action): the
        table asks first and ends with the standings; a screen without one closes the app."""
        if not await self.run_action("screen.leave"):
            self.exit()
