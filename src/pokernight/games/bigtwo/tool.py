"""``pokernight bigtwo-moves``: every legal Mount Holyoke Poker play of a hand.

Moves come by size, then strength, each move's cards lowest first in the seed's ranking;
against a play to beat, ``pass`` (``[]`` in JSON) comes last. A command Big Two brings to the
command line (its spec lists it), loaded only when it runs; its parameters are declared without
typer (``engine/tools.py``), which ``cli/`` makes typer's.
"""

from __future__ import annotations

import json
from typing import Annotated

from pokernight.cards import Card, parse_cards
from pokernight.engine.tools import Option
from pokernight.errors import InvalidCards
from pokernight.hands.climb import SEED_ORDER, classify_values, play_key, tables
from pokernight.hands.climb_moves import plays


def _values(text: str, what: str) -> list[int]:
    cards = parse_cards(text)
    plain = [c for c in cards if isinstance(c, Card)]
    if len(plain) != len(cards):
        raise InvalidCards(f"Mount Holyoke Poker is played without a joker: remove Jk from {what}")
    value_of = tables(SEED_ORDER).value_of
    return sorted(value_of[c.index] for c in plain)


def bigtwo_moves_command(
    hand: Annotated[str, Option("--hand", 'your cards, e.g. "3d 3c 7h Ks 2s"')],
    last: Annotated[str | None, Option("--last", "the play to beat (omit when you lead)")] = None,
    as_json: Annotated[bool, Option("--json", "print JSON")] = False,
) -> None:
    """Every legal play of a Mount Holyoke Poker hand, or every one that beats --last."""
    held = _values(hand, "--hand")
    if not 1 <= len(held) <= 13:
        raise InvalidCards(f"a hand holds 1 to 13 cards, not {len(held)}")
    beat = None
    if last is not None:
        values = _values(last, "--last")
        if set(values) & set(held):
            raise InvalidCards("--last names a card of --hand: a played card is not in your hand")
        beat = (play_key(*classify_values(values)), tuple(values))
    card_of = tables(SEED_ORDER).card_of
    moves = [[str(card_of[v]) for v in cards] for _, cards in plays(held, beat)]
    if beat is not None:
        moves.append([])
    if as_json:
        print(json.dumps({"moves": moves}))
        return
    for move in moves:
        print(f"play {' '.join(move)}" if move else "pass")
