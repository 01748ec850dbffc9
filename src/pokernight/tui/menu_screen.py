"""The game menu: the catalog's games with a line about each and their options in words (each
one the game offers set here, as ``--option`` sets it), the number of seats, the computer
players (where the game has one that plays at a level), their pace and the four-colour deck."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from pokernight.catalog import CATALOG, Seating, entry, seat_person
from pokernight.errors import InvalidRules
from pokernight.tui.settings import PACES, Settings
from pokernight.tui.table_screen import TableScreen

MENU_CSS = """
MenuScreen #games { height: auto; max-height: 9; border-subtitle-align: left; }
MenuScreen #options { height: 1fr; padding: 0 1; }
MenuScreen #keys { height: auto; padding: 0 1; background: $panel; }
"""


class MenuScreen(Screen[None]):
    DEFAULT_CSS = MENU_CSS

    def __init__(self, seed: int, bots: tuple[str, ...], settings: Settings) -> None:
        super().__init__()
        self.seed, self.bots, self.settings = seed, bots, settings
        self.seats = {name: game.spec.default_seats for name, game in CATALOG.items()}
        self.computers: dict[str, str | None] = {name: None for name in CATALOG}
        """Each game's chosen ``bot:level`` for every computer seat (None: the house's)."""
        self.chosen: dict[str, dict[str, str]] = {name: {} for name in CATALOG}
        """Each game's options changed here, in their text form (``--option``'s)."""
        self.cursor = {name: 0 for name in CATALOG}
        """The option the ``[`` and ``]`` keys change, by its place in the game's list."""
        self.refused = ""
        """Why the last change was not made (a mix of options or seats the game refuses)."""

    def compose(self) -> ComposeResult:
        yield Static(Text(" pokernight: choose a game", style="bold"))
        yield OptionList(
            *(Option(Text(game.spec.title, style="bold"), id=n) for n, game in CATALOG.items()),
            id="games",
        )
        yield Static(id="options")
        yield Static(id="keys")

    def on_mount(self) -> None:
        self.redraw()

    def game(self) -> str:
        highlighted = self.query_one(OptionList).highlighted or 0
        return list(CATALOG)[highlighted]

    def on_option_list_option_highlighted(self, _: OptionList.OptionHighlighted) -> None:
        """The list names the games as players know them (the seeds' names); the highlighted
        one's line about it goes under them, on the list's border, taking no line of its own."""
        self.query_one(OptionList).border_subtitle = entry(self.game()).spec.about
        self.redraw()

    def on_option_list_option_selected(self, _: OptionList.OptionSelected) -> None:
        name = self.game()
        seating = self.seating(name)
        self.app.push_screen(TableScreen(entry(name).spec.title, seating, self.settings))

    def on_key(self, event: events.Key) -> None:
        name, char = self.game(), event.character or ""
        self.refused = ""
        if event.key in ("left", "right"):
            wanted = self.seats[name] + (1 if event.key == "right" else -1)
            try:
                seat_person(name, self.seed, wanted, self.lineup(name, wanted), self.chosen[name])
            except InvalidRules:
                return
            self.seats[name] = wanted
        elif char == "o" and entry(name).spec.choices:
            self.cursor[name] = (self.cursor[name] + 1) % len(entry(name).spec.choices)
        elif char in ("[", "]") and entry(name).spec.choices:
            self.step_option(name, 1 if char == "]" else -1)
        elif char == "c" and entry(name).levelled:
            choices = (None, *entry(name).levelled)
            now = choices.index(self.computers[name])
            self.computers[name] = choices[(now + 1) % len(choices)]
        elif char == "p":
            pace = next((p for p in PACES if p > self.settings.pace), PACES[0])
            self.settings = Settings(pace, self.settings.four_colour)
        elif char == "4":
            self.settings = Settings(self.settings.pace, not self.settings.four_colour)
        elif char == "q":
            self.action_leave()
        else:
            return
        event.stop()
        self.redraw()

    def action_leave(self) -> None:
        """q, Ctrl-Q and Ctrl-C close the app from the menu: no game to ask about."""
        self.app.exit()

    def seating(self, name: str) -> Seating:
        return seat_person(name, self.seed, self.seats[name], self.lineup(name), self.chosen[name])

    def step_option(self, name: str, step: int) -> None:
        """The option under the cursor takes its next (or previous) offered value, unless the
        game refuses the table that makes (then it says why, and nothing changes)."""
        key, values = list(entry(name).spec.choices.items())[self.cursor[name]]
        now = values.index(self.chosen[name].get(key, values[0]))
        wanted = {**self.chosen[name], key: values[(now + step) % len(values)]}
        try:
            seat_person(name, self.seed, self.seats[name], self.lineup(name), wanted)
        except InvalidRules as exc:
            self.refused = f"Not at this table: {exc}"
            return
        self.chosen[name] = {k: v for k, v in wanted.items() if v != entry(name).spec.choices[k][0]}

    def lineup(self, name: str, seats: int | None = None) -> tuple[str, ...]:
        """The computer players asked for: the chosen one in every computer seat, else
        ``--bots`` (the house draws the rest)."""
        chosen = self.computers[name]
        count = self.seats[name] if seats is None else seats
        return self.bots if chosen is None else (chosen,) * (count - 1)

    def computer_players(self, name: str) -> str:
        """Who sits in the computer seats: each of them the chosen player at its level."""
        chosen = self.computers[name]
        if chosen is None:
            return "Computer players: the house's players"
        player, level = chosen.split(":")
        count = self.seats[name] - 1
        if count == 1:
            return f"Computer player: {player} at level {level}"
        return f"Computer players: {count}, each {player} at level {level}"

    def redraw(self) -> None:
        name = self.game()
        spec = entry(name).spec
        seats = self.seats[name]
        text = Text(f"{spec.title}: {seats} seat{'' if seats == 1 else 's'}\n", style="bold")
        for place, (key, values) in enumerate(spec.choices.items()):
            mark = "▸ " if place == self.cursor[name] else "  "
            value = self.chosen[name].get(key, values[0])
            text.append(
                f"{mark}{option_words(spec.choice_help.get(key, key))}: {WORDS.get(value, value)}\n"
            )
        if self.refused:
            text.append(f"{self.refused}\n", style="bold red")
        pace = f"{self.settings.pace:g} s per action" if self.settings.pace else "instant"
        deck = "four colours" if self.settings.four_colour else "two colours"
        levelled = bool(entry(name).levelled)
        if levelled:
            text.append(f"\n{self.computer_players(name)}", style="italic")
        text.append(f"\nComputer pace: {pace}   Deck: {deck}", style="italic")
        self.query_one("#options", Static).update(text)
        computers = " · c computer players" if levelled else ""
        keys = (
            f"↑↓ choose · enter play · ←→ seats · o option · [ ] its value{computers} · p pace · "
            "4 four-colour deck · q quit"
        )
        self.query_one("#keys", Static).update(keys)


WORDS = {"on": "yes", "off": "no"}
"""A switch's values as the menu says them."""


def option_words(help: str) -> str:
    """An option named by what it decides, as a sentence starts (``Each seat's starting
    stake``), rather than by its field's name."""
    return help[:1].upper() + help[1:]
