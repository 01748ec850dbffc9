"""Five-card draw against a bluffing computer (seed 002): you and the computer, heads-up."""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from pokernight.cards import CARDS
from pokernight.engine.actions import Kind
from pokernight.engine.chance import Dealing, betting_longest, betting_most, holes
from pokernight.engine.prompt import PromptScreen
from pokernight.engine.sit_and_go import Finish, SitAndGoForm, scaled, short_of
from pokernight.engine.spec import (
    BETTING,
    Choices,
    GameSpec,
    Key,
    Machines,
    PhhForm,
    Presentation,
    Rules,
    amount_keys,
    fixed_dealer,
    from_text,
    numbers,
    slot_keys,
)
from pokernight.games.draw.game import (
    DrawOptions,
    FiveCardDraw,
    farewell,
    script,
    stacked_hand,
)


def _space(options: DrawOptions) -> tuple[list[Key], int]:
    discards = slot_keys(Kind.DISCARD, 5, range(1, options.max_discards + 1))
    return [*BETTING, (Kind.KEEP,), *amount_keys(options.max_bet), *discards], 5


def _configure(options: type[DrawOptions], seats: int, choices: Choices) -> DrawOptions:
    """Heads up, whatever the seats. The game ends where the seed's does beside its stake and
    ante: a stake chosen without ``win_above`` is won on doubling it (the seed's above $399
    from $200), an ante chosen without ``lose_below`` is lost below it (the seed's $2), so
    ``stake=20`` is a short game rather than one that must reach $400."""
    made: dict[str, int] = {}
    if "stake" in choices and "win_above" not in choices:
        made["win_above"] = 2 * int(choices["stake"]) - 1
    if "ante" in choices and "lose_below" not in choices:
        made["lose_below"] = int(choices["ante"])
    return cast(DrawOptions, from_text(options, seats, choices, **made))


def _prompt() -> PromptScreen:
    from pokernight.games.draw.prompt import play_draw

    return play_draw


def _phh_betting(options: DrawOptions) -> dict[str, int]:
    """Any amount from 1 to a maximum: PHH's ``min_bet``."""
    return {"min_bet": options.limits.amounts[0]}


def even_start(options: DrawOptions, chips: int) -> DrawOptions:
    """A sit-and-go against the computer: both start with ``chips``, and each is out when it
    cannot put up the ante (the person's floor is the ante, the win every chip but one)."""
    return replace(options, stake=chips, lose_below=options.ante, win_above=2 * chips - 1)


SPEC = GameSpec(
    name="draw",
    rules=Rules(
        options=DrawOptions,
        seats=(2, 2),
        default_seats=2,
        game=FiveCardDraw,
        script=script,
        first_table=fixed_dealer,  # the computer always deals
        choices={
            "stake": numbers(200, 20, 50, 100, 500, 1000),
            "ante": numbers(2, 0, 1, 5, 10),
            "max_bet": numbers(10, 2, 5, 20, 50),
            "max_discards": numbers(3, 0, 1, 2, 4, 5),
            "win_above": numbers(399, 99, 199, 599, 999),
            "lose_below": numbers(2, 1, 5, 10),
        },
        configure=_configure,
        sit_and_go=SitAndGoForm(
            Finish.ELIMINATION,
            even_start,
            scaled("ante", "max_bet", "lose_below"),
            short_of("ante"),
        ),
    ),
    show=Presentation(
        title="Five-card draw",
        about="five-card draw against a bluffing computer (seed 002)",
        choice_help={
            "stake": "each side's stake; the game is won on doubling it",
            "ante": "the ante each hand; the game is lost below it",
            "max_bet": "the largest bet",
            "max_discards": "cards you may throw",
            "win_above": "you win once you hold more",
            "lose_below": "you lose once you hold less",
        },
        farewell=farewell,
        prompt=_prompt,
    ),
    machines=Machines(action_space=_space, phh=PhhForm("X-DRAW", _phh_betting)),
    dealing=Dealing(
        deck=lambda o: CARDS,
        build=stacked_hand,
        initial=holes(5),
        most=lambda o: betting_most(o, 2, o.max_bet, 2),  # the computer raises, you re-raise
        longest=betting_longest,
    ),
)
