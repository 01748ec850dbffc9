"""Every rule option of the seeds as one frozen dataclass, and the named presets.

A preset is data, not code: the evaluators read the derived ``ranking`` (rank order values,
the ordered list of straights, whether flushes count, whether the key is inverted for low).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cached_property

from pokernight.cards import CARDS, Rank
from pokernight.errors import InvalidRules


class Family(StrEnum):
    """Which evaluator a rule set uses."""

    FIVE = "five"
    HURRICANE_HIGH = "hurricane-high"
    HURRICANE_LOW = "hurricane-low"
    PAIGOW_LOW = "paigow-low"
    BIGTWO = "bigtwo"


class Low(StrEnum):
    """The three low rankings of seed 004."""

    ACE_TO_FIVE = "ace-to-five"
    DEUCE_TO_SEVEN = "deuce-to-seven"
    ACE_TO_SIX = "ace-to-six"


class JokerMode(StrEnum):
    """``bug``: an ace or completes a straight/flush (for low: the lowest rank not held);
    ``wild``: any card; ``none``: the rule set has no joker."""

    NONE = "none"
    BUG = "bug"
    WILD = "wild"


class Wheel(StrEnum):
    """Where 5-4-3-2-A stands: the lowest straight, second highest (Pai Gow), or no straight."""

    LOWEST = "lowest"
    SECOND = "second"
    NONE = "none"


ACE = Rank.ACE.index
SIZES = {
    Family.FIVE: (5, 6, 7),
    Family.HURRICANE_HIGH: (2,),
    Family.HURRICANE_LOW: (2,),
    Family.PAIGOW_LOW: (2,),
    Family.BIGTWO: (1, 2, 3, 5),
}
"""The hand sizes of each family: a best five of five to seven cards, a two-card hand, a Big
Two play (single, pair, triple or five)."""


@dataclass(frozen=True)
class Ranking:
    """What a five-card rule set means to the table builder.

    ``order[i]`` is the nibble value of rank index ``i``; ``straights`` lists rank-index sets,
    strongest first, each with its display order (top card first).
    """

    order: tuple[int, ...]
    straights: tuple[tuple[frozenset[int], tuple[int, ...]], ...]
    flushes: bool
    invert: bool

    @cached_property
    def royal(self) -> frozenset[int] | None:
        """The ten-to-ace set, when it is a straight here (its straight flush is a royal)."""
        top = frozenset(range(8, 13))
        return top if any(ranks == top for ranks, _ in self.straights) else None


def _window(low: int) -> tuple[frozenset[int], tuple[int, ...]]:
    ranks = tuple((low + k) % 13 for k in range(5))
    return frozenset(ranks), tuple(reversed(ranks))


def _straights(
    wheel: Wheel, wrap: bool, ace_high: bool
) -> tuple[tuple[frozenset[int], tuple[int, ...]], ...]:
    regular = [_window(low) for low in range(8 if ace_high else 7, -1, -1)]
    wheel_straight = (frozenset({ACE, 0, 1, 2, 3}), (3, 2, 1, 0, ACE))
    if wheel is Wheel.SECOND:
        regular.insert(1, wheel_straight)
    elif wheel is Wheel.LOWEST:
        regular.append(wheel_straight)
    if wrap:
        # Around-the-corner straights rank below every regular one, by their top card.
        regular.extend(_window(low) for low in (11, 10, 9))
    return tuple(regular)


@dataclass(frozen=True)
class HandRules:
    """All the options a hand ranking can have (docs/programs/hands.md: general rules and each
    game)."""

    name: str
    family: Family = Family.FIVE
    low: Low | None = None
    wheel: Wheel = Wheel.LOWEST
    wrap: bool = False
    joker: JokerMode = JokerMode.NONE
    wild: frozenset[int] = field(default_factory=frozenset)
    natural_beats_wild: bool = False
    wild_may_duplicate: bool = True
    dual: bool = False
    deck: str = "standard"
    cards: int = 5
    jokers: int = 1  # how many jokers one hand may hold (the High-Low variation shuffles in two)

    def __post_init__(self) -> None:
        if self.joker is JokerMode.BUG and self.wild and self.low is None:
            raise InvalidRules(
                "a bug joker cannot be combined with wild cards: make the joker wild"
            )
        if any(not 0 <= c < 52 for c in self.wild):
            raise InvalidRules("wild cards must be standard cards")
        if not 0 <= self.jokers <= 2:
            raise InvalidRules("a hand may hold 0 to 2 jokers")

    def with_options(self, **changes: object) -> HandRules:
        """A copy with some options changed (validated like any rule set)."""
        return replace(self, **changes)  # type: ignore[arg-type]

    @property
    def sizes(self) -> tuple[int, ...]:
        """How many cards a hand of these rules may hold, for the evaluator and the count
        alike; dual cards only five (no table or kernel takes six or seven of them)."""
        return (5,) if self.dual else SIZES[self.family]

    @property
    def sizes_said(self) -> str:
        """``sizes`` as a refusal says them ("5, 6 or 7", "2"), so it names what to give."""
        *first, last = map(str, self.sizes)
        return f"{', '.join(first)} or {last}" if first else last

    @property
    def has_joker(self) -> bool:
        return self.joker is not JokerMode.NONE

    @property
    def max_wild(self) -> int:
        """How many fully wild cards (wild jokers included) one hand can hold."""
        return len(self.wild) + (self.jokers if self.joker is JokerMode.WILD else 0)

    @property
    def max_bug(self) -> int:
        """How many bug jokers one hand can hold."""
        return self.jokers if self.joker is JokerMode.BUG else 0

    @cached_property
    def ranking(self) -> Ranking:
        if self.family is not Family.FIVE:
            raise InvalidRules(f"{self.name} is not a five-card ranking")
        ace_low_order = tuple([*range(2, 14), 1])
        ace_high_order = tuple(range(2, 15))
        if self.low is Low.ACE_TO_FIVE:
            return Ranking(ace_low_order, (), flushes=False, invert=True)
        if self.low is Low.ACE_TO_SIX:
            return Ranking(
                ace_low_order, _straights(Wheel.LOWEST, self.wrap, False), flushes=True, invert=True
            )
        if self.low is Low.DEUCE_TO_SEVEN:
            return Ranking(
                ace_high_order, _straights(self.wheel, self.wrap, True), flushes=True, invert=True
            )
        return Ranking(
            ace_high_order, _straights(self.wheel, self.wrap, True), flushes=True, invert=False
        )


DEUCES = frozenset(c.index for c in CARDS if c.rank is Rank.TWO)

PRESETS: dict[str, HandRules] = {
    rules.name: rules
    for rules in (
        HandRules("high"),
        HandRules("deuces-wild", wild=DEUCES),
        HandRules("joker-wild", joker=JokerMode.WILD, deck="joker"),
        HandRules("joker-bug", joker=JokerMode.BUG, deck="joker"),
        HandRules("ace-to-five", low=Low.ACE_TO_FIVE, joker=JokerMode.BUG),
        HandRules("deuce-to-seven", low=Low.DEUCE_TO_SEVEN, wheel=Wheel.NONE, joker=JokerMode.BUG),
        HandRules("ace-to-six", low=Low.ACE_TO_SIX, joker=JokerMode.BUG),
        HandRules("draw-ti", wheel=Wheel.NONE),
        HandRules(
            "hurricane-high", family=Family.HURRICANE_HIGH, deck="hurricane", cards=2, wild=DEUCES
        ),
        HandRules(
            "hurricane-low", family=Family.HURRICANE_LOW, deck="hurricane", cards=2, wild=DEUCES
        ),
        HandRules("paigow-high", joker=JokerMode.BUG, wheel=Wheel.SECOND, deck="joker"),
        HandRules(
            "paigow-low", family=Family.PAIGOW_LOW, joker=JokerMode.BUG, deck="joker", cards=2
        ),
        HandRules("dual-high", joker=JokerMode.WILD, dual=True, deck="dual641"),
        # seed 001's own low: the weakest hand by its high ranking, where 5-4-3-2-A is a straight
        HandRules(
            "dual-low", low=Low.DEUCE_TO_SEVEN, joker=JokerMode.WILD, dual=True, deck="dual641"
        ),
        HandRules("bigtwo", family=Family.BIGTWO, cards=5),
    )
}


def preset(name: str) -> HandRules:
    """A named preset (docs/programs/hands.md)."""
    try:
        return PRESETS[name]
    except KeyError:
        raise InvalidRules(f"unknown rules {name!r}: presets are {', '.join(PRESETS)}") from None
