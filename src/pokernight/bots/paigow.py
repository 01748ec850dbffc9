"""Pai Gow's computer player: the house way as a strategy (the best setting against the
house way is the game's own ``games.paigow.advice``)."""

from __future__ import annotations

import random

from pokernight.engine.actions import Action, Kind
from pokernight.engine.protocol import View
from pokernight.games.paigow.game import WAGER
from pokernight.games.paigow.hands import own_cards
from pokernight.games.paigow.way import TWO_PAIR, TwoPairTable, house_front


class HouseWayBot:
    """Wagers the table minimum and sets every hand by the house way."""

    name = "house"

    def __init__(self, rng: random.Random, table: TwoPairTable = TWO_PAIR) -> None:
        self.table = table

    def act(self, view: View) -> Action:
        if view.phase == WAGER:
            return view.legal[0]
        return Action(Kind.SET, cards=house_front(own_cards(view), self.table))
