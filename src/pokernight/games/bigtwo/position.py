"""What one seat knows of a Big Two round, and full rounds consistent with it.

A search bot never sees the state: it reads its view (its cards, everyone's card counts, the
face-up plays in the events) and deals the cards it has not seen at random to the others,
keeping their counts (``determinize``, docs/architecture.md).
"""

from __future__ import annotations

import random
from dataclasses import replace

from pokernight.cards import CARDS, Card
from pokernight.engine.protocol import TableState, View
from pokernight.games.bigtwo.events import Passed, Played, RunReset
from pokernight.games.bigtwo.game import BigTwoOptions
from pokernight.games.bigtwo.round import OPEN, BigTwoHand
from pokernight.hands.climb import classify_values, play_key, tables
from pokernight.hands.climb_moves import Play


def board_play(view: View, options: BigTwoOptions) -> Play | None:
    """The play to beat (None when the viewer leads)."""
    if not view.board:
        return None
    value_of = tables(options.order).value_of
    values = sorted(value_of[c.index] for c in view.board if isinstance(c, Card))
    return play_key(*classify_values(values, options.order)), tuple(values)


def determinize(options: BigTwoOptions, view: View, rng: random.Random) -> BigTwoHand:
    """A round at the viewer's decision in which every card the viewer has not seen is dealt
    at random to the other seats (as many as each holds); the viewer's own cards are real.
    The table's size is the view's (a bot's options may name another)."""
    seat, turn = view.seat, view.to_act
    assert seat is not None and turn is not None
    mine = [c for c in view.hole if isinstance(c, Card)]
    seen = set(mine)
    last_seat, passes = -1, 0
    for event in view.events:
        if isinstance(event, Played):
            seen.update(event.cards)
            last_seat, passes = event.seat, 0
        elif isinstance(event, Passed):
            passes += 1
        elif isinstance(event, RunReset):
            passes = 0
    unseen = [c for c in CARDS if c not in seen]
    rng.shuffle(unseen)
    hands: list[list[Card]] = []
    for s, cards in enumerate(view.cards):
        if s == seat:
            hands.append(mine)
        else:
            hands.append(unseen[: len(cards)])
            del unseen[: len(cards)]
    assert view.dealer is not None  # a Big Two round always has a dealer
    out = tuple(s for s, playing in enumerate(view.live) if not playing)
    table = TableState(stakes=view.stakes, dealer=view.dealer, hand=view.hand, out=out)
    world = BigTwoHand(replace(options, seats=len(hands)), table, 0, hands)
    value_of = tables(options.order).value_of
    opening = min(value_of[c.index] for c in mine) if view.phase == OPEN else None
    world.resume(turn, board_play(view, options), last_seat, passes, opening)
    return world
