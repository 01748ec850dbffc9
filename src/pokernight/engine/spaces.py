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

from pokernight.engine.actions import AMOUNT_KINDS, CARD_KINDS, Action, Kind, LazyActions
from pokernight.engine.spec import GameSpec, Key
from pokernight.errors import IllegalAction, InvalidRules

Numbered = tuple[Sequence[Action], npt.NDArray[np.int8], dict[int, Action]]
"""A legal list kept by identity, its mask and its actions by number."""
MOST_KEPT = 256
"""Legal lists remembered by identity at most: games offer a handful of fixed menus (each
betting round's, the orientations), so more means lists made afresh, which never come back."""


class ActionSpace:
    """The numbered decisions of one game; ``slots``: the most cards a seat holds."""

    def __init__(self, keys: Sequence[Key], slots: int) -> None:
        self.keys = tuple(keys)
        self.slots = slots
        self._index = {k: i for i, k in enumerate(self.keys)}
        self._kept: dict[int, Numbered] = {}

    @classmethod
    def of(cls, spec: GameSpec, options: object) -> ActionSpace:
        """The space the game's spec numbers for these options."""
        keys, slots = spec.action_space(options)
        return cls(keys, slots)

    def __len__(self) -> int:
        return len(self.keys)

    def index(self, action: Action, hole: Sequence[object]) -> int:
        """The number of a legal action, given the acting seat's own cards."""
        return self._number(action, Slots(hole))

    def _number(self, action: Action, slots: Slots) -> int:
        found = self._index.get(key(action, slots))
        if found is None:
            raise InvalidRules(f"{action} has no number in this game's action space")
        return found

    def legal(
        self, actions: Sequence[Action], hole: Sequence[object]
    ) -> tuple[npt.NDArray[np.int8], dict[int, Action]]:
        """The mask over the space and, for each set entry, the legal action it stands for:
        both may be shared, so read them and copy what you would change (a shared mask is
        read-only). A game offers the same immutable list turn after turn where the seat's
        cards do not number it (a betting round's menu, the orientations): such a list is
        numbered once and known again by identity, the list itself kept so that its identity
        cannot pass to another."""
        kept = self._kept.get(id(actions))
        if kept is not None and kept[0] is actions:
            return kept[1], kept[2]
        slots = Slots(hole)
        chosen = {self._number(a, slots): a for a in actions}
        mask = np.zeros(len(self.keys), dtype=np.int8)
        mask[list(chosen)] = 1
        fixed = isinstance(actions, tuple | LazyActions)
        if fixed and not any(a.kind in CARD_KINDS for a in chosen.values()):
            if len(self._kept) >= MOST_KEPT:
                self._kept.clear()
            mask.flags.writeable = False
            self._kept[id(actions)] = (actions, mask, chosen)
        return mask, chosen


class Slots:
    """Where the cards of a seat's hand sit, for numbering card actions: each card by its first
    position among equal cards (two jokers are numbered by the first, as ``hole.index`` would).
    Made once for a whole legal list: a legal action holds the hand's own card objects, so a
    card is found by its identity (a card's hash and equality are Python code, a dozen calls
    per action), and any other copy of it by equality."""

    __slots__ = ("_by_id", "_first", "_hole")

    def __init__(self, hole: Sequence[object]) -> None:
        self._hole = hole
        self._first: dict[object, int] | None = None
        self._by_id: dict[int, int] = {}

    def __call__(self, cards: Sequence[object]) -> tuple[int, ...]:
        """The sorted slots of ``cards`` (KeyError: one is not in the hand)."""
        first = self._first
        if first is None:  # made on the first card action: betting menus never need it
            first = self._first = {}
            for slot, card in enumerate(self._hole):
                first.setdefault(card, slot)
            self._by_id = {id(card): first[card] for card in self._hole}
        by_id = self._by_id
        try:
            return tuple(sorted([by_id[id(c)] for c in cards]))
        except KeyError:
            return tuple(sorted([first[c] for c in cards]))


def key(action: Action, hole: Sequence[object] | Slots) -> Key:
    """What numbers an action: its kind and amount, the slots of its cards in the seat's hand
    (or its ``Slots``, made once for a whole legal list), or its flips."""
    kind = action.kind
    if kind in AMOUNT_KINDS:
        return (kind, action.amount)
    if kind in CARD_KINDS:
        slots = hole if isinstance(hole, Slots) else Slots(hole)
        try:
            return (kind, slots(action.cards))
        except KeyError:
            raise IllegalAction(f"{action} names a card the seat does not hold") from None
    if kind is Kind.ORIENT:
        return (kind, action.flips)
    if kind is Kind.OWN:
        return (kind, action.words)
    return (kind,)
