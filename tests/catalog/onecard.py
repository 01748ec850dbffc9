"""A sixth game that lives in the tests only: one-card high-low for two seats.

Each seat antes 1 and gets one card; one betting round (check, bet 1 or 2, one raise); at the
showdown the higher rank takes the high half, the lower rank the low half (the odd chip high),
ties split. It is one module plus one catalog entry, registered by a fixture, so the tests can
show that a game needs nothing more: no front end, service or record format names it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pokernight.bots.generic import RandomBot
from pokernight.cards import CARDS, AnyCard, Card, Playable
from pokernight.catalog import Entry
from pokernight.engine.chance import ChanceModel, betting_longest, holes
from pokernight.engine.dealt import DealtHand
from pokernight.engine.events import HandStarted, PotAwarded, Showdown
from pokernight.engine.phases import script as phases
from pokernight.engine.phases.betting import Limits
from pokernight.engine.pots import divide_odd_chips
from pokernight.engine.protocol import TableState, View
from pokernight.engine.spec import BETTING, GameSpec, Key, amount_keys
from pokernight.engine.worlds import determinizer
from pokernight.errors import InvalidRules

BETS, OVER = "bets", "showdown"


@dataclass(frozen=True)
class OneCardOptions:
    seats: int = 2
    stake: int = 20
    ante: int = 1

    def __post_init__(self) -> None:
        if self.seats != 2:
            raise InvalidRules(f"one-card seats 2 players, not {self.seats}")


class OneCard:
    name = "onecard"

    def __init__(self, options: OneCardOptions) -> None:
        self.options = options

    @property
    def seats(self) -> int:
        return 2

    def new_table(self, dealer: int) -> TableState:
        return TableState(stakes=(self.options.stake,) * 2, dealer=dealer)

    def new_hand(self, table: TableState, seed: int) -> OneCardHand:
        return OneCardHand(self.options, table, seed)

    def game_over(self, table: TableState) -> str | None:
        short = [s for s, stake in enumerate(table.stakes) if stake < self.options.ante]
        return f"seat {short[0] + 1} cannot ante" if short else None


LIMITS = Limits((1, 2), raises=1)
SCRIPT = (phases.Bet(BETS, LIMITS), phases.Showdown(OVER))


class OneCardHand(DealtHand[AnyCard]):
    game = "onecard"
    script = SCRIPT

    def __init__(
        self,
        options: OneCardOptions,
        table: TableState,
        seed: int,
        stacked: Sequence[Playable] | None = None,
    ) -> None:
        cards = None if stacked is None else [c for c in stacked if isinstance(c, Card)]
        super().__init__(table, seed, CARDS, cards)
        self.options = options
        self.log.add(HandStarted, table.hand, table.dealer, tuple(self.order))
        self.collect_antes(options.ante)
        self.deal_holes(1)
        self.start()

    def fresh(self) -> OneCardHand:
        return OneCardHand(self.options, self.table, self.seed, self.stacked)

    def view(self, seat: int | None) -> View:
        shown = self.phase == OVER and all(self.live)
        cards = tuple(tuple(self.hole[s]) if s == seat or shown else (None,) for s in (0, 1))
        return self.view_with(seat, cards)

    def showdown(self) -> None:
        live = self.live_in_order()
        if len(live) == 1:
            high, low = [live[0]], [live[0]]
        else:
            ranks = {s: self.hole[s][0].index // 4 for s in live}
            for s in live:
                self.log.add(Showdown, s, tuple(self.hole[s]), f"rank {ranks[s] + 2}", "")
            high = [s for s in live if ranks[s] == max(ranks.values())]
            low = [s for s in live if ranks[s] == min(ranks.values())]
        shares = divide_odd_chips(self.pot // 2, low)
        awards = [PotAwarded(s, a, "low", "lower card") for s, a in shares.items()]
        high_part = divide_odd_chips(self.pot - self.pot // 2, high)
        awards += [PotAwarded(s, a, "high", "higher card") for s, a in high_part.items()]
        shown = {s: tuple(self.hole[s]) for s in live} if len(live) > 1 else {}
        self.settle(awards, shown=shown, high_winners=tuple(high), low_winners=tuple(low))


def _first_table(game: OneCard, rng: random.Random) -> TableState:
    return game.new_table(rng.randrange(2))


def _space(options: OneCardOptions) -> tuple[list[Key], int]:
    return [*BETTING, *amount_keys(2)], 1


SPEC = GameSpec(
    name="onecard",
    title="One-card high-low",
    about="a test game: one card each, high and low split the pot",
    options=OneCardOptions,
    seats=(2, 2),
    default_seats=2,
    game=OneCard,
    first_table=_first_table,
    phases=phases.phase_names(SCRIPT),
    action_space=_space,
    debt=True,
    determinize=determinizer(lambda o, t, cards: OneCardHand(o, t, 0, cards), lambda o: CARDS),
    chance=ChanceModel(
        deck=lambda o: CARDS,
        build=lambda o, t, cards: OneCardHand(o, t, 0, cards),
        initial=holes(1),
        most=lambda o: float(o.ante + 2 * (LIMITS.raises + 1)),
        longest=betting_longest,
    ),
)
ENTRY = Entry(
    SPEC,
    {"random": lambda rng, options: RandomBot(rng)},
    lambda choices: ("random", "random"),
    house=("random",),
)
