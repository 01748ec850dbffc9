"""Pai Gow Poker (seed 004): seven cards set high and low against the house dealer."""

from __future__ import annotations

import random

from pokernight.engine.actions import Kind
from pokernight.engine.protocol import TableState
from pokernight.engine.spec import Choices, GameSpec, Key, Suggestion, amount_keys, slot_keys
from pokernight.games.paigow.determinize import determinize
from pokernight.games.paigow.game import OVER, SET, WAGER, PaiGow
from pokernight.games.paigow.options import Bank, PaiGowOptions
from pokernight.games.paigow.preview import house_way_move, preview
from pokernight.games.paigow.way import TWO_PAIR_TABLES


def _first_table(game: PaiGow, rng: random.Random) -> TableState:
    return game.new_table()


def _space(options: PaiGowOptions) -> tuple[list[Key], int]:
    wagers = amount_keys(options.max_bet, options.min_bet, (Kind.BET,))
    return [*wagers, *slot_keys(Kind.SET, 7, [2])], 7


def _configure(options: type[PaiGowOptions], seats: int, choices: Choices) -> PaiGowOptions:
    """Who banks, and the two-pair table the dealer's house way reads."""
    return options(
        seats=seats,
        bank=Bank(choices.get("bank", "dealer")),
        two_pair=TWO_PAIR_TABLES[choices.get("two_pair", "rules")],
    )


SPEC = GameSpec(
    name="paigow",
    title="Pai Gow Poker",
    about="seven cards set high and low against the house (seed 004)",
    options=PaiGowOptions,
    seats=(1, 6),
    default_seats=1,
    game=PaiGow,
    first_table=_first_table,
    phases=(WAGER, SET, OVER),
    action_space=_space,
    choices={"bank": ("dealer", "player"), "two_pair": tuple(TWO_PAIR_TABLES)},
    configure=_configure,
    unit=PaiGowOptions().min_bet,
    bankroll=10**12,
    board="the dealer's hand",
    determinize=determinize,
    preview=preview,
    suggestion=Suggestion("House way", SET, house_way_move),
    set_as=(("front", 2), ("back", 5)),
)
