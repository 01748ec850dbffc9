"""The refusals issue 23 reported, each as its exact line: a binary or an empty records file,
a number no run could finish, a record that replays to a point no one acts at or to numbers PHH
cannot hold, a database or an address ``serve`` cannot use. And advice, the one long command
without a progress bar, now reports its samples as it goes."""

from __future__ import annotations

import json
import socket
from collections.abc import Callable
from itertools import islice
from pathlib import Path

import pytest
from tests.cli.test_play_and_sim import run

from pokernight.bots.bigtwo_advice import advise_bigtwo
from pokernight.bots.rollout_advice import advise_position
from pokernight.cli.advise_state import parse_position
from pokernight.cli.main import main
from pokernight.games.bigtwo.game import BigTwoOptions
from pokernight.history.record import deal, parse_record, steps
from pokernight.sim.runner import simulate

RECORDS = "hand records (the JSON lines `play --records` and `sim --records` write)"


def records(game: str, hands: int) -> list[str]:
    lines: list[str] = []
    simulate(game, hands, seed=1, sink=lines.append)
    return lines


def refused(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The one line a command refuses with (after checking it is the only output)."""
    with pytest.raises(SystemExit) as exit:
        main(args)
    out, err = capsys.readouterr()
    assert (exit.value.code, out, err.count("\n")) == (2, "", 1), (out, err)
    return err


@pytest.mark.parametrize("command", ["replay", "export-phh"])
def test_random_bytes_and_an_empty_file_are_refused(command: str, tmp_path: Path) -> None:
    binary, empty = tmp_path / "g.jsonl", tmp_path / "e.jsonl"
    binary.write_bytes(bytes([0xA9, 0x00, 0xFF]) + bytes(range(200)))
    empty.write_text("\n\n")
    out = run(command, str(binary))
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr == (
        f"pokernight: {binary}:1: not text (byte 0xa9 at offset 0 is not UTF-8): give {RECORDS}\n"
    )
    out = run(command, str(empty))
    assert (out.returncode, out.stdout) == (2, "")  # no header before it
    assert out.stderr == (
        f"pokernight: {empty} holds no hands: record some with `pokernight play GAME --plain "
        f"--records {empty}` or `pokernight sim GAME --records {empty}`\n"
    )


def test_a_number_no_run_could_finish_is_refused_with_its_range() -> None:
    out = run("sim", "hurricane", "--hands", "99999999999999999999999")
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr == (
        "pokernight: Invalid value for '--hands': give a whole number from 1 to 100,000,000 "
        "hands, not '99999999999999999999999'\n"
    )


def test_a_bad_record_is_one_line_before_any_hand_is_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = records("hurricane", 2)
    data = json.loads(second)
    data["actions"][0] = "raise 99"
    path = tmp_path / "h.jsonl"
    path.write_text(first + json.dumps(data) + "\n")
    line = refused(["replay", str(path), "--all"], capsys)
    assert line.startswith(f"pokernight: {path}:2: action 1 (raise 99) is illegal: ")


def test_a_stake_beyond_64_bits_is_refused_by_the_phh_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(records("hurricane", 1)[0])
    data["options"]["stake"] = 2**70  # the hand replays; TOML cannot hold the number
    path = tmp_path / "h.jsonl"
    path.write_text(json.dumps(data) + "\n")
    assert refused(["export-phh", str(path), "-o", str(tmp_path)], capsys) == (
        f"pokernight: {path}:1: _pokernight_options holds 1180591620717411303424: PHH's TOML "
        "holds whole numbers of 64 bits\n"
    )
    assert not list(tmp_path.glob("*.phh"))


def test_advice_at_a_point_after_the_hand_ended_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(records("bigtwo", 1)[0])
    ended = len(data["actions"])
    data["actions"].append("pass")  # one action too many: the hand is over before it
    path = tmp_path / "b.jsonl"
    path.write_text(json.dumps(data) + "\n")
    args = ["advise", "bigtwo", "--record", str(path), "--at", str(ended)]
    assert refused(args, capsys) == (
        f"pokernight: {path}:1: the hand is over after {ended} actions: no one to advise\n"
    )


def test_serve_refuses_a_database_and_an_address_it_cannot_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("uvicorn", reason="the web extra is not installed")
    assert refused(["serve", "--db", "nonsense"], capsys) == (
        "pokernight: --db is not a database URL: e.g. sqlite:////srv/pokernight.db or "
        "postgresql+psycopg://user@host/pokernight\n"
    )
    missing = f"sqlite:///{tmp_path}/no/such/folder/p.db"
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        assert refused(["serve", "--db", missing, "--port", str(port)], capsys) == (
            f"pokernight: cannot listen on 127.0.0.1 port {port}: Address already in use: "
            "choose another --host or --port\n"
        )
    assert refused(["serve", "--db", missing, "--host", "999.1.1.1"], capsys) == (
        "pokernight: cannot listen on 999.1.1.1 port 8000: Name or service not known: choose "
        "another --host or --port\n"
    )
    with socket.create_server(("127.0.0.1", 0)) as free:
        port = free.getsockname()[1]
    assert refused(["serve", "--db", missing, "--port", str(port)], capsys) == (
        f"pokernight: cannot open the database {missing}: unable to open database file: "
        "check --db\n"
    )


def test_advice_reports_each_sample_as_it_goes(tmp_path: Path) -> None:
    state = "seats 4; dealer 2; seat 1; cards Kh 2d; history bet 1, raise 2"
    seen: list[tuple[int, int]] = []
    advise_position(parse_position("hurricane", state), samples=3, progress=_append(seen))
    assert seen == [(1, 3), (2, 3), (3, 3)]
    record = parse_record(records("bigtwo", 1)[0])
    hand = deal(record)
    assert isinstance(record.game.options, BigTwoOptions)
    for _ in islice(steps(record, hand), 4):
        pass
    seat = hand.to_act()
    assert seat is not None
    seen.clear()
    choices = advise_bigtwo(hand.view(seat), record.game.options, 5, 0, _append(seen))
    assert seen == [(5 * k, 5 * len(choices)) for k in range(1, len(choices) + 1)]


def _append(seen: list[tuple[int, int]]) -> Callable[[int, int], None]:
    return lambda done, total: seen.append((done, total))


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("seats " + "9" * 5000, "seats must be a whole number from 0 to 1,000,000,000, not "),
        ("seats 4; stakes -5 1 1 1", "stakes: 4 whole numbers from 0 to 1,000,000,000, one per "),
        ("seats 4; carry ３", "carry must be a whole number from 0 to 1,000,000,000, not '３'"),
    ],
)
def test_a_position_with_a_number_out_of_range_is_refused(
    field: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    state = f"{field}; dealer 0; seat 1; cards 7h 2s"
    line = refused(["advise", "hurricane", "--state", state], capsys)
    assert line.startswith(f"pokernight: {message}") and len(line) < 120
