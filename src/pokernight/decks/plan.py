"""What a deck fit is given and what it gives back, light enough for ``pokernight deck`` to
load without numba (its help, and ``deck table``, need none of the search): the target table
and the L1 distance to it, the structure every deck of a search keeps, the plan every worker is
given, an improvement as a worker reports it, a deck as the search holds it (``bottom[t]``: the
bottom end of the card whose top is t) and the deck file a fit writes.
"""

from __future__ import annotations

import json
import textwrap
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from pokernight.cards import CARDS, DualCard, load_dual_deck
from pokernight.errors import InvalidCards
from pokernight.hands.dualrankings import ROWS, Ranking, RankingName
from pokernight.text_files import read_text


def read_target(path: Path) -> dict[str, int]:
    """A target table: JSON {category: count} with the ten rows of seed 001."""
    wanted = f"a JSON table of whole counts for {', '.join(ROWS)}"
    try:
        data = json.loads(read_text(path, wanted))
    except (ValueError, RecursionError):
        raise InvalidCards(f"cannot read target {path}: not JSON: give {wanted}") from None
    if not isinstance(data, dict) or not all(type(data.get(n)) is int for n in ROWS):
        raise InvalidCards(f"target {path} needs whole counts for: {', '.join(ROWS)}")
    return {name: int(data[name]) for name in ROWS}


def distance(table: dict[str, int], target: dict[str, int]) -> int:
    return sum(abs(table[n] - target[n]) for n in ROWS)


class Structure(StrEnum):
    """What every deck of a search keeps (``fit.keeps`` checks it; the closed forms are in
    ``bound``)."""

    FIVE = "five"
    """The dual deck (docs/programs/dual-deck.md): every card once a top and once a bottom end, no
    card the same card at both ends, exactly two cards of two different ranks the same rank at both
    ends; and no rank pair on five or more cards. Five of a kind is then 658, the seed's."""
    FOUR = "four"
    """``five``, and exactly two rank pairs on three cards, one of them on a rank with a double,
    none on four or more: four of a kind is then 36,985 before straight flushes take any."""


@dataclass(frozen=True)
class Best:
    """An improvement, as a worker reports it."""

    distance: int
    bottom: list[int]
    table: dict[str, int]
    seconds: float
    moves: int
    worker: int


@dataclass(frozen=True)
class Plan:
    """What every worker of one fit is given."""

    target: dict[str, int]
    ranking: RankingName
    structure: Structure
    start: list[int] | None
    seconds: float
    heat: float
    seed: int
    same_rank: float = 0.3
    repairs: int = 20
    chain_seconds: float = 120.0
    keep_ranks: bool = False
    """Move only suits (``suits``): every deck keeps the start's rank pairs."""


def deck_of(bottom: list[int]) -> list[DualCard]:
    return [DualCard(CARDS[top], CARDS[end]) for top, end in enumerate(bottom)]


def bottoms_of(deck: list[DualCard]) -> list[int]:
    """The inverse of ``deck_of`` for a deck of 52 dual cards without jokers."""
    by_top = sorted(deck, key=lambda c: c.top.index)
    return [c.bottom.index for c in by_top]


def header(table: dict[str, int], target: dict[str, int], ranking: Ranking, note: str) -> str:
    """The comment lines a fitted deck file starts with: what it was fitted to, under which
    convention, and its table beside the target's, row by row."""
    counted = (
        f"Counted under the {ranking.name} ranking ({ranking.explain}); each hand's cards "
        "turned to the best end; royal flushes counted with straight flushes, as the seed "
        f"does: L1 distance {distance(table, target):,} hands of 2,598,960 to the target table."
    )
    lines = [*note.splitlines(), *textwrap.wrap(counted, 92)]
    lines += [
        f"  {n:<18}{table[n]:>9,}  seed {target[n]:>9,}  {table[n] - target[n]:+,}" for n in ROWS
    ]
    return "\n".join(lines)


def write_deck(deck: list[DualCard], path: Path, note: str) -> None:
    """Write a deck file (``note`` becomes its ``#`` header), replacing any old one whole."""
    lines = [f"# {line}" for line in note.splitlines()] + [str(c) for c in deck]
    part = path.with_name(f".{path.name}.part")
    part.write_text("\n".join(lines) + "\n", encoding="utf-8")
    load_dual_deck(part)  # what is written must load
    part.replace(path)
