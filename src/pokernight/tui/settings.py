"""How the table plays (the computer players' pace, the deck's colours) and the person's
seat in a match, whose actions the table takes from the keyboard."""

from __future__ import annotations

from dataclasses import dataclass

from pokernight.engine.actions import Action
from pokernight.engine.protocol import View

PACES = (0.0, 0.25, 0.5, 1.0)


@dataclass(frozen=True)
class Settings:
    """How the table plays: seconds per computer action, and the four-colour deck."""

    pace: float = 0.5
    four_colour: bool = False


class KeyboardSeat:
    """The person's seat in the ``Match``: the screen applies its actions from the keys."""

    name = "you"

    def act(self, view: View) -> Action:
        raise RuntimeError("the terminal table takes the person's actions from the keyboard")
