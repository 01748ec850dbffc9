"""Five-card draw against the computer (seed 002): heads-up, the computer always deals.

You are seat 0 and act first in both betting rounds; the computer is seat 1. Each hand: $2
antes, five cards each dealt alternately (you get the first), a betting round in which you bet
$1 to $10 or fold, the computer sees or raises, and you may re-raise once; the draw (at most
three cards, yours first); the same betting again; then the showdown, where the ace is high
only and an exact tie splits the pot. Nobody shows cards when a hand ends in a fold.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

from pokernight.cards import CARDS, AnyCard, DualCard, Playable
from pokernight.engine.dealt import DealtHand
from pokernight.engine.events import HandStarted, PotAwarded, Showdown
from pokernight.engine.phases import script as phases
from pokernight.engine.phases.betting import Limits, amounts_to
from pokernight.engine.pots import divide_odd_chips
from pokernight.engine.protocol import TableState, View
from pokernight.errors import InvalidRules
from pokernight.games.draw.events import COMPUTER as COMPUTER  # re-exported: the seat
from pokernight.games.draw.events import DealerDrew
from pokernight.hands.evaluate import compare, evaluate
from pokernight.hands.rules import preset

HUMAN = 0
FIRST, DRAW, SECOND, OVER = "first bet", "draw", "second bet", "showdown"
RULES = preset("draw-ti")


@dataclass(frozen=True)
class DrawOptions:
    """The seed's defaults (docs/games/draw.md)."""

    stake: int = 200
    ante: int = 2
    max_bet: int = 10
    max_discards: int = 3
    win_above: int = 399
    lose_below: int = 2

    def __post_init__(self) -> None:
        if self.stake <= 0 or self.ante < 0 or self.max_bet < 1 or not 0 <= self.max_discards <= 5:
            raise InvalidRules("stake and bets must be positive; discards 0 to 5")
        if not self.lose_below <= self.stake <= self.win_above:
            raise InvalidRules(
                f"a stake of ${self.stake} must lie from lose_below (${self.lose_below}) to "
                f"win_above (${self.win_above}): the game would be over before it began"
            )
        amounts_to(self.max_bet)

    @property
    def limits(self) -> Limits:
        # You bet or fold; the computer sees or raises; you may re-raise once.
        return Limits(amounts_to(self.max_bet), raises=2, must_open=True)


def summary(cards: Sequence[AnyCard]) -> str:
    """What a hand holds in the game's words: "Pair of 10s", "K high" (the ace is high only)."""
    return evaluate(list(cards), RULES).description


@cache
def script(options: DrawOptions) -> phases.Script:
    """A betting round, the draw, a betting round, at table stakes."""
    limits = options.limits
    return (
        phases.Bet(FIRST, limits, table_stakes=True),
        phases.Draw(DRAW, options.max_discards),
        phases.Bet(SECOND, limits, table_stakes=True),
        phases.Showdown(OVER),
    )


class FiveCardDraw:
    name = "draw"

    def __init__(self, options: DrawOptions | None = None) -> None:
        self.options = options or DrawOptions()

    @property
    def seats(self) -> int:
        """You and the computer."""
        return 2

    def new_table(self) -> TableState:
        """The computer always deals."""
        return TableState(stakes=(self.options.stake, self.options.stake), dealer=COMPUTER)

    def new_hand(self, table: TableState, seed: int) -> DrawHand:
        return DrawHand(self.options, table, seed)

    def game_over(self, table: TableState) -> str | None:
        """Said of the person's seat as every front names it (``Seat 1``), never "you": the
        browser shows it to every page at the table, the prompt marks it ``Seat 1 (you)``."""
        person = table.stakes[HUMAN]
        if person > self.options.win_above:
            return f"Seat {HUMAN + 1} has taken all of the computer's money"
        if person < self.options.lose_below:
            return f"Seat {HUMAN + 1} cannot put up the ante"
        if table.stakes[COMPUTER] < self.options.ante:
            return "the computer cannot put up the ante"
        return None


def farewell(options: DrawOptions, table: TableState, quit_now: bool) -> str:
    """The seed's last words of a game: you quit (a loser at $200 or less, chided above it),
    you won (above $399, or the computer cannot ante), or you cannot ante."""
    you = table.stakes[HUMAN]
    if quit_now:
        if you > options.stake:
            return f"Quitting while you're ahead, are you? You leave with ${you}."
        return f"You leave a loser with ${you}."
    if you > options.win_above:
        return f"You win! You have taken all of the computer's money: ${you}."
    if table.stakes[COMPUTER] < options.ante:
        return f"You win! The computer cannot put up the ante: you have ${you}."
    return f"The computer wins: you have ${you}, not enough for the ante."


class DrawHand(DealtHand[AnyCard]):
    """One hand of five-card draw; ``view`` is the only door to the cards."""

    game = "draw"
    drew_event = DealerDrew

    def __init__(
        self,
        options: DrawOptions,
        table: TableState,
        seed: int,
        stacked: Sequence[AnyCard] | None = None,
    ) -> None:
        """``stacked``: deal these cards from the top instead of shuffling (lessons, tests).
        The computer deals every hand, wherever a match has moved the button."""
        table = replace(table, dealer=COMPUTER)
        super().__init__(table, seed, CARDS, stacked)
        self.options = options
        self.script = script(options)
        self.order = [HUMAN, COMPUTER]  # you act first: the computer always deals
        self.log.add(HandStarted, table.hand, COMPUTER, (HUMAN, COMPUTER))
        self.collect_antes(options.ante)
        self.deal_holes(5)  # alternately, you first
        self.start()

    def fresh(self) -> DrawHand:
        return DrawHand(self.options, self.table, self.seed, self.stacked)

    def view(self, seat: int | None) -> View:
        shown = self.phase == OVER and all(self.live)
        cards = tuple(
            tuple(self.hole[s]) if s == seat or shown else (None,) * 5 for s in (HUMAN, COMPUTER)
        )
        return self.view_with(seat, cards)

    def showdown(self) -> None:
        shown: dict[int, tuple[AnyCard, ...]] = {}
        if not all(self.live):
            winner = HUMAN if self.live[HUMAN] else COMPUTER
            shares = {winner: self.pot}
            reasons = {winner: "the other side folded"}
        else:
            result = compare([self.hole[HUMAN], self.hole[COMPUTER]], RULES)
            for seat, value in enumerate(result.hands):
                shown[seat] = tuple(self.hole[seat])
                self.log.add(Showdown, seat, shown[seat], value.description, "")
            shares = divide_odd_chips(self.pot, list(result.winners))
            reasons = {s: f"{result.hands[s].description}: {result.reason}" for s in shares}
        awards = [PotAwarded(s, amount, "pot", reasons[s]) for s, amount in shares.items()]
        self.settle(awards, shown=shown, high_winners=tuple(shares))


def stacked_hand(options: DrawOptions, table: TableState, cards: Sequence[Playable]) -> DrawHand:
    """A hand dealt with ``cards`` on top of the deck (a world for search)."""
    return DrawHand(options, table, 0, [c for c in cards if not isinstance(c, DualCard)])
