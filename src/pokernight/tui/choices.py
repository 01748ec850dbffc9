"""The action bar's choices, read from the shapes of a view's legal actions and nothing else.

Each shape (``engine.shapes``) comes with its key. Actions that name cards are built from the
cards the person selected and then checked against the legal list, so the bar never needs to
know why a choice is or is not allowed: the game's list decides, and a refused selection is
explained in the game's own words by its ``referee`` (the hand, asked on a copy).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pokernight.cards import Playable
from pokernight.engine.actions import Action
from pokernight.engine.shapes import HOTKEYS, Amount, Cards, Orient, Shape, describe
from pokernight.errors import IllegalAction

VERB_OF_KEY = {key: kind.value for kind, key in HOTKEYS.items()}
"""The engine's verbs by their keys, to say which is not allowed when its key is pressed."""


@dataclass(frozen=True)
class Choices:
    legal: Sequence[Action]
    shapes: tuple[Shape, ...]

    @property
    def keys(self) -> dict[str, Shape]:
        return {shape.key: shape for shape in self.shapes}

    @property
    def amounts(self) -> tuple[int, ...]:
        """Every legal amount of a wager, lowest first."""
        return tuple(sorted({n for s in self.shapes if isinstance(s, Amount) for n in s.amounts}))

    @property
    def selects_cards(self) -> bool:
        return any(isinstance(s, Cards | Orient) for s in self.shapes)

    def step(self, amount: int | None, up: bool) -> int | None:
        """The next legal amount above (or below) ``amount``."""
        amounts = self.amounts
        if not amounts:
            return None
        if amount is None:
            return amounts[0]
        later = [a for a in amounts if (a > amount if up else a < amount)]
        if not later:
            return amount
        return min(later) if up else max(later)

    def leads_to_amount(self, typed: str) -> bool:
        """Whether the digits ``typed`` are a legal amount or its first digits: a digit that
        would make them neither is refused as it is typed, never taken and refused later."""
        return any(str(amount).startswith(typed) for amount in self.amounts)

    @property
    def amount_range(self) -> str:
        return f"amounts run from {self.amounts[0]} to {self.amounts[-1]}"


def read_choices(legal: Sequence[Action]) -> Choices:
    return Choices(legal, describe(legal))


def build(
    choices: Choices,
    key: str,
    hole: Sequence[Playable | None],
    selected: Sequence[int],
    amount: int | None,
    referee: Callable[[Action], str | None] | None = None,
) -> Action:
    """The legal action a key press names with the current selection and amount;
    IllegalAction saying what is allowed otherwise (why, in the ``referee``'s words, when it
    is given: the game's reason for refusing an action, None if it would take it)."""
    shape = choices.keys.get(key)
    if shape is None:
        raise IllegalAction(f"{VERB_OF_KEY.get(key, key)} is not allowed now")
    if isinstance(shape, Amount):
        action = shape.action(amount if amount is not None else shape.amounts[0])
    elif isinstance(shape, Orient):
        action = shape.action([1 if i in selected else 0 for i in range(len(hole))])
    elif isinstance(shape, Cards):
        action = shape.action([hole[i] for i in sorted(selected)])
    else:
        return shape.action  # listed, so legal
    if action not in choices.legal:
        raise IllegalAction(_refusal(action, shape, choices, referee))
    return action


def _refusal(
    action: Action,
    shape: Shape,
    choices: Choices,
    referee: Callable[[Action], str | None] | None,
) -> str:
    if isinstance(shape, Amount):
        return f"{action} is not allowed: {choices.amount_range}"
    if isinstance(shape, Cards) and not action.cards:
        # nothing chosen yet: "select other cards" would read as if some were
        return f"select the cards to {shape.verb} first: ←/→ and space"
    why = None if referee is None else referee(action)
    return f"{action} is not allowed now: {why or 'select other cards'}"
