"""A fixed, numbered action space per game, and the mask of the legal actions in it.

Learning code needs the same index to mean the same decision in every state, while the
protocol's legal actions name cards. Card actions are therefore numbered by the *positions*
of the cards in the acting seat's own hand (``View.hole``): "discard slots 0 and 3", "set
slots 2 and 5", "play slots 1, 4 and 7". Amounts, orientations and a game's own decisions
(its words) are numbered as they are.
Each game's spec lists its keys from its options (bet sizes, discards allowed, hand size).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from pokernight.engine.actions import AMOUNT_KINDS, CARD_KINDS, Action, Kind
from pokernight.engine.spec import GameSpec, Key
from pokernight.errors import IllegalAction, InvalidRules


class ActionSpace:
    """The numbered decisions of one game; ``slots``: the most cards a seat holds."""

    def __init__(self, keys: Sequence[Key], slots: int) -> None:
        self.keys = tuple(keys)
        self.slots = slots
        self._index = {k: i for i, k in enumerate(self.keys)}

    @classmethod
    def of(cls, spec: GameSpec, options: object) -> ActionSpace:
        """The space the game's spec numbers for these options."""
        keys, slots = spec.action_space(options)
        return cls(keys, slots)

    def __len__(self) -> int:
        return len(self.keys)

    def index(self, action: Action, hole: Sequence[object]) -> int:
        """The number of a legal action, given the acting seat's own cards."""
        found = self._index.get(key(action, hole))
        if found is None:
            raise InvalidRules(f"{action} has no number in this game's action space")
        return found

    def legal(
        self, actions: Sequence[Action], hole: Sequence[object]
    ) -> tuple[npt.NDArray[np.int8], dict[int, Action]]:
        """The mask over the space and, for each set entry, the legal action it stands for."""
        chosen = {self.index(a, hole): a for a in actions}
        mask = np.zeros(len(self.keys), dtype=np.int8)
        mask[list(chosen)] = 1
        return mask, chosen


def key(action: Action, hole: Sequence[object]) -> Key:
    """What numbers an action: its kind and amount, the slots of its cards, or its flips."""
    if action.kind in AMOUNT_KINDS:
        return (action.kind, action.amount)
    if action.kind in CARD_KINDS:
        try:
            return (action.kind, tuple(sorted(hole.index(c) for c in action.cards)))
        except ValueError:
            raise IllegalAction(f"{action} names a card the seat does not hold") from None
    if action.kind is Kind.ORIENT:
        return (action.kind, action.flips)
    if action.kind is Kind.OWN:
        return (action.kind, action.words)
    return (action.kind,)
