"""A setting said before it is committed, and the house way offered to a player: what a front
end shows while a player sets, so a fouled hand is never set without a warning."""

from __future__ import annotations

from pokernight.cards import AnyCard, Card, Joker
from pokernight.engine.actions import Action, Kind
from pokernight.engine.protocol import View
from pokernight.engine.spec import Preview
from pokernight.games.paigow.hands import describe, make_setting
from pokernight.games.paigow.options import PaiGowOptions
from pokernight.games.paigow.way import house_way

FOUL = "this setting fouls: the back hand must outrank the front, and a fouled hand loses"


def _hole(view: View) -> list[AnyCard] | None:
    """The seat's seven cards, when it has them all in sight."""
    hole: list[AnyCard] = [c for c in view.hole if isinstance(c, Card | Joker)]
    return hole if len(hole) == 7 == len(view.hole) else None


def preview(options: PaiGowOptions, view: View, action: Action) -> Preview | None:
    """The two hands ``set`` would make, and its foul."""
    hole = _hole(view)
    if hole is None or action.kind is not Kind.SET:
        return None
    front = [c for c in hole if c in action.cards]
    if len(front) != 2:
        return None
    setting = make_setting(hole, front, "", options.wheel)
    back, in_front = describe(setting, options.wheel)
    return Preview(f"back: {back} · front: {in_front}", FOUL if setting.fouled else None)


def house_way_move(options: PaiGowOptions, view: View) -> Action | None:
    """The dealer's way of setting the seat's seven cards."""
    hole = _hole(view)
    if hole is None:
        return None
    return Action(Kind.SET, cards=house_way(hole, options.two_pair, options.wheel).front)
