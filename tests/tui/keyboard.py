"""Driving the terminal table as a person would: a legal action picked from the view the
screen shows, turned into the keys that build it (hotkey, digits, cursor and space)."""

from __future__ import annotations

from textual.pilot import Pilot

from pokernight.engine.actions import AMOUNT_KINDS, Action, Kind
from pokernight.engine.protocol import View
from pokernight.engine.shapes import Choice, Orient, describe
from pokernight.tui.app import PokernightApp
from pokernight.tui.settings import Settings
from pokernight.tui.table_screen import TableScreen

CALM = (Kind.CHECK, Kind.CALL)
CARD_CHOICES = (Kind.DISCARD, Kind.ORIENT, Kind.SET, Kind.PLAY)


def pick(view: View) -> Action:
    """Check or call where possible (so hands reach a showdown), else a card choice (to
    exercise selecting), else the first legal action."""
    legal = view.legal
    kinds = {a.kind for a in legal[:64]} | {legal[-1].kind}
    for kind in CALM:
        if kind in kinds:
            return next(a for a in legal if a.kind is kind)
    for kind in CARD_CHOICES:
        if kind in kinds:
            options = [a for a in legal[:64] if a.kind is kind]
            return options[min(len(options) - 1, 3)]
    amounts = [a for a in legal[:64] if a.kind in AMOUNT_KINDS]
    return amounts[min(len(amounts) - 1, 4)] if amounts else legal[0]


def keys_for(action: Action, view: View) -> list[str]:
    keys: list[str] = []
    if action.kind in AMOUNT_KINDS:
        keys += list(str(action.amount))
    marked: list[int] = []
    if action.kind is Kind.ORIENT:
        marked = [i for i, flip in enumerate(action.flips) if flip]
    elif action.cards:
        hole = [str(c) for c in view.hole]
        marked = sorted(hole.index(str(c)) for c in action.cards)
    cursor = 0
    for index in marked:
        keys += ["right"] * (index - cursor) + ["space"]
        cursor = index
    return [*keys, key_for(action, view)]


def key_for(action: Action, view: View) -> str:
    """The key of the shape ``action`` is one of: its own button's, or its family's."""
    for shape in describe(view.legal):
        if isinstance(shape, Choice):
            if shape.action == action:
                return shape.key
        elif (Kind.ORIENT if isinstance(shape, Orient) else shape.kind) is action.kind:
            return shape.key
    raise AssertionError(f"{action} is in no shape of the legal list")


def table_app(game: str, seed: int = 7, seats: int | None = None) -> PokernightApp:
    return PokernightApp(game, seed, seats, settings=Settings(pace=0))


async def play_hand(pilot: Pilot[None], screen: TableScreen) -> list[Action]:
    """Your turns of one hand through the keys; the actions the table applied for you."""
    taken: list[Action] = []
    while screen.record is None:
        view = screen.view()
        assert view.to_act == screen.you
        action = pick(view)
        before = len(screen.state.actions) if screen.state else 0
        await pilot.press(*keys_for(action, view))
        await pilot.pause()
        if screen.armed == action:  # the game warned of it (a foul): taken at a second press
            await pilot.press(key_for(action, view))
            await pilot.pause()
        assert screen.state is not None
        assert screen.state.actions[before] == action, screen.message
        taken.append(action)
    return taken
