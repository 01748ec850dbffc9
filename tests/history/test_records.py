"""Hand records: every game's simulated hands replay from seed + actions to the recorded
outcome; malformed or tampered records are refused with the line and the field at fault."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from pokernight.catalog import entry, games
from pokernight.engine.table import HandRecord, hand_seed
from pokernight.games.paigow.options import Bank, PaiGowOptions
from pokernight.history.record import (
    InvalidRecord,
    parse_record,
    read_records,
    record_line,
    replay,
)
from pokernight.sim.runner import simulate


def records_of(game: str, hands: int = 12, **options: str) -> list[str]:
    lines: list[str] = []
    simulate(game, hands, seed=4, sink=lines.append, options=options)
    return [line.rstrip("\n") for line in lines]


def test_every_hand_replays_to_its_recorded_outcome(every_game: str, tmp_path: Path) -> None:
    game = every_game
    lines = records_of(game)
    assert len(lines) == 12
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(lines) + "\n")
    records = list(read_records(path))
    for line, record in zip(lines, records, strict=True):
        data = json.loads(line)
        assert data["game"] == game and record.seed == data["seed"]
        assert [str(a) for a in record.actions] == data["actions"]  # text forms round-trip
        assert list(replay(record).net) == data["outcome"]["net"]


SHORT = [name for name in games() if entry(name).spec.seats[0] < entry(name).spec.seats[1]]
"""The games a table may deal short-handed, a seat sitting out (five-card draw seats two)."""


@pytest.mark.parametrize("name", SHORT)
def test_a_hand_with_a_seat_out_replays_from_its_record(name: str) -> None:
    """A web night sits absent players out: their hands' records say who was out, and replay
    the hand those seats were not dealt into."""
    spec = entry(name).spec
    low = spec.seats[0]
    game, first = spec.make(low + 1, {}, random.Random(5))
    table = replace(first, out=(1,))
    seed = hand_seed(5, table)
    state = game.new_hand(table, seed)
    actions = []
    while state.to_act() is not None:
        action = state.legal_actions()[0]
        state.apply(action)
        actions.append(action)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.net[1] == (-13 if spec.points else 0)  # a round sat out scores its worst
    names = [f"seat {s}" for s in range(low + 1)]
    line = record_line(game, names, HandRecord(table, seed, tuple(actions), outcome, game))
    assert json.loads(line)["table"]["out"] == [1]
    record = parse_record(line)
    assert record.table.out == (1,)
    assert replay(record) == outcome
    dealt_full = parse_record(line.replace(',"out":[1]', ""))
    with pytest.raises(InvalidRecord):  # dealt to every seat, the same actions differ
        replay(dealt_full)


@pytest.mark.parametrize(
    ("out", "message"),
    [
        ("[SEATS]", "table.out names seats 0 to"),
        ("[-1]", "table.out names seats 0 to"),
        ("[1,1]", "table.out names seats 0 to"),
        ('["1"]', "table.out must be a list of int"),
    ],
)
def test_a_record_naming_a_seat_out_that_is_not_one_is_refused(out: str, message: str) -> None:
    data = json.loads(records_of("hurricane", 1)[0])
    data["table"]["out"] = json.loads(out.replace("SEATS", str(len(data["table"]["stakes"]))))
    with pytest.raises(InvalidRecord, match=re.escape(message)):
        parse_record(json.dumps(data), "f:1")


def test_options_round_trip_including_enums_and_tables() -> None:
    line = records_of("paigow", 2, bank="player")[0]
    data = json.loads(line)
    assert data["options"]["bank"] == "player" and len(data["options"]["two_pair"]) == 13
    options = parse_record(line).game.options
    assert isinstance(options, PaiGowOptions)
    assert options == PaiGowOptions(seats=2, stake=data["options"]["stake"], bank=Bank.PLAYER)


def tampered(change: str) -> str:
    data = json.loads(records_of("hurricane", 1)[0])
    if change == "net":
        data["outcome"]["net"][0] += 1
        data["outcome"]["stakes"][0] += 1
    elif change == "action":
        data["actions"][0] = "raise 9"
    elif change == "short":
        data["actions"] = data["actions"][:1]
    elif change == "long":
        data["actions"].append("call")
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("net", "the replay ends with net"),
        ("action", "action 1 (raise 9) is illegal"),
        ("short", "the actions end before the hand does"),
        ("long", "comes after the hand ended"),
    ],
)
def test_a_record_that_does_not_replay_says_why(change: str, message: str) -> None:
    with pytest.raises(InvalidRecord, match=re.escape(message)):
        replay(parse_record(tampered(change), "f:1"))


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.pop("seed"), "missing field 'seed'"),
        (lambda d: d.update(game="chess"), "unknown game 'chess'"),
        (lambda d: d["options"].update(seats=9), "seats 2 to 8"),
        (lambda d: d["options"].update(colour=1), "no option 'colour'"),
        (lambda d: d["options"].update(stake="lots"), "option 'stake' must be a int"),
        (lambda d: d.update(seed="x"), "seed must be a whole number"),
        (lambda d: d["actions"].append("shove"), "unknown action 'shove'"),
        (lambda d: d["table"].pop("stakes"), "table.stakes must be a list of int"),
        (lambda d: d.update(seats=["a"]), "seats has 1 entries for 7 seats"),
        (lambda d: d["options"].update(max_bet=10**8), "the maximum bet must be 1 to 100"),
    ],
)
def test_malformed_fields_are_named(edit: object, message: str) -> None:
    data = json.loads(records_of("hurricane", 1)[0])
    edit(data)  # type: ignore[operator]
    with pytest.raises(InvalidRecord, match=f"^f:3: .*{message}"):
        parse_record(json.dumps(data), "f:3")


def test_not_json_and_not_an_object() -> None:
    with pytest.raises(InvalidRecord, match="f:1: not JSON"):
        parse_record("{", "f:1")
    with pytest.raises(InvalidRecord, match="a record is a JSON object, not list"):
        parse_record("[]", "f:1")


def test_a_table_of_another_size_than_the_options_seat_is_refused(every_game: str) -> None:
    game = every_game
    data = json.loads(records_of(game, 1)[0])
    n = len(data["table"]["stakes"])
    data["table"]["stakes"].append(data["table"]["stakes"][0])
    data["seats"].append("stranger")
    data["outcome"]["net"].append(0)
    expected = f"f:2: the table has {n + 1} stakes; a {game} game under these options seats {n}"
    with pytest.raises(InvalidRecord, match=f"^{re.escape(expected)}$"):
        replay(parse_record(json.dumps(data), "f:2"))
