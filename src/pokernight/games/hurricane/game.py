"""Hurricane (seed 000): two-card draw, deuces wild, high/low, up to eight seats.

The phases are the storm's: the leading edge (betting), the eye of the storm (keep both or
discard one and draw one), the trailing edge (betting), then the showdown among survivors,
where the pot is split high/low (docs/games/hurricane.md) and what cannot be divided carries over.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property

from pokernight.cards import CARDS, AnyCard, Card, DualCard, Playable
from pokernight.engine.dealt import DealtHand
from pokernight.engine.events import HandStarted, PotAwarded, Showdown
from pokernight.engine.phases import script as phases
from pokernight.engine.phases.betting import Limits, amounts_to
from pokernight.engine.protocol import TableState, View
from pokernight.errors import InvalidRules
from pokernight.games.hurricane.split import split_high_low
from pokernight.hands.evaluate import check
from pokernight.hands.rules import preset
from pokernight.hands.twocard import explain_two

LEADING, EYE, TRAILING, OVER = "leading edge", "eye of the storm", "trailing edge", "showdown"
HIGH_RULES, LOW_RULES = preset("hurricane-high"), preset("hurricane-low")
HIDDEN = (None, None)
"""Two face-down cards, as every seat sees another's before the showdown."""


@dataclass(frozen=True)
class HurricaneOptions:
    """The defaults (docs/games/hurricane.md): the original program's table."""

    seats: int = 8
    stake: int = 100
    ante: int = 1
    max_bet: int = 3
    raises: int = 2
    end_when_one_left: bool = False
    ranks: int = 13
    """Four cards of each of this many ranks: the deuce, the ace and the ranks just below the
    ace. 13 is the seed's deck; fewer make the small games a solver checks (3: 2, K, A)."""

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 8:
            raise InvalidRules(f"Hurricane seats 2 to 8 players, not {self.seats}")
        if not 3 <= self.ranks <= 13 or 2 * self.seats > 4 * self.ranks:
            raise InvalidRules(
                f"ranks must be 3 to 13 and deal two cards to each of {self.seats} seats, "
                f"not {self.ranks}"
            )
        if self.stake <= 0 or self.ante < 0 or self.max_bet < 1 or self.raises < 0:
            raise InvalidRules("stake and bets must be positive, ante and raises not negative")
        amounts_to(self.max_bet)

    @cached_property
    def limits(self) -> Limits:
        """Made once per table, so every round shares its menus of legal actions."""
        return Limits(amounts_to(self.max_bet), self.raises)

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deuces and the ``ranks - 1`` highest ranks, four of each."""
        return deck_of(self.ranks)


@cache
def deck_of(ranks: int) -> tuple[Card, ...]:
    """The deck of ``ranks`` ranks, made once per process rather than once per table (a
    table is seated for every simulated batch and learning episode)."""
    lowest = 16 - ranks  # the lowest rank kept above the deuce
    return tuple(c for c in CARDS if c.value == 2 or c.value >= lowest)


@cache
def script(options: HurricaneOptions) -> phases.Script:
    """The storm: the leading edge, the eye (keep both or trade one), the trailing edge."""
    return (
        phases.Bet(LEADING, options.limits),
        phases.Draw(EYE, discards=1),
        phases.Bet(TRAILING, options.limits),
        phases.Showdown(OVER),
    )


class Hurricane:
    """The game: makes hands and says when the match is over."""

    name = "hurricane"

    def __init__(self, options: HurricaneOptions | None = None) -> None:
        self.options = options or HurricaneOptions()

    @property
    def seats(self) -> int:
        return self.options.seats

    def new_table(self, dealer: int) -> TableState:
        return TableState(stakes=(self.options.stake,) * self.seats, dealer=dealer)

    def new_hand(self, table: TableState, seed: int) -> HurricaneHand:
        return HurricaneHand(self.options, table, seed)

    def game_over(self, table: TableState) -> str | None:
        """Seed 000: "When any player has no money for the ante, the game is over": a seat
        holding less than the ante, whatever the ante (at $1, $0 or less), ends the game here,
        before it is dealt in to go into debt for it, and every front end asks this."""
        broke = [s for s in table.dealt_in if table.stakes[s] < self.options.ante]
        if broke:
            return f"Seat {broke[0] + 1} has no money for the ante"
        return None


class HurricaneHand(DealtHand[AnyCard]):
    """One hand of Hurricane; the only door to its cards is ``view``."""

    game = "hurricane"

    def __init__(
        self,
        options: HurricaneOptions,
        table: TableState,
        seed: int,
        stacked: Sequence[AnyCard] | None = None,
    ) -> None:
        """``stacked``: deal these cards from the top instead of shuffling (lessons, tests)."""
        super().__init__(table, seed, options.deck, stacked)
        self.options = options
        self.script = script(options)
        # What each viewer sees of the cards; dropped whenever cards move or are shown.
        self._cards_seen: dict[int, tuple[tuple[AnyCard | None, ...], ...]] = {}
        self.log.add(HandStarted, table.hand, table.dealer, table.dealt_in)
        self.collect_antes(options.ante)
        self.deal_holes(2)
        self.start()

    def fresh(self) -> HurricaneHand:
        return HurricaneHand(self.options, self.table, self.seed, self.stacked)

    def view(self, seat: int | None) -> View:
        viewer = self.seats if seat is None else seat
        cards = self._cards_seen.get(viewer)
        if cards is None:
            row: list[tuple[AnyCard | None, ...]] = [HIDDEN if h else () for h in self.hole]
            visible = self._shown()
            if seat is not None:
                visible.add(seat)
            for s in visible:
                row[s] = tuple(self.hole[s])
            cards = self._cards_seen[viewer] = tuple(row)
        return self.view_with(seat, cards)

    def drew(self, seat: int, thrown: Sequence[AnyCard]) -> None:
        if thrown:  # only the drawer sees the new card before the showdown
            self._cards_seen.pop(seat, None)

    def decided(self) -> bool:
        """A lone seat left plays on to the showdown unless the table ends the hand there."""
        return self.options.end_when_one_left and sum(self.live) <= 1

    def _shown(self) -> set[int]:
        if self.phase != OVER or sum(self.live) <= 1:
            return set()
        return {s for s in range(self.seats) if self.live[s]}

    def showdown(self) -> None:
        self._cards_seen.clear()
        survivors = self.live_in_order()
        read = {s: reading(*self.hole[s]) for s in survivors}
        best_high = max(high for high, _, _, _ in read.values())
        best_low = max(low for _, _, low, _ in read.values())
        high_winners = [s for s, r in read.items() if r[0] == best_high]
        low_winners = [s for s, r in read.items() if r[2] == best_low]
        shown: dict[int, tuple[AnyCard, ...]] = {}
        if len(survivors) > 1:
            for s in survivors:
                shown[s] = tuple(self.hole[s])
                self.log.add(Showdown, s, shown[s], read[s][1], read[s][3])
        high_shares, low_shares, left = split_high_low(self.pot, high_winners, low_winners)
        awards = [
            PotAwarded(s, amount, share, str(read[s][said]) if shown else "everyone else folded")
            for share, shares, said in (("high", high_shares, 1), ("low", low_shares, 3))
            for s, amount in shares.items()
        ]
        self.settle(
            awards,
            shown=shown,
            high_winners=tuple(high_winners),
            low_winners=tuple(low_winners),
            carry=left,
        )


def reading(first: AnyCard, second: AnyCard) -> tuple[int, str, int, str]:
    """High key and words, low key and words of two cards (suits never matter here, so the
    answers are kept by rank pair: 169 of them)."""
    ranks = (
        (first.value, second.value)
        if isinstance(first, Card) and isinstance(second, Card)
        else None
    )
    if ranks is None:
        check((first, second), HIGH_RULES)  # the rule set's own refusal: no joker here
        raise AssertionError(f"{first} {second}: the rule set takes only standard cards")
    found = _READINGS.get(ranks)
    if found is None:
        pair = (first, second)
        high, low = explain_two(pair, HIGH_RULES), explain_two(pair, LOW_RULES)
        found = _READINGS[ranks] = (high.key, high.description, low.key, low.description)
    return found


_READINGS: dict[tuple[int, int], tuple[int, str, int, str]] = {}


def stacked_hand(
    options: HurricaneOptions, table: TableState, cards: Sequence[Playable]
) -> HurricaneHand:
    """A hand dealt with ``cards`` on top of the deck (a world for search)."""
    return HurricaneHand(options, table, 0, [c for c in cards if not isinstance(c, DualCard)])
