"""A sixth game that lives in the tests only: one-card declare high-low for two seats.

Each seat antes 1 and gets one card; one betting round (check, bet 1 or 2, one raise); then
each seat still in declares, in turn, high, low or both: a decision no other game has, named
by this module alone (``actions.own``). At the showdown the highest rank declared high takes
the high half, the lowest declared low the low half (the odd chip high), ties split; a seat
declaring both must take both halves (ties count) or it takes neither; a half nobody takes
goes with the other. It is one module plus one catalog entry, registered by a fixture, so the
tests can show that a game needs nothing more: no front end, service or record format names
it, nor its decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokernight.bots.generic import RandomBot
from pokernight.cards import CARDS, AnyCard, Card, Playable
from pokernight.catalog import Entry
from pokernight.engine.actions import Action, own
from pokernight.engine.chance import Dealing, betting_longest, holes
from pokernight.engine.dealt import DealtHand
from pokernight.engine.events import Event, HandStarted, PotAwarded, Showdown, Who
from pokernight.engine.phases import script as phases
from pokernight.engine.phases.betting import Limits
from pokernight.engine.pots import divide_odd_chips
from pokernight.engine.protocol import TableState, View
from pokernight.engine.spaces import key
from pokernight.engine.spec import (
    BETTING,
    GameSpec,
    Key,
    Machines,
    Presentation,
    Rules,
    amount_keys,
)
from pokernight.errors import IllegalAction, InvalidRules

BETS, DECLARE, OVER = "bets", "declare", "showdown"
HIGH, LOW, BOTH = (own(f"declare {half}") for half in ("high", "low", "both"))
DECLARATIONS = (HIGH, LOW, BOTH)


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


@dataclass(frozen=True, slots=True)
class Declared(Event):
    """A seat said which half it plays for."""

    seat: int
    half: str

    def words(self, who: Who) -> str | None:
        return f"{who(self.seat)} declares {self.half}"


LIMITS = Limits((1, 2), raises=1)
SCRIPT = (phases.Bet(BETS, LIMITS), phases.InTurn(DECLARE), phases.Showdown(OVER))


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
        self.declared: dict[int, Action] = {}
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

    def own_legal(self, seat: int) -> Sequence[Action]:
        return DECLARATIONS

    def own_apply(self, seat: int, action: Action) -> Action:
        if action not in DECLARATIONS:
            raise IllegalAction(f"cannot {action} now: declare high, low or both")
        self.declared[seat] = action
        self.log.add(Declared, seat, str(action).split()[-1])
        return action

    def showdown(self) -> None:
        live = self.live_in_order()
        if len(live) == 1:
            high, low = [live[0]], [live[0]]
        else:
            ranks = {s: self.hole[s][0].index // 4 for s in live}
            for s in live:
                self.log.add(Showdown, s, tuple(self.hole[s]), f"rank {ranks[s] + 2}", "")
            high, low = self.halves(live, ranks)
        shares = divide_odd_chips(self.pot // 2, low)
        awards = [PotAwarded(s, a, "low", "lower card") for s, a in shares.items()]
        high_part = divide_odd_chips(self.pot - self.pot // 2, high)
        awards += [PotAwarded(s, a, "high", "higher card") for s, a in high_part.items()]
        shown = {s: tuple(self.hole[s]) for s in live} if len(live) > 1 else {}
        self.settle(awards, shown=shown, high_winners=tuple(high), low_winners=tuple(low))

    def halves(self, live: list[int], ranks: dict[int, int]) -> tuple[list[int], list[int]]:
        """The seats taking the high half and the low half, by their declarations."""

        def best(seats: list[int], sign: int) -> list[int]:
            """The seats of ``seats`` with the highest rank (``sign`` 1) or the lowest (-1)."""
            top = max((sign * ranks[s] for s in seats), default=0)
            return [s for s in seats if sign * ranks[s] == top]

        said = self.declared
        high_in = [s for s in live if said[s] in (HIGH, BOTH)]
        low_in = [s for s in live if said[s] in (LOW, BOTH)]
        beaten = [s for s in live if s not in best(high_in, 1) or s not in best(low_in, -1)]
        fails = {s for s in beaten if said[s] == BOTH}
        high = best([s for s in high_in if s not in fails], 1)
        low = best([s for s in low_in if s not in fails], -1)
        return high or low or live, low or high or live


def _space(options: OneCardOptions) -> tuple[list[Key], int]:
    return [*BETTING, *amount_keys(2), *(key(a, ()) for a in DECLARATIONS)], 1


SPEC = GameSpec(
    name="onecard",
    rules=Rules(
        options=OneCardOptions,
        seats=(2, 2),
        default_seats=2,
        game=OneCard,
        script=lambda o: SCRIPT,
    ),
    show=Presentation(
        title="One-card high-low",
        about="a test game: one card each, high and low split the pot",
    ),
    machines=Machines(action_space=_space),
    dealing=Dealing(
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
