"""``pokernight replay``: stepping through a recorded hand; bad files are one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.test_play_and_sim import run


def test_sim_records_then_replay_steps_on_enter(tmp_path: Path) -> None:
    path = tmp_path / "draw.jsonl"
    out = run("sim", "draw", "--hands", "3", "--seed", "2", "--records", str(path), "--json")
    assert out.returncode == 0, out.stderr
    first = json.loads(path.read_text().splitlines()[0])
    shown = run("replay", str(path), "--hand", "1", stdin="\n")  # one Enter, then end of input
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    acted = [line for line in lines if line.startswith("  seat") and ": " in line][2:]
    assert [line.split(": ", 1)[1] for line in acted[: len(first["actions"])]] == first["actions"]
    assert lines[-1].endswith(": as recorded")
    everything = run("replay", str(path), "--all")
    assert everything.stdout.count(": as recorded") == 3


def test_malformed_record_is_one_line_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"game": "draw"}\n')
    out = run("replay", str(path), "--all")
    assert out.returncode == 2
    assert out.stderr == f"pokernight: {path}:1: missing field 'seats'\n"
    missing = run("replay", str(tmp_path / "none.jsonl"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr
