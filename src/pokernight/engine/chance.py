"""How a game's hand is dealt, described once on its ``GameSpec`` for every adapter that deals
cards itself: search (``engine.worlds``: full hands consistent with what one seat knows) and
OpenSpiel (every card a chance outcome).

The protocol deals a hand from a seed (``Game.new_hand``). An adapter that deals each card
itself needs the deck the cards come from and the hand dealt those cards in order (each game's
hand already accepts a stacked deal: its lessons, tests and determinized worlds use it); OpenSpiel
also needs how many cards are dealt before the first decision and the game's bounds: the most a
seat can win or lose in a hand and the longest hand. Cards drawn later (a discard's
replacements) are stacked after the first ones and the hand is dealt again with its actions
replayed, so the game's own code still deals, orders and scores everything.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pokernight.cards import Playable
from pokernight.engine.protocol import HandState, TableState, View

Build = Callable[[Any, TableState, Sequence[Playable]], HandState]
"""The hand of these options at this table, dealt ``cards`` in order from the top."""
Determinize = Callable[[Any, View, TableState, random.Random], HandState]
"""The protocol's (docs/architecture.md) ``determinize(options, view, table, rng)``: a full hand at
the view's seat's decision consistent with everything that view knows (``table``: the table the
hand was dealt at), the cards it has not seen dealt by ``rng``: what search bots and advisors search
over without ever seeing a hidden card."""


@dataclass(frozen=True)
class Dealing:
    """``deck(options)``: the cards a hand is dealt from; ``build``: the hand dealt these cards
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
    worlds: Determinize | None = None
    """Its own ``determinize``, where a seat's view cannot be replayed on a stacked deck (Big
    Two's plays, Pai Gow's hidden settings); None: ``engine.worlds`` rebuilds the hand from
    ``deck`` and ``build``."""


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
