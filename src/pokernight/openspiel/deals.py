"""How each game's hand is dealt from cards that OpenSpiel's chance nodes chose.

The protocol deals a hand from a seed (``Game.new_hand``); OpenSpiel wants every card to be a
chance outcome. Each game's hand already accepts a stacked deal (its lessons, tests and
determinized worlds use it), so a deal model names that constructor, the deck chance draws
from, and how many cards are dealt before the first decision. Cards drawn later (a discard's
replacements) are stacked after those, so the hand is rebuilt and its actions replayed when a
draw's cards are known: the game's own code still deals, orders and scores everything.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pokernight.cards import CARDS, DualCard, Playable
from pokernight.engine.protocol import HandState, TableState
from pokernight.games.bigtwo.round import BigTwoHand
from pokernight.games.draw.game import DrawHand
from pokernight.games.highlow.game import HighLow, HighLowHand
from pokernight.games.hurricane.game import HurricaneHand
from pokernight.games.paigow.game import DECK as PAIGOW_DECK
from pokernight.games.paigow.game import PaiGowHand

Build = Callable[[Any, TableState, Sequence[Playable]], HandState]


@dataclass(frozen=True)
class DealModel:
    """``deck(options)``: the cards chance deals from; ``build``: the hand dealt these cards
    (the first ``initial(options, table)`` before play, then each draw's in turn);
    ``by_rank``: suits never matter to the game (Hurricane), so chance deals ranks and no
    string or tensor shows a suit (a suit chosen for a rank would tell which were dealt
    before); ``most``: the most a seat can win or lose in one hand; ``zero_sum``: what one
    seat wins the others lose (a bank's commission, or penalty points, break that)."""

    deck: Callable[[Any], tuple[Playable, ...]]
    build: Build
    initial: Callable[[Any, TableState], int]
    most: Callable[[Any], float]
    by_rank: bool = False
    zero_sum: bool = True


def _holes(per_seat: int) -> Callable[[Any, TableState], int]:
    return lambda options, table: per_seat * table.seats


def _betting_most(options: Any, rounds: int, top: int) -> float:
    """An ante and every round capped at its top bet and raises, won from every other seat."""
    per_round = top * (options.raises + 1) if hasattr(options, "raises") else top * 3
    return float((options.ante + rounds * per_round) * max(getattr(options, "seats", 2) - 1, 1))


def _highlow_deck(options: Any) -> tuple[Playable, ...]:
    return tuple(HighLow(options).deck)


def _highlow(options: Any, table: TableState, cards: Sequence[Playable]) -> HandState:
    duals = [c for c in cards if isinstance(c, DualCard)]
    return HighLowHand(options, list(_highlow_deck(options)), table, 0, duals)  # type: ignore[arg-type]


def _paigow_holders(options: Any, table: TableState) -> int:
    """Seven cards to each player who can bet, and to the bank (RULES.md)."""
    return 7 * (len(PaiGowHand(options, table, 0).players) + 1)


def _paigow(options: Any, table: TableState, cards: Sequence[Playable]) -> HandState:
    hands = [
        [c for c in cards[i : i + 7] if not isinstance(c, DualCard)]
        for i in range(0, len(cards), 7)
    ]
    return PaiGowHand(options, table, 0, hands)


def _bigtwo(options: Any, table: TableState, cards: Sequence[Playable]) -> HandState:
    hands = [list(cards[i : i + 13]) for i in range(0, len(cards), 13)]
    return BigTwoHand(options, table, 0, hands)  # type: ignore[arg-type]


MODELS: dict[str, DealModel] = {
    "hurricane": DealModel(
        deck=lambda o: o.deck,
        build=lambda o, t, cards: HurricaneHand(o, t, 0, cards),  # type: ignore[arg-type]
        initial=_holes(2),
        most=lambda o: _betting_most(o, 2, o.max_bet),
        by_rank=True,
    ),
    "draw": DealModel(
        deck=lambda o: CARDS,
        build=lambda o, t, cards: DrawHand(o, t, 0, cards),  # type: ignore[arg-type]
        initial=_holes(5),
        most=lambda o: float(o.ante + 2 * o.max_bet * 3),
    ),
    "highlow": DealModel(
        deck=_highlow_deck,
        build=_highlow,
        initial=_holes(5),
        most=lambda o: _betting_most(o, 2, max(o.first_limit, o.second_limit)),
    ),
    "paigow": DealModel(
        deck=lambda o: PAIGOW_DECK,
        build=_paigow,
        initial=_paigow_holders,
        most=lambda o: float(o.max_bet * max(o.seats, 1)),
        zero_sum=False,
    ),
    "bigtwo": DealModel(
        deck=lambda o: CARDS,
        build=_bigtwo,
        initial=_holes(13),
        most=lambda o: float(39 * (o.seats - 1)),
        zero_sum=False,
    ),
}
