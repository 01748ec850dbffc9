"""What an advisor is, as the catalog lists it beside a game's computer players: the one shape
``pokernight advise`` asks of any game's advice (what it takes, what its progress counts) and
the ranked ``Choice`` it answers with. The advisors themselves are ``bots.advisors``; the
command line knows only these types, so it names no game and imports no computer player.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pokernight.cards import AnyCard
from pokernight.engine.protocol import TableState, View
from pokernight.engine.worlds import Position

Progress = Callable[[int, int], None]
"""A sampled advisor's progress: samples done, samples in all (a command's bar)."""


Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""


def half_width(variance: float, count: int) -> float:
    """Half the 95% interval of a mean of ``count`` samples of this variance."""
    return Z95 * math.sqrt(max(variance, 0.0) / max(count, 1))


@dataclass(frozen=True)
class Choice:
    action: str
    value: float
    ci95: tuple[float, float]

    def to_json(self) -> dict[str, object]:
        return {
            "action": self.action,
            "value": round(self.value, 6),
            "ci95": [round(self.ci95[0], 6), round(self.ci95[1], 6)],
        }


@dataclass(frozen=True)
class Ask:
    """What the person asked beyond the position: the samples (never 0: the advisor's default
    is filled in), their seed, how the other seats and your own play on in rollouts (the
    game's model names; None: its default), and where progress is reported."""

    samples: int
    seed: int
    opponents: str | None = None
    me: str | None = None
    progress: Progress | None = None


@dataclass(frozen=True)
class Advisor:
    """How a game's decisions are valued (``method``, said with the answer), what its progress
    counts (``unit``) and its samples unless asked (``samples``), and what it advises on: the
    cards a seat holds (``from_cards``, with the game's options), a position given as text
    (``from_position``) or a seat's view in a recorded hand (``from_view``: the view, the
    options and the table the hand was dealt at). ``warm``: one-time work to do first under
    its own bar (a kernel to compile), named."""

    method: str
    unit: str
    samples: int
    from_cards: Callable[[Sequence[AnyCard], Any, Ask], list[Choice]] | None = None
    from_position: Callable[[Position, Ask], list[Choice]] | None = None
    from_view: Callable[[View, Any, TableState, Ask], list[Choice]] | None = None
    warm: tuple[str, Callable[[Progress], None]] | None = None
