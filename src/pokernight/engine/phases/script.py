"""A hand's phases as data: each game writes its hand as a script of these, in order, and the
hand in play (``engine.play.HandBase``) walks it, so no game writes its own bet → draw → bet
chain. Each phase holds what its machine needs (a betting round's limits, a draw's limit);
what a game decides in a phase of its own (an orientation, a wager, a setting, a play) stays
the game's. ``names`` gives the names a view shows, which the game's spec lists."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokernight.engine.phases.betting import Limits


@dataclass(frozen=True)
class Phase:
    """One step of a hand; ``name`` is what ``View.phase`` says while it runs."""

    name: str

    @property
    def names(self) -> tuple[str, ...]:
        """Every name a view may show during this phase."""
        return (self.name,)


@dataclass(frozen=True)
class Bet(Phase):
    """A betting round among the live seats, from the dealer's left (``led_by_opener``: from
    the seat that made the hand's first bet, or the next live seat to its left: High-Low's
    second round). ``table_stakes``: no seat may bet more than every live seat can still put
    in (five-card draw's two stakes and nothing more)."""

    limits: Limits
    led_by_opener: bool = False
    table_stakes: bool = False


@dataclass(frozen=True)
class Draw(Phase):
    """In turn, each live seat keeps its cards or discards up to ``discards`` and is dealt as
    many (never more than the stock holds)."""

    discards: int


@dataclass(frozen=True)
class InTurn(Phase):
    """Each seat the game names decides once, in turn, a decision of the game's own."""


@dataclass(frozen=True)
class Orient(InTurn):
    """Each live seat commits which end of each card plays high (High-Low)."""


@dataclass(frozen=True)
class Wager(InTurn):
    """Each player wagers against the bank before the deal (Pai Gow)."""


@dataclass(frozen=True)
class Set(InTurn):
    """Each player, then a banking seat, sets its cards (Pai Gow)."""


@dataclass(frozen=True)
class Play(Phase):
    """The game's own turn order until a seat goes out (Big Two's runs); ``shows``: the further
    names a view gives its stages."""

    shows: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.shows)


@dataclass(frozen=True)
class Showdown(Phase):
    """The end: the game reads the hands and the engine pays and settles (``settle``). A hand
    decided early (everyone else folded) comes here at once."""


Script = tuple[Phase, ...]


def phase_names(script: Sequence[Phase]) -> tuple[str, ...]:
    """The names a view may show, in the script's order: a spec's ``phases``."""
    return tuple(name for phase in script for name in phase.names)
