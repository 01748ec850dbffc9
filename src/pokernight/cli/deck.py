"""``pokernight deck``: fit a dual-value deck to a category table, and read a deck's table."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Annotated

import numpy as np
import numpy.typing as npt
import typer

from pokernight.cards import deck_by_name, load_dual_deck
from pokernight.cli.bars import LazyBar, compiling
from pokernight.cli.params import SEED, Amount, Whole, output_file
from pokernight.decks.plan import (
    Best,
    Plan,
    Structure,
    bottoms_of,
    deck_of,
    distance,
    header,
    read_target,
    write_deck,
)
from pokernight.errors import InvalidCards
from pokernight.hands.dualrankings import RANKINGS, ROWS, Ranking, RankingName

SEED_TABLE = Path(__file__).parents[1] / "data" / "seed001_table.json"
RANKING_HELP = "counting convention: " + "; ".join(
    f"{r.name}: {r.explain}" for r in RANKINGS.values()
)
STRUCTURE_HELP = (
    "what every deck keeps: five (the seed's deck: every standard card once a top and once a "
    "bottom end, exactly two cards one rank at both ends; and no rank pair on five cards: five "
    "of a kind is the seed's 658) or four (also exactly two rank pairs on three cards, one on a "
    "rank with a double, none on four: four of a kind is the seed's 36,985)"
)
MINUTES = Amount(0.01, 1_440, " minutes")
HEAT = Amount(1, 1_000_000, " hands")
WORKERS = Whole(1, 64, " workers")

TargetOption = Annotated[
    Path,
    typer.Option("--target", help="JSON table {category: count}", show_default="seed 001's table"),
]
DeckOption = Annotated[str, typer.Option("--deck", help="dual641 or a deck file")]
RankingOption = Annotated[RankingName, typer.Option("--ranking", help=RANKING_HELP)]
"""The options the deck commands share, declared once."""

deck_app = typer.Typer(
    help="Dual-value decks: fit a deck to a category table, read a deck's table, bound how "
    "close its ranks can come."
)
"""Each command's ``short_help`` is its line in ``deck --help``: Typer lists a docstring's
first paragraph with its line breaks kept, which cuts sentences where the source wraps."""


@deck_app.command(
    "fit", short_help="Fit a deck to a category table by annealing; progress on standard error."
)
def fit_command(
    target: TargetOption = SEED_TABLE,
    ranking: RankingOption = RankingName.STANDARD,
    structure: Annotated[
        Structure, typer.Option("--structure", help=STRUCTURE_HELP)
    ] = Structure.FIVE,
    minutes: Annotated[float, typer.Option("--minutes", parser=MINUTES, help="time budget")] = 1.0,
    workers: Annotated[
        int | None,
        typer.Option("--workers", parser=WORKERS, help="searches at once (default: one a core)"),
    ] = None,
    start: Annotated[
        Path | None, typer.Option("--start", help="deck file the first search starts from")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            parser=output_file,
            metavar="FILE",
            help="the best deck, rewritten as it improves",
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", parser=SEED, help="seed of the search")] = 0,
    heat: Annotated[
        float,
        typer.Option("--heat", parser=HEAT, help="a chain's starting temperature, in hands"),
    ] = 1000.0,
    keep_ranks: Annotated[
        bool,
        typer.Option(
            "--keep-ranks",
            help="move suits only: every deck keeps the rank pairs of --start's cards (which "
            "pokernight deck bound's floor is for); --structure is then not used",
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Anneal on the L1 distance to the target table: trade two cards' bottom ends at a time,
    keeping the structure; judge a move of ranks first by the rows ranks decide (closed forms),
    then by the exact recount of the hands it touches; restart from the best deck shaken, one
    search per worker (with --keep-ranks, swap two faces' suits of one rank instead). Progress
    goes to standard error."""
    from pokernight.decks.fit import fit, keeps, warm  # numba: only when a deck is fit

    table = read_target(target)
    first = None
    if keep_ranks and start is None:
        raise InvalidCards("--keep-ranks keeps the ranks of a deck: give it with --start FILE")
    if start is not None:
        first = bottoms_of(load_dual_deck(start))
        if not keep_ranks and not keeps(first, structure):
            raise InvalidCards(f"{start} does not keep the structure {structure.value}")
    count = workers or os.cpu_count() or 1
    plan = Plan(table, ranking, structure, first, minutes * 60, heat, seed, keep_ranks=keep_ranks)
    with compiling("the deck-fitting kernels") as compile_bar:
        warm(compile_bar)
    convention = RANKINGS[ranking]
    kept = (
        f"--keep-ranks of {start.name}"
        if keep_ranks and start
        else f"--structure {structure.value}"
    )
    note = f"deck fit --ranking {convention.name} {kept}, to {target.name}"
    last = {"said": 0.0, "written": 0.0, "best": -1}
    unwritten: list[Best] = []  # a best deck newer than the file: written within a second
    begin = time.perf_counter()

    def say(text: str) -> None:
        print(f"deck fit: {text}", file=sys.stderr, flush=True)

    def on_best(best: Best) -> None:
        now = time.perf_counter()
        last["best"] = best.distance
        if now - last["said"] >= 1 or best.distance == 0:
            say(f"best L1 {best.distance:,} at {now - begin:.0f} s (worker {best.worker + 1})")
            last["said"] = now
        unwritten[:] = [best]
        write_due(now)

    def write_due(now: float) -> None:
        if out is not None and unwritten and now - last["written"] >= 1:
            _write(out, unwritten.pop(), table, convention, note)
            last["written"] = now

    def on_tick(moves: int, seconds: float) -> None:
        write_due(time.perf_counter())
        if time.perf_counter() - last["said"] >= 10:
            say(f"best L1 {last['best']:,}, {moves:,} moves in {seconds:.0f} s")
            last["said"] = time.perf_counter()

    say(f"{count} workers, {minutes:g} minutes, ranking {convention.name}")
    result = fit(plan, count, on_best, on_tick)
    final = Best(result.distance, bottoms_of(result.deck), result.table, result.seconds, 0, 0)
    if out is not None:
        _write(out, final, table, convention, note)
    say(f"best L1 {result.distance:,}, {result.moves:,} moves in {result.seconds:.0f} s")
    report = {
        "ranking": convention.name,
        "structure": structure.value,
        "keep_ranks": keep_ranks,
        "distance": result.distance,
        "moves": result.moves,
        "seconds": round(result.seconds, 1),
        "table": result.table,
        "target": table,
    }
    if as_json:
        print(json.dumps(report))
        return
    _print_table(result.table, table)
    print(f"L1 distance {result.distance:,}" + (f"; written to {out}" if out else ""))


def _write(out: Path, best: Best, target: dict[str, int], ranking: Ranking, note: str) -> None:
    try:
        write_deck(deck_of(best.bottom), out, header(best.table, target, ranking, note))
    except OSError as exc:
        raise InvalidCards(f"cannot write {out}: {exc.strerror}") from None


@deck_app.command(
    "table", short_help="A deck's category table beside the target's, and the L1 distance."
)
def table_command(
    deck: DeckOption = "dual641",
    ranking: RankingOption = RankingName.STANDARD,
    target: TargetOption = SEED_TABLE,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """A dual-value deck's category table under a counting convention, beside the target's,
    and the L1 distance between them (royal flushes counted with straight flushes)."""
    from pokernight.hands.dualrankings import table as table_of

    wanted = read_target(target)
    rows = table_of(_word_counts(deck), RANKINGS[ranking])
    l1 = distance(rows, wanted)
    if as_json:
        print(json.dumps({"ranking": ranking, "table": rows, "target": wanted, "distance": l1}))
        return
    _print_table(rows, wanted)
    print(f"L1 distance {l1:,} under the {ranking} ranking")


@deck_app.command(
    "bound", short_help="A proved floor under the distance of every deck with this deck's ranks."
)
def bound_command(
    deck: DeckOption = "dual641",
    ranking: Annotated[
        RankingName | None,
        typer.Option("--ranking", help=RANKING_HELP, show_default="every convention"),
    ] = None,
    target: TargetOption = SEED_TABLE,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """A proved floor: no deck with this deck's rank pairs, whatever its suits, comes closer
    to the target than this under a convention (suits only lift hands into the flush and
    straight flush rows, so the table the ranks make alone bounds every other row). Beside
    it, the deck's own distance. With one --ranking, the ranks' table row by row."""
    from pokernight.decks.floor import deck_floor
    from pokernight.hands.dualrankings import table as table_of

    wanted = read_target(target)
    counts = _word_counts(deck)
    chosen = [RANKINGS[ranking]] if ranking else list(RANKINGS.values())
    report = []
    for convention in chosen:
        found = deck_floor(counts, wanted, convention)
        l1 = distance(table_of(counts, convention), wanted)
        report.append((convention, found, l1))
    if as_json:
        print(json.dumps([
            {"ranking": convention.name, "floor": found.distance, "distance": l1,
             "prefix": list(found.rows[: found.prefix]), "suitless": found.suitless}
            for convention, found, l1 in report
        ]))  # fmt: skip
        return
    for convention, found, l1 in report:
        print(f"{convention.name:<25} no deck with these ranks closer than {found.distance:>7,}"
              f"  (this deck {l1:,})")  # fmt: skip
    if ranking:
        found = report[0][1]
        print(f"the ranks' table (suits reaching nothing), {ranking} order, against the target:")
        for at, name in enumerate(found.rows):
            mark = "  <- the rows down to here hold too many" if at + 1 == found.prefix else ""
            print(f"{name:<16} {found.suitless[name]:>9,} {wanted[name]:>9,}"
                  f" {found.suitless[name] - wanted[name]:>+8,}{mark}")  # fmt: skip


def _word_counts(deck: str) -> npt.NDArray[np.int64]:
    """How many of a dual deck's hands reach each reachability word. The kernels are compiled
    first, under a bar: numba takes twenty-odd seconds over them on first use, which would
    otherwise pass in silence; then the count, under a clock should it take a second."""
    from numba import get_num_threads

    from pokernight.cards import DualCard
    from pokernight.hands.dualcount import count_words

    cards = deck_by_name(deck)
    if not all(isinstance(c, DualCard) for c in cards):
        raise InvalidCards(f"{deck} is not a dual-value deck: give dual641 or a deck file")
    with compiling("the dual-deck counting kernels") as bar:
        bar(0, 1)
        count_words([], 1)  # no hands: only compiled (or read from numba's disk cache)
        bar(1, 1)
    with LazyBar("counting", ""):
        return count_words(cards, get_num_threads())  # type: ignore[arg-type]


def _print_table(rows: dict[str, int], target: dict[str, int]) -> None:
    for name in ROWS:
        print(f"{name:<16} {rows[name]:>9,} {target[name]:>9,} {rows[name] - target[name]:>+7,}")
