"""Hurricane's split of the pot between the high and the low hands (docs/games/hurricane.md)."""

from __future__ import annotations

from collections.abc import Sequence

from pokernight.engine.pots import divide_floor


def split_high_low(
    pot: int, high: Sequence[int], low: Sequence[int]
) -> tuple[dict[int, int], dict[int, int], int]:
    """Hurricane's split (docs/games/hurricane.md): the low half is floor(pot / 2) among the low
    winners, the high winners share the rest (so the odd chip is high's); remainders carry over."""
    low_half = pot // 2
    low_shares, low_left = divide_floor(low_half, low)
    high_shares, high_left = divide_floor(pot - low_half, high)
    return high_shares, low_shares, low_left + high_left
