"""``--option KEY=VALUE`` on every command that plays: the game's spec checks it, with the same
names and errors as the web's table form, and the game is played under it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.cli.test_play_and_sim import run

from pokernight.bots import advisors
from pokernight.cards import parse_cards
from pokernight.cli.main import main
from pokernight.engine.advice import Choice
from pokernight.engine.worlds import Position
from pokernight.games.paigow.advice import advise
from pokernight.games.paigow.way import TRUMP_PLAZA
from pokernight.history.record import read_records

POSITION = "seats 2; dealer 0; seat 1; cards 2c/4c 2d/7d 2h/4s 2s/Qc 3c/8d"
"""A High-Low position for ``advise --state``."""


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
        (["low=nonsense"], "low='nonsense' is not offered for highlow: low must be one of "
         "seed, deuce-to-seven"),
        (["low=ace-to-five"], "low='ace-to-five' is not offered for highlow: low must be one of "
         "seed, deuce-to-seven"),
        (["bank=player"], "highlow has no option 'bank' (options: stake, ante, first_limit, "
         "second_limit, raises, max_discards, jokers, joker_same_both_ends, low)"),
        (["low"], "Invalid value for '--option': give KEY=VALUE, e.g. low=deuce-to-seven, not "
         "'low'"),
        (["low=seed", "low=seed"], "Invalid value for '--option': low is given twice: give each "
         "option once"),
    ],
)  # fmt: skip
@pytest.mark.parametrize("command", ["sim", "play", "tournament", "advise"])
def test_a_bad_option_is_one_line_and_exit_2(command: str, given: list[str], said: str) -> None:
    options = [word for text in given for word in ("--option", text)]
    extra = {
        "tournament": ["--bots", "random,value"],
        "play": ["--plain"],
        "advise": ["--state", POSITION],
    }.get(command, [])
    out = run(command, "highlow", *options, *extra)
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


def test_pai_gow_simulates_under_the_trump_plaza_house_way(tmp_path: Path) -> None:
    records = tmp_path / "hands.jsonl"
    out = run("sim", "paigow", "--option", "two_pair=trump-plaza", "--hands", "3", "--records",
              str(records), "--json")  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert [s["bot"] for s in json.loads(out.stdout)["seats"]] == ["trump-plaza"]
    hands = list(read_records(records))
    assert len(hands) == 3
    assert {h.game.options.two_pair for h in hands} == {TRUMP_PLAZA}  # type: ignore[attr-defined]


def test_advise_and_solve_take_the_games_options(monkeypatch: pytest.MonkeyPatch) -> None:
    """High-Low's position is advised under the low asked for; Pai Gow's settings are ranked
        against the Trump Plaza house way; the solved game refuses an option it does not have,
    naming those it has."""
    seen: list[str] = []

    def rollouts(position: Position, *args: object) -> list[Choice]:
        seen.append(position.options.low)
        return [Choice("check", 0.0, (0.0, 0.0))]

    monkeypatch.setattr(advisors, "advise_position", rollouts)
    for low in ("seed", "deuce-to-seven"):
        with pytest.raises(SystemExit) as ended:
            main(["advise", "highlow", "--state", POSITION, "--option", f"low={low}"])
        assert ended.value.code == 0
    assert seen == ["seed", "deuce-to-seven"]
    cards = "Js Jd 4c 4h As 3d 9c"
    out = run("advise", "paigow", "--state", cards, "--samples", "300", "--json",
              "--option", "two_pair=trump-plaza")  # fmt: skip
    assert out.returncode == 0, out.stderr
    expected = advise(parse_cards(cards), samples=300, seed=0, table=TRUMP_PLAZA).ranked
    got = json.loads(out.stdout)["choices"]
    assert [c["value"] for c in got] == [round(mean, 6) for _, mean, _ in expected]
    solve = run("solve", "hurricane", "--ranks", "3", "--iterations", "1", "--option", "low=seed")
    assert (solve.returncode, solve.stdout) == (2, "")
    assert solve.stderr == (
        "pokernight: hurricane has no option 'low' (options: stake, ante, max_bet, raises, "
        "end_when_one_left)\n"
    )
