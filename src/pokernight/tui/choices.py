"""The action bar's choices, read from a view's legal actions and nothing else.

Each kind of action has one hotkey. Actions that name cards are built from the cards the
person selected and then checked against the legal list, so the bar never needs to know why
a choice is or is not allowed: the game's list decides, and a refused selection is explained
in the game's own words by its ``referee`` (the hand, asked on a copy).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pokernight.cards import Playable
from pokernight.engine.actions import AMOUNT_KINDS, CARD_KINDS, Action, Kind, parse_action
from pokernight.errors import IllegalAction

HOTKEYS: dict[Kind, str] = {
    Kind.CHECK: "k",
    Kind.CALL: "c",
    Kind.FOLD: "f",
    Kind.BET: "b",
    Kind.RAISE: "r",
    Kind.KEEP: "h",
    Kind.DISCARD: "d",
    Kind.ORIENT: "o",
    Kind.SET: "s",
    Kind.PLAY: "p",
    Kind.PASS: "x",
}
KIND_OF_KEY = {key: kind for kind, key in HOTKEYS.items()}
SELECTING = CARD_KINDS | {Kind.ORIENT}
ENUMERABLE = 4096
"""Longer legal lists (a lazy list of every orientation with jokers to name) are only
sampled for their kinds and asked about membership, never walked."""


@dataclass(frozen=True)
class Choices:
    legal: Sequence[Action]
    kinds: tuple[Kind, ...]
    amounts: tuple[int, ...]

    @property
    def selects_cards(self) -> bool:
        return any(k in SELECTING for k in self.kinds)

    def step(self, amount: int | None, up: bool) -> int | None:
        """The next legal amount above (or below) ``amount``."""
        if not self.amounts:
            return None
        if amount is None:
            return self.amounts[0]
        later = [a for a in self.amounts if (a > amount if up else a < amount)]
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
    sample = legal if len(legal) <= ENUMERABLE else (legal[0], legal[-1])
    kinds = tuple(dict.fromkeys(a.kind for a in sample))
    amounts = tuple(sorted({a.amount for a in sample if a.kind in AMOUNT_KINDS}))
    return Choices(legal, kinds, amounts)


def build(
    choices: Choices,
    kind: Kind,
    hole: Sequence[Playable | None],
    selected: Sequence[int],
    amount: int | None,
    referee: Callable[[Action], str | None] | None = None,
) -> Action:
    """The legal action a key press names with the current selection and amount;
    IllegalAction saying what is allowed otherwise (why, in the ``referee``'s words, when it
    is given: the game's reason for refusing an action, None if it would take it)."""
    if kind not in choices.kinds:
        raise IllegalAction(f"{kind} is not allowed now")
    if kind in AMOUNT_KINDS:
        action = parse_action(f"{kind} {amount if amount is not None else choices.amounts[0]}")
    elif kind is Kind.ORIENT:
        flips = ",".join("1" if i in selected else "0" for i in range(len(hole)))
        action = parse_action(f"orient {flips}")
    elif kind in CARD_KINDS:
        cards = [hole[i] for i in sorted(selected)]
        action = _same_cards(choices.legal, kind, cards) or parse_action(
            " ".join([kind.value, *(str(c) for c in cards)])
        )
    else:
        action = parse_action(kind.value)
    if action not in choices.legal:
        raise IllegalAction(_refusal(action, choices, referee))
    return action


def _same_cards(
    legal: Sequence[Action], kind: Kind, cards: Sequence[Playable | None]
) -> Action | None:
    """The listed action naming exactly these cards in any order (a game lists each choice
    once, in its own order)."""
    if len(legal) > ENUMERABLE:
        return None
    wanted = Counter(str(c) for c in cards)
    for action in legal:
        if action.kind is kind and Counter(str(c) for c in action.cards) == wanted:
            return action
    return None


def _refusal(
    action: Action, choices: Choices, referee: Callable[[Action], str | None] | None
) -> str:
    if action.kind in AMOUNT_KINDS and choices.amounts:
        return f"{action} is not allowed: {choices.amount_range}"
    if action.kind in CARD_KINDS and not action.cards:
        # nothing chosen yet: "select other cards" would read as if some were
        return f"select the cards to {action.kind} first: ←/→ and space"
    if action.kind in SELECTING:
        why = None if referee is None else referee(action)
        return f"{action} is not allowed now: {why or 'select other cards'}"
    return f"{action} is not allowed now"
