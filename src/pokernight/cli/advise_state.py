"""The text form of a draw game's position for ``pokernight advise --state`` (the games whose
advisor takes a position: Hurricane and High-Low today; the catalog says which).

Fields separated by ``;``, each a name and its value, in any order (seats numbered from 0,
as in hand records)::

    seats 4; dealer 2; seat 0; cards 7h 2s; history bet 1, call, raise 2, call, call, call

- ``seats N``, ``dealer D``, ``seat S`` (yours): required.
- ``cards``: your cards now (as many as the game deals a seat; dual cards such as ``As/7d``
  where the game's cards have two ends).
- ``history``: every action since the deal, in turn order, comma-separated, as the game
  prints them (``check``, ``bet 2``, ``call``, ``raise 1``, ``fold``, ``keep``). Your own draw
  names what you threw (``discard Kd``); another seat's draw shows one ``?`` per card
  (``discard ?``) and its orientation is just ``orient``: those cards are hidden from you.
- ``drew``: the cards among ``cards`` that your draw brought (needed when you discarded).
- ``stakes`` (one per seat, at the start of the hand; default the game's stake) and ``carry``
  (chips left in the pot by the last hand; default 0): optional.

Whose turn each action was is the game's to say: the history is replayed by the game itself.
"""

from __future__ import annotations

import re
from typing import Any

from pokernight.cards import Playable, parse_cards, parse_duals
from pokernight.catalog import entry
from pokernight.engine.actions import Action, Kind, parse_action
from pokernight.engine.protocol import TableState
from pokernight.engine.shapes import Cards, describe
from pokernight.engine.spec import NO_CHOICES, Choices, GameSpec
from pokernight.engine.worlds import Hidden, Position, Step
from pokernight.errors import IllegalAction, InvalidCards, InvalidRules

FIELDS = ("seats", "dealer", "seat", "cards", "drew", "history", "stakes", "carry")
REQUIRED = ("seats", "dealer", "seat", "cards")
NUMBER = re.compile(r"[0-9]{1,10}")
MOST = 1_000_000_000
"""The largest seat count, seat, stake or carry a position may name (the games then check
their own: seats 2 to 8, a seat among them)."""


def parse_position(game: str, text: str, choices: Choices = NO_CHOICES) -> Position:
    """The position a ``--state`` text describes, the game under ``choices``; InvalidRules or
    InvalidCards, naming the field at fault, when it is malformed."""
    spec = entry(game).spec
    fields = _fields(text)
    seats = _int(fields, "seats")
    spec.check_seats(seats)
    options = spec.configure(spec.options, seats, choices)
    keys, held = spec.action_space(options)
    kinds = {key[0] for key in keys}
    dealer, seat = _int(fields, "dealer"), _int(fields, "seat")
    for name, value in (("dealer", dealer), ("seat", seat)):
        if not 0 <= value < seats:
            raise InvalidRules(f"{name} {value} is out of range: seats are 0 to {seats - 1}")
    deck = _deck(spec, options)
    cards = _cards(spec, fields["cards"], deck, "cards")
    if len(cards) != held:
        raise InvalidCards(f"cards: a {game} hand holds {held} cards, not {len(cards)}")
    drew = _cards(spec, fields.get("drew", ""), deck, "drew")
    history = tuple(
        _step(spec, kinds, item, n) for n, item in enumerate(_items(fields.get("history", "")), 1)
    )
    own = [s for s in history if isinstance(s, Action) and _redraws(s)]
    if len(own) > 1:
        raise InvalidRules("history: only your own draw names cards (others: 'discard ?')")
    thrown = list(own[0].cards) if own else []
    for card in drew:
        if card not in cards:
            raise InvalidCards(f"drew: {card} is not among your cards")
    for card in thrown:
        if card in cards:
            raise InvalidCards(f"history: you threw {card} away but still hold it")
        if card not in deck:
            raise InvalidCards(f"history: {card} is not a card of this game's deck")
    if len(drew) != len(thrown):
        raise InvalidRules(f"drew: you threw {len(thrown)} card(s) and name {len(drew)} drawn")
    left = iter(thrown)
    dealt = tuple(next(left) if c in drew else c for c in cards)
    received = tuple(c for c in cards if c in drew)
    stakes = _ints(fields, "stakes", seats) if "stakes" in fields else (options.stake,) * seats
    carry = _int(fields, "carry") if "carry" in fields else 0
    table = TableState(stakes, dealer, carry=carry)
    return Position(options, deck, table, seat, dealt, received, history)


def _fields(text: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for part in text.split(";"):
        if not part.strip():
            continue
        name, _, value = part.strip().partition(" ")
        name = name.lower()
        if name not in FIELDS:
            raise InvalidRules(
                f"unknown field {name!r} in the state: fields are {', '.join(FIELDS)}"
            )
        if name in fields:
            raise InvalidRules(f"the state names {name} twice")
        fields[name] = value.strip()
    missing = [f for f in REQUIRED if f not in fields]
    if missing:
        raise InvalidRules(
            f"the state has no {missing[0]}: "
            "e.g. 'seats 4; dealer 2; seat 0; cards 7h 2s; history call'"
        )
    return fields


def _whole(text: str) -> bool:
    return NUMBER.fullmatch(text) is not None and int(text) <= MOST


def _int(fields: dict[str, str], name: str) -> int:
    value = fields[name]
    if not _whole(value):
        shown = value if len(value) <= 30 else value[:27] + "..."
        raise InvalidRules(f"{name} must be a whole number from 0 to {MOST:,}, not {shown!r}")
    return int(value)


def _ints(fields: dict[str, str], name: str, count: int) -> tuple[int, ...]:
    words = fields[name].replace(",", " ").split()
    if len(words) != count or not all(_whole(w) for w in words):
        shown = fields[name] if len(fields[name]) <= 60 else fields[name][:57] + "..."
        raise InvalidRules(
            f"{name}: {count} whole numbers from 0 to {MOST:,}, one per seat, not {shown!r}"
        )
    return tuple(int(w) for w in words)


def _cards(spec: GameSpec, text: str, deck: tuple[Playable, ...], name: str) -> list[Playable]:
    try:
        cards: list[Playable] = list(parse_duals(text) if spec.dual_cards else parse_cards(text))
    except InvalidCards as exc:
        raise InvalidCards(f"{name}: {exc}") from None
    for card in cards:
        if card not in deck:
            raise InvalidCards(f"{name}: {card} is not a card of the {spec.name} deck")
    return cards


def _items(text: str) -> list[str]:
    """History items: commas split them, except inside ``orient 0,1,0,0,1``."""
    return [item.strip() for item in re.split(r",\s*(?=[A-Za-z])", text) if item.strip()]


def _step(spec: GameSpec, kinds: set[object], item: str, number: int) -> Step:
    try:
        action = parse_action(item)
    except IllegalAction as exc:
        hidden = _hidden(item)
        if hidden is None:
            raise InvalidRules(f"history: action {number} ({item!r}): {exc}") from None
        return hidden
    if action.kind not in kinds:
        raise InvalidRules(
            f"history: action {number} ({item!r}): {spec.title} has no '{action.kind.value}' action"
        )
    return action


def _hidden(item: str) -> Hidden | None:
    """Another seat's decision as the position prints it when its cards are hidden from you
    (``Hidden``: its verb, and one ``?`` per card it names), or None."""
    head, *marks = item.lower().split()
    if head not in set(Kind) or set(marks) - {"?"}:
        return None
    hidden = Hidden(Kind(head), len(marks))
    return hidden if str(hidden) == " ".join([head, *marks]) else None


def _redraws(action: Action) -> bool:
    """Whether ``action`` is a draw (the shape whose cards are drawn again): a position's
    one draw that names its cards is your own."""
    return any(isinstance(shape, Cards) and shape.replaces for shape in describe([action]))


def _deck(spec: GameSpec, options: Any) -> tuple[Playable, ...]:
    """The deck the game deals from under ``options`` (its chance model's), where a position's
    cards are read."""
    if spec.chance is None:
        raise InvalidRules(f"{spec.name} deals no cards a position could be read from")
    return tuple(spec.chance.deck(options))
