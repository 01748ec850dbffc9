"""Reading a PHH file back into the hand record it was written from, and checking it.

The ``_pokernight_`` fields (seed, options, table, action words) and the standard seats and
stacks rebuild the hand; then every field the writer derives (``phh.phh_hand``) is written
again from the rebuilt hand and compared with the file's, so a standard action, a stack or an
award that does not match what the hand did is refused, naming the first field at fault.
PHH commentary (``# ...`` inside an action string) and spacing are ignored, as PHH says, and
so are fields pokernight does not write.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pokernight.engine.actions import parse_action
from pokernight.engine.protocol import TableState
from pokernight.errors import PokernightError
from pokernight.history.options import game_from_json
from pokernight.history.phh import VARIANTS, phh_hand
from pokernight.history.record import GameRecord, InvalidRecord
from pokernight.text_files import read_text

T = TypeVar("T")
GAMES = {code: game for game, code in VARIANTS.items()}
REQUIRED = (
    "starting_stacks",
    "actions",
    "hand",
    "seats",
    "players",
    "finishing_stacks",
    "_pokernight_seed",
    "_pokernight_table",
    "_pokernight_actions",
    "_pokernight_options",
)


PHH = "a PHH file (the TOML `pokernight export-phh` writes)"
"""What a PHH file is, for the messages that refuse one."""


def read_phh(path: Path) -> GameRecord:
    """The record of a PHH file, once its hand has been rebuilt and checked against it."""
    return parse_phh(read_text(path, PHH), str(path))


def parse_phh(text: str, where: str = "phh") -> GameRecord:
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidRecord(f"{where}: not TOML ({exc}): give {PHH}") from None
    except ValueError:  # Python's limit on the digits of an integer
        raise InvalidRecord(f"{where}: a number too long for a hand: give {PHH}") from None
    except RecursionError:
        raise InvalidRecord(f"{where}: nested too deeply for a hand: give {PHH}") from None
    record = record_of(document, where)
    compare(document, record)
    return record


def record_of(document: dict[str, Any], where: str) -> GameRecord:
    """The hand record the file describes, not yet replayed."""
    if "variant" not in document:
        raise InvalidRecord(f"{where}: missing field 'variant'")
    variant = document["variant"]
    if not isinstance(variant, str) or variant not in GAMES:
        raise InvalidRecord(
            f"{where}: unknown variant {variant!r}: pokernight replays "
            f"{', '.join(GAMES)} (the draw games PHH has no variant for)"
        )
    missing = [k for k in REQUIRED if k not in document]
    if missing:
        raise InvalidRecord(f"{where}: missing field {missing[0]!r}")
    try:
        game = game_from_json(GAMES[variant], _field(document, "_pokernight_options", dict))
        starting = _ints(document, "starting_stacks")
        n = len(starting)
        seats = [s - 1 for s in _ints(document, "seats", n)]
        if sorted(seats) != list(range(n)):
            raise InvalidRecord(f"seats must number the {n} seats 1 to {n}, once each")
        names = _field(document, "players", list)
        if len(names) != n or not all(isinstance(name, str) for name in names):
            raise InvalidRecord(f"players must be {n} names")
        by_seat = {seat: i for i, seat in enumerate(seats)}
        order = [by_seat[s] for s in range(n)]  # seat -> the player index in the file
        table = _table(document, [starting[i] for i in order])
        finishing = _ints(document, "finishing_stacks", n)
        words = _field(document, "_pokernight_actions", list)
        actions = []
        for i, word in enumerate(words, start=1):
            if not isinstance(word, str):
                raise InvalidRecord(f"_pokernight_actions: action {i} is not a string")
            try:
                actions.append(parse_action(word))
            except PokernightError as exc:
                raise InvalidRecord(f"_pokernight_actions: action {i}: {exc}") from None
        stakes = tuple(finishing[i] for i in order)
        return GameRecord(
            game=game,
            seats=tuple(names[i] for i in order),
            table=table,
            seed=_field(document, "_pokernight_seed", int),
            actions=tuple(actions),
            net=tuple(after - before for after, before in zip(stakes, table.stakes, strict=True)),
            stakes=stakes,
            where=where,
            carry=_field(document, "_pokernight_carry", int, 0),
        )
    except PokernightError as exc:
        raise InvalidRecord(f"{where}: {exc}") from None


def compare(document: dict[str, Any], record: GameRecord) -> None:
    """Refuse the file if any field differs from the one the rebuilt hand gives."""
    expected = phh_hand(record).document
    where = record.where
    for key, value in expected.items():
        found = document.get(key)
        if key == "actions":
            _compare_actions(found, value, where)
        elif found != value:
            raise InvalidRecord(
                f"{where}: {key} is {_say(found)} in the file, the rebuilt hand gives {_say(value)}"
            )


def _compare_actions(found: object, expected: object, where: str) -> None:
    assert isinstance(expected, list)
    if not isinstance(found, list) or not all(isinstance(a, str) for a in found):
        raise InvalidRecord(f"{where}: actions must be a list of strings")
    said = [a for a in (" ".join(a.split("#", 1)[0].split()) for a in found) if a]
    for i, (mine, theirs) in enumerate(zip(said, expected, strict=False), start=1):
        if mine != theirs:
            raise InvalidRecord(
                f"{where}: action {i} is {mine!r} in the file, the rebuilt hand has {theirs!r}"
            )
    if len(said) > len(expected):
        raise InvalidRecord(
            f"{where}: action {len(expected) + 1} ({said[len(expected)]!r}) is in the file, "
            f"but the rebuilt hand is over after {len(expected)}"
        )
    if len(said) < len(expected):
        raise InvalidRecord(
            f"{where}: the file's actions stop after {len(said)}, the rebuilt hand goes on "
            f"with {expected[len(said)]!r}"
        )


def _table(document: dict[str, Any], stakes: list[int]) -> TableState:
    raw = _field(document, "_pokernight_table", dict)
    n = len(stakes)

    def seat(key: str) -> int:
        number = _field(raw, key, int)
        if not 1 <= number <= n:
            raise InvalidRecord(f"_pokernight_table.{key} must be a seat 1 to {n}")
        return number - 1

    return TableState(
        stakes=tuple(stakes),
        dealer=seat("dealer_seat"),
        hand=_field(document, "hand", int),
        carry=_field(raw, "carry", int, 0),
        deck=_field(raw, "deck", int, 1),
        leader=seat("leader_seat") if "leader_seat" in raw else None,
    )


def _field(data: dict[str, Any], key: str, kind: type[T], default: object = None) -> T:
    value = data.get(key, default)
    if not isinstance(value, kind) or type(value) is not kind:
        noun = {int: "a whole number", dict: "a table", list: "an array"}.get(kind, kind.__name__)
        raise InvalidRecord(f"{key} must be {noun}, not {_say(value)}")
    return value


def _ints(document: dict[str, Any], key: str, length: int | None = None) -> list[int]:
    values = _field(document, key, list)
    if not values or not all(type(v) is int for v in values):
        raise InvalidRecord(f"{key} must be an array of whole numbers")
    if length is not None and len(values) != length:
        raise InvalidRecord(f"{key} has {len(values)} entries for {length} players")
    return [int(v) for v in values]


def _say(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
