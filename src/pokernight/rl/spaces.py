"""A fixed, numbered action space per game, and the mask of the legal actions in it.

Learning code needs the same index to mean the same decision in every state, while the
protocol's legal actions name cards. Card actions are therefore numbered by the *positions*
of the cards in the acting seat's own hand (``View.hole``): "discard slots 0 and 3", "set
slots 2 and 5", "play slots 1, 4 and 7". Amounts and orientations are numbered as they are.
The space of each game is built from its options (bet sizes, discards allowed, hand size).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations, product

import numpy as np
import numpy.typing as npt

from pokernight.engine.actions import AMOUNT_KINDS, CARD_KINDS, Action, Kind
from pokernight.engine.protocol import Game
from pokernight.errors import IllegalAction, InvalidRules
from pokernight.games.bigtwo.game import BigTwoOptions
from pokernight.games.draw.game import DrawOptions
from pokernight.games.highlow.game import HighLowOptions
from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.games.paigow.options import PaiGowOptions

Key = tuple[object, ...]
BETTING = ((Kind.CHECK,), (Kind.CALL,), (Kind.FOLD,))


def _amounts(top: int, low: int = 1, kinds: Iterable[Kind] = (Kind.BET, Kind.RAISE)) -> list[Key]:
    return [(kind, n) for kind in kinds for n in range(low, top + 1)]


def _subsets(kind: Kind, slots: int, sizes: Iterable[int]) -> list[Key]:
    return [(kind, c) for size in sizes for c in combinations(range(slots), size)]


class ActionSpace:
    """The numbered decisions of one game; ``slots``: the most cards a seat holds."""

    def __init__(self, keys: Sequence[Key], slots: int) -> None:
        self.keys = tuple(keys)
        self.slots = slots
        self._index = {k: i for i, k in enumerate(self.keys)}

    @classmethod
    def of(cls, game: Game) -> ActionSpace:
        o = game.options
        if isinstance(o, HurricaneOptions):
            keys = [*BETTING, (Kind.KEEP,), *_amounts(o.max_bet), *_subsets(Kind.DISCARD, 2, [1])]
            return cls(keys, 2)
        if isinstance(o, DrawOptions):
            discards = _subsets(Kind.DISCARD, 5, range(1, o.max_discards + 1))
            return cls([*BETTING, (Kind.KEEP,), *_amounts(o.max_bet), *discards], 5)
        if isinstance(o, HighLowOptions):
            if o.jokers and o.joker_same_both_ends:
                raise InvalidRules("the rl space has no named jokers: joker_same_both_ends=False")
            top = max(o.first_limit, o.second_limit)
            discards = _subsets(Kind.DISCARD, 5, range(1, o.max_discards + 1))
            orients = [(Kind.ORIENT, f) for f in product((0, 1), repeat=5)]
            return cls([*BETTING, (Kind.KEEP,), *_amounts(top), *discards, *orients], 5)
        if isinstance(o, PaiGowOptions):
            wagers = _amounts(o.max_bet, o.min_bet, (Kind.BET,))
            return cls([*wagers, *_subsets(Kind.SET, 7, [2])], 7)
        if isinstance(o, BigTwoOptions):
            return cls([(Kind.PASS,), *_subsets(Kind.PLAY, 13, [1, 2, 3, 5])], 13)
        raise InvalidRules(f"no action space for {game.name!r}")

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
    return (action.kind,)
