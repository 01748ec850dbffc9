"""Mount Holyoke Poker (seed 003): Big Two, climbing from singles to five-card hands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import permutations
from typing import cast

from pokernight.cards import CARDS, Card, Playable
from pokernight.engine.actions import Kind
from pokernight.engine.chance import Dealing, holes
from pokernight.engine.prompt import PromptScreen
from pokernight.engine.protocol import TableState
from pokernight.engine.sit_and_go import Finish, SitAndGoForm
from pokernight.engine.spec import (
    ON_OFF,
    Choices,
    Command,
    GameSpec,
    Key,
    Machines,
    Presentation,
    Rules,
    from_text,
    numbers,
    slot_keys,
)
from pokernight.games.bigtwo.game import BigTwoOptions, MountHolyoke
from pokernight.games.bigtwo.position import determinize
from pokernight.games.bigtwo.round import SCRIPT, BigTwoHand
from pokernight.hands.climb import Straights


def _space(options: BigTwoOptions) -> tuple[list[Key], int]:
    return [(Kind.PASS,), *slot_keys(Kind.PLAY, 13, [1, 2, 3, 5])], 13


SUIT_ORDERS = ("dchs", *sorted({"".join(o) for o in permutations("dchs")} - {"dchs"}))
"""Every order of the four suits, lowest first: the seed's (diamonds, clubs, hearts,
spades) first."""


def _configure(options: type[BigTwoOptions], seats: int, choices: Choices) -> BigTwoOptions:
    """The numbers and switches by their types, the straights by their word."""
    straights = Straights(choices.get("straights", Straights.CLIMB.value))
    return cast(BigTwoOptions, from_text(options, seats, choices, straights=straights))


def _prompt() -> PromptScreen:
    from pokernight.games.bigtwo.prompt import play_bigtwo

    return play_bigtwo


def _dealt(options: BigTwoOptions, table: TableState, cards: Sequence[Playable]) -> BigTwoHand:
    """The hand dealt ``cards`` thirteen at a time, seat by seat."""
    hands = [
        [c for c in cards[i : i + 13] if isinstance(c, Card)] for i in range(0, len(cards), 13)
    ]
    return BigTwoHand(options, table, 0, hands)


LONGEST = 400
"""Chance outcomes and decisions in a hand, generously: 52 cards dealt, then at most 52 plays
(each sheds a card), each followed by fewer passes than there are seats."""

SIT_AND_GO_THRESHOLD = 30
"""The points a sit-and-go plays to when the table names no threshold of its own."""


def to_threshold(options: BigTwoOptions, chips: int) -> BigTwoOptions:
    """A sit-and-go is the seed's second format: to a points threshold (chips mean nothing)."""
    return replace(options, threshold=options.threshold or SIT_AND_GO_THRESHOLD)


def over_threshold(options: BigTwoOptions, stake: int) -> bool:
    """A seat has finished when its points (minus its stake) reach the threshold."""
    return -stake >= options.threshold


SPEC = GameSpec(
    name="bigtwo",
    rules=Rules(
        options=BigTwoOptions,
        seats=(2, 4),
        default_seats=4,
        game=MountHolyoke,
        script=lambda o: SCRIPT,
        choices={
            "rounds": numbers(3, 1, 2, 5, 10),
            "threshold": numbers(0, 10, 25, 50, 100),
            "lowest_card_leads_every_round": ("on", "off"),
            "open_with_any_play": ON_OFF,
            "frying": ON_OFF,
            "suits": SUIT_ORDERS,
            "straights": tuple(s.value for s in Straights),
        },
        configure=_configure,
        points=True,
        rounds=lambda o: None if o.threshold else o.rounds,
        sit_and_go=SitAndGoForm(
            Finish.POINTS,
            to_threshold,
            None,
            over_threshold,
            goal=lambda o: f"to {o.threshold} points, the last under them winning",
        ),
    ),
    show=Presentation(
        title="Mount Holyoke Poker",
        about="Big Two, climb with singles to five-card hands (seed 003)",
        choice_help={
            "rounds": "rounds played",
            "threshold": "points to play to (0: play the rounds)",
            "lowest_card_leads_every_round": "off: the last round's winner leads later rounds",
            "open_with_any_play": "the opening play may be any play holding the lowest card",
            "frying": "10 to 12 cards left count double, all 13 triple",
            "suits": "the suits' order, lowest first",
            "straights": "which straights count",
        },
        board="to beat",
        prompt=_prompt,
    ),
    machines=Machines(
        action_space=_space,
        commands=(
            Command(
                "bigtwo-moves",
                "pokernight.games.bigtwo.tool:bigtwo_moves_command",
                "Every legal play of a Mount Holyoke Poker hand, or every one that beats --last.",
            ),
        ),
    ),
    dealing=Dealing(
        deck=lambda o: CARDS,
        build=_dealt,
        initial=holes(13),
        most=lambda o: float(39 * (o.seats - 1)),
        longest=lambda o: LONGEST,
        zero_sum=False,
        worlds=lambda options, view, table, rng: determinize(options, view, rng),
    ),
)
