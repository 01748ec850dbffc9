"""Dual-value decks: reachability words, every counting convention, the exact incremental
recount, the closed forms of the rows ranks decide, and the search."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import product
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokernight.cards import (
    CARDS,
    DUAL641_PATH,
    DualCard,
    dual641_deck,
    load_dual_deck,
    validate_dual_deck,
)
from pokernight.decks.bound import multigraph
from pokernight.decks.fit import Search, fit, keeps, random_deck
from pokernight.decks.plan import (
    Plan,
    Structure,
    bottoms_of,
    deck_of,
    distance,
    read_target,
    write_deck,
)
from pokernight.decks.suits import faces_of, oriented, rank_pairs, shaken
from pokernight.errors import InvalidCards
from pokernight.hands import evaluate, preset
from pokernight.hands.count import count
from pokernight.hands.dualcount import all_words, card_masks, count_words, deck_faces, word
from pokernight.hands.dualrankings import (
    RANKINGS,
    ROWS,
    RankingName,
    categories_of,
    rows_of,
    table,
)
from pokernight.hands.value import Category

TARGET = DUAL641_PATH.with_name("seed001_table.json")
C = Category
STRAIGHTS = [{12, 0, 1, 2, 3}] + [set(range(low, low + 5)) for low in range(9)]


def satisfied(faces: list[int]) -> set[Category]:
    """Every category five single faces (``rank * 4 + suit``, repeats allowed) show: plain
    counting, nothing shared with the kernels."""
    counts = sorted(Counter(f >> 2 for f in faces).values(), reverse=True)
    ranks = {f >> 2 for f in faces}
    flush = len({f & 3 for f in faces}) == 1
    straight = ranks in STRAIGHTS
    shown = {C.HIGH_CARD}
    shown |= {C.ONE_PAIR} if counts[0] >= 2 else set()
    shown |= {C.TWO_PAIR} if len(counts) > 1 and counts[1] >= 2 else set()
    shown |= {C.THREE_OF_A_KIND} if counts[0] >= 3 else set()
    shown |= {C.FULL_HOUSE} if counts[:2] == [3, 2] else set()
    shown |= {C.FOUR_OF_A_KIND} if counts[0] >= 4 else set()
    shown |= {C.FIVE_OF_A_KIND} if counts[0] == 5 else set()
    shown |= {C.FLUSH} if flush else set()
    shown |= {C.STRAIGHT} if straight else set()
    shown |= {C.STRAIGHT_FLUSH} if straight and flush else set()
    shown |= {C.ROYAL_FLUSH} if straight and flush and ranks == set(range(8, 13)) else set()
    return shown


def reachable(cards: list[DualCard]) -> int:
    """The reachability word by trying all 32 orientations."""
    reach: set[Category] = set()
    for flips in product((0, 1), repeat=5):
        reach |= satisfied(
            [(c.bottom if f else c.top).index for c, f in zip(cards, flips, strict=True)]
        )
    return sum(1 << c for c in reach)


def test_words_equal_trying_all_32_orientations() -> None:
    """Random decks, and the shipped one with its loops and a rank pair on four cards."""
    rules = preset("dual-high")
    standard = categories_of(RANKINGS[RankingName.STANDARD])
    rng = random.Random(0)
    for deck in (dual641_deck(), *(deck_of(random_deck(Structure.FIVE, rng)) for _ in range(2))):
        masks = card_masks(deck_faces(deck))
        for _ in range(700):
            picks = rng.sample(range(52), 5)
            cards = [deck[i] for i in picks]
            got = word(masks, *picks)
            assert got == reachable(cards), cards
            assert C(standard[got]).json_name == evaluate(cards, rules).category


def test_a_hand_can_reach_five_of_a_kind_and_a_straight_flush_at_once() -> None:
    """Five cards offering an ace, and one end each of the wheel in hearts."""
    cards = ["Ah/Ad", "As/2h", "Ac/3h", "Ad/4h", "5h/Ac"]
    deck = [DualCard(*(CARDS[_index(e)] for e in c.split("/"))) for c in cards]
    masks = card_masks(deck_faces(deck))
    assert word(masks, 0, 1, 2, 3, 4) == reachable(deck)
    assert word(masks, 0, 1, 2, 3, 4) >> C.FIVE_OF_A_KIND & 1
    assert word(masks, 0, 1, 2, 3, 4) >> C.STRAIGHT_FLUSH & 1


def _index(face: str) -> int:
    return next(c.index for c in CARDS if str(c) == face)


def test_the_count_command_table_is_the_32_orientation_kernels() -> None:
    from pokernight.hands import kernels
    from pokernight.hands.packing import kernel_args, packed

    result = count(preset("dual-high"), deck="dual641")
    ends = np.array([(c.top.index, c.bottom.index) for c in dual641_deck()], dtype=np.int64)
    hist = np.zeros((1, 16, 16), dtype=np.int64)
    seen = np.zeros(1 << 24, dtype=np.uint8)
    args = kernel_args(packed(preset("dual-high"), 5))
    kernels.count_all(ends, 5, True, False, False, 1, np.arange(48), hist, seen, *args)
    by_category = hist[0].sum(axis=1)
    assert {c.json_name: int(by_category[c]) for c in C} == result.categories


def test_each_ranking_reorders_one_word_table() -> None:
    words = count_words(dual641_deck(), 2)
    assert int(words.sum()) == 2_598_960
    tables = {name: table(words, r) for name, r in RANKINGS.items()}
    assert all(sum(t.values()) == 2_598_960 for t in tables.values())
    standard, flush_first = tables[RankingName.STANDARD], tables[RankingName.FLUSH_OVER_FULL_HOUSE]
    moved = flush_first["flush"] - standard["flush"]
    assert moved > 0 and flush_first["full_house"] == standard["full_house"] - moved
    assert tables[RankingName.STRAIGHT_FLUSH_OVER_FIVE] == standard  # no hand makes both here
    over = tables[RankingName.STRAIGHT_OVER_FLUSH]
    assert over["straight"] > standard["straight"] and over["flush"] < standard["flush"]


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    ranking=st.sampled_from(sorted(RANKINGS)),
    same_rank=st.sampled_from([0.0, 0.5, 1.0]),
)
def test_the_incremental_recount_equals_a_full_recount(
    seed: int, ranking: RankingName, same_rank: float
) -> None:
    """After random trades (of ranks, of suits, or both) and moves of ranks with their suits
    repaired (taken or undone), every kept word and the table are those of counting the
    deck afresh."""
    rng = random.Random(seed)
    target = read_target(TARGET)
    search = Search(
        random_deck(Structure.FIVE, rng), RANKINGS[ranking], target, Structure.FIVE, rng
    )
    taken = 0
    while taken < 3:
        x, y = search.pick(same_rank)
        if x == y or not keeps(_traded(search.bottom, x, y), Structure.FIVE):
            continue
        delta, changed = search.delta(x, y)
        search.take(x, y, delta, changed)
        taken += 1
    for _ in range(4):  # moves of ranks with suits repaired, mostly undone again
        search.step(1e-9, 0.0, repairs=3)
    fresh = np.zeros_like(search.words)
    per_word = all_words(card_masks(np.array(list(enumerate(search.bottom)))), 1, fresh)
    assert np.array_equal(fresh, search.words)
    assert search.table() == table(per_word, RANKINGS[ranking])
    assert search.l1 == distance(search.table(), target)
    m, n = multigraph(search.bottom)
    assert np.array_equal(m, search.m) and np.array_equal(n, search.n)


def _traded(bottom: list[int], x: int, y: int) -> list[int]:
    out = list(bottom)
    out[x], out[y] = out[y], out[x]
    return out


def test_a_short_fit_improves_on_its_start_and_keeps_the_structure(tmp_path: Path) -> None:
    target = read_target(TARGET)
    rng = random.Random(3)
    start = random_deck(Structure.FIVE, rng)
    begin = Search(start, RANKINGS[RankingName.STANDARD], target, Structure.FIVE, rng).l1
    heard: list[int] = []
    plan = Plan(target, RankingName.STANDARD, Structure.FIVE, start, 6.0, 300.0, seed=5)
    result = fit(plan, 1, on_best=lambda best: heard.append(best.distance))
    assert heard[0] == begin and heard == sorted(heard, reverse=True) and len(heard) > 1
    assert result.distance == heard[-1] < begin
    bottom = bottoms_of(result.deck)
    assert keeps(bottom, Structure.FIVE)
    assert table(count_words(result.deck, 2), RANKINGS[RankingName.STANDARD]) == result.table
    path = tmp_path / "deck.txt"
    write_deck(result.deck, path, "test")
    assert [str(c) for c in load_dual_deck(path)] == [str(c) for c in result.deck]


@pytest.mark.parametrize("ranking", sorted(RANKINGS))
def test_a_fit_under_each_ranking_reports_the_table_a_full_count_gives(ranking: str) -> None:
    target = read_target(TARGET)
    start = bottoms_of(dual641_deck())
    plan = Plan(target, RankingName(ranking), Structure.FIVE, start, 1.5, 50.0, seed=1)
    result = fit(plan, 1)
    assert result.table == table(count_words(result.deck, 2), RANKINGS[RankingName(ranking)])
    assert result.distance == distance(result.table, target)
    shipped = table(count_words(dual641_deck(), 2), RANKINGS[plan.ranking])
    assert result.distance <= distance(shipped, target)  # it starts there


def test_the_shipped_target_is_the_seeds_table() -> None:
    data = json.loads(TARGET.read_text())
    assert list(data) == list(ROWS) and sum(data.values()) == 2_598_960
    assert rows_of(np.arange(11)) == {
        "five_of_a_kind": 10,
        "straight_flush": 8 + 9,
        "four_of_a_kind": 7,
        "full_house": 6,
        "flush": 5,
        "straight": 4,
        "three_of_a_kind": 3,
        "two_pair": 2,
        "one_pair": 1,
        "high_card": 0,
    }


@pytest.mark.parametrize("start", [DUAL641_PATH, Path(__file__).with_name("rank-floor-22.txt")])
def test_a_fit_keeping_the_ranks_moves_suits_only_and_never_ends_worse(start: Path) -> None:
    target = read_target(TARGET)
    bottom = bottoms_of(load_dual_deck(start))
    plan = Plan(
        target, RankingName.STANDARD, Structure.FIVE, bottom, 3.0, 30.0, seed=2, keep_ranks=True
    )
    heard: list[int] = []
    result = fit(plan, 1, on_best=lambda best: heard.append(best.distance))
    begin = distance(
        table(count_words(load_dual_deck(start), 2), RANKINGS[RankingName.STANDARD]), target
    )
    assert heard[0] == begin and heard == sorted(heard, reverse=True)
    assert result.distance == heard[-1] <= begin
    assert rank_pairs(bottoms_of(result.deck)) == rank_pairs(bottom)
    assert table(count_words(result.deck, 2), RANKINGS[RankingName.STANDARD]) == result.table


def test_suit_swaps_keep_every_rank_pair_and_a_deck_file_orientation() -> None:
    """Many random swaps of suits (a 2-card cycle and the loops included) give a deck that
    loads (every standard card once a top and once a bottom end) on the same rank pairs."""
    rng = random.Random(4)
    bottom = bottoms_of(dual641_deck())
    into, other = bottom.index(0), bottom[0]  # a cycle of two cards: 0 -> other -> 0
    bottom[into], bottom[other] = bottom[other], bottom[into]
    assert bottom[bottom[0]] == 0 and all(top != end for top, end in enumerate(bottom))
    faces = faces_of(bottom)
    assert oriented(faces) == bottom
    for _ in range(5):
        moved = shaken(bottom, 200, rng)
        assert rank_pairs(moved) == rank_pairs(bottom) and moved != bottom
        validate_dual_deck(deck_of(moved))
    with pytest.raises(InvalidCards, match="never twice on one"):
        oriented([[0, 0], *faces[1:]])
