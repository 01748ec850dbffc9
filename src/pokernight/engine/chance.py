"""A game's hand as chance deals it, card by card: what a game tells an adapter that wants
every card to be a chance outcome (OpenSpiel), carried on its ``GameSpec``.

The protocol deals a hand from a seed (``Game.new_hand``). An adapter that deals each card
itself needs the deck chance draws from, the hand dealt those cards (each game's hand already
accepts a stacked deal: its lessons, tests and determinized worlds use it), how many cards
are dealt before the first decision, and the game's bounds: the most a seat can win or lose
in a hand and the longest hand. Cards drawn later (a discard's replacements) are stacked after
the first ones and the hand is dealt again with its actions replayed, so the game's own code
still deals, orders and scores everything.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pokernight.cards import Playable
from pokernight.engine.protocol import HandState, TableState

Build = Callable[[Any, TableState, Sequence[Playable]], HandState]
"""The hand of these options at this table, dealt ``cards`` in order from the top."""


@dataclass(frozen=True)
class ChanceModel:
    """``deck(options)``: the cards chance deals from; ``build``: the hand dealt these cards
    (the first ``initial(options, table)`` before play, then each draw's in turn);
    ``most(options)``: the most a seat can win or lose in one hand; ``longest(options)``: the
    most decisions and chance outcomes one hand can take; ``by_rank``: suits never matter to
    the game (Hurricane), so chance deals ranks and nothing a seat reads shows a suit (a suit
    chosen for a rank would tell which were dealt before); ``zero_sum``: what one seat wins
    the others lose (a bank's commission, or penalty points, break that)."""

    deck: Callable[[Any], Sequence[Playable]]
    build: Build
    initial: Callable[[Any, TableState], int]
    most: Callable[[Any], float]
    longest: Callable[[Any], int]
    by_rank: bool = False
    zero_sum: bool = True


def holes(per_seat: int) -> Callable[[Any, TableState], int]:
    """``initial`` of a game that deals ``per_seat`` cards to every seat before play."""
    return lambda options, table: per_seat * table.seats


def betting_most(options: Any, rounds: int, top: int, raises: int) -> float:
    """``most`` of a betting game: an ante and ``rounds`` rounds each capped at ``top`` with
    ``raises`` raises, won from every other seat."""
    per_round = top * (raises + 1)
    return float((options.ante + rounds * per_round) * max(getattr(options, "seats", 2) - 1, 1))


def betting_longest(options: Any) -> int:
    """``longest`` of a draw-and-bet game: every card dealt and drawn, and every round's
    checks, bets and raises (generous: OpenSpiel reads it as a bound)."""
    return 60 + 12 * int(getattr(options, "seats", 2))
