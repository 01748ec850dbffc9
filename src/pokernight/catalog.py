"""The one answer to "what are the games?": each game's spec with the computer players it
offers, and the one way a table is checked and seated.

Every front end and service (the command line, the terminal and browser tables, simulations,
records, the learning environments) asks here, and none imports a game or bot module itself.
One seed seats one table: the line-up, the first dealer, each computer player's random choices
and the match's hands are all derived from it (``derive_seed``), so ``play --plain``, the
terminal table, ``sim`` (its first batch) and a browser table made with that seed agree.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pokernight.bots.advisors import BIGTWO, DRAW, PAIGOW, draw_game, rollouts
from pokernight.bots.bigtwo import GreedyBot, SearchBot
from pokernight.bots.draw import DrawComputer
from pokernight.bots.generic import RandomBot
from pokernight.bots.highlow import ValueBot
from pokernight.bots.hurricane import DESCRIPTIONS, STRATEGIES, HurricaneBot
from pokernight.bots.hurricane_expert import DEFAULT_LEVEL, LEVELS, ExpertBot
from pokernight.bots.paigow import HouseWayBot
from pokernight.engine.advice import Advisor
from pokernight.engine.protocol import Game, Player, Preparation, Prepares, TableState
from pokernight.engine.sit_and_go import SitAndGo, Stage
from pokernight.engine.spec import NO_CHOICES, Choices, GameSpec
from pokernight.engine.structure import Structure
from pokernight.engine.table import Match
from pokernight.errors import InvalidRules
from pokernight.games import bigtwo, draw, highlow, hurricane, paigow
from pokernight.games.highlow.game import HighLow
from pokernight.games.paigow.way import TWO_PAIR_TABLES
from pokernight.seeds import derive_seed

BotMaker = Callable[[random.Random, Any], Player]
"""A computer player from its random source and the game's options."""


@dataclass(frozen=True)
class Levels:
    """The levels a computer player may play at, named ``bot:level``; its plain name plays at
    ``default``. ``make`` is the player from its random source, the options and the level."""

    names: tuple[str, ...]
    default: str
    make: Callable[[random.Random, Any, str], Player]


@dataclass(frozen=True)
class Entry:
    """A game in the catalog: its spec, its computer players by name, the line-up a table of
    computers gets by default (``lineup``, from the text options), what the house seats beside
    people (each computer seat draws one of ``house`` uniformly), and the person's seat where
    the game fixes it (None: the house draws it). ``levels``: the computer players that take a
    level, by name."""

    spec: GameSpec
    bots: Mapping[str, BotMaker]
    lineup: Callable[[Choices], tuple[str, ...]]
    house: tuple[str, ...]
    person_seat: int | None = None
    hidden_bots: bool = field(default=False)
    """The computers' names stay hidden from people until the game is over (Hurricane's
    strategies, docs/games/hurricane.md)."""
    levels: Mapping[str, Levels] = field(default_factory=dict)
    described: Mapping[str, str] = field(default_factory=dict)
    """Each computer player's one line, as a game's end reveals it (Hurricane's strategies)."""
    advice: Advisor | None = None
    """Its own advisor (``pokernight advise``); None: rollouts where the game can have them."""

    @property
    def advisor(self) -> Advisor | None:
        """Its own advisor, else determinized rollouts by random players where the game can
        deal what a seat has not seen; None when it can be advised neither way."""
        return self.advice or rollouts(self.spec)

    @property
    def name(self) -> str:
        return self.spec.name

    def shown(self, bot: str, over: bool) -> str | None:
        """A computer seat's player as people may see it: None (hidden) for one of the
        house's strategies of a game that keeps them hidden until it is ``over``; a level a
        person chose (``expert:easy``) is no strategy drawn in secret, and is shown."""
        hidden = self.hidden_bots and not over and bot.partition(":")[0] in self.house
        return None if hidden else bot

    @property
    def levelled(self) -> tuple[str, ...]:
        """Every ``bot:level`` name, bot by bot, weakest level first."""
        return tuple(f"{b}:{level}" for b, lv in self.levels.items() for level in lv.names)

    def bot(self, name: str) -> BotMaker:
        """The computer player called ``name``: one of ``bots``, or ``bot:level`` for one that
        takes a level (its plain name plays at its default level)."""
        base, colon, level = name.partition(":")
        if base not in self.bots:
            raise InvalidRules(f"unknown bot {base!r}: bots are {', '.join(self.bots)}")
        levels = self.levels.get(base)
        if levels is None:
            if colon:
                raise InvalidRules(f"bot {base!r} takes no level: {name!r} is not a bot")
            return self.bots[base]
        level = level if colon else levels.default
        if level not in levels.names:
            choices = ", ".join(levels.names)
            raise InvalidRules(f"unknown level {level!r} of {base}: levels are {choices}")
        return lambda rng, options: levels.make(rng, options, level)


def _any_options(maker: Callable[[random.Random], Player]) -> BotMaker:
    return lambda rng, options: maker(rng)


def _strategy(name: str) -> BotMaker:
    return lambda rng, options: HurricaneBot(name, rng)


def _house_way(table: str | None) -> BotMaker:
    """The house way with the named two-pair table (None: the table's own)."""
    return lambda rng, o: HouseWayBot(rng, o.two_pair if table is None else TWO_PAIR_TABLES[table])


_PAIGOW_BOT = {"rules": "house", "trump-plaza": "trump-plaza"}
"""The player's bot that sets by each two-pair table's house way."""


def _paigow_lineup(choices: Choices) -> tuple[str, ...]:
    """One player against the dealer; with a player banking, the banker and one player. Each
    sets by the house way with the table's two-pair rule."""
    bot = _PAIGOW_BOT[choices.get("two_pair", "rules")]
    return (bot,) if choices.get("bank", "dealer") == "dealer" else (bot, bot)


_ENTRIES = (
    Entry(
        hurricane.SPEC,
        {**{name: _strategy(name) for name in STRATEGIES}, "expert": ExpertBot},
        lambda choices: STRATEGIES,
        house=STRATEGIES,
        hidden_bots=True,
        levels={"expert": Levels(tuple(LEVELS), DEFAULT_LEVEL, ExpertBot)},
        described=DESCRIPTIONS,
        advice=draw_game("strategies"),
    ),
    Entry(
        draw.SPEC,
        {"random": _any_options(RandomBot), "computer": _any_options(DrawComputer)},
        lambda choices: ("random", "computer"),
        house=("computer",),
        person_seat=0,
        advice=DRAW,
    ),
    Entry(
        highlow.SPEC,
        {
            "random": _any_options(RandomBot),
            "value": lambda rng, options: ValueBot(rng, HighLow(options).deck),
        },
        lambda choices: ("value", "random", "random", "random"),
        house=("value",),
        advice=draw_game("players"),
    ),
    Entry(
        paigow.SPEC,
        {
            "house": _house_way("rules"),
            "trump-plaza": _house_way("trump-plaza"),
            "random": _any_options(RandomBot),
        },
        _paigow_lineup,
        house=("house",),
        person_seat=0,
        advice=PAIGOW,
    ),
    Entry(
        bigtwo.SPEC,
        {
            "greedy": lambda rng, options: GreedyBot(rng, options),
            "search": lambda rng, options: SearchBot(rng, options),
            "random": _any_options(RandomBot),
        },
        lambda choices: ("greedy", "random", "random", "random"),
        house=("greedy",),
        person_seat=0,
        advice=BIGTWO,
    ),
)
CATALOG: dict[str, Entry] = {entry.name: entry for entry in _ENTRIES}


def games() -> tuple[str, ...]:
    """Every game's name, in the catalog's order."""
    return tuple(CATALOG)


def entry(name: str) -> Entry:
    found = CATALOG.get(name)
    if found is None:
        raise InvalidRules(f"unknown game {name!r}: games are {', '.join(CATALOG)}")
    return found


def check(
    name: str, seats: int, computers: Mapping[int, str], choices: Choices, people: int = 0
) -> Entry:
    """The one check of a table: its seats, its computer players (by seat) and its options,
    with room left for at least ``people`` people."""
    game = entry(name)
    game.spec.check_seats(seats)
    game.spec.check_choices(choices)
    rules = game.spec.rules
    rules.configure(rules.options, seats, choices)  # a bad mix of options fails here
    for seat, bot in computers.items():
        if not 0 <= seat < seats:
            raise InvalidRules(f"seat {seat + 1} is not at a table of {seats}")
        game.bot(bot)
    if seats - len(computers) < people:
        raise InvalidRules(
            f"{len(computers)} computer players leave no seat for a person at {seats} seats"
        )
    return game


@dataclass(frozen=True)
class Seating:
    """A table ready to play: the game, its first table, the match seed, and each computer
    seat's player (``names[s]`` its bot's name, None for a person's seat)."""

    game: Game
    table: TableState
    seed: int
    bots: Mapping[int, Player]
    names: tuple[str | None, ...]
    structure: Structure | None = None
    """A sit-and-go's: its match is one (``SitAndGo``)."""

    @property
    def people(self) -> tuple[int, ...]:
        return tuple(s for s, n in enumerate(self.names) if n is None)

    @property
    def you(self) -> int:
        """The first person's seat (the one person of a table played against the house)."""
        if not self.people:
            raise InvalidRules("a table of computers has no person's seat")
        return self.people[0]

    def players(self, person: Player | None = None) -> list[Player]:
        """Each seat's player: the bots, and ``person`` in every person's seat."""
        seats: list[Player] = []
        for s in range(len(self.names)):
            player = self.bots.get(s, person)
            if player is None:
                raise InvalidRules(f"seat {s + 1} is a person's: name who plays it")
            seats.append(player)
        return seats

    @property
    def preparations(self) -> list[Preparation]:
        return preparations(self.bots.values())

    def match(self, person: Player | None = None, *, keep_records: bool = True) -> Match:
        """The hands at this table: a plain match, or the sit-and-go it was seated for."""
        players = self.players(person)
        if self.structure is None:
            return Match(self.game, players, self.seed, self.table, keep_records=keep_records)
        return SitAndGo(
            [stage(self.game)],
            self.structure,
            self.table,
            players,
            self.seed,
            keep_records=keep_records,
            people=frozenset(self.people),
        )


def stage(game: Game) -> Stage:
    """``game`` (made for a sit-and-go: its first level) as a stage of a sit-and-go."""
    spec = entry(game.name).spec
    form = spec.rules.sit_and_go
    if form is None:
        raise InvalidRules(f"{spec.title} has no sit-and-go")
    return Stage(game.name, spec.title, form, spec.rules.game, game.options)


def preparations(players: Iterable[Player]) -> list[Preparation]:
    """The one-time work these players need before they can play (a solve on first use),
    each piece once however many seats share it: a front end runs it with its progress shown
    rather than freeze on a computer's first turn."""
    found: dict[str, Preparation] = {}
    for player in players:
        work = player.preparation() if isinstance(player, Prepares) else None
        if work is not None:
            found.setdefault(work.key, work)
    return list(found.values())


Prepare = Callable[[Sequence[Preparation]], None]
"""Runs one-time work, showing it as a front end can (the command line: a bar)."""


def prepare_quietly(work: Sequence[Preparation]) -> None:
    for piece in work:
        piece.run(lambda done, line: None)


def seat_table(
    name: str,
    seed: int,
    seats: int,
    computers: Mapping[int, str],
    choices: Choices = NO_CHOICES,
    structure: Structure | None = None,
) -> Seating:
    """The one seating: the game under ``choices``, its first table, the match seed and a
    seeded player in each computer seat, all derived from ``seed``; ``structure``: the
    table is a sit-and-go's (its first level, each seat starting with its chips)."""
    game = check(name, seats, computers, choices)
    rng = random.Random(derive_seed(seed, "table"))
    chips = None if structure is None else structure.chips
    rules, table = game.spec.make(seats, choices, rng, chips)
    bots = {s: computer(name, b, seed, s, rules.options) for s, b in sorted(computers.items())}
    names = tuple(computers.get(s) for s in range(seats))
    return Seating(rules, table, derive_seed(seed, "match"), bots, names, structure)


def seat_bankrolled(
    name: str, seed: int, seats: int, computers: Mapping[int, str], choices: Choices = NO_CHOICES
) -> Seating:
    """The one seating with every stake the game's bankroll where it has one: a table that
    plays on with nobody to buy chips (simulations, learning environments), where a seat short
    of chips would sit out."""
    seating = seat_table(name, seed, seats, computers, choices)
    bankroll = entry(name).spec.rules.bankroll
    if bankroll is None:
        return seating
    return replace(seating, table=replace(seating.table, stakes=(bankroll,) * seats))


def computer(name: str, bot: str, seed: int, seat: int, options: Any) -> Player:
    """The computer player ``bot`` in ``seat`` of a table of game ``name`` seated from
    ``seed``, with its own random source derived from them: the same at a table seated whole
    and at one whose host adds the computer later."""
    return entry(name).bot(bot)(random.Random(derive_seed(seed, "bot", seat)), options)


def house_computers(game: str, computers: Mapping[int, str]) -> dict[int, str]:
    """The computer seats for ``game`` at a table that changes games: the players its house
    seats beside people, in turn."""
    house = entry(game).house
    return {seat: house[i % len(house)] for i, seat in enumerate(sorted(computers))}


def house_lineup(name: str, seed: int, seats: int, bots: tuple[str, ...] = ()) -> dict[int, str]:
    """Who the house seats beside one person: the person's seat (the game's, or drawn), then
    ``bots`` in the other seats in order, the rest drawn from the game's house players."""
    game = entry(name)
    game.spec.check_seats(seats)
    if len(bots) > seats - 1:
        raise InvalidRules(f"{len(bots)} computer players do not fit beside you at {seats} seats")
    rng = random.Random(derive_seed(seed, "lineup"))
    you = game.person_seat if game.person_seat is not None else rng.randrange(seats)
    given: Iterator[str] = iter(bots)
    return {s: next(given, None) or rng.choice(game.house) for s in range(seats) if s != you}


def seat_person(
    name: str,
    seed: int,
    seats: int | None = None,
    bots: tuple[str, ...] = (),
    choices: Choices = NO_CHOICES,
    structure: Structure | None = None,
) -> Seating:
    """One person against the house's computer players: the prompt mode and the terminal
    table (``structure``: a sit-and-go's)."""
    rules = entry(name).spec.rules
    form = rules.sit_and_go if structure is not None else None
    count = seats if seats is not None else (form and form.seats) or rules.default_seats
    lineup = house_lineup(name, seed, count, bots)
    return seat_table(name, seed, count, lineup, choices, structure)
