"""``pokernight paigow-set``: how to set seven Pai Gow cards, by the house way or the advisor.

A command Pai Gow brings to the command line (its spec lists it), loaded only when it runs; its
parameters are declared without typer (``engine/tools.py``), which ``cli/`` makes typer's."""

from __future__ import annotations

import json
from typing import Annotated

from pokernight.cards import AnyCard, parse_cards
from pokernight.engine.events import shown
from pokernight.engine.tools import Argument, Option
from pokernight.errors import InvalidCards, InvalidRules
from pokernight.games.paigow.advice import advise
from pokernight.games.paigow.hands import describe
from pokernight.games.paigow.way import TWO_PAIR_TABLES, TwoPairTable, house_way
from pokernight.ranges import SEED, Whole

SAMPLES = Whole(100, 200_000, " dealer hands")
"""About 15 µs a dealer hand: the most is three seconds."""


def read_seven(cards: list[str]) -> list[AnyCard]:
    """Seven distinct cards of the 53-card deck (one joker at most)."""
    hand = parse_cards(cards)
    if len(hand) != 7:
        raise InvalidCards(f"Pai Gow sets exactly 7 cards, got {len(hand)}")
    return hand


def two_pair_table(name: str) -> TwoPairTable:
    """The two-pair table ``--two-pair`` names."""
    if name not in TWO_PAIR_TABLES:
        raise InvalidRules(f"--two-pair is {' or '.join(TWO_PAIR_TABLES)}, not {name!r}")
    return TWO_PAIR_TABLES[name]


def paigow_set_command(
    cards: Annotated[list[str], Argument("seven cards, e.g. As Ah Kd 9c 7h 5s Jk")],
    way: Annotated[str, Option("--way", "house (the dealer's way) or best")] = "house",
    samples: Annotated[
        int, Option("--samples", "dealer hands the advisor samples", SAMPLES)
    ] = 4000,
    seed: Annotated[int, Option("--seed", "seed of the advisor's sample", SEED)] = 0,
    two_pair: Annotated[
        str, Option("--two-pair", "the house way's two-pair table: rules or trump-plaza")
    ] = "rules",
    as_json: Annotated[bool, Option("--json", "print JSON")] = False,
) -> None:
    """Set seven cards into a five-card high hand and a two-card low hand, and say why."""
    hand = read_seven(cards)
    table = two_pair_table(two_pair)
    if way == "house":
        setting = house_way(hand, table)
        extra: dict[str, object] = {}
    elif way == "best":
        advice = advise(hand, samples, seed, table=table)
        setting = advice.best
        extra = {
            "ev": round(advice.ev, 4),
            "ci95": [round(advice.ci95[0], 4), round(advice.ci95[1], 4)],
            "house_way_ev": round(advice.house_ev, 4),
            "samples": advice.samples,
        }
    else:
        raise InvalidRules(f"--way is house or best, not {way!r}")
    back, front = describe(setting)
    if as_json:
        data = {
            "high": [str(c) for c in setting.back],
            "low": [str(c) for c in setting.front],
            "fouled": setting.fouled,
            "reason": setting.reason,
            "high_description": back,
            "low_description": front,
        }
        print(json.dumps(data | extra))
        return
    print(f"High (back):  {shown(setting.back)}   {back}")
    print(f"Low (front):  {shown(setting.front)}   {front}")
    print(f"Why: {setting.reason}")
    if way == "best":
        print(
            f"The house way's setting scores {extra['house_way_ev']:+.3f} per unit on this sample."
        )
