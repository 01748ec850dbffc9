"""What a simulation needs to know of each game: how to seat it and which bots it has."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from pokernight.bots.bigtwo import GreedyBot, SearchBot
from pokernight.bots.draw import DrawComputer
from pokernight.bots.generic import RandomBot
from pokernight.bots.highlow import ValueBot
from pokernight.bots.hurricane import STRATEGIES, HurricaneBot
from pokernight.engine.protocol import Game, Player, TableState
from pokernight.games.bigtwo import BigTwoOptions, MountHolyoke
from pokernight.games.draw import FiveCardDraw
from pokernight.games.highlow import HighLow, HighLowOptions
from pokernight.games.hurricane import Hurricane, HurricaneOptions

BotMaker = Callable[[random.Random], Player]


@dataclass(frozen=True)
class SimGame:
    seats: tuple[int, int]
    default_bots: tuple[str, ...]
    bots: dict[str, BotMaker]
    table: Callable[[int, random.Random], tuple[Game, TableState]]


def _hurricane_table(seats: int, rng: random.Random) -> tuple[Game, TableState]:
    game = Hurricane(HurricaneOptions(seats=seats))
    return game, game.new_table(rng.randrange(seats))


def _draw_table(seats: int, rng: random.Random) -> tuple[Game, TableState]:
    game = FiveCardDraw()
    return game, game.new_table()


def _highlow_table(seats: int, rng: random.Random) -> tuple[Game, TableState]:
    game = HighLow(HighLowOptions(seats=seats))
    return game, game.new_table(rng.randrange(seats))


def _bigtwo_table(seats: int, rng: random.Random) -> tuple[Game, TableState]:
    """Net per hand is minus the points of the round (cards left; low is good)."""
    game = MountHolyoke(BigTwoOptions(seats=seats))
    return game, game.new_table(rng.randrange(seats))


def _value_bot(rng: random.Random) -> Player:
    return ValueBot(rng, HighLow().deck, samples=30)


def _hurricane_bot(name: str) -> BotMaker:
    return lambda rng: HurricaneBot(name, rng)


SIM_GAMES: dict[str, SimGame] = {
    "hurricane": SimGame(
        seats=(2, 8),
        default_bots=STRATEGIES,
        bots={name: _hurricane_bot(name) for name in STRATEGIES},
        table=_hurricane_table,
    ),
    "highlow": SimGame(
        seats=(2, 10),
        default_bots=("value", "random", "random", "random"),
        bots={"random": RandomBot, "value": _value_bot},
        table=_highlow_table,
    ),
    "draw": SimGame(
        seats=(2, 2),
        default_bots=("random", "computer"),
        bots={"random": RandomBot, "computer": DrawComputer},
        table=_draw_table,
    ),
    "bigtwo": SimGame(
        seats=(2, 4),
        default_bots=("greedy", "random", "random", "random"),
        bots={"random": RandomBot, "greedy": GreedyBot, "search": SearchBot},
        table=_bigtwo_table,
    ),
}
