"""Every computer player's strength, game by game, written onto the game's own page.

Why: a person choosing whom to play against, and anyone changing a bot, needs to know how the
catalog's computer players stand against each other, with intervals rather than anecdotes, and
the figures must say how they were made. So for each game this runs ``pokernight
tournament``'s own code (``sim.tournament``: every bot plays every seat equally often, one seat
per bot) over every bot the catalog offers for it, and replaces the part of
``docs/games/GAME.md`` between ``<!-- strength:begin -->`` and ``<!-- strength:end -->`` with
the ranking, a reading of it, the command, the date, the seed, the hands and the load. A bot the
catalog adds later joins its game's table at the next run.

Sizes (``SIZES``, hands per rotation; every bot plays one rotation per seat): a whole run of all
five games takes about twelve minutes on two cores at load 3 to 8, with intervals narrow enough
to order the bots that differ. A bot too slow for its game's full size (Hurricane's ``expert``
plays every decision out on random deals at three seats or more; Mount Holyoke's ``search``
plays each candidate out on twelve deals) is not left out: its game gets a second table, every
bot at a smaller size, beside the full-size table of the others.

Run::

    .venv/bin/python benchmarks/strength.py [GAME ...] [--seed 1] [--workers 2]
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import textwrap
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pokernight.catalog import entry, games
from pokernight.sim.tournament import Standing, TournamentResult, tournament

ROOT = Path(__file__).resolve().parents[1]
BEGIN = "<!-- strength:begin -->"
END = "<!-- strength:end -->"


@dataclass(frozen=True)
class Size:
    """A game's hands per rotation, and the bots too slow for that with the smaller size their
    table is played at and why (said on the page)."""

    hands: int
    slow: tuple[str, ...] = ()
    slow_hands: int = 0
    why: str = ""


SIZES = {
    "hurricane": Size(
        10_000,
        ("expert",),
        800,
        "at eight seats `expert` plays each decision out on random deals of the cards it cannot"
        " see, where the strategies read a rule",
    ),
    "draw": Size(20_000),
    "highlow": Size(10_000),
    "paigow": Size(20_000),
    "bigtwo": Size(
        5_000,
        ("search",),
        600,
        "`search` plays each candidate play out on twelve random deals, where `greedy` reads a"
        " rule",
    ),
}
"""Hands per rotation, per game (see the module's docstring for why these)."""


@dataclass(frozen=True)
class Run:
    """One tournament of a game's page: its bots, one seat each, and its hands per rotation."""

    bots: tuple[str, ...]
    hands: int


def runs(game: str) -> tuple[Run, ...]:
    """The game's tournaments: every bot at full size, or, with a slow bot, the others at full
    size and then every bot at the slow size."""
    bots = tuple(entry(game).bots)
    size = SIZES[game]
    if not size.slow:
        return (Run(bots, size.hands),)
    fast = tuple(b for b in bots if b not in size.slow)
    return Run(fast, size.hands), Run(bots, size.slow_hands)


def scored(game: str) -> tuple[str, str]:
    """What the net is counted in and what it is counted per: chips a hand, or points a round
    for a game of points played in rounds."""
    rules = entry(game).spec.rules
    return ("points" if rules.points else "chips"), ("round" if rules.rounds else "hand")


def table(result: TournamentResult, unit: str, per: str) -> str:
    """The ranking as a markdown table."""
    rows = [
        f"| rank | bot | net per {per} ({unit}) | 95% interval | clear of the next |",
        "|---|---|---|---|---|",
    ]
    for s in result.standings:
        low, high = s.result.ci95
        clear = "yes" if s.clear_of_next else ""
        rows.append(
            f"| {s.rank} | `{s.result.bot}` | {s.result.net_per_hand:+.3f} | "
            f"[{low:+.3f}, {high:+.3f}] | {clear} |"
        )
    return "\n".join(rows)


def _names(bots: Sequence[str], after: str = "") -> str:
    """``a``, ``b`` and ``c``, each followed by ``after`` (``'s``)."""
    quoted = [f"`{b}`{after}" for b in bots]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]


def reading(standings: Sequence[Standing]) -> str:
    """Who is strongest and which neighbours this run does not order (their intervals
    overlap), worked out from the standings so the words cannot drift from the table."""
    top, rest = standings[0], standings[1:]
    near = [s.result.bot for s in rest if s.result.ci95[1] >= top.result.ci95[0]]
    if near:
        overlaps = _names(near, "'s")
        first = (
            f"`{top.result.bot}` ranks first, but its interval overlaps {overlaps}, so this run"
            " does not say it is the strongest."
        )
    else:
        first = f"`{top.result.bot}` is the strongest: its interval lies wholly above the rest."
    groups = [[top.result.bot]]
    for above, s in zip(standings, rest, strict=False):
        if above.clear_of_next:
            groups.append([])
        groups[-1].append(s.result.bot)
    if len(groups) == len(standings):  # every step clear: two bots need no second sentence
        return first if len(standings) == 2 else f"{first} Every step of the ranking is clear."
    tied = "; ".join(_names(g) for g in groups if len(g) > 1)
    clear = " Every other step of the ranking is clear." if len(groups) > 1 else ""
    return f"{first} Neighbours whose intervals overlap, not ordered by this run: {tied}.{clear}"


@dataclass(frozen=True)
class Played:
    """One tournament as played, and how long it took."""

    run: Run
    result: TournamentResult
    seconds: float


@dataclass(frozen=True)
class Measured:
    """A game's tournaments as played, and the run's circumstances."""

    game: str
    seed: int
    workers: int
    played: tuple[Played, ...]
    date: str
    loads: tuple[float, float]

    @property
    def seconds(self) -> float:
        return sum(p.seconds for p in self.played)


def measure(game: str, seed: int, workers: int) -> Measured:
    """Play the game's tournaments, noting the date, the load average (one minute) before and
    after, and the time taken."""
    before = os.getloadavg()[0]
    played = []
    for run in runs(game):
        start = time.perf_counter()
        result = tournament(game, run.bots, run.hands, seed, workers)
        played.append(Played(run, result, time.perf_counter() - start))
        print(f"{game}: {', '.join(run.bots)}: {played[-1].seconds:.0f} s", file=sys.stderr)
    date = datetime.date.today().isoformat()
    return Measured(game, seed, workers, tuple(played), date, (before, os.getloadavg()[0]))


def section(measured: Measured) -> str:
    """What goes between the markers: how it was made, then each table with its reading."""
    m = measured
    unit, per = scored(m.game)
    command = f".venv/bin/python benchmarks/strength.py {m.game} --seed {m.seed}"
    parts = [
        f"Made by `{command} --workers {m.workers}` on {m.date}: {m.seconds / 60:.1f} minutes on"
        f" {m.workers} worker{'s' if m.workers > 1 else ''}, load average"
        f" {m.loads[0]:.1f} at the start and {m.loads[1]:.1f} at the end, on {os.cpu_count()}"
        " cores. The same seed gives the same table on any number of workers."
    ]
    size = SIZES[m.game]
    for p in m.played:
        total = p.result.rotations * p.run.hands
        slow = [b for b in p.run.bots if b in size.slow]
        why = f" A smaller size, as {size.why}." if slow else ""
        parts.append(
            f"{_names(p.run.bots)}, one seat each: {p.result.rotations} rotations of"
            f" {p.run.hands:,} {per}s, {total:,} {per}s in all, seed {m.seed}, in"
            f" {p.seconds / 60:.1f} minutes ({total / p.seconds:,.0f} {per}s a second).{why}"
        )
        parts.append(table(p.result, unit, per))
        parts.append(reading(p.result.standings))
    return "\n\n".join(p if p.startswith("|") else _wrap(p) for p in parts)


def _wrap(paragraph: str) -> str:
    """A paragraph at the pages' width, whole words per line."""
    return textwrap.fill(paragraph, 100, break_long_words=False, break_on_hyphens=False)


def write(page: Path, text: str) -> None:
    """Put ``text`` between the page's markers, leaving the rest of the page as it was."""
    old = page.read_text(encoding="utf-8")
    start, end = old.find(BEGIN), old.find(END)
    if start < 0 or end < start:
        raise ValueError(f"{page}: no {BEGIN} ... {END} to write between")
    new = old[: start + len(BEGIN)] + "\n" + text + "\n" + old[end:]
    page.write_text(new, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Every bot's strength onto its game's page.")
    parser.add_argument("games", nargs="*", help=f"default: every game ({', '.join(games())})")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    if unknown := set(args.games) - set(games()):
        parser.error(f"unknown games {', '.join(sorted(unknown))}: games are {', '.join(games())}")
    for game in args.games or games():
        measured = measure(game, args.seed, args.workers)
        write(ROOT / "docs" / "games" / f"{game}.md", section(measured))
        print(f"{game}: written", file=sys.stderr)


if __name__ == "__main__":
    main()
