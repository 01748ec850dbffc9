"""The table's pop-ups: the quit confirmation and the standings with the keys' help."""

from __future__ import annotations

import io
from collections.abc import Mapping

from rich.console import Console
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from pokernight.engine.sit_and_go import Standing
from pokernight.engine.structure import ordinal

KEYS_HELP = (
    "Keys: ←/→ move over your cards, space selects one; the action bar names each action's "
    "key (k check, c call, f fold, b bet, r raise, h keep, d discard, o orient, s set, "
    "p play, x pass); digits or +/- set an amount; n deals the next hand, ↑/↓ page the "
    "results where the key line offers it; ? standings; q, Ctrl-Q or Ctrl-C quits."
)
DIALOG_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{
    width: 76; height: auto; max-height: 22; border: round $accent; padding: 0 1;
    background: $surface;
}}
"""


class ConfirmQuit(ModalScreen[bool]):
    """Leaving mid-game is asked once: y leaves, any other key stays."""

    DEFAULT_CSS = DIALOG_CSS.format(name="ConfirmQuit")

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(r"Leave the table? \[y] yes, any other key: keep playing")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(event.character in ("y", "Y"))

    def action_leave(self) -> None:
        """Ctrl-Q or Ctrl-C again answers as any key but y does: the table is not left by a
        key the question did not name."""
        self.dismiss(False)


class Standings(ModalScreen[str]):
    """Every seat's stake and its change since the first hand (its points in a game of
    points); at the end of a game the computer players' strategies are revealed. Dismissed
    with the standings as plain text, for the terminal to keep once the app has closed."""

    DEFAULT_CSS = DIALOG_CSS.format(name="Standings")

    def __init__(
        self,
        heading: str,
        names: list[str],
        strategies: list[str],
        start: tuple[int, ...],
        stakes: tuple[int, ...],
        scored: bool = False,
        finishes: Mapping[int, Standing] | None = None,
    ) -> None:
        """``scored``: a game of points, whose stakes are minus each seat's points;
        ``finishes``: a sit-and-go's place and prize of each seat, shown beside them."""
        super().__init__()
        self.heading, self.names, self.strategies = heading, names, strategies
        self.start, self.stakes, self.scored = start, stakes, scored
        self.finishes = finishes

    def table(self) -> Table:
        table = Table(title=self.heading, expand=True)
        numbers: tuple[str, ...] = ("points",) if self.scored else ("stake", "change")
        if self.finishes is not None:
            numbers += ("place", "prize")
        for column in ("seat", "player", *numbers):
            table.add_column(column, justify="right" if column in numbers else "left")
        for seat, name in enumerate(self.names):
            stake = self.stakes[seat]
            cells = [f"{-stake}"] if self.scored else [f"{stake}", f"{stake - self.start[seat]:+d}"]
            if self.finishes is not None:
                row = self.finishes[seat]
                cells += [ordinal(row.place), f"{row.prize} ({row.net:+d})"]
            table.add_row(name, self.strategies[seat], *cells)
        return table

    def plain(self) -> str:
        """The standings in plain text: the heading on its own line (a long one is not
        wrapped to the table's width), the table as narrow as its columns allow."""
        table = self.table()
        table.title, table.expand = None, False
        console = Console(file=io.StringIO(), record=True)
        console.print(self.heading, table, sep="\n")
        return console.export_text().rstrip("\n")

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.table())
            yield Static(Text(KEYS_HELP, style="dim"))
            yield Static("Press any key to go on.")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.action_leave()

    def action_leave(self) -> None:
        """Any key goes on, Ctrl-Q and Ctrl-C too: once (keys typed fast, after the first
        has closed it and the app is closing, reach it too and must not close it again)."""
        if self.is_current:
            self.dismiss(self.plain())
