"""The Big Two referee: whether a proposed action is legal, and if not, why.

Every message says what was wrong and what is allowed; the state is not touched here, so an
illegal action changes nothing. Which cards make a play and which play is higher is
``hands.climb``'s alone; the move generator gives exactly the plays accepted here (tested).
"""

from __future__ import annotations

from collections.abc import Sequence

from pokernight.cards import Card
from pokernight.engine.actions import Action, Kind
from pokernight.errors import IllegalAction, InvalidCards
from pokernight.hands.climb import ClimbOrder, Combo, classify_values, describe_play, play_key
from pokernight.hands.climb import tables as climb_tables
from pokernight.hands.climb_moves import Play

LEADS = "play a single, a pair, three of a kind or a five-card hand"


def describe(play: Play, order: ClimbOrder) -> str:
    card_of = climb_tables(order).card_of
    return describe_play(Combo(play[0] >> 24), [card_of[v] for v in play[1]], order)


def check_play(
    action: Action,
    held: Sequence[int],
    beat: Play | None,
    opening: int | None,
    any_opening: bool,
    order: ClimbOrder,
) -> Play | None:
    """The play ``action`` makes from ``held`` (None for a pass) if it is legal against
    ``beat`` (None: the seat leads); ``opening`` is the lowest card while it must open."""
    if action.kind is Kind.PASS:
        if beat is None:
            raise IllegalAction(f"you lead, so you cannot pass: {LEADS}")
        return None
    if action.kind is not Kind.PLAY:
        raise IllegalAction(f"{action.kind} is not a move here: play cards (e.g. play 3d) or pass")
    if not action.cards:
        raise IllegalAction("play which cards? e.g. 'play 3d' or 'play 4c 4h'")
    table = climb_tables(order)
    cards = [c for c in action.cards if isinstance(c, Card)]
    if len(cards) != len(action.cards):
        raise IllegalAction("Mount Holyoke Poker is played with standard cards only")
    values = sorted(table.value_of[c.index] for c in cards)
    if len(set(values)) != len(values):
        raise IllegalAction("a card is named twice: name each card you play once")
    missing = [str(c) for c in cards if table.value_of[c.index] not in held]
    if missing:
        raise IllegalAction(f"{' '.join(missing)} not in your hand: play only cards you hold")
    try:
        play = (play_key(*classify_values(values, order)), tuple(values))
    except InvalidCards as exc:
        raise IllegalAction(f"{exc}; {LEADS}") from None
    if opening is not None:
        lowest = table.card_of[opening]
        if not any_opening and values != [opening]:
            raise IllegalAction(f"the round opens with the lowest card alone: play {lowest}")
        if opening not in values:
            raise IllegalAction(f"the opening play must hold the lowest card, {lowest}")
    elif beat is not None:
        size, what = len(beat[1]), describe(beat, order)
        if len(values) != size:
            count = f"{size} card{'s' * (size > 1)}"
            raise IllegalAction(
                f"wrong size: the play to beat ({what}) has {count}; "
                f"play {count} that beat{'s' * (size == 1)} it, or pass"
            )
        if play[0] <= beat[0]:
            raise IllegalAction(
                f"{describe(play, order)} does not beat {what}: play a higher one, or pass"
            )
    return play
