"""Conformance of the terminal table: every catalog game played at random through the keys,
each hand checked by the oracle against the engine's record of it, the screen read from the
rendered widgets.

``POKERNIGHT_CONFORMANCE_HANDS`` sets the hands per game of every front end's harness (5 here
unless set, as CI runs it)."""

from __future__ import annotations

import asyncio
import os
import random
import re
from pathlib import Path

from tests.frontends.oracle import Oracle, Style
from tests.frontends.tui_driver import play_table

from pokernight.catalog import entry
from pokernight.engine.events import dollars
from pokernight.history.record import read_records

HANDS = int(os.environ.get("POKERNIGHT_CONFORMANCE_HANDS", "5"))


def style(game: str, you: int) -> Style:
    """The table's words: the log names seats as the prompt's narration does; each seat's
    panel says its name, the dealer's (D), then its stake (its points in a game of points)."""

    def who(seat: int) -> str:
        return f"Seat {seat + 1}" + (" (you)" if seat == you else "")

    def panel(seat: int) -> str:
        return "You" if seat == you else f"Seat {seat + 1}"

    if entry(game).spec.points:
        return Style(
            who,
            None,
            lambda s, v: re.compile(rf"{panel(s)}(?: \(D\))? {-v} points?\b"),
            lambda p: p,
            turn=lambda s: f"▶ {panel(s)}",
            points=True,
        )
    return Style(
        who,
        lambda n: f"Pot ${n}",
        lambda s, v: re.compile(rf"{panel(s)}(?: \(D\))? {re.escape(dollars(v))}\b"),
        lambda p: p,
        turn=lambda s: f"▶ {panel(s)}",
        wager=lambda n: re.compile(rf"▶? ?You(?: \(D\))? \$\d+ +in \${n}\b"),
    )


def test_every_key_reaches_the_engine_and_every_fact_the_table(
    every_game: str, tmp_path: Path
) -> None:
    """Every catalog game and the test-only sixth, whose table is drawn from its spec alone."""
    game = every_game
    records = tmp_path / "hands.jsonl"
    seed = random.Random(game).randrange(10**6)
    seen = asyncio.run(play_table(game, seed, HANDS, records))
    read = list(read_records(records))
    assert len(read) == len(seen) >= HANDS
    for record, hand in zip(read, seen, strict=True):
        if record.table.hand == 1:  # a new game: the house may seat you elsewhere
            you = record.seats.index("you")
            oracle = Oracle(style(game, you), you)
        oracle.hand(record, hand)
