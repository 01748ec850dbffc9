"""Dividing pots: shares among tied winners, odd chips, and what must carry over."""

from __future__ import annotations

from collections.abc import Sequence


def divide_floor(amount: int, winners: Sequence[int]) -> tuple[dict[int, int], int]:
    """Each winner gets an equal whole share; what cannot be divided is left over."""
    if not winners:
        return {}, amount
    each = amount // len(winners)
    return dict.fromkeys(winners, each), amount - each * len(winners)


def divide_odd_chips(amount: int, winners: Sequence[int]) -> dict[int, int]:
    """Equal shares; the odd chips go one each to the first winners in ``winners`` order
    (callers pass them starting at the dealer's left)."""
    shares, left = divide_floor(amount, winners)
    for seat in list(winners)[:left]:
        shares[seat] += 1
    return shares
