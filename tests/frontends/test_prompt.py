"""Conformance of the prompt mode: every catalog game played at random through standard
input, each hand checked by the oracle against the engine's record of it.

``POKERNIGHT_CONFORMANCE_HANDS`` sets the hands per game (20 by default, as CI runs it)."""

from __future__ import annotations

import os
import random
from pathlib import Path

from tests.frontends.oracle import Oracle, Style
from tests.frontends.prompt_driver import play_prompt

from pokernight.catalog import entry
from pokernight.engine.events import dollars
from pokernight.history.record import read_records

HANDS = int(os.environ.get("POKERNIGHT_CONFORMANCE_HANDS", "20"))


def seat_name(you: int) -> Style:
    """The narration's names (Hurricane, High-Low, Pai Gow and any other game)."""

    def who(seat: int) -> str:
        return f"Seat {seat + 1}" + (" (you)" if seat == you else "")

    return Style(
        who,
        lambda n: f"Pot ${n}",
        lambda s, v: f"{who(s)} {dollars(v)}",
        lambda p: p,
        wager=lambda n: f"Your wager ${n}",
    )


def style(game: str, you: int) -> Style:
    """How each prompt screen writes the facts: its own names where the game's screen has
    its own (the seed's draw game, Big Two's points, by the narration's names), the narration's
    otherwise."""
    if game == "draw":
        return Style(
            lambda s: "Seat 1 (you)" if s == you else "The computer",
            lambda n: f"Pot ${n}",
            lambda s, v: f"{'You' if s == you else 'Computer'} ${v}",
            lambda p: p,
        )
    if entry(game).spec.points:
        named = seat_name(you).who
        return Style(
            named,
            None,
            lambda s, v: f"{named(s)}: {-v}",
            lambda p: f"{p}: ",
            points=True,
        )
    return seat_name(you)


def test_every_choice_reaches_the_engine_and_every_fact_the_screen(
    every_game: str, tmp_path: Path
) -> None:
    """Every catalog game and the test-only sixth (told by the events' words alone)."""
    conforms(every_game, tmp_path / "hands.jsonl")


def conforms(game: str, records: Path) -> None:
    """``HANDS`` hands of ``game`` at the prompt, each checked by the oracle."""
    seed = random.Random(game).randrange(10**6)
    driver = play_prompt(game, seed, HANDS, records)
    read = list(read_records(records))
    assert len(read) == len(driver.seen) >= HANDS
    for record, hand in zip(read, driver.seen, strict=True):
        if record.table.hand == 1:  # a new game: the house may seat you elsewhere
            you = record.seats.index("you")
            oracle = Oracle(style(game, you), you)
        oracle.hand(record, hand)
