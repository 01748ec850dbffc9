"""The closed forms of the rows ranks decide, against counting every hand, and the search
for the smallest distance those rows allow."""

from __future__ import annotations

import random

import numpy as np

from pokernight.cards import DUAL641_PATH, dual641_deck
from pokernight.decks.bound import multigraph, rank_floor, rank_rows
from pokernight.decks.fit import FOUR_OF_A_KIND, keeps, random_deck
from pokernight.decks.plan import Structure, bottoms_of, deck_of, read_target
from pokernight.hands.dualcount import count_words
from pokernight.hands.value import Category as C

TARGET = DUAL641_PATH.with_name("seed001_table.json")


def _traded(bottom: list[int], x: int, y: int) -> list[int]:
    out = list(bottom)
    out[x], out[y] = out[y], out[x]
    return out


def rank_level(bottom: list[int]) -> tuple[int, int, int]:
    """(five, four, full house) as ranks decide them, from every hand's word."""
    words = count_words(deck_of(bottom), 2)
    kinds = [(w >> C.FIVE_OF_A_KIND & 1, w >> C.FOUR_OF_A_KIND & 1, w >> C.FULL_HOUSE & 1)
             for w in range(len(words))]  # fmt: skip
    five = sum(int(words[w]) for w, k in enumerate(kinds) if k[0])
    four = sum(int(words[w]) for w, k in enumerate(kinds) if k[1] and not k[0])
    full = sum(int(words[w]) for w, k in enumerate(kinds) if k[2] and not k[1])
    return five, four, full


def test_the_closed_forms_equal_counting_every_hand() -> None:
    """On the shipped deck (a rank pair on four cards), a pinned deck and one whose ranks were
    crowded onto few pairs (many pairs on three and four cards, triangles of them)."""
    rng = random.Random(4)
    crowded = random_deck(Structure.FIVE, rng)
    for _ in range(600):
        x, y = rng.sample(range(52), 2)
        trial = _traded(crowded, x, y)
        if keeps(trial, Structure.FIVE) and _squares(trial) >= _squares(crowded):
            crowded = trial
    assert int(multigraph(crowded)[0].max()) == 4
    for bottom in (bottoms_of(dual641_deck()), random_deck(Structure.FOUR, rng), crowded):
        assert tuple(rank_rows(*multigraph(bottom))) == rank_level(bottom)


def _squares(bottom: list[int]) -> int:
    return int((multigraph(bottom)[0] ** 2).sum())


def test_the_four_structure_pins_five_and_four_of_a_kind() -> None:
    bottom = random_deck(Structure.FOUR, random.Random(9))
    assert keeps(bottom, Structure.FOUR)
    m, _n = multigraph(bottom)
    assert int(m.max()) == 3 and int((m[np.triu_indices(13, 1)] == 3).sum()) == 2
    five, four, _full = rank_level(bottom)
    assert (five, four) == (658, 36_985)
    for seed in range(6):  # a deck keeps four exactly when its closed forms say so
        other = random_deck(Structure.FIVE, random.Random(seed))
        m, _n = multigraph(other)
        pinned = int(m.max()) <= 3 and rank_level(other)[1] == FOUR_OF_A_KIND
        assert keeps(other, Structure.FOUR) == pinned


def test_the_rank_floor_search_reports_a_deck_at_the_cost_it_says() -> None:
    """Its deck's closed forms give the cost it reports; pinned, four of a kind holds."""
    target = read_target(TARGET)
    rows = ("five_of_a_kind", "four_of_a_kind", "full_house")
    for pinned in (False, True):
        cost, ranks = rank_floor(target, rows, pinned, 1, 20_000, 7)
        bottom = [rank * 4 + (top & 3) for top, rank in enumerate(ranks)]
        m, n = multigraph(bottom)
        got = dict(zip(rows, rank_rows(m, n), strict=True))
        misses = [got[name] - target[name] for name in rows]
        assert cost == sum(abs(d) for d in misses) + abs(sum(misses))
        assert int((n == 7).sum()) == 2 and int(n.min()) == 7
        assert got["five_of_a_kind"] == 658
        if pinned:
            assert got["four_of_a_kind"] == FOUR_OF_A_KIND and int(m.max()) <= 3
