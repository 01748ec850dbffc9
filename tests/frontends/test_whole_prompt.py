"""Whole games at the prompt (issue 23): every catalog game, and the test-only sixth, played
from the first deal to its own end by each edge driver in turn, every run checked by
``whole_prompt.check_whole``; the edges each game's drivers reached are counted and the ones
its rules make reachable must be reached.

``POKERNIGHT_GAMES`` sets the games a game (50 unless set, as CI runs it); run with ``-s`` to
see what each game's runs reached."""

from __future__ import annotations

import os
import random
from collections import Counter
from pathlib import Path

from tests.frontends.edge_drivers import DRIVERS
from tests.frontends.whole_checks import Edges
from tests.frontends.whole_prompt import CRASHED, check_whole, play_whole

from pokernight.catalog import entry
from pokernight.seeds import derive_seed

GAMES = int(os.environ.get("POKERNIGHT_GAMES", "50"))
ALWAYS = frozenset({"answers refused", "ended: quit", "ended: end of input"})
MONEY = ALWAYS | {"ended: bust-out", "all in", "stake of exactly the ante"}
POINTS = ALWAYS | {"ended: rounds played"}
OWN_SCREEN = {"draw": {"only check or fold offered", "ended: start over"}}
"""The edges a game's own prompt screen adds (seed 002's)."""


def reached(game: str) -> frozenset[str]:
    """The edges each game's drivers must reach in ``GAMES`` runs: every game's ways to end and
    refusals; in a game for money the bust-out, all in and a deal at exactly the ante (Pai
    Gow's table minimum), in a game of points the rounds played out; in seed 002 also a bet
    round where only check or fold is left (you at $0 after the ante) and a start-over.
    (Hurricane never leaves only check or fold: a player may go into debt, so a bet is always
    open until the raises run out.)"""
    return (POINTS if entry(game).spec.points else MONEY) | OWN_SCREEN.get(game, set())


SLOW_HOUSE = frozenset({"highlow"})
"""Games whose house player thinks too long for many whole games in CI (High-Low's value
player: a tenth of a second a turn): their computer seats play at random."""


def whole_games(game: str, folder: Path) -> Edges:
    """``GAMES`` runs of ``game``, the drivers in turn, each seed and seat count drawn. Every
    run is played and checked; then the failures are told, each with its reproduction."""
    rng = random.Random(derive_seed(23, game))
    low, high = entry(game).spec.seats
    edges: Edges = Counter()
    failed: list[str] = []
    for number in range(GAMES):
        driver = DRIVERS[number % len(DRIVERS)]
        seats, seed = rng.randint(low, high), rng.randrange(10**9)
        bots = ("random",) * (seats - 1) if game in SLOW_HOUSE else ()
        reached: Edges = Counter()  # counted only for a run that passes every check
        try:
            run = play_whole(game, seed, driver, seats, bots, folder)
            check_whole(run, seed, seats, bots, reached)
        except AssertionError as exc:
            failed.append(str(exc))
        else:
            edges.update(reached)
        edges[f"driver {driver.name}"] += 1
    crashed = sum(CRASHED in message for message in failed)
    print(  # shown with -s: what the runs reached
        f"\n{game}: {GAMES} runs, {len(failed)} failed ({crashed} crashed): "
        f"{dict(sorted(edges.items()))}"
    )
    shown = "\n\n".join(message[:3000] for message in failed[:3])
    assert not failed, f"{len(failed)} of {GAMES} {game} runs failed; the first:\n{shown}"
    return edges


def test_every_game_to_its_end_at_the_prompt(every_game: str, tmp_path: Path) -> None:
    reaches_every_edge(every_game, whole_games(every_game, tmp_path))


def reaches_every_edge(game: str, edges: Edges) -> None:
    assert sum(v for k, v in edges.items() if k.startswith("driver ")) == GAMES
    assert not reached(game) - set(edges), f"never reached: {sorted(reached(game) - set(edges))}"
