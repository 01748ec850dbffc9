"""Rounds dealt from text, for the Big Two tests."""

from __future__ import annotations

from pokernight.cards import Card, parse_cards
from pokernight.engine.actions import parse_action
from pokernight.engine.protocol import TableState
from pokernight.games.bigtwo.game import BigTwoOptions
from pokernight.games.bigtwo.round import BigTwoHand


def deal(
    *hands: str, options: BigTwoOptions | None = None, table: TableState | None = None
) -> BigTwoHand:
    opts = options or BigTwoOptions(seats=len(hands))
    cards = [[c for c in parse_cards(h) if isinstance(c, Card)] for h in hands]
    return BigTwoHand(opts, table or TableState((0,) * len(hands), 0), 0, cards)


def run(hand: BigTwoHand, *actions: str) -> None:
    for text in actions:
        hand.apply(parse_action(text))
