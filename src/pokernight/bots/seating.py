"""Who sits where in each game the house deals to a person: the game, the person's seat, the
computer players and the match seed. The prompt mode and the terminal table both seat a game
through here, so the same seed gives the same table whichever front end plays it."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from pokernight.bots.bigtwo import GreedyBot, SearchBot
from pokernight.bots.draw import DrawComputer
from pokernight.bots.generic import RandomBot
from pokernight.bots.highlow import ValueBot
from pokernight.bots.hurricane import STRATEGIES, lineup, seat_bots
from pokernight.bots.paigow import HouseWayBot
from pokernight.engine.protocol import Game, Player, TableState
from pokernight.engine.table import Match
from pokernight.errors import InvalidRules
from pokernight.games.bigtwo.game import BigTwoOptions, MountHolyoke
from pokernight.games.draw.game import HUMAN, DrawOptions, FiveCardDraw
from pokernight.games.highlow.game import HighLow, HighLowOptions
from pokernight.games.hurricane.game import Hurricane, HurricaneOptions
from pokernight.games.paigow.game import PaiGow
from pokernight.games.paigow.options import PaiGowOptions

BIGTWO_BOTS: dict[str, Callable[[random.Random], Player]] = {
    "greedy": GreedyBot,
    "search": SearchBot,
    "random": RandomBot,
}
GAMES = {  # each game with one line about it
    "hurricane": "two-card draw, deuces wild, high/low, eight seats (seed 000)",
    "draw": "five-card draw against a bluffing computer (seed 002)",
    "highlow": "High And Low Poker: dual-value cards, high 2/3, low 1/3 (seed 001)",
    "paigow": "Pai Gow Poker: seven cards set high and low against the house (seed 004)",
    "bigtwo": "Mount Holyoke Poker: Big Two, climb with singles to five-card hands (seed 003)",
}
DEFAULT_SEATS = {"hurricane": 8, "draw": 2, "highlow": 4, "paigow": 1, "bigtwo": 4}


def title_of(game: str) -> str:
    """A game's name for a heading: its about line's name, else the game's key."""
    about = GAMES[game]
    return about.split(":")[0] if ":" in about else game.title()


@dataclass(frozen=True)
class Seating:
    """A table ready to play: ``names[s]`` is seat s's strategy (None for the person)."""

    game: Game
    you: int
    bots: dict[int, Player]
    seed: int
    table: TableState
    names: tuple[str | None, ...]

    def players(self, person: Player) -> list[Player]:
        return [person if s == self.you else self.bots[s] for s in range(len(self.names))]

    def match(self, person: Player) -> Match:
        return Match(self.game, self.players(person), self.seed, self.table)


def _check_bots(bots: tuple[str, ...], known: tuple[str, ...], seats: int) -> None:
    unknown = [b for b in bots if b not in known]
    if unknown:
        raise InvalidRules(f"unknown bot {unknown[0]!r}: bots are {', '.join(known)}")
    if len(bots) > seats - 1:
        raise InvalidRules(f"{len(bots)} bots do not fit beside you at {seats} seats")


def seat_hurricane(seed: int, seats: int, bots: tuple[str, ...] = ()) -> Seating:
    """The house's random seat, first dealer and strategies (RULES.md)."""
    game = Hurricane(HurricaneOptions(seats=seats))
    _check_bots(bots, STRATEGIES, seats)
    line = lineup(seed, seats, human=True, bots=bots)
    assert line.human is not None
    computers: dict[int, Player] = dict(seat_bots(line, seed))
    return Seating(game, line.human, computers, seed, game.new_table(line.dealer), line.strategies)


def seat_draw(rounds: random.Random) -> Seating:
    """You against the seed's computer; ``rounds`` seeds each game of a session in turn."""
    game = FiveCardDraw(DrawOptions())
    computer = DrawComputer(random.Random(rounds.getrandbits(63)))
    return Seating(
        game,
        HUMAN,
        {1 - HUMAN: computer},
        rounds.getrandbits(63),
        game.new_table(),
        (None, "dealer"),
    )


def seat_highlow(seed: int, seats: int) -> Seating:
    """A random seat for you among value bots, and a random first dealer."""
    game = HighLow(HighLowOptions(seats=seats))
    rng = random.Random(f"highlow:{seed}")
    you = rng.randrange(seats)
    computers: dict[int, Player] = {
        s: ValueBot(random.Random(rng.getrandbits(63)), game.deck) for s in range(seats) if s != you
    }
    names = tuple(None if s == you else "value" for s in range(seats))
    return Seating(game, you, computers, seed, game.new_table(rng.randrange(seats)), names)


def seat_paigow(seed: int, seats: int) -> Seating:
    """You at seat 1; other seats set by the house way; the house dealer banks."""
    game = PaiGow(PaiGowOptions(seats=seats))
    rng = random.Random(f"paigow:{seed}")
    computers: dict[int, Player] = {
        s: HouseWayBot(random.Random(rng.getrandbits(63))) for s in range(1, seats)
    }
    names = (None, *["house way"] * (seats - 1))
    return Seating(game, 0, computers, rng.getrandbits(63), game.new_table(), names)


def seat_bigtwo(seed: int, seats: int, bots: tuple[str, ...] = ()) -> Seating:
    """You at seat 1; the named bots after you, greedy ones in the seats left."""
    game = MountHolyoke(BigTwoOptions(seats=seats))
    _check_bots(bots, tuple(BIGTWO_BOTS), seats)
    names = [*bots, *["greedy"] * (seats - 1 - len(bots))]
    rng = random.Random(f"bigtwo:{seed}")
    computers = {
        s: BIGTWO_BOTS[n](random.Random(rng.getrandbits(63))) for s, n in enumerate(names, 1)
    }
    return Seating(game, 0, computers, seed, game.new_table(), (None, *names))


def seat(game: str, seed: int, seats: int | None = None, bots: tuple[str, ...] = ()) -> Seating:
    """Any game by name, with its default number of seats."""
    count = seats or DEFAULT_SEATS[game]
    if game == "hurricane":
        return seat_hurricane(seed, count, bots)
    if game == "draw":
        return seat_draw(random.Random(f"draw:{seed}"))
    if game == "highlow":
        return seat_highlow(seed, count)
    if game == "paigow":
        return seat_paigow(seed, count)
    if game == "bigtwo":
        return seat_bigtwo(seed, count, bots)
    raise InvalidRules(f"unknown game {game!r}: games are {', '.join(GAMES)}")
