"""Hurricane and High-Low positions for the advisor: the deck and the game's stacked deal, as
each game's spec describes its dealing (``DEALING``). The worlds themselves (positions, full
hands consistent with them) are the engine's (``engine.worlds``), which each game's
``determinize`` also uses."""

from __future__ import annotations

from pokernight.cards import Playable
from pokernight.engine.chance import Build, Dealing
from pokernight.engine.protocol import TableState, View
from pokernight.engine.worlds import Position, position_from_view
from pokernight.games import highlow, hurricane
from pokernight.games.highlow.game import HighLowOptions
from pokernight.games.hurricane.game import HurricaneOptions

Options = HurricaneOptions | HighLowOptions


def _dealing(options: Options) -> Dealing:
    return hurricane.DEALING if isinstance(options, HurricaneOptions) else highlow.DEALING


def deck_of(options: Options) -> tuple[Playable, ...]:
    return tuple(_dealing(options).deck(options))


def stacker_of(options: Options) -> Build:
    return _dealing(options).build


def advice_position(view: View, options: Options, table: TableState) -> Position:
    """The position the view's seat asks advice on (``table``: the table the hand was dealt at)."""
    return position_from_view(view, options, deck_of(options), table)
