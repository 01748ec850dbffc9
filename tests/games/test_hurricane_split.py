"""Hurricane's high/low split: the odd chip to high, ties divide each half, the rest carries."""

from __future__ import annotations

from pokernight.games.hurricane.split import split_high_low


def test_split_high_low_odd_chip_to_high() -> None:
    high, low, left = split_high_low(9, [0], [1])
    assert (high, low, left) == ({0: 5}, {1: 4}, 0)


def test_split_ties_divide_each_half_and_carry_the_rest() -> None:
    high, low, left = split_high_low(9, [0, 1], [2, 3, 4])
    assert high == {0: 2, 1: 2} and low == {2: 1, 3: 1, 4: 1} and left == 2


def test_one_seat_can_win_both_halves() -> None:
    high, low, left = split_high_low(11, [3], [3])
    assert high[3] + low[3] == 11 and left == 0
