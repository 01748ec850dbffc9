"""High And Low Poker (seed 001): five-card draw with dual-value cards, 2 to 10 players.

Ante; a fixed-limit round (1 before the draw, 2 after; one bet and three raises, no check once
someone has opened); a draw of up to three; then every player orients each card, committing
the top ends as the high hand and the bottom ends as the low hand, before anyone shows; a
second round opened by the first round's opener (or the next live player to his left); the
showdown: the best high hand takes 2/3 of the pot, the weakest low hand floor(pot / 3) (by
the seed's own ranking, where 5-4-3-2-A is a straight; option: deuce-to-seven), odd chips to
high, ties splitting their share.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from pokernight.cards import CARDS, JOKER, AnyCard, Card, DualCard, Playable, deck_by_name
from pokernight.engine.actions import Action, Kind, LazyActions
from pokernight.engine.dealt import DealtHand
from pokernight.engine.events import Acted, HandStarted, PotAwarded, Showdown
from pokernight.engine.phases import script as phases
from pokernight.engine.phases.betting import Limits
from pokernight.engine.pots import divide_odd_chips
from pokernight.engine.protocol import TableState, View
from pokernight.engine.spec import Preview
from pokernight.errors import IllegalAction, InvalidRules
from pokernight.hands.five import describe, key_function, value_ranks
from pokernight.hands.rules import HandRules, Wheel, preset

FIRST, DRAW, ORIENT, SECOND, OVER = "first bet", "draw", "orient", "second bet", "showdown"
HIGH, LOW = preset("dual-high"), preset("dual-low")
LOWS = {"seed": Wheel.LOWEST, "deuce-to-seven": Wheel.NONE}
"""Each low ranking offered, by where 5-4-3-2-A stands in it (seed 001, docs/games/highlow.md)."""


@dataclass(frozen=True)
class HighLowOptions:
    """The seed's defaults (docs/games/highlow.md)."""

    seats: int = 4
    stake: int = 100
    ante: int = 1
    first_limit: int = 1
    second_limit: int = 2
    raises: int = 3
    max_discards: int = 3
    jokers: int = 0
    joker_same_both_ends: bool = False
    deck: str = "dual641"
    low: str = "seed"
    """The low ranking: ``seed`` (the weakest hand by the seed's own ranking, where 5-4-3-2-A
    is a straight and so a poor low) or ``deuce-to-seven`` (as casinos play it: 5-4-3-2-A is
    ace high, no straight)."""

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 10:
            raise InvalidRules(f"High And Low Poker seats 2 to 10 players, not {self.seats}")
        if self.jokers not in (0, 1, 2):
            raise InvalidRules("jokers: 0, 1 or 2")
        if self.low not in LOWS:
            raise InvalidRules(f"low: {' or '.join(LOWS)}, not {self.low!r}")


def plays(card: DualCard, flip: int) -> tuple[AnyCard, AnyCard]:
    """(high end, low end) of a card: flip 0 keeps it as written (top plays high)."""
    return (card.top, card.bottom) if flip == 0 else (card.bottom, card.top)


@cache
def script(options: HighLowOptions) -> phases.Script:
    """Fixed-limit betting, the draw, every seat's orientation, then fixed-limit betting led
    by the first round's opener."""
    o = options
    return (
        phases.Bet(FIRST, Limits((o.first_limit,), o.raises)),
        phases.Draw(DRAW, o.max_discards),
        phases.Orient(ORIENT),
        phases.Bet(SECOND, Limits((o.second_limit,), o.raises), led_by_opener=True),
        phases.Showdown(OVER),
    )


def ends(
    options: HighLowOptions,
    hole: Sequence[DualCard],
    flips: Sequence[int],
    named: Sequence[Card],
) -> tuple[list[AnyCard], list[AnyCard]]:
    """The (high, low) ends of ``hole`` oriented by ``flips``; a joker that must keep one
    value (``joker_same_both_ends``) is the card ``named`` for it, in both."""
    names = iter(named)
    high: list[AnyCard] = []
    low: list[AnyCard] = []
    for card, flip in zip(hole, flips, strict=True):
        top, bottom = plays(card, flip)
        if top is JOKER and options.joker_same_both_ends:
            top = bottom = next(names)
        high.append(top)
        low.append(bottom)
    return high, low


def preview(options: HighLowOptions, view: View, action: Action) -> Preview | None:
    """The high and the low an orientation would commit, in the showdown's words."""
    hole = [c for c in view.hole if isinstance(c, DualCard)]
    if action.kind is not Kind.ORIENT or len(hole) != len(view.hole) or not hole:
        return None
    named = [c for c in action.cards if isinstance(c, Card)]
    jokers = sum(1 for c in hole if c.top is JOKER) if options.joker_same_both_ends else 0
    if action not in Orientations(len(hole), jokers) or len(named) != jokers:
        return None
    high, low = ends(options, hole, action.flips, named)
    high_rules, low_rules = rankings(options)
    high_key = key_function(high_rules, 5)([c.index for c in high])
    low_key = key_function(low_rules, 5)([c.index for c in low])
    return Preview(f"high: {_say(high_key, high_rules)} · low: {_say(low_key, low_rules)}")


class HighLow:
    name = "highlow"

    def __init__(self, options: HighLowOptions | None = None) -> None:
        self.options = options or HighLowOptions()
        self.deck = list(dual_deck(self.options.deck, self.options.jokers))

    @property
    def seats(self) -> int:
        return self.options.seats

    def new_table(self, dealer: int = 0) -> TableState:
        return TableState((self.options.stake,) * self.seats, dealer)

    def new_hand(self, table: TableState, seed: int) -> HighLowHand:
        return HighLowHand(self.options, self.deck, table, seed)

    def game_over(self, table: TableState) -> str | None:
        broke = [s for s in table.dealt_in if table.stakes[s] < self.options.ante]
        return f"Seat {broke[0] + 1} cannot put up the ante" if broke else None


@cache
def dual_deck(name: str, jokers: int) -> tuple[DualCard, ...]:
    """The deck ``name`` (checked to be dual-valued) and its jokers, read once per process: a
    table is seated for every simulated batch and learning episode, and reading and checking
    the deck's file each time took a fifth of a random High-Low hand."""
    cards = deck_by_name(name)
    duals = [c for c in cards if isinstance(c, DualCard)]
    if len(duals) != len(cards):
        raise InvalidRules(f"{name} is not a dual-value deck")
    return (*duals, *[DualCard(JOKER, JOKER)] * jokers)


class HighLowHand(DealtHand[DualCard]):
    game = "highlow"

    def __init__(
        self,
        options: HighLowOptions,
        deck: Sequence[DualCard],
        table: TableState,
        seed: int,
        stacked: Sequence[DualCard] | None = None,
    ) -> None:
        """``stacked``: deal these cards from the top instead of shuffling (tests, search)."""
        super().__init__(table, seed, deck, stacked, shuffle_as_dealt=False)
        self.options = options
        self.script = script(options)
        self.high, self.low = rankings(options)
        self._source = tuple(deck)
        self.flips: list[tuple[int, ...] | None] = [None] * self.seats
        self.named: list[tuple[Card, ...]] = [() for _ in range(self.seats)]
        self.log.add(HandStarted, table.hand, table.dealer, table.dealt_in)
        self.collect_antes(options.ante)
        self.deal_holes(5)
        self.start()

    def fresh(self) -> HighLowHand:
        return HighLowHand(self.options, self._source, self.table, self.seed, self.stacked)

    def view(self, seat: int | None) -> View:
        shown = self.phase == OVER and sum(self.live) > 1
        cards = tuple(
            self.face(s) if s == seat or (shown and self.live[s]) else (None,) * len(self.hole[s])
            for s in range(self.seats)
        )
        return self.view_with(seat, cards)

    def face(self, seat: int) -> tuple[DualCard, ...]:
        """A seat's cards as it holds them: once oriented, a turned card shows the end that
        plays high on top, so a player sees in the second betting round how it committed."""
        flips = self.flips[seat]
        if flips is None:
            return tuple(self.hole[seat])
        return tuple(c.flipped() if f else c for c, f in zip(self.hole[seat], flips, strict=True))

    def jokers_to_name(self, seat: int) -> int:
        """How many jokers this seat must name at orientation (one value for both hands)."""
        if not self.options.joker_same_both_ends:
            return 0
        return sum(1 for c in self.hole[seat] if c.top is JOKER)

    def own_legal(self, seat: int) -> Sequence[Action]:
        return orientations(len(self.hole[seat]), self.jokers_to_name(seat))

    def own_apply(self, seat: int, action: Action) -> Action:
        if action not in self.own_legal(seat):
            named = self.jokers_to_name(seat)
            example = "orient 0,1,0,0,1" + " As" * named
            extra = f", then the card each of your {named} joker(s) plays" if named else ""
            raise IllegalAction(
                f"cannot {action}: orient every card, one 0 (as dealt) or 1 (turned) per "
                f"card{extra}, e.g. '{example}'"
            )
        self.flips[seat] = action.flips
        self.named[seat] = tuple(c for c in action.cards if isinstance(c, Card))
        self.log.add(Acted, seat, Action(Kind.ORIENT), 0)  # committed, shown only at showdown
        return action

    def hands_of(self, seat: int) -> tuple[list[AnyCard], list[AnyCard]]:
        """The (high, low) ends a seat committed; a named joker is that card in both."""
        flips = self.flips[seat] or (0,) * len(self.hole[seat])
        return ends(self.options, self.hole[seat], flips, self.named[seat])

    def showdown(self) -> None:
        survivors = self.live_in_order()
        shown: dict[int, tuple[DualCard, ...]] = {}
        if len(survivors) == 1:
            high_w = low_w = survivors
            awards = [PotAwarded(survivors[0], self.pot, "pot", "everyone else folded")]
        else:
            high_key, low_key = key_function(self.high, 5), key_function(self.low, 5)
            hk: dict[int, int] = {}
            lk: dict[int, int] = {}
            words: dict[int, tuple[str, str]] = {}
            for s in survivors:
                high, low = self.hands_of(s)
                hk[s] = high_key([c.index for c in high])
                lk[s] = low_key([c.index for c in low])
                words[s] = (_say(hk[s], self.high), _say(lk[s], self.low))
                shown[s] = self.face(s)
                self.log.add(Showdown, s, shown[s], *words[s])
            high_w = [s for s in survivors if hk[s] == max(hk.values())]
            low_w = [s for s in survivors if lk[s] == max(lk.values())]
            low_share = self.pot // 3
            awards = [
                *(
                    PotAwarded(s, a, "high", words[s][0])
                    for s, a in divide_odd_chips(self.pot - low_share, high_w).items()
                ),
                *(
                    PotAwarded(s, a, "low", words[s][1])
                    for s, a in divide_odd_chips(low_share, low_w).items()
                ),
            ]
        self.settle(awards, shown=shown, high_winners=tuple(high_w), low_winners=tuple(low_w))


def rankings(options: HighLowOptions) -> tuple[HandRules, HandRules]:
    """The high and low rankings for this many jokers in the deck and the table's low."""
    jokers = max(1, options.jokers)
    return HIGH.with_options(jokers=jokers), LOW.with_options(
        jokers=jokers, wheel=LOWS[options.low]
    )


def _say(key: int, rules: HandRules) -> str:
    category, ranks = value_ranks(key, rules)
    return describe(category, ranks, rules.low is not None)


class Orientations(LazyActions):
    """Every legal orientation: one flip per card, then (when jokers must keep one value) a
    named card per joker. Complete but lazy: 32 x 52 x 52 actions are never built at once."""

    def __init__(self, cards: int, jokers: int) -> None:
        self.cards, self.jokers = cards, jokers
        self._flips = 1 << cards
        self._size = self._flips
        for _ in range(jokers):
            self._size *= 52

    def __len__(self) -> int:
        return self._size

    def action(self, index: int) -> Action:
        flips, rest = index % self._flips, index // self._flips
        named = []
        for _ in range(self.jokers):
            named.append(CARDS[rest % 52])
            rest //= 52
        return Action(
            Kind.ORIENT,
            flips=tuple((flips >> i) & 1 for i in range(self.cards)),
            cards=tuple(named),
        )

    def __contains__(self, action: object) -> bool:
        return (
            isinstance(action, Action)
            and action.kind is Kind.ORIENT
            and len(action.flips) == self.cards
            and all(f in (0, 1) for f in action.flips)
            and len(action.cards) == self.jokers
            and all(isinstance(c, Card) for c in action.cards)
        )


@cache
def orientations(cards: int, jokers: int = 0) -> Orientations:
    """Every way to orient ``cards`` cards (0: as dealt, 1: turned) naming ``jokers`` jokers:
    one immutable list per size, so every seat orienting the same hand size is offered the
    same object, and a reader that numbers legal lists (``engine.spaces``) numbers it once."""
    return Orientations(cards, jokers)


def stacked_hand(
    options: HighLowOptions, table: TableState, cards: Sequence[Playable]
) -> HighLowHand:
    """A hand dealt with ``cards`` on top of the deck (a world for search)."""
    deck = HighLow(options).deck
    return HighLowHand(options, deck, table, 0, [c for c in cards if isinstance(c, DualCard)])
