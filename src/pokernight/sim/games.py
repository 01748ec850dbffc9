"""What a simulation needs to know of each game: how to seat it and which bots it has."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from pokernight.bots.bigtwo import GreedyBot, SearchBot
from pokernight.bots.draw import DrawComputer
from pokernight.bots.generic import RandomBot
from pokernight.bots.highlow import ValueBot
from pokernight.bots.hurricane import STRATEGIES, HurricaneBot
from pokernight.bots.paigow import HouseWayBot
from pokernight.engine.protocol import Game, Player, TableState
from pokernight.games.bigtwo.game import BigTwoOptions, MountHolyoke
from pokernight.games.draw.game import FiveCardDraw
from pokernight.games.highlow.game import HighLow, HighLowOptions
from pokernight.games.hurricane.game import Hurricane, HurricaneOptions
from pokernight.games.paigow.game import PaiGow
from pokernight.games.paigow.options import Bank, PaiGowOptions
from pokernight.games.paigow.way import TWO_PAIR_TABLES

BotMaker = Callable[[random.Random], Player]
Options = Mapping[str, str]
TableMaker = Callable[[int, random.Random, Options], tuple[Game, TableState]]


@dataclass(frozen=True)
class SimGame:
    """``options``: the game options a simulation may set, each with its allowed values;
    ``unit``: the wager every bot places per hand, in games where it is fixed (the edge is
    reported per unit); ``bankroll``: the stake every seat starts a simulation with, in games
    where a seat short of chips would sit out (so every simulated hand is played)."""

    seats: tuple[int, int]
    bots: dict[str, BotMaker]
    table: TableMaker
    lineup: Callable[[Options], tuple[str, ...]]
    options: dict[str, tuple[str, ...]] = field(default_factory=dict)
    unit: int | None = None
    bankroll: int | None = None


def _hurricane_table(seats: int, rng: random.Random, options: Options) -> tuple[Game, TableState]:
    game = Hurricane(HurricaneOptions(seats=seats))
    return game, game.new_table(rng.randrange(seats))


def _draw_table(seats: int, rng: random.Random, options: Options) -> tuple[Game, TableState]:
    game = FiveCardDraw()
    return game, game.new_table()


def _highlow_table(seats: int, rng: random.Random, options: Options) -> tuple[Game, TableState]:
    game = HighLow(HighLowOptions(seats=seats))
    return game, game.new_table(rng.randrange(seats))


def _paigow_table(seats: int, rng: random.Random, options: Options) -> tuple[Game, TableState]:
    """The dealer sets by the house way with the two-pair table ``two_pair`` names."""
    game = PaiGow(
        PaiGowOptions(
            seats=seats,
            bank=Bank(options.get("bank", "dealer")),
            two_pair=TWO_PAIR_TABLES[options.get("two_pair", "rules")],
        )
    )
    return game, game.new_table()


def _paigow_lineup(options: Options) -> tuple[str, ...]:
    """One player against the dealer; with a player banking, the banker and one player. Each
    sets by the house way with the table's two-pair rule (the bot named after it)."""
    bot = _PAIGOW_BOTS[options.get("two_pair", "rules")]
    return (bot,) if options.get("bank", "dealer") == "dealer" else (bot, bot)


_PAIGOW_BOTS = {"rules": "house", "trump-plaza": "trump-plaza"}
"""The bot that sets by the house way with each two-pair table."""


def _house_way_bot(table: str) -> BotMaker:
    return lambda rng: HouseWayBot(rng, TWO_PAIR_TABLES[table])


def _bigtwo_table(seats: int, rng: random.Random, options: Options) -> tuple[Game, TableState]:
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
        lineup=lambda options: STRATEGIES,
        bots={name: _hurricane_bot(name) for name in STRATEGIES},
        table=_hurricane_table,
    ),
    "highlow": SimGame(
        seats=(2, 10),
        lineup=lambda options: ("value", "random", "random", "random"),
        bots={"random": RandomBot, "value": _value_bot},
        table=_highlow_table,
    ),
    "draw": SimGame(
        seats=(2, 2),
        lineup=lambda options: ("random", "computer"),
        bots={"random": RandomBot, "computer": DrawComputer},
        table=_draw_table,
    ),
    "paigow": SimGame(
        seats=(1, 6),
        lineup=_paigow_lineup,
        bots={
            **{bot: _house_way_bot(table) for table, bot in _PAIGOW_BOTS.items()},
            "random": RandomBot,
        },
        table=_paigow_table,
        options={"bank": ("dealer", "player"), "two_pair": tuple(TWO_PAIR_TABLES)},
        unit=PaiGowOptions().min_bet,
        bankroll=10**12,
    ),
    "bigtwo": SimGame(
        seats=(2, 4),
        lineup=lambda options: ("greedy", "random", "random", "random"),
        bots={"random": RandomBot, "greedy": GreedyBot, "search": SearchBot},
        table=_bigtwo_table,
    ),
}
