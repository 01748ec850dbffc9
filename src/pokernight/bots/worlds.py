"""Hurricane and High-Low positions for the advisor: the deck and the game's stacked deal. The
worlds themselves (positions, full hands consistent with them) are the
engine's (``engine.worlds``), which each game's ``determinize`` also uses."""

from __future__ import annotations

from pokernight.cards import Playable
from pokernight.engine.protocol import TableState, View
from pokernight.engine.worlds import Position, Stacker, position_from_view
from pokernight.games.highlow.game import HighLow, HighLowOptions, stacked_hand
from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.games.hurricane.game import stacked_hand as hurricane_hand

Options = HurricaneOptions | HighLowOptions


def deck_of(options: Options) -> tuple[Playable, ...]:
    return options.deck if isinstance(options, HurricaneOptions) else tuple(HighLow(options).deck)


def stacker_of(options: Options) -> Stacker:
    return hurricane_hand if isinstance(options, HurricaneOptions) else stacked_hand


def advice_position(view: View, options: Options, table: TableState) -> Position:
    """The position the view's seat asks advice on (``table``: the table the hand was dealt at)."""
    return position_from_view(view, options, deck_of(options), table)
