"""A tournament's structure, as a front end or a command sets it: the buy-in, the chips each
seat starts with, when the stakes rise (``Schedule``: by hands or by minutes, the levels as
multiples of the first) and how the pool is paid by place (``Payouts``). Plain data with its
checks and its words; ``engine.sit_and_go`` plays a match under it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokernight.errors import InvalidRules

LEVELS = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128)
"""The stakes of each level as multiples of the first: near doubling every two levels, the
usual shape of a home game's blind clock."""


@dataclass(frozen=True)
class Schedule:
    """When the stakes rise: every ``every`` hands, or every ``every`` minutes of play."""

    every: int = 10
    minutes: bool = False
    multiples: tuple[int, ...] = LEVELS

    def __post_init__(self) -> None:
        if self.every < 1:
            raise InvalidRules("a level lasts at least one hand or one minute")
        if (
            not self.multiples
            or self.multiples[0] != 1
            or list(self.multiples) != sorted(set(self.multiples))
        ):
            raise InvalidRules("the levels start at 1 and rise")

    def level(self, hands: int, seconds: float, top: int) -> int:
        """The level (from 0) after ``hands`` hands played and ``seconds`` of play, the
        highest ``top``."""
        done = int(seconds // 60) if self.minutes else hands
        return min(done // self.every, top)

    def to_next(self, hands: int, seconds: float, top: int, level: int | None = None) -> str | None:
        """What is left of this level, in words (None at the ``top`` level); ``level``: the
        level in play, where the clock may have passed its end (levels change between hands:
        "0:00 to level 3" until the hand in play is over)."""
        level = self.level(hands, seconds, top) if level is None else level
        if level >= top:
            return None
        if self.minutes:
            left = max(0, round((level + 1) * self.every * 60 - seconds))
            return f"{left // 60}:{left % 60:02d} to level {level + 2}"
        left = (level + 1) * self.every - hands
        return f"{left} hand{'s' if left != 1 else ''} to level {level + 2}"


@dataclass(frozen=True)
class Payouts:
    """The prize pool's shares by finishing place, in percent, best first."""

    shares: tuple[int, ...] = (65, 35)

    def __post_init__(self) -> None:
        if sum(self.shares) != 100 or any(s <= 0 for s in self.shares):
            raise InvalidRules("the payouts are whole positive percentages that sum to 100")
        if list(self.shares) != sorted(self.shares, reverse=True):
            raise InvalidRules("a better place is paid no less than a worse one")

    @classmethod
    def parse(cls, text: str) -> Payouts:
        """``65/35``, ``50/30/20``, or ``winner-takes-all``."""
        if text.strip() == "winner-takes-all":
            return cls((100,))
        try:
            return cls(tuple(int(part) for part in text.split("/")))
        except ValueError:
            raise InvalidRules(
                f"payouts {text!r}: percentages by place such as 65/35, or winner-takes-all"
            ) from None

    def prizes(self, pool: int, places: Sequence[Sequence[int]]) -> dict[int, int]:
        """Each seat's prize: ``places`` are the seats of each finishing place, best first
        (seats that finished together share their places' prizes evenly, the odd chips to
        the lower seat numbers). Places beyond the seats are dropped and the rest scaled up
        (50/30/20 heads-up pays 62.5/37.5). Whole chips, summing to ``pool`` exactly (the
        odd chips of the rounding go to the winner)."""
        seats = sum(len(together) for together in places)
        shares = self.shares[:seats]
        paid = [pool * share // sum(shares) for share in shares]
        paid[0] += pool - sum(paid)
        prizes: dict[int, int] = {}
        place = 0
        for together in places:
            share = sum(paid[place : place + len(together)])
            each, odd = divmod(share, len(together))
            for i, seat in enumerate(sorted(together)):
                prizes[seat] = each + (1 if i < odd else 0)
            place += len(together)
        return prizes


@dataclass(frozen=True)
class Structure:
    """A sit-and-go's structure: the buy-in each seat pays once, the chips each starts with,
    when the stakes rise, and the payouts."""

    buy_in: int = 100
    chips: int = 100
    schedule: Schedule = Schedule()
    payouts: Payouts = Payouts()
    hands: int = 30
    """How many hands a game decided by hands (``Finish.HANDS``) plays."""

    def __post_init__(self) -> None:
        if self.buy_in < 0 or self.chips < 1 or self.hands < 1:
            raise InvalidRules(
                "a buy-in is 0 or more, every seat starts with chips and plays a hand or more"
            )

    def words(self, rising: bool = True, by_hands: bool = False) -> str:
        """``Sit-and-go: buy-in 100, 100 chips each, pays 65/35; the stakes rise every 10
        hands`` (``rising``: the game's stakes rise at all; ``by_hands``: it is decided by
        its ``hands``, the most chips winning)."""
        shares = self.payouts.shares
        pays = "winner takes all" if len(shares) == 1 else "pays " + "/".join(map(str, shares))
        if not rising:  # a game of points: chips mean nothing
            return f"Sit-and-go: buy-in {self.buy_in}, {pays}"
        line = f"Sit-and-go: buy-in {self.buy_in}, {self.chips} chips each, {pays}"
        if by_hands:
            line += f"; {self.hands} hands, the most chips winning"
        unit = "minute" if self.schedule.minutes else "hand"
        every = self.schedule.every
        return f"{line}; the stakes rise every {unit if every == 1 else f'{every} {unit}s'}"


def ordinal(place: int) -> str:
    """A finishing place in words every front end writes the same: 1st, 2nd, 3rd, 4th, 11th."""
    tens = place % 100
    suffix = "th" if 11 <= tens <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"
