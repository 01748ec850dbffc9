"""``pokernight export-phh`` and ``pokernight replay FILE.phh``: a PHH file replays exactly
as its JSON-lines record does; games without a PHH form and bad files are one line, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.cli.test_play_and_sim import run

from pokernight.catalog import CATALOG

PHH_GAMES = [name for name, game in CATALOG.items() if game.spec.machines.phh is not None]
"""The games with a PHH form, as their specs say."""


@pytest.mark.parametrize("game", PHH_GAMES)
def test_exported_hands_replay_like_their_records(game: str, tmp_path: Path) -> None:
    records = tmp_path / "hands.jsonl"
    assert (
        run("sim", game, "--hands", "3", "--seed", "5", "--records", str(records)).returncode == 0
    )
    out = run("export-phh", str(records), "-o", str(tmp_path / "phh"))
    assert out.returncode == 0, out.stderr
    files = sorted((tmp_path / "phh").glob("*.phh"))
    assert [f.name for f in files] == ["hands-1.phh", "hands-2.phh", "hands-3.phh"]
    variant = CATALOG[game].spec.machines.phh.variant  # type: ignore[union-attr]
    assert out.stdout.splitlines()[0].startswith(f"{files[0]}: {variant}, ")
    for number, path in enumerate(files, start=1):
        from_phh = run("replay", str(path), "--all").stdout.splitlines()
        from_jsonl = run("replay", str(records), "--hand", str(number), "--all").stdout
        assert from_phh[0].startswith(f"{path}: {game}, hand {number}, seed ")
        assert from_phh[1:] == from_jsonl.splitlines()[1:]
        assert from_phh[-1].endswith(": as recorded")


def test_one_hand_and_stepping_on_enter(tmp_path: Path) -> None:
    records = tmp_path / "d.jsonl"
    run("sim", "draw", "--hands", "2", "--seed", "1", "--records", str(records))
    out = run("export-phh", str(records), "--hand", "2", "-o", str(tmp_path))
    assert out.returncode == 0 and [p.name for p in tmp_path.glob("*.phh")] == ["d-2.phh"]
    stepped = run("replay", str(tmp_path / "d-2.phh"), stdin="\n")
    assert stepped.returncode == 0 and stepped.stdout.rstrip().endswith(": as recorded")


def test_games_without_a_phh_form(tmp_path: Path) -> None:
    bigtwo, hurricane = tmp_path / "b.jsonl", tmp_path / "h.jsonl"
    run("sim", "bigtwo", "--hands", "2", "--seed", "1", "--records", str(bigtwo))
    run("sim", "hurricane", "--hands", "1", "--seed", "1", "--records", str(hurricane))
    out = run("export-phh", str(bigtwo), "-o", str(tmp_path))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == (
        f"pokernight: {bigtwo}: nothing to export: bigtwo hands have no PHH form: PHH "
        "describes the draw games with betting (hurricane, draw, highlow), not paigow or bigtwo\n"
    )
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(hurricane.read_text() + bigtwo.read_text())
    out = run("export-phh", str(mixed), "-o", str(tmp_path))
    assert out.returncode == 0 and out.stderr.startswith("skipped 2 hand(s): bigtwo hands")
    assert len(out.stdout.splitlines()) == 1
    assert run("export-phh", str(mixed), "--hand", "3").returncode == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("variant = [", "not TOML ("),
        ('variant = "NT"\n', "unknown variant 'NT'"),
        ('variant = "X-DRAW"\n', "missing field 'starting_stacks'"),
    ],
)
def test_malformed_phh_is_one_line_exit_2(text: str, message: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.phh"
    path.write_text(text)
    out = run("replay", str(path), "--all")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith(f"pokernight: {path}: {message}")
    assert out.stderr.count("\n") == 1
