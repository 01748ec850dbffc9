"""Pai Gow Poker (seed 004): seven cards set high and low against the house dealer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import cast

from pokernight.cards import DualCard, Playable
from pokernight.engine.actions import Kind
from pokernight.engine.chance import Dealing, betting_longest
from pokernight.engine.prompt import PromptScreen
from pokernight.engine.protocol import HandState, TableState
from pokernight.engine.sit_and_go import Finish, SitAndGoForm, scaled, short_of
from pokernight.engine.spec import (
    ON_OFF,
    Choices,
    Command,
    GameSpec,
    Key,
    Machines,
    Presentation,
    Rules,
    Suggestion,
    amount_keys,
    fixed_dealer,
    from_text,
    numbers,
    slot_keys,
)
from pokernight.errors import InvalidRules
from pokernight.games.paigow.determinize import determinize
from pokernight.games.paigow.game import DECK, SCRIPT, SET, PaiGow, PaiGowHand
from pokernight.games.paigow.options import Bank, PaiGowOptions
from pokernight.games.paigow.preview import house_way_move, preview
from pokernight.games.paigow.way import TWO_PAIR_TABLES
from pokernight.hands.rules import Wheel

BANKS = {
    "house": Bank.DEALER,
    "player": Bank.PLAYER,
    "rotate": Bank.ROTATE,
    "players": Bank.PLAYERS,
    "dealer": Bank.DEALER,
}
"""Who banks, by the option's words: the house dealer, the first player every hand, the bank
passing around the players and the house, or around the players alone (a home game's way);
``dealer`` is the house's older name (tables and records made before it was ``house``)."""


def _space(options: PaiGowOptions) -> tuple[list[Key], int]:
    wagers = amount_keys(options.max_bet, options.min_bet, (Kind.BET,))
    return [*wagers, *slot_keys(Kind.SET, 7, [2])], 7


def _configure(options: type[PaiGowOptions], seats: int, choices: Choices) -> PaiGowOptions:
    """The numbers and switches by their types; who banks, where the wheel ranks and the
    two-pair table the dealer's house way reads, by their words."""
    return cast(
        PaiGowOptions,
        from_text(
            options,
            seats,
            choices,
            bank=BANKS[choices.get("bank", "house")],
            wheel=Wheel(choices.get("wheel", "second")),
            two_pair=TWO_PAIR_TABLES[choices.get("two_pair", "rules")],
        ),
    )


def _sit_and_go(options: PaiGowOptions, chips: int) -> PaiGowOptions:
    """A sit-and-go's table (docs/games/paigow.md): every seat starts with ``chips``, the bank
    passes among the players alone and takes no commission. With no house to bank or to keep
    a fee, every chip won is a chip another player lost: the chips stay among the players,
    and the most of them after the hands wins. Two players at least, and chips enough
    for a wager: a table of one has nobody to bank against, and a seat starting short of the
    minimum would be out before it played."""
    if options.seats < 2:
        raise InvalidRules("a Pai Gow sit-and-go is played among 2 to 6 players, with no house")
    if chips < options.min_bet:
        raise InvalidRules(
            f"a Pai Gow sit-and-go starts each seat with the table minimum at least "
            f"({options.min_bet}), not {chips}"
        )
    return replace(options, stake=chips, bank=Bank.PLAYERS, commission=0)


def _prompt() -> PromptScreen:
    from pokernight.games.paigow.prompt import play_paigow

    return play_paigow


def _holders(options: PaiGowOptions, table: TableState) -> int:
    """Seven cards to each player who can bet, and to the bank (docs/games/paigow.md)."""
    return 7 * (len(PaiGowHand(options, table, 0).players) + 1)


def _dealt(options: PaiGowOptions, table: TableState, cards: Sequence[Playable]) -> HandState:
    """The hand dealt ``cards`` seven at a time: players in turn, then the bank."""
    hands = [
        [c for c in cards[i : i + 7] if not isinstance(c, DualCard)]
        for i in range(0, len(cards), 7)
    ]
    return PaiGowHand(options, table, 0, hands)


SPEC = GameSpec(
    name="paigow",
    rules=Rules(
        options=PaiGowOptions,
        seats=(1, 6),
        default_seats=1,
        game=PaiGow,
        script=lambda o: SCRIPT,
        first_table=fixed_dealer,  # the house deals
        choices={
            "stake": numbers(1000, 100, 200, 500, 2000, 5000),
            "min_bet": numbers(20, 5, 10, 25, 50),
            "max_bet": numbers(500, 100, 200, 1000),
            "commission": numbers(5, 0, 3, 4, 10),
            "bank": tuple(BANKS),
            "house_resets_fouls": ON_OFF,
            "wheel": (Wheel.SECOND.value, Wheel.LOWEST.value),
            "two_pair": tuple(TWO_PAIR_TABLES),
        },
        configure=_configure,
        unit=PaiGowOptions().min_bet,
        bankroll=10**12,
        sit_and_go=SitAndGoForm(
            Finish.HANDS, _sit_and_go, scaled("min_bet", "max_bet"), short_of("min_bet"), seats=4
        ),
    ),
    show=Presentation(
        title="Pai Gow Poker",
        about="seven cards set high and low against the house (seed 004)",
        choice_help={
            "stake": "each player's bankroll",
            "min_bet": "the table's smallest wager",
            "max_bet": "the table's largest wager",
            "commission": "percent of a win the banker keeps",
            "bank": "who banks",
            "house_resets_fouls": "a fouled setting is re-set by the house way",
            "wheel": "where A-2-3-4-5 ranks among straights",
            "two_pair": "the house way's two-pair table",
        },
        board="the dealer's hand",
        prompt=_prompt,
        preview=preview,
        suggestion=Suggestion("House way", SET, house_way_move),
        set_as=(("front", 2), ("back", 5)),
    ),
    machines=Machines(
        action_space=_space,
        commands=(
            Command(
                "paigow-set",
                "pokernight.games.paigow.tool:paigow_set_command",
                "Set seven cards into a five-card high hand and a two-card low hand, and say why.",
            ),
        ),
    ),
    dealing=Dealing(
        deck=lambda o: DECK,
        build=_dealt,
        initial=_holders,
        most=lambda o: float(o.max_bet * max(o.seats, 1)),
        longest=betting_longest,
        zero_sum=False,
        worlds=determinize,
    ),
)
