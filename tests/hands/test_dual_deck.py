"""Dual-value decks: reachability counting, the exact incremental recount, and the fit."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
from tests.hands.naive import CATEGORY_ORDER

from pokernight.cards import CARDS, DualCard, dual641_deck, load_dual_deck
from pokernight.hands import evaluate, preset
from pokernight.hands.count import count
from pokernight.hands.deckfit import ORDER, distance, fit, read_target, table_of, valid
from pokernight.hands.dualcount import category, count_all, deck_ends, moved_by

TARGET = Path(__file__).parents[2] / "src" / "pokernight" / "data" / "seed001_table.json"
NAMES = CATEGORY_ORDER


def random_deck(seed: int) -> list[DualCard]:
    rng = random.Random(seed)
    while True:
        bottom = list(range(52))
        rng.shuffle(bottom)
        if valid(bottom):
            return [DualCard(CARDS[t], CARDS[b]) for t, b in enumerate(bottom)]


def test_reachability_agrees_with_trying_all_32_orientations() -> None:
    rules = preset("dual-high")
    for seed in range(3):
        deck = random_deck(seed)
        ends = deck_ends(deck)
        rng = random.Random(seed)
        for _ in range(1500):
            picks = sorted(rng.sample(range(52), 5))
            reach = NAMES[category(ends, np.array(picks))]
            assert reach == evaluate([deck[i] for i in picks], rules).category


def test_count_uses_reachability_and_matches_the_key_kernel() -> None:
    from pokernight.hands.batch import packed
    from pokernight.hands.count import _count_five

    deck = dual641_deck()
    result = count(preset("dual-high"), deck="dual641")
    assert result.categories["five_of_a_kind"] == 658
    assert result.total == 2_598_960 == sum(result.categories.values())
    hist = count_all(deck_ends(deck), 2)
    assert [result.categories[n] for n in NAMES] == hist.tolist()
    del packed, _count_five


def test_the_incremental_recount_is_exact() -> None:
    deck = random_deck(7)
    ends = deck_ends(deck)
    before = count_all(ends, 2)
    bottom = [c.bottom.index for c in deck]
    rng = random.Random(1)
    for _ in range(3):
        while True:
            x, y = rng.sample(range(52), 2)
            trial = list(bottom)
            trial[x], trial[y] = trial[y], trial[x]
            if valid(trial):
                break
        new = ends.copy()
        for card in (x, y):
            new[card, 1] = (trial[card] >> 2, trial[card] & 3)
        after = count_all(new, 2)
        assert (before + moved_by(ends, new, x, y, 2)).tolist() == after.tolist()
        ends, before, bottom = new, after, trial


def test_a_short_fit_moves_toward_the_seed_table_and_keeps_the_invariants(tmp_path: Path) -> None:
    target = read_target(TARGET)
    start = random_deck(3)
    start_distance = distance(table_of(count_all(deck_ends(start), 2)), target)
    result = fit(target, start=start, seed=5, minutes=0.12)
    assert result.distance < start_distance and result.candidates > 0
    assert valid([c.bottom.index for c in sorted(result.deck, key=lambda c: c.top.index)])
    assert distance(table_of(count_all(deck_ends(result.deck), 2)), target) == result.distance
    from pokernight.hands.deckfit import write_deck

    path = tmp_path / "deck.txt"
    write_deck(result.deck, path, "test")
    assert [str(c) for c in load_dual_deck(path)] == [str(c) for c in result.deck]


def test_the_shipped_target_is_the_seeds_table() -> None:
    table = json.loads(TARGET.read_text())
    assert list(table) == list(ORDER) and sum(table.values()) == 2_598_960
