"""The legal decisions of a turn described once, as shapes, for every front end to render.

A front end never reads verbs out of the legal list: it asks ``describe`` for the families of
decisions the list holds (a button per action taken as it is, an amount in a range, k of your
cards, a flip per card) and draws each one, with the words and the key the shape carries. A
game with a new kind of decision names it with ``actions.own`` and it arrives here as one more
``Choice``: no front end learns its words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokernight.cards import Playable
from pokernight.engine.actions import AMOUNT_KINDS, CARD_KINDS, Action, Kind

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
"""The engine's verbs' keys, the same at every turn so a hand learns them once."""
RESERVED = frozenset("qn?")
"""Keys a terminal keeps for itself (leave, next hand, standings): never a decision's."""
ENUMERABLE = 4096
"""Longer legal lists (a lazy list of every orientation with jokers to name) are only
sampled at their ends, never walked."""
ASIDE = {Kind.SET: " in front"}
"""Where chosen cards go when it is not plain from the verb: Pai Gow's front hand."""


@dataclass(frozen=True)
class Choice:
    """One action taken as it is (check, keep, pass, a game's own words): a button."""

    action: Action
    key: str
    label: str
    """The words on its button: the action, and for a call what it costs."""


@dataclass(frozen=True)
class Amount:
    """A wager of one verb with its amount chosen among ``amounts`` (both ends only, for a
    list too long to walk)."""

    kind: Kind
    key: str
    amounts: tuple[int, ...]

    @property
    def verb(self) -> str:
        return self.kind.value

    def action(self, amount: int) -> Action:
        return Action(self.kind, amount=amount)


@dataclass(frozen=True)
class Cards:
    """Some of your cards, chosen: ``sizes``, how many the choices name (empty for a list too
    long to walk); ``actions``, the listed choices (empty when too many to walk);
    ``replaces``: the chosen cards are drawn again (a person may name one by its place)."""

    kind: Kind
    key: str
    sizes: tuple[int, ...]
    actions: tuple[Action, ...]
    aside: str = ""
    replaces: bool = False

    @property
    def verb(self) -> str:
        return self.kind.value

    def action(self, cards: Sequence[Playable | None]) -> Action:
        """The listed choice naming exactly ``cards`` in any order (a game lists each once, in
        its own order), else the action naming them as given (for the game to judge)."""
        wanted = sorted(str(c) for c in cards)
        for listed in self.actions:
            if sorted(str(c) for c in listed.cards) == wanted:
                return listed
        return Action(self.kind, cards=tuple(c for c in cards if c is not None))


@dataclass(frozen=True)
class Orient:
    """One flip per card, 0 as dealt or 1 turned, then the card each of ``named`` jokers
    plays."""

    key: str
    named: int
    verb = Kind.ORIENT.value

    def action(self, flips: Sequence[int]) -> Action:
        return Action(Kind.ORIENT, flips=tuple(flips))


Shape = Choice | Amount | Cards | Orient


def describe(legal: Sequence[Action], to_call: int = 0) -> tuple[Shape, ...]:
    """The shapes of ``legal``, in the order their first actions are listed; ``to_call``, what
    a call costs, for its button."""
    walked = len(legal) <= ENUMERABLE
    families: dict[object, list[Action]] = {}
    for action in legal if walked else (legal[0], legal[-1]):
        grouped = action.kind in AMOUNT_KINDS | CARD_KINDS or action.kind is Kind.ORIENT
        families.setdefault(action.kind if grouped else action, []).append(action)
    taken = RESERVED | {HOTKEYS[a[0].kind] for a in families.values() if a[0].kind in HOTKEYS}
    shapes: list[Shape] = []
    for actions in families.values():
        first = actions[0]
        kind = first.kind
        key = HOTKEYS.get(kind) or _free_key(first, taken)
        taken |= {key}
        if kind is Kind.ORIENT:
            shapes.append(Orient(key, len(first.cards)))
        elif kind in AMOUNT_KINDS:
            shapes.append(Amount(kind, key, tuple(sorted({a.amount for a in actions}))))
        elif kind in CARD_KINDS:
            sizes = tuple(sorted({len(a.cards) for a in actions})) if walked else ()
            listed = tuple(actions) if walked else ()
            replaces = kind is Kind.DISCARD
            shapes.append(Cards(kind, key, sizes, listed, ASIDE.get(kind, ""), replaces))
        else:
            cost = f" {to_call}" if kind is Kind.CALL and to_call else ""
            shapes.append(Choice(first, key, f"{first}{cost}"))
    return tuple(shapes)


def _free_key(action: Action, taken: frozenset[str]) -> str:
    """A key for a game's own decision: the first letter of its words, last word first
    (``declare low``: l), that no other choice of the turn has, so the choices read apart."""
    words = str(action).split()
    letters = [w[0] for w in reversed(words)] + [c for w in words for c in w]
    letters += list("abcdefghijklmnopqrstuvwxyz")
    return next(c for c in letters if c.isascii() and c.isalpha() and c not in taken)
