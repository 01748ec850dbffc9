"""Five-card draw against a bluffing computer (seed 002): you and the computer, heads-up."""

from __future__ import annotations

import random

from pokernight.cards import CARDS
from pokernight.engine.actions import Kind
from pokernight.engine.chance import ChanceModel, betting_longest, betting_most, holes
from pokernight.engine.phases.script import phase_names
from pokernight.engine.prompt import PromptScreen
from pokernight.engine.protocol import TableState
from pokernight.engine.spec import BETTING, Choices, GameSpec, Key, PhhForm, amount_keys, slot_keys
from pokernight.engine.worlds import determinizer
from pokernight.games.draw.game import (
    DrawOptions,
    FiveCardDraw,
    farewell,
    script,
    stacked_hand,
)


def _first_table(game: FiveCardDraw, rng: random.Random) -> TableState:
    """The computer always deals: nothing is drawn."""
    return game.new_table()


def _space(options: DrawOptions) -> tuple[list[Key], int]:
    discards = slot_keys(Kind.DISCARD, 5, range(1, options.max_discards + 1))
    return [*BETTING, (Kind.KEEP,), *amount_keys(options.max_bet), *discards], 5


def _configure(options: type[DrawOptions], seats: int, choices: Choices) -> DrawOptions:
    return options()


def _prompt() -> PromptScreen:
    from pokernight.games.draw.prompt import play_draw

    return play_draw


def _phh_betting(options: DrawOptions) -> dict[str, int]:
    """Any amount from 1 to a maximum: PHH's ``min_bet``."""
    return {"min_bet": options.limits.amounts[0]}


SPEC = GameSpec(
    name="draw",
    title="Five-card draw",
    about="five-card draw against a bluffing computer (seed 002)",
    options=DrawOptions,
    seats=(2, 2),
    default_seats=2,
    game=FiveCardDraw,
    first_table=_first_table,
    phases=phase_names(script(DrawOptions())),
    action_space=_space,
    configure=_configure,
    phh=PhhForm("X-DRAW", _phh_betting),
    determinize=determinizer(stacked_hand, lambda options: CARDS),
    farewell=farewell,
    prompt=_prompt,
    chance=ChanceModel(
        deck=lambda o: CARDS,
        build=stacked_hand,
        initial=holes(5),
        most=lambda o: betting_most(o, 2, o.max_bet, 2),  # the computer raises, you re-raise
        longest=betting_longest,
    ),
)
