"""One JSON line per hand: game, options, seats, table, seed, actions (text forms), outcome.

A hand is its seed plus its actions, so a record holds nothing else of the play: ``rebuild``
deals the hand again with ``game.new_hand(table, seed)`` and applies each parsed action, and
``check`` compares the replayed outcome with the recorded one. Reading is strict: a malformed
line is refused with its line number and the field at fault.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from pokernight.engine.actions import Action, parse_action
from pokernight.engine.protocol import Game, HandState, Outcome, TableState
from pokernight.engine.table import HandRecord
from pokernight.errors import PokernightError
from pokernight.history.options import game_from_json, options_json
from pokernight.text_files import text_lines


class InvalidRecord(PokernightError):
    """A hand record that cannot be read or does not replay to what it says."""


@dataclass(frozen=True)
class GameRecord:
    """A hand as read from a record, with the game it was played under."""

    game: Game
    seats: tuple[str, ...]
    table: TableState
    seed: int
    actions: tuple[Action, ...]
    net: tuple[int, ...]
    stakes: tuple[int, ...]
    where: str
    carry: int = 0
    """Chips the hand leaves in the pot for the next one."""


def record_line(game: Game, seats: Sequence[str], record: HandRecord) -> str:
    """The JSON line of one finished hand (``seats``: who played each seat). The table's
    ``out`` (seats sitting the hand out) is written only when there are any, so a line of a
    full table reads as it always has."""
    t, o = record.table, record.outcome
    return json.dumps(
        {
            "game": game.name,
            "options": options_json(game.options),
            "seats": list(seats),
            "table": {
                "stakes": list(t.stakes),
                "dealer": t.dealer,
                "hand": t.hand,
                "carry": t.carry,
                "deck": t.deck,
                "leader": t.leader,
                **({"out": list(t.out)} if t.out else {}),
            },
            "seed": record.seed,
            "actions": [str(a) for a in record.actions],
            "outcome": {"net": list(o.net), "stakes": list(o.stakes), "carry": o.carry},
        },
        separators=(",", ":"),
    )


def write_record(out: TextIO | None, names: Sequence[str | None], record: HandRecord) -> None:
    """A finished hand's line written and flushed as the hand ends (``play --records``), under
    the game that dealt it; a person's seat (``None`` in ``names``) is named ``you``. Nothing
    when ``out`` is None."""
    if out is not None:
        line = record_line(record.game, [name or "you" for name in names], record)
        out.write(line + "\n")
        out.flush()


RECORDS = "hand records (the JSON lines `play --records` and `sim --records` write)"
"""What a records file is, for the messages that refuse one."""


def read_records(path: Path) -> Iterator[GameRecord]:
    """Every record of a JSON-lines file, blank lines skipped, read a line at a time."""
    for number, line in text_lines(path, RECORDS):
        if line.strip():
            yield parse_record(line, f"{path}:{number}")


def load_records(path: Path) -> list[GameRecord]:
    """Every record of the file, which must hold at least one (replay, export, advice)."""
    records = list(read_records(path))
    if not records:
        raise InvalidRecord(
            f"{path} holds no hands: record some with `pokernight play GAME --plain --records "
            f"{path}` or `pokernight sim GAME --records {path}`"
        )
    return records


def parse_record(line: str, where: str = "record") -> GameRecord:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise InvalidRecord(
            f"{where}: not JSON ({exc.msg}: column {exc.colno}): give {RECORDS}"
        ) from None
    except ValueError:  # Python's limit on the digits of an integer
        raise InvalidRecord(f"{where}: a number too long for a record: give {RECORDS}") from None
    except RecursionError:
        raise InvalidRecord(f"{where}: nested too deeply for a record: give {RECORDS}") from None
    if not isinstance(data, dict):
        raise InvalidRecord(
            f"{where}: a record is a JSON object, not {type(data).__name__}: give {RECORDS}"
        )
    missing = [k for k in ("game", "seats", "table", "seed", "actions", "outcome") if k not in data]
    if missing:
        raise InvalidRecord(f"{where}: missing field {missing[0]!r}")
    try:
        game = game_from_json(data["game"], data.get("options", {}))
        table = _table(data["table"])
        outcome = _object(data["outcome"], "outcome")
        actions = _list(data["actions"], "actions", str)
        record = GameRecord(
            game=game,
            seats=tuple(_list(data["seats"], "seats", str)),
            table=table,
            seed=_int(data["seed"], "seed"),
            actions=tuple(parse_action(a) for a in actions),
            net=tuple(_list(outcome.get("net"), "outcome.net", int)),
            stakes=tuple(_list(outcome.get("stakes"), "outcome.stakes", int)),
            where=where,
            carry=_int(outcome.get("carry", 0), "outcome.carry"),
        )
    except PokernightError as exc:
        raise InvalidRecord(f"{where}: {exc}") from None
    n = table.seats
    for name, values in (("seats", record.seats), ("outcome.net", record.net)):
        if len(values) != n:
            raise InvalidRecord(f"{where}: {name} has {len(values)} entries for {n} seats")
    return record


def deal(record: GameRecord) -> HandState:
    """The hand as dealt from the record's table and seed, before any action."""
    game, seats = record.game, record.table.seats
    if seats != game.seats:
        raise InvalidRecord(
            f"{record.where}: the table has {seats} stakes; a {game.name} game under these "
            f"options seats {game.seats}"
        )
    try:
        return record.game.new_hand(record.table, record.seed)
    except PokernightError as exc:
        raise InvalidRecord(f"{record.where}: the table cannot be dealt: {exc}") from None


def steps(record: GameRecord, state: HandState) -> Iterator[tuple[int, Action]]:
    """Apply the record's actions to a freshly dealt ``state`` one by one, yielding the seat
    that acted and the action once it is applied."""
    for i, action in enumerate(record.actions, start=1):
        seat = state.to_act()
        if seat is None:
            raise InvalidRecord(f"{record.where}: action {i} ({action}) comes after the hand ended")
        try:
            state.apply(action)
        except PokernightError as exc:
            raise InvalidRecord(
                f"{record.where}: action {i} ({action}) is illegal: {exc}"
            ) from None
        yield seat, action


def replay(record: GameRecord) -> Outcome:
    """Replay a whole record and check its outcome."""
    state = deal(record)
    for _ in steps(record, state):
        pass
    return check(record, state)


def check(record: GameRecord, state: HandState) -> Outcome:
    """The replayed outcome, if it is the recorded one."""
    outcome = state.outcome()
    if outcome is None:
        raise InvalidRecord(f"{record.where}: the actions end before the hand does")
    if outcome.net != record.net or outcome.stakes != record.stakes:
        raise InvalidRecord(
            f"{record.where}: the replay ends with net {list(outcome.net)}, "
            f"the record says {list(record.net)}"
        )
    if outcome.carry != record.carry:
        raise InvalidRecord(
            f"{record.where}: the replay leaves {outcome.carry} in the pot, "
            f"the record says {record.carry}"
        )
    return outcome


def _table(raw: object) -> TableState:
    data = _object(raw, "table")
    stakes = _list(data.get("stakes"), "table.stakes", int)
    leader = data.get("leader")
    if not stakes:
        raise InvalidRecord("table.stakes is empty")
    out = _list(data.get("out", []), "table.out", int)
    if len(set(out)) != len(out) or any(not 0 <= s < len(stakes) for s in out):
        raise InvalidRecord(f"table.out names seats 0 to {len(stakes) - 1}, each once: {out}")
    return TableState(
        stakes=tuple(stakes),
        dealer=_int(data.get("dealer"), "table.dealer"),
        hand=_int(data.get("hand", 1), "table.hand"),
        carry=_int(data.get("carry", 0), "table.carry"),
        deck=_int(data.get("deck", 1), "table.deck"),
        leader=None if leader is None else _int(leader, "table.leader"),
        out=tuple(out),
    )


def _object(raw: object, name: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise InvalidRecord(f"{name} must be an object")
    return raw


def _int(raw: object, name: str) -> int:
    if type(raw) is not int or not -(2**63) <= raw < 2**63:
        shown = repr(raw) if len(repr(raw)) <= 30 else repr(raw)[:27] + "..."
        raise InvalidRecord(f"{name} must be a whole number of 64 bits, not {shown}")
    return raw


def _list(raw: object, name: str, kind: type[Any]) -> list[Any]:
    if not isinstance(raw, list) or any(type(v) is not kind for v in raw):
        raise InvalidRecord(f"{name} must be a list of {kind.__name__}")
    return raw
