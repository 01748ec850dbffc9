"""The dual-deck table (``hands/dualtable.py``) gives exactly the 32-orientation kernel's keys.

Every hand of dual641, with as many jokers as each ranking allows, in shuffled order and
turned over at random, read from the table by ``batch.keys`` (every core and the calling
thread) against ``kernels.dual_keys``, which values each hand over its 32 orientations and
shares nothing with the table's numbering; the kernel itself is checked against the per-hand
``best_orientation`` in ``test_fast_paths.py``. Then the hands the table does not hold (a card
of no deck, one card twice, the deck's two cards that are each other turned over), by
hypothesis, and the copy kept on disk.
"""

from __future__ import annotations

from itertools import combinations, permutations
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import JOKER_INDEX, dual641_deck
from pokernight.hands import batch, kernels, packing, preset
from pokernight.hands.dualtable import _dual_table, deck_ends, dual_table
from pokernight.hands.rules import HandRules, Wheel

I64 = npt.NDArray[np.int64]
HIGH, LOW = preset("dual-high"), preset("dual-low")
RULES = [
    HIGH,
    LOW,
    HIGH.with_options(jokers=2),
    LOW.with_options(jokers=2),
    LOW.with_options(wheel=Wheel.NONE),
    LOW.with_options(jokers=2, wheel=Wheel.NONE),
]
"""The presets and the rankings High-Low plays (one or two jokers, either low)."""
IDS = [f"{r.name}-{r.jokers}-{r.wheel.name.lower()}" for r in RULES]
ENDS = np.array(
    [(c.top.index, c.bottom.index) for c in dual641_deck()] + [(JOKER_INDEX, JOKER_INDEX)]
)
JOKER = len(ENDS) - 1
TWIN = np.array([15, 19])
"""5s/6s: dual641 also holds 6s/5s."""


def reference(hands: I64, rules: HandRules) -> I64:
    """The 32-orientation kernel, the dual path as it was before the table."""
    out = np.empty(len(hands), dtype=np.int64)
    kernels.dual_keys(np.ascontiguousarray(hands), out, *packing.kernel_args(packing.packed(rules)))
    return out


def combinations_of(n: int, k: int) -> I64:
    """Every k-subset of range(n) as increasing rows, lexicographically (itertools'
    ``combinations``, 25 times faster)."""
    rows = np.arange(n, dtype=np.int64)[:, None]
    for _ in range(k - 1):
        last = rows[:, -1]
        more = n - 1 - last
        begins = np.repeat(np.cumsum(more) - more, more)
        after = np.repeat(last + 1, more) + np.arange(more.sum()) - begins
        rows = np.hstack([np.repeat(rows, more, axis=0), after[:, None]])
    return rows


def every_hand(jokers: int) -> I64:
    """Every hand of dual641 with up to ``jokers`` jokers, as positions in ``ENDS``."""
    parts = []
    for j in range(jokers + 1):
        rest = combinations_of(52, 5 - j)
        parts.append(np.hstack([rest, np.full((len(rest), j), JOKER)]))
    return np.vstack(parts)


@pytest.fixture(scope="module")
def shuffled() -> I64:
    """Every hand with up to two jokers, its cards in a random order, each turned over at
    random: (hands, 5, 2) end indexes."""
    rng = np.random.default_rng(41)
    picks = every_hand(2)
    orders = np.array(list(permutations(range(5))))[rng.integers(120, size=len(picks))]
    picks = np.take_along_axis(picks, orders, axis=1)
    up = rng.integers(2, size=picks.shape)
    return np.ascontiguousarray(np.stack([ENDS[picks, up], ENDS[picks, 1 - up]], axis=-1))


def test_combinations_of_are_itertools() -> None:
    assert combinations_of(9, 4).tolist() == [list(c) for c in combinations(range(9), 4)]


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_every_hand_of_the_deck_reads_the_kernels_key(rules: HandRules, shuffled: I64) -> None:
    """Every hand for the presets and two jokers; every fifth for the other rankings."""
    jokers = (shuffled[:, :, 0] == JOKER_INDEX).sum(axis=1)
    hands = np.ascontiguousarray(shuffled[jokers <= rules.jokers])
    assert len(hands) == sum(comb(52, 5 - j) for j in range(rules.jokers + 1))
    if rules not in RULES[:3]:
        hands = np.ascontiguousarray(hands[::5])
    expected = reference(hands, rules)
    assert np.array_equal(batch.keys(hands, rules), expected)
    assert np.array_equal(batch.keys(hands[::7], rules, threads=False), expected[::7])


def numbers(hands: I64, rules: HandRules) -> I64:
    """The number the read kernel gives each hand (-1: not in the table): its read of a table
    whose every hand's key is minus one minus its number (a hand not held gets its key, at
    least 0)."""
    table = dual_table(rules)
    assert table is not None
    count = len(table.codes)
    out = np.empty(len(hands), dtype=np.int64)
    tables = packing.kernel_args(packing.packed(rules))
    probe = (np.arange(count, dtype=np.int32), -1 - np.arange(count, dtype=np.int64))
    kernels.dual_reads(np.ascontiguousarray(hands), out, table.numbering, *probe, *tables)
    return np.where(out < 0, -1 - out, -1)


def test_every_hand_has_a_number_of_its_own(shuffled: I64) -> None:
    """The numbering is one to one on the hands of the deck, and a hand in any order and any
    way up has the number of the deck's cards showing those ends: a card's own ends first,
    else the card's of which they are the turned ends (the same card but for dual641's two
    cards each other turned over, 5s/6s and 6s/5s, which are worth the same)."""
    rules = HIGH.with_options(jokers=2)
    own_way_up = numbers(np.ascontiguousarray(ENDS[every_hand(2)]), rules)
    assert np.array_equal(np.sort(own_way_up), np.arange(len(shuffled)))
    own = np.full(64 * 64, -1)
    own[64 * ENDS[:, 0] + ENDS[:, 1]] = np.arange(len(ENDS))
    turned = own.reshape(64, 64).T.reshape(-1)
    shuffled = np.ascontiguousarray(shuffled[::2])
    given = 64 * shuffled[..., 0] + shuffled[..., 1]
    cards = np.where(own[given] >= 0, own[given], turned[given])
    twice = (np.sort(cards, axis=1)[:, 1:] == np.sort(cards, axis=1)[:, :-1]) & (
        np.sort(cards, axis=1)[:, 1:] != JOKER
    )
    at = numbers(shuffled, rules)
    assert np.array_equal(at, np.where(twice.any(axis=1), -1, numbers(ENDS[cards], rules)))
    both = comb(50, 3) + comb(50, 2) + 50  # hands of both; about half the same way up, of half
    assert 0.2 * both < twice.any(axis=1).sum() < 0.3 * both


CARD = st.one_of(
    st.integers(0, JOKER),  # a card of the deck or the joker
    st.integers(0, 52).map(lambda e: JOKER * 100 + e),  # a card with one end at both ends
    st.integers(0, 52).flatmap(lambda e: st.integers(0, 52).map(lambda f: (e, f))),  # any
)


def ends_of(card: int | tuple[int, int]) -> tuple[int, int]:
    if isinstance(card, tuple):
        return card
    if card >= JOKER * 100:
        return (card - JOKER * 100, card - JOKER * 100)
    top, bottom = ENDS[card]
    return (int(top), int(bottom))


@settings(max_examples=40, deadline=None)
@given(
    rules=st.sampled_from(RULES),
    cards=st.lists(st.lists(CARD, min_size=5, max_size=5), min_size=1, max_size=40),
    turned=st.lists(st.booleans(), min_size=200, max_size=200),
    twice=st.booleans(),
)
def test_hands_the_table_does_not_hold_are_valued_over_their_orientations(
    rules: HandRules, cards: list[list[int | tuple[int, int]]], turned: list[bool], twice: bool
) -> None:
    """Cards of no deck, one card twice, jokers: what the kernel gives, whichever way up.
    (Hands of more jokers than the rules allow are left out: the kernel reads past its
    tables for them, before the dual table as now.)"""
    hands = np.array([[ends_of(c) for c in hand] for hand in cards], dtype=np.int64)
    if twice:
        hands[:, 1] = hands[:, 0]
    flip = np.array(turned[: hands.size // 2]).reshape(hands.shape[:2])
    hands[flip] = hands[flip][:, ::-1]
    jokers = ((hands == JOKER_INDEX).sum(axis=2) > 0).sum(axis=1)
    hands = np.ascontiguousarray(hands[jokers <= rules.jokers])
    expected = reference(hands, rules)
    assert np.array_equal(batch.keys(hands, rules), expected)
    assert np.array_equal(batch.keys(hands, rules, threads=False), expected)


def test_the_two_cards_each_other_turned_over() -> None:
    """dual641 holds 5s/6s and 6s/5s: a hand of both reads the table given each its own way
    up or both turned; given the same way up (one card twice, to the table) it is valued over
    its 32 orientations. The same key all the same."""
    ends = [(top, bottom) for top, bottom in ENDS[:52].tolist()]
    twins = [i for i, (top, bottom) in enumerate(ends) if (bottom, top) in ends]
    assert ENDS[twins].tolist() == [TWIN.tolist(), TWIN[::-1].tolist()]
    a, b = ENDS[twins]
    rest = ENDS[[i for i in range(52) if i not in twins][:3]]
    pairs = ((a, b), (b, a), (a[::-1], b[::-1]), (a, b[::-1]))
    hands = np.array([[x, y, *rest] for x, y in pairs])
    at = numbers(hands, HIGH).tolist()
    assert at[0] >= 0 and at[:3] == [at[0]] * 3 and at[3] == -1
    for rules in RULES:
        keys = batch.keys(hands, rules).tolist()
        assert keys == reference(hands, rules).tolist() and len(set(keys)) == 1


def test_a_deck_that_is_not_dual_has_no_table() -> None:
    assert deck_ends(HIGH.with_options(deck="standard")) is None
    assert dual_table(HIGH.with_options(deck="standard")) is None
    hands = ENDS[np.array([[0, 1, 2, 3, 52], [4, 5, 6, 7, 8]])]
    rules = HIGH.with_options(deck="joker")
    assert batch.keys(hands, rules).tolist() == reference(hands, rules).tolist()


def test_the_table_is_kept_on_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POKERNIGHT_CACHE", str(tmp_path))
    made = _dual_table.__wrapped__(LOW)
    assert [p.name.split("-")[0] for p in tmp_path.iterdir()] == ["dual"]
    read = _dual_table.__wrapped__(LOW)
    assert made is not None and read is not None
    assert read.codes.dtype == np.uint16 and read.codes.nbytes < 6_000_000
    assert np.array_equal(made.codes, read.codes) and np.array_equal(made.keys, read.keys)
