"""Leaving seed 002's prompt by the end of input (issue 38): like every other game's prompt it
ends on the standings, here what you leave with, read off ``pokernight play draw --plain``'s
own output after typing at its own input."""

from __future__ import annotations

import io

import pytest
from tests.cli.test_every_game_cli import command

HAND = "5\ny\n\ny\ny\ny\n\n9\n"
"""The hand of docs/games/draw.md at seed 2: bet $5, throw 2♥ and 7♥, bet $9, win $32."""
ANOTHER = "Another hand? (Enter = yes, N = no) "


def played(typed: str, capsys: pytest.CaptureFixture[str]) -> str:
    """``play draw --plain --seed 2`` with ``typed`` as its standard input, then its end."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", io.StringIO(typed))
        code, out, err = command(capsys, "play", "draw", "--plain", "--seed", "2")
    assert (code, err) == (0, "")
    return out


@pytest.mark.parametrize(
    ("typed", "asked", "left"),
    [
        ("", "  Your bet? (1-9, = for $10, 0 folds) ", "$200; the computer has $200"),
        ("5\n", "  Need cards? (Enter = yes, N = no) ", "$200; the computer has $200"),
        (HAND, ANOTHER, "$216; the computer has $184"),
        (HAND + "\n", "  Your bet? (1-9, = for $10, 0 folds) ", "$216; the computer has $184"),
    ],
)
def test_the_end_of_input_in_a_game_says_what_you_leave_with(
    capsys: pytest.CaptureFixture[str], typed: str, asked: str, left: str
) -> None:
    """At the first question, in a hand (which is left unplayed, as at every prompt: the stakes
    before it) and after the hand won."""
    said = played(typed, capsys)
    assert said.endswith(f"{asked}\nEnd of input.\nYou leave with {left}.\n"), said[-500:]


def test_the_end_of_input_between_games_adds_nothing_to_the_games_last_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    said = played(HAND + "n\n", capsys)
    assert said.endswith(
        f"{ANOTHER}Quitting while you're ahead, are you? You leave with $216.\n"
        "Start over? (Y = yes, any other key exits) \nEnd of input.\n"
    ), said[-500:]
