"""The table: seats around the felt, your cards, the action bar and the hand log.

The screen deals hand after hand of a ``Match`` itself: computer seats act from their own
views (one per ``pace`` seconds so a person can follow), and at your turn the keys build an
action that must be in ``view.legal``. Everything drawn comes from ``view(you)``.
"""

from __future__ import annotations

from typing import TextIO

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import RichLog, Static

from pokernight.catalog import Seating, entry
from pokernight.engine.actions import Action, whole_number
from pokernight.engine.events import Dealt, dollars
from pokernight.engine.prompt import game_over as told_game_over
from pokernight.engine.prompt import yours
from pokernight.engine.protocol import HandState, View
from pokernight.engine.sit_and_go import SitAndGo
from pokernight.engine.spec import Preview
from pokernight.engine.table import HandRecord
from pokernight.errors import IllegalAction
from pokernight.history.record import write_record
from pokernight.tui.choices import VERB_OF_KEY, Choices, build, read_choices
from pokernight.tui.dialogs import ConfirmQuit, Standings
from pokernight.tui.preparing import Preparing
from pokernight.tui.seats_layout import place
from pokernight.tui.settings import KeyboardSeat, Settings
from pokernight.tui.table_css import TABLE_CSS
from pokernight.tui.table_parts import (
    action_bar,
    brief,
    felt_middle,
    seat_name,
    seat_panel,
    showdown_text,
    your_hand,
)

RESULTS_AT_LEAST = 3
"""The results box's lines however many the seats' rows need: a line to read and one either
side while paging through them."""


def lines(widget: Static, width: int) -> int:
    """The lines ``widget``'s content takes ``width`` wide, counted as the layout counts them."""
    return widget.get_content_height(widget.container_size, widget.app.size, width)


class TableScreen(Screen[None]):
    DEFAULT_CSS = TABLE_CSS

    def __init__(
        self, title: str, seating: Seating, settings: Settings, records: TextIO | None = None
    ) -> None:
        super().__init__()
        self.title_text, self.seating, self.settings = title, seating, settings
        self.records = records
        spec = entry(seating.game.name).spec
        self.scored = spec.points
        """A game of points: scores instead of money, and no pot."""
        self.preview = spec.preview
        """What a selection would make of your hand, and its warning, before it is taken."""
        self.armed: Action | None = None
        """An action whose preview warned: the same key again takes it."""
        self.set_as = spec.set_as
        """The named hands a finished hand's cards are drawn apart into."""
        self.rows = spec.rows
        """The game's own rows of the hand, shown above the log (None: the log alone)."""
        self.you = seating.you
        self.match = seating.match(KeyboardSeat())
        self.start = seating.table.stakes
        self.state: HandState | None = None
        self.hand_seed = 0
        self.record: HandRecord | None = None
        self.logged = 0
        self.last: dict[int, str] = {}
        self.cursor, self.selected, self.typed = 0, list[int](), ""
        self.amount: int | None = None
        self.message = ""
        self.bot_pending = False
        self.paged = False
        """The finished hand's results are more than their box holds: ↑/↓ scroll them."""

    def compose(self) -> ComposeResult:
        seats = len(self.seating.names)
        spots = place(seats, self.you)
        yield Static(id="title")
        with Horizontal(id="main"):
            with Vertical(id="felt"):
                if spots.top:  # no empty row: its height goes to the seats' whole lines
                    with Horizontal(classes="row"):
                        yield from (Static(id=f"seat{s}", classes="seat") for s in spots.top)
                with Horizontal(classes="row middle"):
                    if spots.left is not None:
                        yield Static(id=f"seat{spots.left}", classes="seat")
                    yield Static(id="middle")
                    if spots.right is not None:
                        yield Static(id=f"seat{spots.right}", classes="seat")
                with Horizontal(classes="row"):
                    yield from (Static(id=f"seat{s}", classes="seat") for s in spots.bottom)
            with Vertical(id="side"):
                if self.rows is not None:
                    yield Static(id="shorthand")
                yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Static(id="hand")
        with VerticalScroll(id="results"):
            yield Static(id="result-lines")
        yield Static(id="bar")

    def on_mount(self) -> None:
        if isinstance(self.match, SitAndGo):  # the tournament's terms, as the prompt opens
            self.query_one("#log", RichLog).write(self.match.words())
        work = self.seating.preparations
        if work:
            self.app.push_screen(Preparing(work), lambda _: self.deal())
        else:
            self.deal()

    # -- playing -------------------------------------------------------------------------

    def deal(self) -> None:
        if (reason := self.match.over()) is not None:
            self.game_over(reason)
            return
        state, seed = self.match.start_hand()
        if not state.view(self.you).live[self.you]:  # no cards for you: the rest would play on
            table = self.match.table
            said = f"You are out: hand {table.hand} would be dealt without you at "
            self.show_standings(final=said + dollars(table.stakes[self.you]), then_exit=True)
            return
        self.state, self.hand_seed = state, seed
        self.record, self.logged, self.last = None, 0, {}
        self.advance()

    def advance(self) -> None:
        """Computer seats act until it is your turn or the hand is over."""
        state = self.state
        assert state is not None
        while (seat := state.to_act()) is not None and seat != self.you:
            if self.settings.pace > 0:
                if not self.bot_pending:
                    self.bot_pending = True
                    self.set_timer(self.settings.pace, self.bot_step)
                self.redraw()
                return
            state.apply(self.match.players[seat].act(state.view(seat)))
        if seat is None and self.record is None:
            self.record = self.match.finish_hand(state, self.hand_seed)
            self.keep(self.record)
        self.reset_choice()
        self.redraw()

    def keep(self, record: HandRecord) -> None:
        """The finished hand's record line, when ``play --records`` asked for them; what the
        match has to tell after it (a sit-and-go's level, seats out, places) to the log."""
        write_record(self.records, self.seating.names, record)
        self.log_new(self.view())  # the hand's last events (its showdown) first: then its news
        log = self.query_one("#log", RichLog)
        for line in self.match.news:
            log.write(yours(line, self.you))

    def bot_step(self) -> None:
        self.bot_pending = False
        state = self.state
        if state is not None and (seat := state.to_act()) is not None and seat != self.you:
            state.apply(self.match.players[seat].act(state.view(seat)))
        self.advance()

    def take(self, action: Action) -> None:
        assert self.state is not None
        self.state.apply(action)
        self.advance()

    def reset_choice(self) -> None:
        self.cursor, self.selected, self.typed, self.message = 0, [], "", ""
        self.armed = None
        choices = self.choices()
        self.amount = choices.amounts[0] if choices and choices.amounts else None

    def view(self) -> View:
        assert self.state is not None
        return self.state.view(self.you)

    def choices(self) -> Choices | None:
        """What you may do now (None while another seat acts or the hand is over)."""
        if self.state is None or self.state.to_act() != self.you:
            return None
        return read_choices(self.view().legal)

    # -- keys ----------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        key, char = event.key, event.character or ""
        if char == "?":
            self.show_standings()
        elif char == "q":
            self.action_leave()
        elif self.record is not None and key in ("n", "enter"):
            self.deal()
        elif self.paged and key in ("up", "down", "pageup", "pagedown"):
            self.scroll_results(key)
        elif (choices := self.choices()) is not None:
            self.your_key(key, char, choices)
        else:
            return
        event.stop()

    def your_key(self, key: str, char: str, choices: Choices) -> None:
        hole = self.view().hole
        if key in ("left", "right") and hole:
            self.cursor = (self.cursor + (1 if key == "right" else -1)) % len(hole)
        elif key == "space" and choices.selects_cards:
            self.message, self.armed = "", None
            if self.cursor in self.selected:
                self.selected.remove(self.cursor)
            else:
                self.selected.append(self.cursor)
        elif whole_number(char) is not None and choices.amounts:
            typed = (self.typed + char).lstrip("0")
            if typed and not choices.leads_to_amount(typed):
                self.message = f"{typed} is not allowed: {choices.amount_range}"
            else:
                self.typed, self.message = typed, ""
                self.amount = int(typed) if typed else None
        elif key == "backspace" and choices.amounts:
            self.typed = self.typed[:-1]
            self.amount = int(self.typed) if self.typed else choices.amounts[0]
        elif char in ("+", "-", "=") and choices.amounts:
            self.typed = ""
            self.amount = choices.step(self.amount, up=char != "-")
        elif char in choices.keys or char in VERB_OF_KEY:
            try:
                action = build(choices, char, hole, self.selected, self.amount, self.referee)
            except IllegalAction as exc:
                self.message = str(exc)
            else:
                warning = self.warning(action)
                if warning is None or action == self.armed:
                    self.take(action)
                    return
                self.armed = action
                self.message = f"{warning}: press [{char}] again to do it anyway"
        elif char and char.isprintable():  # a superscript digit, a ±, a letter of no action
            self.message = f"{char} is no key here: the bar shows the keys, ? all of them"
        self.redraw()

    def referee(self, action: Action) -> str | None:
        """The game's own reason for refusing ``action`` (a Big Two play that does not beat
        the one on the table says so), asked of a copy of the hand; None if it would take it."""
        assert self.state is not None
        try:
            self.state.clone().apply(action)
        except IllegalAction as exc:
            return str(exc)
        return None

    def previewed(self, choices: Choices) -> Preview | None:
        """The game's preview of what the selected cards would make (None: nothing to say)."""
        if self.preview is None or not choices.selects_cards:
            return None
        for key in choices.keys:
            try:
                action = build(choices, key, self.view().hole, self.selected, self.amount)
            except IllegalAction:
                continue
            return self.preview(self.match.game.options, self.view(), action)
        return None

    def warning(self, action: Action) -> str | None:
        """What the game warns ``action`` would cost you beyond the usual (a fouled hand)."""
        if self.preview is None:
            return None
        said = self.preview(self.match.game.options, self.view(), action)
        return None if said is None else said.warning

    def action_leave(self) -> None:
        """q, Ctrl-Q and Ctrl-C: leaving mid-game is asked first."""
        self.app.push_screen(ConfirmQuit(), self.quit_answered)

    def quit_answered(self, leave: bool | None) -> None:
        if leave:
            said = self.last_words(quit_now=True) or "You left the table"
            self.show_standings(final=said, then_exit=True)

    def game_over(self, reason: str) -> None:
        said = self.last_words(quit_now=False) or told_game_over(reason, self.you)
        self.show_standings(final=said, then_exit=True)

    def last_words(self, quit_now: bool) -> str | None:
        """The game's own words for its end where it has them (seed 002's: you leave a loser,
        you win, ...), said of the table as it stands."""
        farewell = entry(self.match.game.name).spec.farewell
        if farewell is None:
            return None
        return farewell(self.match.game.options, self.match.table, quit_now)

    def show_standings(self, final: str = "", then_exit: bool = False) -> None:
        names = [seat_name(s, self.you) for s in range(len(self.seating.names))]
        kinds = ["you" if n is None else (n if final else "computer") for n in self.seating.names]
        played = self.match.table.hand - 1
        heading = final or f"Standings after {played} hand{'s' * (played != 1)}"
        stakes = self.match.table.stakes
        finishes = None
        if isinstance(self.match, SitAndGo):
            finishes = {row.seat: row for row in self.match.standings()}
        screen = Standings(heading, names, kinds, self.start, stakes, self.scored, finishes)
        self.app.push_screen(screen, self.ended if then_exit else None)

    def ended(self, standings: str | None) -> None:
        """The app closes, printing the game's standings to stay on the terminal after it."""
        self.app.exit(message=standings)

    # -- drawing -------------------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        """Redrawn once the new layout is done: the panels are measured at their new widths."""
        self.call_after_refresh(self.redraw)

    def redraw(self) -> None:
        if self.state is None:
            return
        view, you, four = self.view(), self.you, self.settings.four_colour
        self.log_new(view)
        self.set_class(self.record is not None, "hand-over")
        set_as = self.set_as if self.record is not None else ()
        self.draw_seats(view, whole=True)
        self.query_one("#middle", Static).update(felt_middle(view, you, four, set_as))
        pace = f"{self.settings.pace:g}s" if self.settings.pace else "instant"
        self.query_one("#title", Static).update(
            Text.assemble(
                (f" {self.title_text} ", "bold"),
                f"· hand {view.hand}{self.level_text()} · pace {pace} · ? help · q quit",
            )
        )
        if self.rows is not None:
            board = self.rows(len(view.stakes), you)
            for event in view.events:
                board.add(event)
            self.query_one("#shorthand", Static).update("\n".join(board.lines()))
        choices = self.choices()
        hand = your_hand(view, self.cursor, self.selected, choices, four)
        self.query_one("#hand", Static).update(hand)
        self.show_results(view, felt=self.fit_rows())
        self.query_one("#bar", Static).update(self.bar_text(view, choices))

    def level_text(self) -> str:
        """A sit-and-go's level and what is left of it, for the title bar ("" otherwise, and
        once it is over: no hand is dealt at the level it moved to, nothing is next)."""
        match = self.match
        if not isinstance(match, SitAndGo) or match.over() is not None:
            return ""
        words = match.level_words()
        return "" if words is None else f" · {words}"

    def draw_seats(self, view: View, whole: bool) -> None:
        """Each seat's panel, its last words ``whole`` or in brief (see ``brief``)."""
        set_as = self.set_as if self.record is not None else ()
        four = self.settings.four_colour
        for seat in range(len(view.stakes)):
            panel = self.query_one(f"#seat{seat}", Static)
            last = self.last.get(seat, "")
            said = last if whole else brief(last, panel.size.width)
            panel.update(seat_panel(view, seat, self.you, said, four, self.scored, set_as))

    def fit_rows(self) -> int:
        """Each row of seats a share of the felt in proportion to its tallest panel: where the
        felt has the lines the rows need together (returned), every panel whole (no card or
        word cut off at the bottom); where it has not, all of them shortened alike."""
        need = 0
        for row in self.query(".row"):
            tallest = max(lines(widget, widget.size.width) for widget in row.query(Static))
            row.styles.height = f"{tallest}fr"
            need += tallest
        return need

    def bar_text(self, view: View, choices: Choices | None) -> Text:
        if self.record is not None:
            return self.showdown(view)
        if choices is None:
            who = seat_name(view.to_act, self.you) if view.to_act is not None else ""
            return Text(f"{who} to act…", style="italic")
        text = action_bar(choices, self.amount, self.typed)
        if (preview := self.previewed(choices)) is not None:
            text.append(f"\n{preview.words}", style="bold")
            if preview.warning is not None and not self.message:
                text.append(f"\n{preview.warning}", style="bold red")
        if self.message:
            text.append(f"\n{self.message}", style="bold red")
        return text

    def showdown(self, view: View) -> Text:
        """What the hand did to your stake, and the key to go on."""
        assert self.record is not None
        net = self.record.outcome.net[self.you]
        return showdown_text(net, self.match.over(), self.scored, self.paged)

    def show_results(self, view: View, felt: int) -> None:
        """Who won what and why, whole, in a box above the key line, below the rows of seats
        (``felt`` lines, never cut): the seats' last words whole where the screen holds them
        and the results together, else in brief; the box the rest of the screen, paged by
        ↑/↓ when that is not enough (the key line says so), its last line in view first."""
        box = self.query_one("#results", VerticalScroll)
        box.display = self.record is not None
        self.paged = False
        if self.record is None:
            return
        said = [t for e in view.events if e.tells_result and (t := e.words(self.who))]
        told = self.query_one("#result-lines", Static)
        told.update("\n".join(said))
        title = self.query_one("#title").outer_size.height
        room = self.size.height - title - 1  # the key line: one line at a showdown
        results = lines(told, self.size.width - box.styles.gutter.width)
        if felt + results > room:
            self.draw_seats(view, whole=False)
            felt = self.fit_rows()
        held = max(room - felt, RESULTS_AT_LEAST)
        box.styles.max_height = held
        self.paged = results > held  # (its scrollbar then narrows the box: more lines still)
        box.call_after_refresh(box.scroll_end, animate=False)

    def scroll_results(self, key: str) -> None:
        box = self.query_one("#results", VerticalScroll)
        moves = {
            "up": box.scroll_up,
            "down": box.scroll_down,
            "pageup": box.scroll_page_up,
            "pagedown": box.scroll_page_down,
        }
        moves[key](animate=False)

    def who(self, seat: int) -> str:
        """A seat as the log names it."""
        return f"Seat {seat + 1} (you)" if seat == self.you else seat_name(seat, self.you)

    def log_new(self, view: View) -> None:
        log = self.query_one("#log", RichLog)
        for event in list(view.events)[self.logged :]:
            text = event.words(self.who)
            if text:
                log.write(text)
                seat = getattr(event, "seat", None)
                if isinstance(seat, int) and not isinstance(event, Dealt):
                    # its words without its name ("Seat 2: call", "Seat 2, banking: ...")
                    said = text.removeprefix(self.who(seat)).lstrip(",: ")
                    self.last[seat] = said
        self.logged = len(view.events)
