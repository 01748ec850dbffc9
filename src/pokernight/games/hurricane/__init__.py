"""Hurricane (seed 000): two-card draw, deuces wild, high/low, up to eight seats."""

from __future__ import annotations

from pokernight.engine.actions import Kind
from pokernight.engine.chance import Dealing, betting_longest, betting_most, holes
from pokernight.engine.prompt import PromptScreen
from pokernight.engine.sit_and_go import Finish, SitAndGoForm, scaled, short_of, staked
from pokernight.engine.solver import Solver
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
from pokernight.games.hurricane.display import Board
from pokernight.games.hurricane.game import (
    Hurricane,
    HurricaneOptions,
    script,
    stacked_hand,
)


def _space(options: HurricaneOptions) -> tuple[list[Key], int]:
    keys = [*BETTING, (Kind.KEEP,), *amount_keys(options.max_bet), *slot_keys(Kind.DISCARD, 2, [1])]
    return keys, 2


def _prompt() -> PromptScreen:
    from pokernight.games.hurricane.prompt import play_hurricane

    return play_hurricane


def _phh_betting(options: HurricaneOptions) -> dict[str, int]:
    """Any amount from 1 to a maximum: PHH's ``min_bet`` (the maximum and the cap on raises
    are in ``_pokernight_options``)."""
    return {"min_bet": options.limits.amounts[0]}


def _solver() -> Solver:
    from pokernight.games.hurricane.solve.heads_up import HeadsUp

    return HeadsUp()


DEALING = Dealing(
    deck=lambda o: o.deck,
    build=stacked_hand,
    initial=holes(2),
    most=lambda o: betting_most(o, 2, o.max_bet, o.raises),
    longest=betting_longest,
    by_rank=True,
)
"""Its deck and stacked hand: for its spec, and for the advisor's positions (``bots.worlds``)."""

SPEC = GameSpec(
    name="hurricane",
    rules=Rules(
        options=HurricaneOptions,
        seats=(2, 8),
        default_seats=8,
        game=Hurricane,
        script=script,
        choices={
            "stake": numbers(100, 20, 50, 200, 500, 1000),
            "ante": numbers(1, 0, 2, 5),
            "max_bet": numbers(3, 1, 2, 5, 10),
            "raises": numbers(2, 0, 1, 3, 4),
            "end_when_one_left": ON_OFF,
        },
        sit_and_go=SitAndGoForm(
            Finish.ELIMINATION, staked, scaled("ante", "max_bet"), short_of("ante")
        ),
    ),
    show=Presentation(
        title="Hurricane",
        about="two-card draw, deuces wild, high/low, eight seats (seed 000)",
        choice_help={
            "stake": "each seat's starting stake",
            "ante": "the ante each hand",
            "max_bet": "the largest bet or raise",
            "raises": "raises allowed after the bet",
            "end_when_one_left": "a hand ends when every other seat has folded",
        },
        rows=Board,
        prompt=_prompt,
    ),
    machines=Machines(
        action_space=_space,
        phh=PhhForm("X-HURRICANE", _phh_betting),
        solver=_solver,
    ),
    dealing=DEALING,
)
