"""Cards, their one text notation, deck factories and seeded dealing.

A standard card is also an integer index ``rank_index * 4 + suit`` (0..51) and the joker is 52:
the evaluators work on these integers, people and records on the text form (``As``, ``10h``,
``Jk``, ``As/7d`` for a dual-value card).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from pathlib import Path
from typing import Generic, TypeVar

from pokernight.errors import InvalidCards
from pokernight.text_files import read_text

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
JOKER_INDEX = 52
CARD_TEXTS = tuple(r + s for r in RANK_CHARS for s in SUIT_CHARS)
"""Each standard card's text by its index: the server writes cards as text many thousand
times a second, and reading two enum properties for each was a few percent of its time."""


class Suit(IntEnum):
    """Suits in index order; suits never break ties in the poker rankings."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        return SUIT_CHARS[self]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]


class Rank(IntEnum):
    """Ranks valued as in high poker (ace 14); ``index`` is 0 for the deuce."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def index(self) -> int:
        return self.value - 2

    @property
    def char(self) -> str:
        return RANK_CHARS[self - 2]


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A standard card. Ordered by index (rank, then suit) only for stable display.

    ``index`` and ``value`` (the rank's high value, 2..14) are plain integers stored once:
    game loops and bots read them far more often than they make cards."""

    rank: Rank
    suit: Suit
    index: int = field(init=False, compare=False, repr=False)
    value: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", (int(self.rank) - 2) * 4 + int(self.suit))
        object.__setattr__(self, "value", int(self.rank))

    def __hash__(self) -> int:
        return self.index  # equal cards have equal indexes; enums hash slowly

    def __str__(self) -> str:
        return CARD_TEXTS[self.index]

    def pretty(self) -> str:
        """Display form with a Unicode suit, e.g. ``A♠``."""
        return self.rank.char + self.suit.symbol


@dataclass(frozen=True, slots=True)
class Joker:
    """The joker; what it may stand for is a rule of the hand (bug, wild, lowest missing rank)."""

    @property
    def index(self) -> int:
        return JOKER_INDEX

    def __str__(self) -> str:
        return "Jk"

    def pretty(self) -> str:
        return "Jk"


AnyCard = Card | Joker


@dataclass(frozen=True, slots=True)
class DualCard:
    """A dual-value card: two ends, each a full card; oriented, the top end plays high."""

    top: AnyCard
    bottom: AnyCard

    def __str__(self) -> str:
        return f"{self.top}/{self.bottom}"

    def pretty(self) -> str:
        return f"{self.top.pretty()}/{self.bottom.pretty()}"

    def flipped(self) -> DualCard:
        return DualCard(self.bottom, self.top)


Playable = Card | Joker | DualCard  # what a seat can hold, in any game

CARDS: tuple[Card, ...] = tuple(Card(Rank(r + 2), Suit(s)) for r in range(13) for s in range(4))
JOKER = Joker()


def card_from_index(index: int) -> AnyCard:
    """The card with this index (52 is the joker)."""
    if index == JOKER_INDEX:
        return JOKER
    if not 0 <= index < 52:
        raise InvalidCards(f"card index {index} is out of range 0..52")
    return CARDS[index]


_RANK_ALIASES = {"10": "T", "1": "A"}
_SUIT_ALIASES = dict(zip(SUIT_SYMBOLS, SUIT_CHARS, strict=True)) | {
    "♤": "s",
    "♡": "h",
    "♢": "d",
    "♧": "c",
}


def parse_card(text: str) -> AnyCard:
    """Parse one card: ``As``, ``10h``, ``T♥``, ``jk`` (case-insensitive)."""
    raw = text.strip()
    if raw.lower() in ("jk", "joker", "x"):
        return JOKER
    if len(raw) < 2:
        raise InvalidCards(f"{text!r} is not a card: write rank then suit, e.g. As, 10h, Jk")
    rank_text, suit_text = raw[:-1].upper(), raw[-1]
    rank_text = _RANK_ALIASES.get(rank_text, rank_text)
    suit_char = _SUIT_ALIASES.get(suit_text, suit_text.lower())
    if len(rank_text) != 1 or rank_text not in RANK_CHARS:
        raise InvalidCards(f"{text!r} has an unknown rank: ranks are 2-9 T J Q K A (10 accepted)")
    if suit_char not in SUIT_CHARS:
        raise InvalidCards(f"{text!r} has an unknown suit: suits are c d h s (♣♦♥♠ accepted)")
    return Card(Rank(RANK_CHARS.index(rank_text) + 2), Suit(SUIT_CHARS.index(suit_char)))


def parse_card_or_none(text: str) -> AnyCard | None:
    try:
        return parse_card(text)
    except InvalidCards:
        return None


def parse_dual(text: str) -> DualCard:
    """Parse a dual-value card ``top/bottom``, e.g. ``As/7d``; a lone ``Jk`` is a joker at both
    ends (the High-Low variation's joker)."""
    parts = text.split("/")
    if len(parts) == 1 and isinstance(parse_card_or_none(text), Joker):
        return DualCard(JOKER, JOKER)
    if len(parts) != 2:
        raise InvalidCards(f"{text!r} is not a dual-value card: write top/bottom, e.g. As/7d")
    return DualCard(parse_card(parts[0]), parse_card(parts[1]))


def _tokens(text: str | Iterable[str]) -> list[str]:
    items = [text] if isinstance(text, str) else list(text)
    tokens: list[str] = []
    for item in items:
        tokens.extend(item.replace(",", " ").split())
    return tokens


def parse_cards(text: str | Iterable[str], *, allow_duplicates: bool = False) -> list[AnyCard]:
    """Parse cards separated by spaces or commas; duplicates are an error unless allowed."""
    cards = [parse_card(token) for token in _tokens(text)]
    if not allow_duplicates:
        _reject_duplicates(cards)
    return cards


def parse_duals(text: str | Iterable[str]) -> list[DualCard]:
    """Parse dual-value cards; the same dual card twice is an error."""
    cards = [parse_dual(token) for token in _tokens(text)]
    _reject_duplicates(cards)
    return cards


def _reject_duplicates(cards: Sequence[object]) -> None:
    seen: set[str] = set()
    for card in cards:
        name = str(card)
        if name in seen:
            raise InvalidCards(f"{name} appears twice: each card can be held only once")
        seen.add(name)


def format_cards(cards: Iterable[object], *, pretty: bool = False) -> str:
    """Cards as space-separated text (``pretty`` uses Unicode suits for display)."""
    return " ".join(c.pretty() if pretty and hasattr(c, "pretty") else str(c) for c in cards)


# --- decks ---------------------------------------------------------------------------------


def standard_deck() -> list[Card]:
    """The 52 standard cards in index order."""
    return list(CARDS)


def joker_deck() -> list[AnyCard]:
    """52 cards plus one joker (Pai Gow, joker presets)."""
    return [*CARDS, JOKER]


DUAL641_PATH = Path(__file__).with_name("data") / "dual641.txt"


def load_dual_deck(path: Path) -> list[DualCard]:
    """A dual-value deck file: one ``top/bottom`` card per line; ``#`` starts a comment."""
    wanted = "a deck file (52 top/bottom cards such as As/7d, one a line)"
    content = read_text(path, wanted)
    cards: list[DualCard] = []
    for number, line in enumerate(content.splitlines(), start=1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        if len(text) > 12:  # the longest card is 7 (10h/10d): echo no megabyte line back
            raise InvalidCards(f"{path} line {number} is not a card: give {wanted}")
        try:
            cards.append(parse_dual(text))
        except InvalidCards as exc:
            raise InvalidCards(f"{path} line {number}: {exc}") from exc
    try:
        validate_dual_deck(cards)
    except InvalidCards as exc:
        raise InvalidCards(f"{path}: {exc}") from None
    return cards


def validate_dual_deck(cards: Sequence[DualCard]) -> None:
    """Check the dual641 invariants: 52 cards, every standard card once as a top end and once as
    a bottom end, and no card with the same card at both ends."""
    if len(cards) != 52:
        raise InvalidCards(f"a dual-value deck has 52 cards, this one has {len(cards)}")
    for side in ("top", "bottom"):
        seen: dict[str, DualCard] = {}
        for card in cards:
            end = getattr(card, side)
            if isinstance(end, Joker):
                raise InvalidCards(f"{card}: a dual641 deck has no joker ends")
            if str(end) in seen:
                raise InvalidCards(f"{card}: {end} is already a {side} end (on {seen[str(end)]})")
            seen[str(end)] = card
    for card in cards:
        if str(card.top) == str(card.bottom):
            raise InvalidCards(f"{card}: both ends are the same card")


def dual641_deck() -> list[DualCard]:
    """The shipped reconstruction of the Series 641 dual-value deck (a data file fitted to
    seed 001's category table by ``pokernight deck fit``)."""
    return load_dual_deck(DUAL641_PATH)


def holds_joker(deck: Sequence[Playable]) -> bool:
    """Whether a deck of single or dual-value cards holds a joker anywhere."""
    return any(
        isinstance(c, Joker) or (isinstance(c, DualCard) and JOKER in (c.top, c.bottom))
        for c in deck
    )


DECKS = ("standard", "joker", "hurricane", "dual641")


def deck_by_name(name: str) -> list[AnyCard] | list[DualCard]:
    """A deck by its name in the command-line contract, or a dual-value deck file path."""
    if name in ("standard", "hurricane"):
        cards: list[AnyCard] = list(standard_deck())
        return cards
    if name == "joker":
        return joker_deck()
    if name == "dual641":
        return dual641_deck()
    path = Path(name)
    if path.is_file():
        return load_dual_deck(path)
    raise InvalidCards(f"unknown deck {name!r}: use {', '.join(DECKS)} or a path to a deck file")


T = TypeVar("T")


class Shoe(Generic[T]):
    """A shuffled deck dealt from the top; the seed alone decides the order (replayable)."""

    def __init__(self, cards: Sequence[T], rng: random.Random) -> None:
        self._cards = list(cards)
        rng.shuffle(self._cards)
        self._next = 0

    @classmethod
    def seeded(cls, cards: Sequence[T], seed: int) -> Shoe[T]:
        return cls(cards, random.Random(seed))

    def __len__(self) -> int:
        return len(self._cards) - self._next

    def deal(self, count: int) -> list[T]:
        if count > len(self):
            raise InvalidCards(f"the shoe has {len(self)} cards left, {count} were asked for")
        dealt = self._cards[self._next : self._next + count]
        self._next += count
        return dealt
