"""Mount Holyoke Poker (seed 003): Big Two, a climbing game for 2 to 4 players.

Thirteen cards each; the holder of the lowest card dealt opens with it. Each play must be the
same size as the play it climbs over and higher (``hands.climb``); a player may pass and still
play later in the run; when everyone else has passed, the last player leads anything. The
round ends when a hand is empty and every seat scores the cards it still holds (low is good).
One protocol hand is one round: ``Outcome.net`` is minus the points, ``TableState.stakes``
the running total (minus the points so far), so higher is better everywhere. A seat sitting
the round out (``TableState.out``) is dealt nothing, passed over and scores the most a round
can score: being absent never wins.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokernight.engine.protocol import TableState
from pokernight.errors import InvalidRules
from pokernight.games.bigtwo.round import BigTwoHand
from pokernight.hands.climb import ClimbOrder, Straights


@dataclass(frozen=True)
class BigTwoOptions:
    """The seed's defaults (docs/games/bigtwo.md); ``standard()`` is Big Two as commonly played."""

    seats: int = 4
    rounds: int = 3
    threshold: int = 0
    """Above 0: play until all but one player have this many points (instead of ``rounds``)."""
    lowest_card_leads_every_round: bool = True
    """False: after the first round, the last round's winner leads any play."""
    open_with_any_play: bool = False
    """True (standard): the opening play may be any play that holds the lowest card."""
    frying: bool = False
    """True (standard): 10 to 12 cards left count double, all 13 triple."""
    suits: str = "dchs"
    straights: Straights = Straights.CLIMB

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 4:
            raise InvalidRules(f"Mount Holyoke Poker seats 2 to 4 players, not {self.seats}")
        if self.rounds < 1 or self.threshold < 0:
            raise InvalidRules("play at least one round; a points threshold cannot be negative")
        ClimbOrder(self.suits, self.straights)  # checks the suit order

    @classmethod
    def standard(cls, seats: int = 4) -> BigTwoOptions:
        """Standard Big Two: 3♦ (the lowest card) opens in any play, the winner leads later
        rounds, frying doubles and triples big losses."""
        return cls(seats, lowest_card_leads_every_round=False, open_with_any_play=True, frying=True)

    @property
    def order(self) -> ClimbOrder:
        return ClimbOrder(self.suits, self.straights)

    @property
    def absent(self) -> int:
        """What a seat that sat the round out scores: the most a round can score (all 13
        cards left), so that missing a round never ranks anyone ahead of those who played it."""
        return self.points(13)

    def points(self, left: int) -> int:
        """What ``left`` cards in hand at the round's end cost."""
        if self.frying and left >= 10:
            return left * (3 if left == 13 else 2)
        return left


class MountHolyoke:
    name = "bigtwo"

    def __init__(self, options: BigTwoOptions | None = None) -> None:
        self.options = options or BigTwoOptions()

    @property
    def seats(self) -> int:
        return self.options.seats

    def new_table(self, dealer: int = 0) -> TableState:
        return TableState(stakes=(0,) * self.seats, dealer=dealer)

    def new_hand(self, table: TableState, seed: int) -> BigTwoHand:
        return BigTwoHand(self.options, table, seed)

    def game_over(self, table: TableState) -> str | None:
        points = [-s for s in table.stakes]
        least = ", ".join(f"Seat {s + 1}" for s, p in enumerate(points) if p == min(points))
        limit = self.options.threshold
        if limit:
            under = [s for s, p in enumerate(points) if p < limit]
            if len(under) <= 1:
                last = f"Seat {under[0] + 1} is" if under else "nobody is"
                return f"{last} the last under {limit} points (fewest: {least})"
            return None
        if table.round > self.options.rounds:
            return f"{self.options.rounds} rounds played: fewest points {least}"
        return None
