"""Whole games at the terminal table (issue 23): every catalog game, and the test-only sixth,
played through Textual's Pilot from the first deal to its end by the edge drivers in turn,
each checked by ``whole_table.check_table_run``.

A whole game here ends by the game's own rule, by the driver leaving at a drawn decision, or
after ``PATIENCE`` hands (a person gets up). ``POKERNIGHT_GAMES`` sets the games a game (3
unless set, as CI runs it; each game starts at its own place in the drivers' turn, so the six
games between them play every driver); run with ``-s`` to see what each game's runs reached."""

from __future__ import annotations

import asyncio
import os
import random
from collections import Counter
from pathlib import Path

from tests.conftest import EVERY_GAME
from tests.frontends.edge_drivers import ALL_IN, FOLD, GARBAGE, QUIT, RANDOM, SMALLEST
from tests.frontends.test_whole_prompt import SLOW_HOUSE
from tests.frontends.tui_driver import play_whole_table
from tests.frontends.whole_checks import Edges
from tests.frontends.whole_table import check_table_run

from pokernight.catalog import entry, seat_person
from pokernight.history.record import read_records
from pokernight.seeds import derive_seed

GAMES = int(os.environ.get("POKERNIGHT_GAMES", "3"))
PATIENCE = 6
DRIVERS = (ALL_IN, QUIT, GARBAGE, FOLD, SMALLEST, RANDOM)
"""All in first (the driver likeliest to reach a game's own end in a few hands) for the first
game of each pair; the second starts where the first stopped."""


def whole_games(game: str, folder: Path) -> Edges:
    rng = random.Random(derive_seed(23, "table", game))
    low, high = entry(game).spec.seats
    edges: Edges = Counter()
    failed: list[str] = []
    for number in range(GAMES):
        driver = DRIVERS[(number + GAMES * EVERY_GAME.index(game)) % len(DRIVERS)]
        seats, seed = rng.randint(low, high), rng.randrange(10**9)
        bots = ("random",) * (seats - 1) if game in SLOW_HOUSE else ()
        records = folder / f"{game}-{seed}.jsonl"
        try:
            run = asyncio.run(play_whole_table(game, seed, seats, bots, driver, PATIENCE, records))
            seating = seat_person(game, seed, seats, bots)
            reached: Edges = Counter()  # counted only for a game that passes every check
            check_table_run(run, seating, list(read_records(records)), reached)
        except AssertionError as exc:
            failed.append(str(exc))
        else:
            edges.update(reached)
        edges[f"driver {driver.name}"] += 1
    print(f"\n{game} at the table: {dict(sorted(edges.items()))}")  # shown with -s
    shown = "\n\n".join(message[:3000] for message in failed[:3])
    assert not failed, f"{len(failed)} of {GAMES} {game} games failed; the first:\n{shown}"
    return edges


def test_every_game_to_its_end_at_the_table(every_game: str, tmp_path: Path) -> None:
    edges = whole_games(every_game, tmp_path)
    assert sum(v for k, v in edges.items() if k.startswith("driver ")) == GAMES
