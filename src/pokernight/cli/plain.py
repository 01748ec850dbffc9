"""Prompt mode: a whole game from standard input, so a script can play it (``--plain``).

The menu is the original's (Deal, Players, New Deck, Exit with confirmation). At your turn
only the legal choices are offered; a bad answer gets a clear message and the same question.
End of input ends the game cleanly with the standings.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from pokernight.catalog import Seating, entry, seat_person
from pokernight.cli.prepare import show_preparations
from pokernight.engine.actions import (
    CHECK,
    FOLD,
    Action,
    legal_match,
    parse_action,
    whole_number,
)
from pokernight.engine.events import dollars
from pokernight.engine.prompt import EndOfInput, Narrator, game_over, yours
from pokernight.engine.protocol import View
from pokernight.engine.shapes import Amount, Cards, Choice, Orient, Shape, describe
from pokernight.engine.sit_and_go import form_words
from pokernight.engine.spec import NO_CHOICES, Choices
from pokernight.engine.structure import Structure
from pokernight.engine.table import HandRecord, Match, play_out
from pokernight.errors import IllegalAction
from pokernight.history.record import write_record


@dataclass(frozen=True)
class Asked:
    """The table the person asked for: its seed, seats, computer players and game options
    (``--option``), for every prompt screen alike."""

    seed: int
    seats: int | None = None
    bots: tuple[str, ...] = ()
    choices: Choices = field(default_factory=lambda: NO_CHOICES)
    structure: Structure | None = None
    """A sit-and-go's (``play --sit-and-go``)."""

    def seat(self, game: str, seed: int | None = None) -> Seating:
        """The house's table (``seed``: another game's, after a start-over)."""
        again = self.seed if seed is None else seed
        return seat_person(game, again, self.seats, self.bots, self.choices, self.structure)


class Console:
    """The prompt's input and output, and where each finished hand's record goes (``play
    --records``: one JSON line per hand, written as the hand ends)."""

    def __init__(self, stdin: TextIO, stdout: TextIO, records: TextIO | None = None) -> None:
        self.stdin, self.stdout, self.records = stdin, stdout, records

    def keep(self, match: Match, names: Sequence[str | None], record: HandRecord) -> None:
        """Write a finished hand's record line (a person's seat is named ``you``), and say
        what the match has to tell after it (a sit-and-go's level, seats out, places)."""
        write_record(self.records, names, record)
        you = names.index(None) if None in names else -1
        for line in match.news:
            self.say(yours(line, you))

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")

    def ask(self, prompt: str) -> str:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.say()
            raise EndOfInput
        return line.strip()


MENU_LIMIT = 12
"""Longer lists of choices (draws, orientations) are summarised, not numbered."""
SHORTHAND = {"#": "check", "=": "call", "x": "fold", "-": "keep"}


def read_action(text: str, legal: Sequence[Action], hole: Sequence[object]) -> Action:
    """The legal action a person's answer names: a number from the menu, the action's text,
    or the seed's shorthand (``#``, ``+2``, ``=``, ``x``, ``-``, ``±1`` for the first card)."""
    word = SHORTHAND.get(text, text)
    number = whole_number(word)
    if number is not None and 1 <= number <= len(legal) <= MENU_LIMIT:  # a menu shown
        return legal[number - 1]
    shapes = describe(legal)
    if word.startswith("+") and (amount := whole_number(word[1:])) is not None:
        for shape in shapes:
            if isinstance(shape, Amount) and shape.action(amount) in legal:
                return shape.action(amount)
    redraw = next((s for s in shapes if isinstance(s, Cards) and s.replaces), None)
    if word == "±" and redraw is not None:
        which = " or ".join(f"±{i} ({card})" for i, card in enumerate(hole, start=1))
        raise IllegalAction(f"± draws a card in place of one of yours: say which, {which}")
    if redraw and word.startswith("±") and (place := whole_number(word[1:])) and place <= len(hole):
        word = f"{redraw.verb} {hole[place - 1]}"
    try:
        action = parse_action(word)
    except IllegalAction:
        raise IllegalAction(f"{text!r} is not one of the choices now: {menu(legal)}") from None
    if action == FOLD and FOLD not in legal:
        # the seed's fold where nothing is bet is a check; where neither is offered (a
        # draw) it is refused below with the choices, like any other action not offered
        action = CHECK if CHECK in legal else action
    found = legal_match(legal, action)
    if found is None:
        held = [str(c) for c in hole]
        halves = [h for c in map(str, action.cards) if c not in held for h in held if c in h]
        if halves:  # one end of a dual-value card named: the card is named whole
            raise IllegalAction(f"name each card whole, both ends as you hold it: {halves[0]}")
        choices = ", ".join(str(a) for a in legal) if len(legal) <= MENU_LIMIT else menu(legal)
        raise IllegalAction(f"{action} is not allowed now. Choose one of: {choices}")
    return found


def menu(legal: Sequence[Action]) -> str:
    """The choices, numbered; long lists (draws, orientations) are summarised instead, a
    shape at a time."""
    if len(legal) <= MENU_LIMIT:
        return "  ".join(f"{i}) {a}" for i, a in enumerate(legal, start=1))
    return ", or ".join(_summary(shape) for shape in describe(legal))


def _summary(shape: Shape) -> str:
    """One family of a long list of choices in a few words, with an example."""
    if isinstance(shape, Choice):
        return f"'{shape.action}'"
    if isinstance(shape, Amount):
        return f"'{shape.verb}' {shape.amounts[0]} to {shape.amounts[-1]}"
    if isinstance(shape, Orient):
        jokers = f", then the card each joker plays ({shape.named})" if shape.named else ""
        example = f"{shape.verb} 0,1,0,0,1" + " As" * shape.named
        return f"{shape.verb} one 0 (as dealt) or 1 (turned) per card{jokers}, e.g. '{example}'"
    sizes = f"{shape.sizes[0]} to {shape.sizes[-1]}" if shape.sizes else "some"
    example = f", e.g. '{shape.actions[0]}'" if shape.actions else ""
    return f"'{shape.verb}' {sizes} of your cards{example}"


class PromptPlayer:
    """The person at the keyboard."""

    name = "human"

    def __init__(self, console: Console, show: Callable[[View], None]) -> None:
        self.console, self.show = console, show

    def act(self, view: View) -> Action:
        self.show(view)
        choices = menu(view.legal)
        while True:
            answer = self.console.ask(f"{view.phase}: {choices}\n> ")
            try:
                return read_action(answer, view.legal, view.hole)
            except IllegalAction as exc:
                self.console.say(f"  {exc}")


@dataclass(frozen=True)
class PromptSession:
    """What a game's prompt screen is given (``engine.prompt.PromptTable``): this console,
    the table the person asked for, the prompt's player and the computers' lines."""

    game: str
    asked: Asked
    console: Console

    @property
    def seed(self) -> int:
        return self.asked.seed

    def seat(self, seed: int | None = None) -> Seating:
        """The house's table, its computers' one-time work done first with a bar on standard
        error and a line here, so the prompt never sits silent before the first hand."""
        seating = self.asked.seat(self.game, seed)
        show_preparations(seating.preparations, self.console.say)
        form = entry(self.game).spec.rules.sit_and_go
        if seating.structure is not None and form is not None:
            self.console.say(form_words(seating.structure, form, seating.game.options))
        return seating

    def player(self, show: Callable[[View], None]) -> PromptPlayer:
        return PromptPlayer(self.console, show)

    def about_bot(self, name: str) -> str:
        return entry(self.game).described.get(name, "")


def run_plain(game: str, asked: Asked, console: Console) -> None:
    """The game's own prompt screen where it has one (its spec's ``prompt``: Hurricane's
    rows, seed 002's keys, ...), else the events told in their own words."""
    session = PromptSession(game, asked, console)
    screen = entry(game).spec.prompt
    if screen is None:
        play_narrated(session)
    else:
        screen()(session)


def play_narrated(session: PromptSession) -> None:
    """Any catalog game, told by its events' own words: each event as it happens, then your
    cards, the pot and the stakes before each of your decisions."""
    console, game = session.console, session.game
    seating = session.seat()
    narrator = Narrator(console, seating.you)

    def show(view: View) -> None:
        narrator.tell(view)
        console.say(narrator.status(view))

    match = seating.match(PromptPlayer(console, show))
    console.say(f"{entry(game).spec.title}: you sit at seat {seating.you + 1}.")
    try:
        while (reason := match.over()) is None:
            answer = console.ask("Deal or Exit? [d/e] ").lower()
            if answer in ("e", "exit"):
                break
            if answer not in ("", "d", "deal"):
                console.say("  Choose d (Deal) or e (Exit).")
                continue
            narrator.told = 0
            state, hand_seed = match.start_hand()
            play_out(state, match.players)
            record = match.finish_hand(state, hand_seed)
            narrator.tell(state.view(seating.you))
            console.keep(match, seating.names, record)  # after the hand: what follows from it
        else:
            console.say(game_over(reason, seating.you))
    except EndOfInput:
        console.say("End of input.")
    stakes = "  ".join(f"{narrator.who(s)} {dollars(v)}" for s, v in enumerate(match.table.stakes))
    console.say("Stakes: " + stakes)
