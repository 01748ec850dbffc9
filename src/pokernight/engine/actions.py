"""Actions: small frozen values with exactly one text form, parsed and printed by this code.

CLI input, the web protocol, bots' returns and hand records all use the text form:
``check``, ``bet 2``, ``call``, ``raise 3``, ``fold``, ``keep``, ``discard Qs 7d``,
``orient 1,0,1,1,0``, ``set 2h 2d``, ``play 3d 3c``, ``pass``; and a game's own decisions,
named by the game's words alone (``declare high``, see ``own``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import overload

from pokernight.cards import Playable, parse_card, parse_dual
from pokernight.errors import IllegalAction, InvalidCards


class Kind(StrEnum):
    CHECK = "check"
    BET = "bet"
    CALL = "call"
    RAISE = "raise"
    FOLD = "fold"
    KEEP = "keep"
    DISCARD = "discard"
    ORIENT = "orient"
    SET = "set"
    PLAY = "play"
    PASS = "pass"
    OWN = "own"
    """A decision of a game's own, whose text form is its words (``own``)."""


AMOUNT_KINDS = frozenset({Kind.BET, Kind.RAISE})
CARD_KINDS = frozenset({Kind.DISCARD, Kind.SET, Kind.PLAY})


@dataclass(frozen=True, slots=True)
class Action:
    """One decision. ``amount`` for bet/raise (the increment), ``cards`` for discard/set/play,
    ``flips`` for orient, ``words`` for a game's own decision."""

    kind: Kind
    amount: int = 0
    cards: tuple[Playable, ...] = ()
    flips: tuple[int, ...] = ()
    words: str = ""

    def __str__(self) -> str:
        if self.kind is Kind.OWN:
            return self.words
        if self.kind in AMOUNT_KINDS:
            return f"{self.kind} {self.amount}"
        if self.kind in CARD_KINDS:
            return " ".join([self.kind.value, *(str(c) for c in self.cards)]).strip()
        if self.kind is Kind.ORIENT:
            named = "".join(f" {c}" for c in self.cards)
            return f"orient {','.join(map(str, self.flips))}{named}"
        return self.kind.value


CHECK = Action(Kind.CHECK)
CALL = Action(Kind.CALL)
FOLD = Action(Kind.FOLD)
KEEP = Action(Kind.KEEP)
PASS = Action(Kind.PASS)


@cache
def bet(amount: int) -> Action:
    return Action(Kind.BET, amount=amount)


@cache
def raise_(amount: int) -> Action:
    return Action(Kind.RAISE, amount=amount)


@cache
def discard(*cards: Playable) -> Action:
    return Action(Kind.DISCARD, cards=tuple(cards))


OWN_WORDS: dict[str, Action] = {}
"""Every game's own decisions by their words, as the games named them (``own``)."""


def own(words: str) -> Action:
    """A decision of a game's own, named by ``words`` (``declare high``): a game with a new
    kind of decision names it here, at import, and every reader of actions (front ends,
    records, learning code) takes it as it takes the engine's verbs, with no edit of theirs.
    Its first word may not be one of the engine's verbs, which would read it otherwise."""
    said = " ".join(words.lower().split())
    head = said.partition(" ")[0]
    if not head or head in set(Kind):
        raise ValueError(f"a game's own decision cannot start with {head!r}")
    return OWN_WORDS.setdefault(said, Action(Kind.OWN, words=said))


def legal_match(legal: Sequence[Action], chosen: Action) -> Action | None:
    """The legal action ``chosen`` names, or None: a discard names its cards in any order (a
    person picks them in the order shown, the legal list holds them in the order held)."""
    if chosen.kind is not Kind.DISCARD:
        return chosen if chosen in legal else None
    wanted = sorted(map(str, chosen.cards))
    return next(
        (a for a in legal if a.kind is Kind.DISCARD and sorted(map(str, a.cards)) == wanted),
        None,
    )


class LazyActions(Sequence[Action]):
    """A complete list of legal actions too long to build on every turn (orientations,
    wagers, settings): each is made only when read. Subclasses give ``__len__`` and
    ``action(i)`` for 0 <= i < len, and a ``__contains__`` that does not build the list."""

    __slots__ = ()

    def action(self, index: int) -> Action:
        raise NotImplementedError

    def __str__(self) -> str:
        """The list in a few words, for the menus that cannot show it whole (a game may say
        it better: "bet 20 to 500")."""
        return f"{len(self)} choices, {self.action(0)} to {self.action(len(self) - 1)}"

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        positions = range(len(self))
        if isinstance(index, slice):
            return [self.action(i) for i in positions[index]]
        return self.action(positions[index])  # negative indexes and IndexError as a list


MOST_DIGITS = 9
"""More digits than any stake holds (and ``int`` refuses over 4,300 of them)."""


def whole_number(text: str) -> int | None:
    """The number ``text`` writes with the digits 0-9 alone, or None: ``int`` also reads
    "²", "３", "١" and " 7 ", which no menu or amount here means. The one reading of a typed
    number, for the engine and every front end."""
    if text.isascii() and text.isdigit() and len(text) <= MOST_DIGITS:
        return int(text)
    return None


def parse_action(text: str) -> Action:
    """The action a text form names; IllegalAction with the allowed words otherwise."""
    words = text.strip().split()
    if not words:
        raise IllegalAction("no action given: type one of the choices shown")
    head, rest = words[0].lower(), words[1:]
    spoken = OWN_WORDS.get(" ".join(words).lower())
    if spoken is not None:
        return spoken
    try:
        kind = Kind(head)
    except ValueError:
        kind = Kind.OWN
    if kind is Kind.OWN:
        allowed = ", ".join([*(k.value for k in Kind if k is not Kind.OWN), *OWN_WORDS])
        raise IllegalAction(f"unknown action {head!r}: actions are {allowed}") from None
    if kind in AMOUNT_KINDS:
        amount = whole_number(rest[0]) if len(rest) == 1 else None
        if not amount:
            raise IllegalAction(
                f"{kind} needs a whole amount above zero in the digits 0-9, e.g. '{kind} 2'"
            )
        return Action(kind, amount=amount)
    if kind in CARD_KINDS:
        try:
            return Action(
                kind, cards=tuple(parse_dual(w) if "/" in w else parse_card(w) for w in rest)
            )
        except InvalidCards as exc:
            raise IllegalAction(str(exc)) from None
    if kind is Kind.ORIENT:
        flips = rest[0].replace(",", "") if rest else ""
        if not flips or any(f not in "01" for f in flips):
            raise IllegalAction("orient needs one 0 or 1 per card, e.g. 'orient 1,0,1,1,0'")
        try:
            named = tuple(parse_card(w) for w in rest[1:])
        except InvalidCards as exc:
            raise IllegalAction(str(exc)) from None
        return Action(kind, flips=tuple(int(f) for f in flips), cards=named)
    if rest:
        raise IllegalAction(f"{kind} takes nothing after it")
    return Action(kind)
