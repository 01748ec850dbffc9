"""Where each seat sits on screen: you at the bottom, the others clockwise to your left,
up the left side, along the top and down the right, so the table reads as players sit."""

from __future__ import annotations

from dataclasses import dataclass

TOP_MOST = 3


@dataclass(frozen=True)
class Placement:
    top: tuple[int, ...]
    left: int | None
    right: int | None
    bottom: tuple[int, ...]
    """Left to right, you among them."""


def place(seats: int, you: int) -> Placement:
    others = [(you + k) % seats for k in range(1, seats)]
    if len(others) <= 2:
        return Placement(tuple(others), None, None, (you,))
    rest = len(others) - 2
    top, lower_left, lower_right = rest, 0, 0
    while top > TOP_MOST:
        lower_left += 1
        top -= 1
        if top > TOP_MOST:
            lower_right += 1
            top -= 1
    left_side = others[:lower_left]
    left = others[lower_left]
    top_row = others[lower_left + 1 : lower_left + 1 + top]
    right = others[lower_left + 1 + top]
    right_side = others[lower_left + 2 + top :]
    bottom = (*reversed(left_side), you, *reversed(right_side))
    return Placement(tuple(top_row), left, right, bottom)
