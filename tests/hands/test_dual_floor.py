"""The floor no deck with a deck's rank pairs can beat: its arithmetic on tables made by hand,
its figures for the shipped deck, its truth under re-dealt suits, and the certificate that
ranks alone cannot prove more than 22 under the standard ranking."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from pokernight.cards import DUAL641_PATH, dual641_deck, load_dual_deck
from pokernight.decks.fit import keeps
from pokernight.decks.floor import deck_floor, floor, row_order
from pokernight.decks.plan import Structure, bottoms_of, deck_of, distance, read_target
from pokernight.hands.dualcount import count_words
from pokernight.hands.dualrankings import RANKINGS, ROWS, RankingName, table

TARGET = read_target(DUAL641_PATH.with_name("seed001_table.json"))
CERTIFICATE = Path(__file__).with_name("rank-floor-22.txt")
STANDARD = RANKINGS[RankingName.STANDARD]


@cache
def shipped_counts() -> npt.NDArray[np.int64]:
    return count_words(dual641_deck(), 2)


def _suitless(misses: dict[str, int]) -> dict[str, int]:
    """The seed's table moved by ``misses``; the suit rows empty, as in every suitless table."""
    out = {name: TARGET[name] + misses.get(name, 0) for name in ROWS}
    out["flush"] = out["straight_flush"] = 0
    assert sum(out.values()) == sum(TARGET.values())
    return out


def test_shortfalls_count_twice_and_so_does_a_surplus_above_the_suit_rows() -> None:
    # four of a kind 10 short, the rest made up below the flush: only the shortfall counts
    found = floor(_suitless({"four_of_a_kind": -10, "straight": 114_370}), TARGET, STANDARD)
    assert (found.distance, found.prefix) == (20, 0)
    # full house 1,500 over: the rows down to it hold 524 more than the seed's, which suits
    # (lifting hands only upwards) cannot move below them
    misses = {"four_of_a_kind": -10, "full_house": 1_500, "straight": 112_870}
    found = floor(_suitless(misses), TARGET, STANDARD)
    assert (found.distance, found.prefix) == (2 * (10 + 524), 4)
    assert found.rows[: found.prefix][-1] == "full_house"


def test_the_rows_follow_each_conventions_order() -> None:
    assert row_order(STANDARD) == ROWS
    assert row_order(RANKINGS[RankingName.STRAIGHT_OVER_FLUSH])[4:6] == ("straight", "flush")
    assert row_order(RANKINGS[RankingName.STRAIGHT_FLUSH_OVER_FIVE])[:2] == (
        "straight_flush",
        "five_of_a_kind",
    )


def test_the_shipped_decks_ranks_cannot_come_closer_than_292() -> None:
    """Four of a kind is 146 short by ranks, and suits cannot add one; under
    straight-over-flush the rows down to the straight hold 8,969 too many. The shipped deck
    itself is at the standard floor: the closest deck its rank pairs allow."""
    counts = shipped_counts()
    floors = {name: deck_floor(counts, TARGET, r).distance for name, r in RANKINGS.items()}
    assert floors == {
        RankingName.STANDARD: 292,
        RankingName.FLUSH_OVER_FULL_HOUSE: 292,
        RankingName.STRAIGHT_FLUSH_OVER_FIVE: 292,
        RankingName.STRAIGHT_OVER_FLUSH: 2 * (146 + 8_969),
    }
    assert distance(table(counts, STANDARD), TARGET) == 292


def test_the_floor_holds_whatever_the_suits() -> None:
    """The shipped deck with its bottom ends' suits re-dealt within each rank (its rank pairs
    kept): the same floor, and every convention's distance at or above it."""
    rng = random.Random(5)
    bottom = bottoms_of(dual641_deck())
    dealt = 0
    while dealt < 2:
        trial = list(bottom)
        for rank in range(13):
            cards = [top for top in range(52) if bottom[top] >> 2 == rank]
            suits = rng.sample(range(4), 4)
            for top, suit in zip(cards, suits, strict=True):
                trial[top] = rank * 4 + suit
        if not keeps(trial, Structure.FIVE) or trial == bottom:
            continue
        dealt += 1
        counts = count_words(deck_of(trial), 2)
        for ranking in RANKINGS.values():
            found = deck_floor(counts, TARGET, ranking)
            assert found == deck_floor(shipped_counts(), TARGET, ranking)
            assert distance(table(counts, ranking), TARGET) >= found.distance


def test_ranks_alone_cannot_prove_more_than_22_under_the_standard_ranking() -> None:
    """The certificate's ranks fall short only in four of a kind (11 hands) and reach full
    house or better no more often than the seed's rows down to full house hold."""
    deck = load_dual_deck(CERTIFICATE)
    assert keeps(bottoms_of(deck), Structure.FIVE)
    found = deck_floor(count_words(deck, 2), TARGET, STANDARD)
    assert found.distance == 22 and found.prefix == 0
    misses = {name: found.suitless[name] - TARGET[name] for name in ROWS}
    assert [name for name, miss in misses.items() if miss < 0] == [
        "straight_flush",
        "four_of_a_kind",
        "flush",
    ]
    assert misses["four_of_a_kind"] == -11
    top = ("five_of_a_kind", "straight_flush", "four_of_a_kind", "full_house")
    assert sum(misses[name] for name in top) == -10


def test_a_target_of_another_total_adds_the_difference() -> None:
    """Four of a kind 10 short by ranks, and the target's high card row moved: its 100 more
    hands are one more shortfall, yet the 100 are not made up elsewhere; its 1,000 fewer are a
    surplus the four of a kind's shortfall comes on top of."""
    suitless = _suitless({"four_of_a_kind": -10, "straight": 114_370})
    larger = dict(TARGET, high_card=TARGET["high_card"] + 100)
    assert floor(suitless, larger, STANDARD).distance == 2 * (10 + 100) - 100
    smaller = dict(TARGET, high_card=TARGET["high_card"] - 1_000)
    assert floor(suitless, smaller, STANDARD).distance == 2 * 10 + 1_000
