"""``--option KEY=VALUE`` on every command that plays: the game's spec checks it, with the same
names and errors as the web's table form, and the game is played under it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.cli.test_play_and_sim import run


@pytest.mark.parametrize("command", ["sim", "play", "tournament"])
def test_high_lows_low_is_chosen_from_the_command_line(command: str, tmp_path: Path) -> None:
    records = tmp_path / "hands.jsonl"
    args = {
        "sim": ["--hands", "2", "--bots", "random,random", "--records", str(records)],
        "play": ["--plain", "--seats", "2", "--bots", "random", "--records", str(records)],
        "tournament": ["--hands", "1", "--bots", "random,value", "--json"],
    }[command]
    answers = "d\n" + "1\nkeep\norient 0,0,0,0,0\n" * 20  # whichever the prompt asks
    out = run(command, "highlow", "--option", "low=deuce-to-seven", *args, stdin=answers)
    assert out.returncode == 0, out.stderr
    if command != "tournament":
        first = json.loads(records.read_text().splitlines()[0])
        assert first["options"]["low"] == "deuce-to-seven"


@pytest.mark.parametrize(
    ("given", "said"),
    [
        (["low=ace-to-five"], "low='ace-to-five' is not offered for highlow: low must be one of "
         "seed, deuce-to-seven"),
        (["bank=player"], "highlow has no option 'bank' (options: low)"),
        (["low"], "Invalid value for '--option': give KEY=VALUE, e.g. low=deuce-to-seven, not "
         "'low'"),
        (["low=seed", "low=seed"], "Invalid value for '--option': low is given twice: give each "
         "option once"),
    ],
)  # fmt: skip
@pytest.mark.parametrize("command", ["sim", "play", "tournament"])
def test_a_bad_option_is_one_line_and_exit_2(command: str, given: list[str], said: str) -> None:
    options = [word for text in given for word in ("--option", text)]
    bots = ["--bots", "random,value"] if command == "tournament" else []
    extra = ["--plain"] if command == "play" else []
    out = run(command, "highlow", *options, *bots, *extra)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == f"pokernight: {said}\n"


def test_play_takes_bots_for_the_draw_game_too() -> None:
    out = run(
        "play", "draw", "--plain", "--seed", "3", "--bots", "random", "--records", "/dev/null"
    )
    assert out.returncode == 0, out.stderr
    refused = run("play", "draw", "--plain", "--seats", "3")
    assert refused.returncode == 2 and refused.stderr == "pokernight: draw seats 2 players, not 3\n"


def test_the_terminal_table_plays_the_options_and_the_menu_refuses_them() -> None:
    from pokernight.tui.app import PokernightApp

    app = PokernightApp("highlow", 1, 2, choices={"low": "deuce-to-seven"})
    assert app.seating.game.options.low == "deuce-to-seven"  # type: ignore[attr-defined]
    out = run("play", "--option", "low=seed")
    assert out.returncode == 2 and out.stderr == (
        "pokernight: --option sets a game's options: name the game, play GAME --option ...\n"
    )
