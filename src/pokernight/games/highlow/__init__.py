"""High And Low Poker (seed 001): five-card draw with dual-value cards, high 2/3, low 1/3."""

from __future__ import annotations

from itertools import product

from pokernight.engine.actions import Kind
from pokernight.engine.chance import Dealing, betting_longest, betting_most, holes
from pokernight.engine.sit_and_go import Finish, SitAndGoForm, scaled, short_of, staked
from pokernight.engine.spec import (
    BETTING,
    ON_OFF,
    GameSpec,
    Key,
    Machines,
    PhhForm,
    Presentation,
    Rules,
    amount_keys,
    numbers,
    slot_keys,
)
from pokernight.errors import InvalidRules
from pokernight.games.highlow.game import (
    LOWS,
    HighLow,
    HighLowOptions,
    preview,
    script,
    stacked_hand,
)


def _space(options: HighLowOptions) -> tuple[list[Key], int]:
    if options.jokers and options.joker_same_both_ends:
        raise InvalidRules("the rl space has no named jokers: joker_same_both_ends=False")
    top = max(options.first_limit, options.second_limit)
    discards = slot_keys(Kind.DISCARD, 5, range(1, options.max_discards + 1))
    orients: list[Key] = [(Kind.ORIENT, f) for f in product((0, 1), repeat=5)]
    return [*BETTING, (Kind.KEEP,), *amount_keys(top), *discards, *orients], 5


def _phh_betting(options: HighLowOptions) -> dict[str, int]:
    """Fixed limit: a small and a big bet."""
    return {"small_bet": options.first_limit, "big_bet": options.second_limit}


DEALING = Dealing(
    deck=lambda o: HighLow(o).deck,
    build=stacked_hand,
    initial=holes(5),
    most=lambda o: betting_most(o, 2, max(o.first_limit, o.second_limit), o.raises),
    longest=betting_longest,
)
"""Its deck and stacked hand: for its spec, and for the advisor's positions (``bots.worlds``)."""

SPEC = GameSpec(
    name="highlow",
    rules=Rules(
        options=HighLowOptions,
        seats=(2, 10),
        default_seats=4,
        game=HighLow,
        script=script,
        choices={
            "stake": numbers(100, 20, 50, 200, 500, 1000),
            "ante": numbers(1, 0, 2, 5),
            "first_limit": numbers(1, 2, 5),
            "second_limit": numbers(2, 1, 4, 10),
            "raises": numbers(3, 0, 1, 2, 4),
            "max_discards": numbers(3, 0, 1, 2, 4, 5),
            "jokers": numbers(0, 1, 2),
            "joker_same_both_ends": ON_OFF,
            "low": tuple(LOWS),
        },
        sit_and_go=SitAndGoForm(
            Finish.ELIMINATION,
            staked,
            scaled("ante", "first_limit", "second_limit"),
            short_of("ante"),
        ),
    ),
    show=Presentation(
        title="High And Low Poker",
        about="dual-value cards, high 2/3, low 1/3 (seed 001)",
        choice_help={
            "stake": "each seat's starting stake",
            "ante": "the ante each hand",
            "first_limit": "the bet of the first round",
            "second_limit": "the bet of the second round",
            "raises": "raises a round",
            "max_discards": "cards a player may draw",
            "jokers": "jokers added to the deck",
            "joker_same_both_ends": "a joker names one card for both its ends",
            "low": "how the low hand ranks",
        },
        preview=preview,
    ),
    machines=Machines(
        action_space=_space,
        dual_cards=True,
        phh=PhhForm("X-HIGHLOW", _phh_betting),
    ),
    dealing=DEALING,
)
