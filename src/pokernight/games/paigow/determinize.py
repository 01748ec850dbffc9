"""Full Pai Gow hands consistent with what one seat knows (docs/architecture.md, ``determinize``).

A seat sees its own seven cards once the wagers are in, every wager, and that the others have
set, never how: the cards it has not seen are dealt at random to the other hands (the bank's
included), and each other seat's setting is drawn at random among its legal ones.
"""

from __future__ import annotations

import random

from pokernight.cards import AnyCard, DualCard
from pokernight.engine.actions import Action, Kind
from pokernight.engine.events import Acted
from pokernight.engine.protocol import TableState, View
from pokernight.errors import InvalidRules
from pokernight.games.paigow.events import SetHand
from pokernight.games.paigow.game import DECK, PaiGowHand
from pokernight.games.paigow.options import PaiGowOptions


def determinize(
    options: PaiGowOptions, view: View, table: TableState, rng: random.Random
) -> PaiGowHand:
    """A hand at the viewer's decision dealt with its own cards (when it has them) and the
    rest at random; ``table``: the table the hand was dealt at."""
    seat = view.seat
    if seat is None or view.to_act != seat:
        raise InvalidRules("a world is dealt at the seat to act's decision")
    mine = tuple(c for c in view.hole if c is not None and not isinstance(c, DualCard))
    unseen = [c for c in DECK if c not in mine]
    rng.shuffle(unseen)
    probe = PaiGowHand(options, table, 0)  # who is dealt in, and who banks
    hands: list[tuple[AnyCard, ...]] = []
    for holder in [*probe.players, None]:  # the players in turn, then the bank
        own = holder == seat or (holder is None and probe.banker == seat)
        if own and mine:
            hands.append(mine)
        else:
            hands.append(tuple(unseen[:7]))
            del unseen[:7]
    world = PaiGowHand(options, table, 0, hands)
    for event in view.events:
        if isinstance(event, Acted):
            world.apply(event.action)
        elif isinstance(event, SetHand):
            seen = tuple(c for c in event.front if c is not None)
            front = seen if len(seen) == 2 else tuple(rng.sample(world.hole[event.seat], 2))
            world.apply(Action(Kind.SET, cards=front))
    return world
