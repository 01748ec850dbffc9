"""What a game tells the house about itself: one ``GameSpec`` per game, exported by its
sub-package and listed by ``pokernight.catalog``. Front ends and services (the command line,
the terminal and browser tables, simulations, records, the learning environments) learn a game
from its spec alone, so adding a game is one sub-package and one catalog line.

A spec is a few facets, each read by its own kind of reader: its ``Rules`` (the house seats
and scores it), its ``Presentation`` (front ends show it), its ``Machines`` (programs number,
record and solve it) and its ``Dealing`` (search and OpenSpiel deal it card by card). What
follows from them is derived once here, never written per game: the phases from the script,
the first table, and the search's worlds from the dealing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from itertools import combinations
from types import MappingProxyType
from typing import Any, Protocol, get_type_hints

from pokernight.engine.actions import Action, Kind
from pokernight.engine.chance import Dealing, Determinize
from pokernight.engine.events import Event
from pokernight.engine.phases.script import Script, phase_names
from pokernight.engine.prompt import PromptScreen
from pokernight.engine.protocol import Game, TableState, View
from pokernight.engine.sit_and_go import SitAndGoForm
from pokernight.engine.solver import Solver
from pokernight.engine.worlds import determinizer
from pokernight.errors import InvalidRules

Choices = Mapping[str, str]
"""Options named in text, as the command line and the web lobby give them."""
NO_CHOICES: Choices = MappingProxyType({})
Key = tuple[object, ...]
"""One decision of a fixed action space: its kind and amount, card slots or flips."""
BETTING: tuple[Key, ...] = ((Kind.CHECK,), (Kind.CALL,), (Kind.FOLD,))


def amount_keys(
    top: int, low: int = 1, kinds: Iterable[Kind] = (Kind.BET, Kind.RAISE)
) -> list[Key]:
    """Every amount from ``low`` to ``top`` for each of ``kinds``."""
    return [(kind, n) for kind in kinds for n in range(low, top + 1)]


def slot_keys(kind: Kind, slots: int, sizes: Iterable[int]) -> list[Key]:
    """Every choice of ``sizes`` cards among a hand's ``slots`` positions."""
    return [(kind, c) for size in sizes for c in combinations(range(slots), size)]


def _seated(options: type[Any], seats: int, choices: Choices) -> Any:
    """The options of a table of ``seats`` (the dataclass's own field, when it has one)."""
    return from_text(options, seats, choices)


ON_OFF = ("off", "on")
"""A yes/no option's words, its default first where it is off."""


def numbers(default: int, *others: int) -> tuple[str, ...]:
    """A whole-number option's values: its default first (what a form preselects), then the
    others offered, in order."""
    return tuple(str(n) for n in (default, *sorted(set(others) - {default})))


def from_text(options: type[Any], seats: int, choices: Choices, **made: Any) -> Any:
    """The options dataclass of a table of ``seats`` with each text choice set as its field's
    type reads it (a whole number, ``on``/``off``, or the text itself); ``made``: the fields
    a game makes itself from its choices (an enum, a table). One reading for every game, so
    ``--option stake=20`` means the same on the command line, in a form and in a script."""
    hints, seated = _reading(options)
    values: dict[str, Any] = {}
    for key, text in choices.items():
        kind = hints.get(key)
        if key in made or kind is None:
            continue
        values[key] = int(text) if kind is int else text == "on" if kind is bool else text
    if seated:
        values["seats"] = seats
    return options(**values, **made)


def _reading(options: type[Any]) -> tuple[Mapping[str, Any], bool]:
    """An options class's field types and whether it has a ``seats`` field, read once:
    ``get_type_hints`` evaluates every annotation's text on each call, and a table is seated
    (a learning environment's episode, a simulation's batch) far more often than its options
    class changes, which is never."""
    found = _READINGS.get(options)
    if found is None:
        seated = is_dataclass(options) and any(f.name == "seats" for f in fields(options))
        found = _READINGS[options] = (MappingProxyType(get_type_hints(options)), seated)
    return found


_READINGS: dict[type[Any], tuple[Mapping[str, Any], bool]] = {}


class Rows(Protocol):
    """A game's own text display of a hand for one viewer (seed 000's shorthand rows), fed
    the viewer's events one by one: a server that shows every change adds each new event once
    instead of walking the hand again."""

    def add(self, event: Event) -> None: ...

    def lines(self) -> list[str]: ...

    @property
    def legend(self) -> Sequence[str]:
        """The rows' shorthand in words, shown beside them."""
        ...


@dataclass(frozen=True)
class PhhForm:
    """How a game's hands are written as Poker Hand History: the variant code (``X-``: not one
    of PHH's own) and the betting fields its options give."""

    variant: str
    betting: Callable[[Any], Mapping[str, int]]


@dataclass(frozen=True)
class Command:
    """A command-line tool a game brings (``pokernight paigow-set``): its name, where its
    function lives (``module:attribute``, imported only when that command runs, so the
    command line starts without it) and its one line of help."""

    name: str
    target: str
    about: str


@dataclass(frozen=True)
class Preview:
    """What an action would make of the seat's hand, in words, for a front end to show before
    it is taken; ``warning``: what it would cost the seat beyond the usual (a fouled hand)."""

    words: str
    warning: str | None = None


@dataclass(frozen=True)
class Suggestion:
    """A move the game itself can name for a seat, in the ``phase`` it applies to: its label
    (Pai Gow's "House way") and the move, from the game's options and the seat's view (None:
    nothing to suggest there)."""

    label: str
    phase: str
    move: Callable[[Any, View], Action | None]


class DrawsDealer(Protocol):
    """A game whose first dealer is drawn: its table laid with any seat dealing."""

    @property
    def seats(self) -> int: ...
    def new_table(self, dealer: int) -> TableState: ...


class FixesDealer(Protocol):
    """A game whose own rules seat the dealer (a computer or a house that always deals)."""

    def new_table(self) -> TableState: ...


def drawn_dealer(game: DrawsDealer, rng: random.Random) -> TableState:
    """The first table of most games: the house draws the first dealer from ``rng``."""
    return game.new_table(rng.randrange(game.seats))


def fixed_dealer(game: FixesDealer, rng: random.Random) -> TableState:
    """The first table of a game that seats its dealer itself: nothing is drawn."""
    return game.new_table()


@dataclass(frozen=True)
class Rules:
    """What the game is, as the house seats and scores it: its options dataclass, its seats
    (low, high) and the usual count, the game under options, its hand's script under options,
    how its first table is laid (``first_table(game, rng)``).

    ``choices``: the options text may set, each with its allowed values (the default first),
    and ``configure`` makes the options dataclass from a seat count and such choices
    (``from_text`` reads them by their fields' types). ``unit``: the wager each hand where it
    is fixed (results are reported per unit); ``bankroll``: the stake of every simulated seat
    where one short of chips would sit out."""

    options: type[Any]
    seats: tuple[int, int]
    default_seats: int
    game: Callable[[Any], Game]
    script: Callable[[Any], Script]
    first_table: Callable[[Any, random.Random], TableState] = drawn_dealer
    choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    configure: Callable[[type[Any], int, Choices], Any] = _seated
    unit: int | None = None
    bankroll: int | None = None
    points: bool = False
    """It scores points, not chips: each stake is minus that seat's running points (fewer
    is better), and there is no money and no pot to show."""
    rounds: Callable[[Any], int | None] | None = None
    """A game of points played in rounds (one hand each): how many rounds its options play
    (None: it plays to a points threshold instead); None: a game of hands."""
    sit_and_go: SitAndGoForm | None = None
    """How it plays as a sit-and-go (None: it does not)."""

    @property
    def phases(self) -> tuple[str, ...]:
        """Every phase name a view may show, in order: the script's under the default options
        (an observation's fixed list, whatever options a table takes)."""
        return phase_names(self.script(self.options()))


@dataclass(frozen=True)
class Presentation:
    """How front ends show the game: its title, its one line, and what each of the rules'
    ``choices`` decides in a few words (help listings and forms say it)."""

    title: str
    about: str
    choice_help: Mapping[str, str] = field(default_factory=dict)
    board: str = ""
    """What the face-up cards every seat sees (``View.board``) are, in words: the caption a
    table shows beside them."""
    rows: Callable[[int, int | None], Rows] | None = None
    """The game's own text rows of a hand, for a table of so many seats and one viewer (None:
    a spectator), where it has them (Hurricane's shorthand); None: it shows only its log."""
    farewell: Callable[[Any, TableState, bool], str] | None = None
    """The game's own last words, given its options, the last table and whether the person
    quit (seed 002's "You leave a loser with $180."); None: the game-over reason is told."""
    prompt: Callable[[], PromptScreen] | None = None
    """Its own prompt screen (seed 002's keys), loaded only when played; None: the prompt
    mode tells the hand in its events' own words."""
    preview: Callable[[Any, View, Action], Preview | None] | None = None
    """What a legal action would make of the seat's hand (its options, the seat's view, the
    action; None: nothing to say of it), shown before it is taken: High-Low's high and low,
    a Pai Gow setting's two hands and its foul."""
    suggestion: Suggestion | None = None
    """A move the game names for a seat on request (Pai Gow: the house way)."""
    set_as: tuple[tuple[str, int], ...] = ()
    """The named hands a seat's cards are set into, in the order a view lists a set hand
    (Pai Gow: front 2, back 5), so a finished hand's cards are drawn apart; () for none."""


@dataclass(frozen=True)
class Machines:
    """What programs read: ``action_space(options)``, the keys of the fixed, numbered decisions
    a learning environment uses and the most cards a seat holds; its Poker Hand History form
    (``phh``, for the games that format fits); its solver; its command-line tools."""

    action_space: Callable[[Any], tuple[Sequence[Key], int]]
    dual_cards: bool = False
    """Its cards have two ends (an observation holds both)."""
    phh: PhhForm | None = None
    solver: Callable[[], Solver] | None = None
    """Its heads-up solver (``pokernight solve``), loaded only to solve; None: it is not
    solved."""
    commands: tuple[Command, ...] = ()
    """The command-line tools it brings (Pai Gow's ``paigow-set``)."""


@dataclass(frozen=True)
class GameSpec:
    """A game, once: its name and its facets. ``dealing``: how its hand is dealt card by card,
    for search and OpenSpiel (None: neither can deal it).

    The properties below read a facet under the name the spec had before it had facets, for
    the front ends that still read it so."""

    name: str
    rules: Rules
    show: Presentation
    machines: Machines
    dealing: Dealing | None = None

    @property
    def determinize(self) -> Determinize | None:
        """A full hand consistent with what one seat knows (``Dealing``): the game's own
        worlds, else the engine's replay of the seat's history on a stacked deck; None for a
        game that cannot be dealt so."""
        dealing = self.dealing
        if dealing is None:
            return None
        return dealing.worlds or determinizer(dealing.build, dealing.deck)

    @property
    def phases(self) -> tuple[str, ...]:
        return self.rules.phases

    @property
    def options(self) -> type[Any]:
        return self.rules.options

    @property
    def seats(self) -> tuple[int, int]:
        return self.rules.seats

    @property
    def default_seats(self) -> int:
        return self.rules.default_seats

    @property
    def game(self) -> Callable[[Any], Game]:
        return self.rules.game

    @property
    def first_table(self) -> Callable[[Any, random.Random], TableState]:
        return self.rules.first_table

    @property
    def choices(self) -> Mapping[str, tuple[str, ...]]:
        return self.rules.choices

    @property
    def configure(self) -> Callable[[type[Any], int, Choices], Any]:
        return self.rules.configure

    @property
    def points(self) -> bool:
        return self.rules.points

    @property
    def rounds(self) -> Callable[[Any], int | None] | None:
        return self.rules.rounds

    @property
    def title(self) -> str:
        return self.show.title

    @property
    def about(self) -> str:
        return self.show.about

    @property
    def choice_help(self) -> Mapping[str, str]:
        return self.show.choice_help

    @property
    def board(self) -> str:
        return self.show.board

    @property
    def rows(self) -> Callable[[int, int | None], Rows] | None:
        return self.show.rows

    @property
    def farewell(self) -> Callable[[Any, TableState, bool], str] | None:
        return self.show.farewell

    @property
    def prompt(self) -> Callable[[], PromptScreen] | None:
        return self.show.prompt

    @property
    def preview(self) -> Callable[[Any, View, Action], Preview | None] | None:
        return self.show.preview

    @property
    def suggestion(self) -> Suggestion | None:
        return self.show.suggestion

    @property
    def set_as(self) -> tuple[tuple[str, int], ...]:
        return self.show.set_as

    @property
    def action_space(self) -> Callable[[Any], tuple[Sequence[Key], int]]:
        return self.machines.action_space

    @property
    def dual_cards(self) -> bool:
        return self.machines.dual_cards

    @property
    def chance(self) -> Dealing | None:
        """The dealing, by the name of the OpenSpiel chance model it grew from."""
        return self.dealing

    def check_seats(self, seats: int) -> None:
        low, high = self.rules.seats
        if not low <= seats <= high:
            span = f"{low} to {high}" if low != high else str(low)
            raise InvalidRules(f"{self.name} seats {span} players, not {seats}")

    def check_choices(self, choices: Choices) -> None:
        for key, value in choices.items():
            allowed = self.rules.choices.get(key)
            if allowed is None:
                offered = ", ".join(self.rules.choices) or "none"
                raise InvalidRules(f"{self.name} has no option {key!r} (options: {offered})")
            if value not in allowed:
                raise InvalidRules(
                    f"{key}={value!r} is not offered for {self.name}: "
                    f"{key} must be one of {', '.join(allowed)}"
                )

    def option_words(self) -> str:
        """Every option with its values (the default first) and what it decides, for a help
        line: ``low=seed|deuce-to-seven (the low hand's ranking)``."""
        helps = self.show.choice_help
        return ", ".join(
            f"{key}={'|'.join(values)}" + (f" ({helps[key]})" if key in helps else "")
            for key, values in self.rules.choices.items()
        )

    def make(
        self, seats: int, choices: Choices, rng: random.Random, chips: int | None = None
    ) -> tuple[Game, TableState]:
        """The game for ``seats`` under the text ``choices`` (checked), and its first table;
        ``chips``: a sit-and-go's first level, each seat starting with that many."""
        self.check_seats(seats)
        self.check_choices(choices)
        rules = self.rules
        options = rules.configure(rules.options, seats, choices)
        if chips is not None:
            if rules.sit_and_go is None:
                raise InvalidRules(f"{self.show.title} has no sit-and-go")
            options = rules.sit_and_go.start(options, chips)
        game = rules.game(options)
        return game, rules.first_table(game, rng)
