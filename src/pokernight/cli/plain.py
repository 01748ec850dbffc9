"""Prompt mode: a whole game from standard input, so a script can play it (``--plain``).

The menu is the original's (Deal, Players, New Deck, Exit with confirmation). At your turn
only the legal choices are offered; a bad answer gets a clear message and the same question.
End of input ends the game cleanly with the standings.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from pokernight.bots.hurricane import DESCRIPTIONS
from pokernight.catalog import Seating, entry, seat_person
from pokernight.cli.prepare import show_preparations
from pokernight.engine.actions import Action, Kind, legal_match, parse_action, whole_number
from pokernight.engine.events import Who, dollars
from pokernight.engine.protocol import View
from pokernight.engine.spec import NO_CHOICES, Choices
from pokernight.engine.table import HandRecord, Match, play_out
from pokernight.errors import IllegalAction
from pokernight.games.hurricane.display import render
from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.history.record import write_record


@dataclass(frozen=True)
class Asked:
    """The table the person asked for: its seed, seats, computer players and game options
    (``--option``), for every prompt screen alike."""

    seed: int
    seats: int | None = None
    bots: tuple[str, ...] = ()
    choices: Choices = field(default_factory=lambda: NO_CHOICES)

    def seat(self, game: str, seed: int | None = None) -> Seating:
        """The house's table (``seed``: another game's, after a start-over)."""
        again = self.seed if seed is None else seed
        return seat_person(game, again, self.seats, self.bots, self.choices)


def seated(game: str, asked: Asked, console: Console) -> Seating:
    """The house's table, its computers' one-time work done first with a bar on standard
    error and a line here, so the prompt never sits silent before the first hand."""
    seating = asked.seat(game)
    show_preparations(seating.preparations, console.say)
    return seating


class EndOfInput(Exception):
    """Standard input ran out: finish with the standings."""


class Console:
    """The prompt's input and output, and where each finished hand's record goes (``play
    --records``: one JSON line per hand, written as the hand ends)."""

    def __init__(self, stdin: TextIO, stdout: TextIO, records: TextIO | None = None) -> None:
        self.stdin, self.stdout, self.records = stdin, stdout, records

    def keep(self, match: Match, names: Sequence[str | None], record: HandRecord) -> None:
        """Write a finished hand's record line (a person's seat is named ``you``)."""
        write_record(self.records, match.game, names, record)

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
    if word.startswith("+") and (amount := whole_number(word[1:])) is not None:
        for action in legal:
            if action.kind in (Kind.BET, Kind.RAISE) and action.amount == amount:
                return action
    if word == "±" and any(a.kind is Kind.DISCARD for a in legal):
        which = " or ".join(f"±{i} ({card})" for i, card in enumerate(hole, start=1))
        raise IllegalAction(f"± draws a card in place of one of yours: say which, {which}")
    if word.startswith("±") and word[1:] in ("1", "2"):
        word = f"discard {hole[int(word[1:]) - 1]}"
    try:
        action = parse_action(word)
    except IllegalAction:
        raise IllegalAction(f"{text!r} is not one of the choices now: {menu(legal)}") from None
    if action.kind is Kind.FOLD and not any(a.kind is Kind.FOLD for a in legal):
        action = next(a for a in legal if a.kind is Kind.CHECK)
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
    """The choices, numbered; long lists (draws, orientations) are summarised instead."""
    if len(legal) <= MENU_LIMIT:
        return "  ".join(f"{i}) {a}" for i, a in enumerate(legal, start=1))
    kinds = {a.kind for a in legal}
    if Kind.ORIENT in kinds:
        named = len(legal[0].cards)
        jokers = f", then the card each joker plays ({named})" if named else ""
        example = "orient 0,1,0,0,1" + " As" * named
        return f"orient one 0 (as dealt) or 1 (turned) per card{jokers}, e.g. '{example}'"
    most = max(len(a.cards) for a in legal)
    return f"'keep', or 'discard' 1 to {most} of your cards, e.g. 'discard {legal[1].cards[0]}'"


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


def play_hurricane(asked: Asked, console: Console) -> None:
    seating = seated("hurricane", asked, console)
    seats = seating.table.seats
    you = seating.you
    narrator = Narrator(console, you)

    def show(view: View) -> None:
        console.say("\n".join(render(view.events, seats, you, (view.pot, view.stakes[you]))))
        narrator.tell(view)
        console.say(narrator.status(view))

    players = seating.players(PromptPlayer(console, show))
    match = seating.match(players[you])
    wins = {"high": [0] * seats, "low": [0] * seats}
    console.say(f"Hurricane: you sit at seat {you + 1} (ö); the dealer holds the deck (=).")
    try:
        while (reason := match.over()) is None:
            choice = console.ask("Deal, Players, New Deck or Exit? [d/p/n/e] ").lower()
            if choice in ("d", "deal", ""):
                narrator.told = 0
                state, hand_seed = match.start_hand()
                play_out(state, players)
                record = match.finish_hand(state, hand_seed)
                console.keep(match, seating.names, record)
                final = state.view(you)
                console.say("\n".join(render(final.events, seats, you, None)))
                narrator.tell(final)
                for seat in record.outcome.high_winners:
                    wins["high"][seat] += 1
                for seat in record.outcome.low_winners:
                    wins["low"][seat] += 1
                console.say(f" Pot: ${match.table.carry}\n ö {dollars(match.table.stakes[you])}")
            elif choice in ("p", "players"):
                console.say(players_table(match, you, wins))
            elif choice in ("n", "new deck"):
                match.new_deck()
                console.say("A new deck is opened and shuffled.")
            elif choice in ("e", "exit"):
                if console.ask("Really exit? [y/n] ").lower() in ("y", "yes"):
                    break
            else:
                console.say("  Choose d (Deal), p (Players), n (New Deck) or e (Exit).")
        else:
            console.say(f"Game over: {reason}.")
    except EndOfInput:
        console.say("End of input.")
    options = seating.game.options
    assert isinstance(options, HurricaneOptions)
    console.say(final_screen(match, seating.names, you, options.stake))


def players_table(match: Match, you: int, wins: dict[str, list[int]]) -> str:
    lines = [f"Hand {match.table.hand}", "seat  stake  high  low"]
    for seat, stake in enumerate(match.table.stakes):
        mark = "ö" if seat == you else "#"
        lines.append(
            f"{mark}{seat + 1:<4} {stake:>5}  {wins['high'][seat]:>4} {wins['low'][seat]:>4}"
        )
    return "\n".join(lines)


def final_screen(match: Match, names: tuple[str | None, ...], you: int, start: int) -> str:
    """Won / Even / Lost / In Debt against the original stake, the hand count, and every
    seat's strategy, revealed (a levelled one with its level: ``expert:easy``), in columns
    as wide as the longest name."""
    named = [name or "human" for name in names]
    width = max(9, *map(len, named))
    lines = ["seat      Won   Even   Lost  In Debt  strategy"]
    for seat, stake in enumerate(match.table.stakes):
        won = f"{stake - start}" if stake > start else ""
        even = "0" if stake == start else ""
        lost = f"{start - stake}" if 0 <= stake < start else ""
        debt = f"{-stake}" if stake < 0 else ""
        mark = "ö" if seat == you else "#"
        base = named[seat].partition(":")[0]
        about = "That's for YOU to decide!" if names[seat] is None else DESCRIPTIONS.get(base, "")
        lines.append(
            f"{mark}{seat + 1:<4} {won:>6} {even:>6} {lost:>6} {debt:>8}  "
            f"{named[seat]:<{width}} {about}"
        )
    lines.append(f"Hands played: {match.table.hand - 1}")
    return "\n".join(lines)


def run_plain(game: str, asked: Asked, records: TextIO | None = None) -> None:
    """The game's own prompt screen where it has one (Hurricane's rows, seed 002's keys, Pai
    Gow's settings, Big Two's plays), else the events told in their own words; each finished
    hand's record written to ``records``."""
    console = Console(sys.stdin, sys.stdout, records)
    if game == "hurricane":
        play_hurricane(asked, console)
    elif game == "draw":
        from pokernight.cli.draw_plain import play_draw

        play_draw(asked, console)
    elif game == "paigow":
        from pokernight.cli.paigow_plain import play_paigow

        play_paigow(asked, console)
    elif game == "bigtwo":
        from pokernight.cli.bigtwo_plain import play_bigtwo

        play_bigtwo(asked, console)
    else:
        play_narrated(game, asked, console)


class Narrator:
    """The prompt modes' one narration: each event in its own words (``Event.words``) as it
    happens, and before each of your decisions your cards, the pot and every stake."""

    def __init__(
        self,
        console: Console,
        you: int,
        who: Who | None = None,
        cards: Callable[[str], str] = str,
    ) -> None:
        """``cards``: how this screen writes the cards in a line of words (the draw screen
        says tens as 10)."""
        self.console, self.you, self.told, self.cards = console, you, 0, cards
        self.who: Who = who or self.seat_name

    def seat_name(self, seat: int) -> str:
        """A seat as the terminal table's log names it."""
        return f"Seat {seat + 1}" + (" (you)" if seat == self.you else "")

    def tell(self, view: View) -> None:
        """The events this hand since the last told (set ``told`` to 0 for a new hand)."""
        for event in view.events[self.told :]:
            if words := event.words(self.who):
                self.console.say(f"  {self.cards(words)}")
        self.told = len(view.events)

    def status(self, view: View) -> str:
        """Your cards, the pot or your wager (whichever the game has), every stake."""
        stakes = "  ".join(f"{self.who(s)} {dollars(v)}" for s, v in enumerate(view.stakes))
        mine = " ".join(str(c) for c in view.hole if c is not None) or "none yet"
        pot = "" if view.pot is None else f"   Pot ${view.pot}"
        wager = "" if view.wagers is None else f"   Your wager ${view.wagers[self.you]}"
        return f"Your cards: {mine}{pot}{wager}   Stakes: {stakes}"


def play_narrated(game: str, asked: Asked, console: Console) -> None:
    """Any catalog game, told by its events' own words: each event as it happens, then your
    cards, the pot and the stakes before each of your decisions."""
    seating = seated(game, asked, console)
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
            console.keep(match, seating.names, match.finish_hand(state, hand_seed))
            narrator.tell(state.view(seating.you))
        else:
            console.say(f"Game over: {reason}.")
    except EndOfInput:
        console.say("End of input.")
    stakes = "  ".join(f"{narrator.who(s)} {dollars(v)}" for s, v in enumerate(match.table.stakes))
    console.say("Stakes: " + stakes)
