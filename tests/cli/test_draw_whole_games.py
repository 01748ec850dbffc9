"""Seed 002 played to its own end at the prompt, by the aggressive player the issue named: the
largest bet the keys take, every raise seen and raised back as far as the keys go. Such a game
ends by all in, at $0 to bet after the ante, or at exactly the ante left: the edges where the
prompt once died (``max() arg is an empty sequence``)."""

from __future__ import annotations

import io
import os
import re

import pytest

from pokernight.catalog import Seating, seat_person
from pokernight.cli import plain
from pokernight.cli.plain import Asked, Console, run_plain
from pokernight.engine.protocol import TableState
from pokernight.games.draw.game import COMPUTER

GAMES = int(os.environ.get("POKERNIGHT_GAMES", "100"))
STATUS = re.compile(r"You \$(-?\d+)   Computer \$(-?\d+)   Pot \$(\d+)")
ENDS = (
    re.compile(r"You win! You have taken all of the computer's money: \$(\d+)\.\n"),
    re.compile(r"You win! The computer cannot put up the ante: you have \$(\d+)\.\n"),
    re.compile(r"The computer wins: you have \$([01])\, not enough for the ante\.\n"),
)


def largest_key(prompt: str) -> str:
    """The key of the largest amount a "Your bet?" or "Raise the computer?" prompt offers."""
    if "= for $10" in prompt:
        return "="
    keys = re.search(r"\((?:Enter or N = no, )?1(?:-(\d))?", prompt)
    assert keys is not None, prompt
    return keys.group(1) or "1"


class Aggressive(io.StringIO):
    """Standard input that answers the last question printed on ``out``."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__()
        self.out = out
        self.asked: list[str] = []

    # typeshed types _io._IOBase.readline as bytes (and ignores StringIO's own override)
    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        prompt = self.out.getvalue().rsplit("\n", 1)[-1]
        self.asked.append(prompt)
        if "Your bet? (Enter checks" in prompt:
            return "\n"
        if "Your bet?" in prompt or "Raise the computer?" in prompt:
            return largest_key(prompt) + "\n"
        if "See my raise?" in prompt:
            return "y\n"
        if "Need cards?" in prompt:
            return "n\n"
        if "Another hand?" in prompt:
            return "\n"
        assert "Start over?" in prompt, prompt
        return "n\n"


def play_one(seed: int) -> tuple[str, Aggressive]:
    out = io.StringIO()
    keys = Aggressive(out)
    run_plain("draw", Asked(seed), Console(keys, out))
    return out.getvalue(), keys


def check_game(text: str) -> None:
    for you, computer, pot in STATUS.findall(text):
        assert int(you) >= 0 and int(computer) >= 0
        assert int(you) + int(computer) + int(pot) == 400
    for hand in text.split("── Hand ")[1:]:
        winners = re.findall(r"  (Seat 1 \(you\)|The computer) wins \$\d+", hand)
        assert len(winners) == len(set(winners)) >= 1, hand  # each award told once
        assert "The computer draws" not in hand and "The computer stands pat" not in hand
    ended = [m for end in ENDS if (m := end.search(text))]
    assert len(ended) == 1, text[-2000:]
    assert "End of input" not in text


def test_aggressive_games_end_by_the_seeds_own_messages() -> None:
    edges = dict.fromkeys(["no money left to bet", "Raise", "computer wins", "Dealer"], 0)
    for seed in range(GAMES):
        text, keys = play_one(seed)
        try:
            check_game(text)
        except AssertionError as failure:
            raise AssertionError(f"seed {seed}, answers to {keys.asked[-5:]}") from failure
        edges["no money left to bet"] += "no money left to bet" in text
        edges["Raise"] += any("Raise the computer?" in q for q in keys.asked)
        edges["Dealer"] += bool(re.search(r"Dealer (takes \d|Pat!)", text))
        edges["computer wins"] += "The computer wins: you have" in text
    assert all(edges.values()), edges  # each edge reached at least once


@pytest.mark.parametrize(
    ("stakes", "told"),
    [
        ((2, 398), "You have no money left to bet"),
        ((398, 2), "The computer has no money left to bet"),
    ],
)
def test_a_side_with_exactly_the_ante_left_plays_the_hand_for_the_pot(
    monkeypatch: pytest.MonkeyPatch, stakes: tuple[int, int], told: str
) -> None:
    """Starting with exactly the ante left, you are offered check or fold (Enter checks),
    garbage is refused with what to press, and the hand goes to the showdown."""

    def seated(name: str, seed: int, *asked: object) -> Seating:
        seating = seat_person(name, seed)
        table = TableState(stakes=stakes, dealer=COMPUTER)
        return Seating(seating.game, table, seating.seed, seating.bots, seating.names)

    monkeypatch.setattr(plain, "seat_person", seated)
    out = io.StringIO()
    run_plain("draw", Asked(5), Console(io.StringIO("5\n=\n\nn\n\nn\n"), out))
    text = out.getvalue()
    assert f"  {told}: the hand is played for the pot.\n" in text
    refused = "  Your bet? (Enter checks, 0 folds)   Press Enter to check or 0 to fold.\n"
    assert text.count(refused) == 2  # "5" and "=" refused, then Enter checks
    assert "Seat 1 (you): check" in text and "The computer: check" in text
    assert text.count("shows") == 2  # both hands turned up: nobody folded
    farewell = r"(You win!|The computer wins:|You leave a loser|Quitting while)"
    assert len(re.findall(farewell, text)) == 1, text
