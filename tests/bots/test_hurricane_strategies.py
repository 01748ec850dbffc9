"""The seven strategies line by line (RULES.md), from hand-made views."""

from __future__ import annotations

import random

import pytest

from pokernight.bots.hurricane import HurricaneBot, to_action
from pokernight.cards import parse_cards
from pokernight.catalog import house_lineup
from pokernight.engine.actions import CALL, CHECK, FOLD, KEEP, Action, bet, discard, raise_
from pokernight.engine.protocol import Betting, View
from pokernight.games.hurricane.game import EYE, LEADING, TRAILING

OPEN = (CHECK, bet(1), bet(2), bet(3))
FACING = (CALL, raise_(1), raise_(2), raise_(3), FOLD)


def view(
    hand: str, phase: str = LEADING, level: int = 0, owed: int = 0, capped: bool = False
) -> View:
    cards = tuple(parse_cards(hand))
    legal = (
        (KEEP, discard(cards[0]), discard(cards[1]))
        if phase == EYE
        else ((CALL, FOLD) if capped else FACING)
        if owed
        else OPEN
    )
    return View(
        "hurricane",
        0,
        phase,
        1,
        1,
        0,
        (100, 100),
        (True, True),
        (cards, (None, None)),
        legal,
        (),
        pot=10,
        betting=Betting((0, 0), level, owed, 0 if capped else 2),
    )


# (strategy, hand, phase, bet level, expected intent)
BETS = [
    ("pairwise", "Ks 2d", LEADING, 0, ("raise", 3)),
    ("pairwise", "Qs Qd", TRAILING, 0, ("raise", 3)),
    ("pairwise", "5s 5d", TRAILING, 0, ("raise", 2)),
    ("pairwise", "Js 4d", TRAILING, 0, ("raise", 1)),
    ("pairwise", "9s 5d", LEADING, 3, ("raise", 1)),
    ("pairwise", "9s 5d", TRAILING, 3, ("fold", 0)),
    ("pairwise", "9s 5d", TRAILING, 2, ("call", 0)),
    ("highrise", "9s 2d", LEADING, 0, ("raise", 3)),
    ("highrise", "Ks Kd", LEADING, 0, ("raise", 3)),
    ("highrise", "7s 7d", LEADING, 0, ("raise", 2)),
    ("highrise", "Qs 5d", TRAILING, 0, ("raise", 1)),
    ("highrise", "9s 5d", LEADING, 0, ("fold", 0)),
    ("highrise", "Js 5d", TRAILING, 0, ("fold", 0)),
    ("highrise", "Ts 5d", LEADING, 0, ("raise", 1)),
    ("highrise", "5s 4d", TRAILING, 7, ("fold", 0)),
    ("highrise", "5s 4d", TRAILING, 6, ("call", 0)),
    ("lowdown", "As 2d", LEADING, 0, ("raise", 3)),
    ("lowdown", "As Kd", LEADING, 0, ("raise", 2)),
    ("lowdown", "6s 4d", LEADING, 0, ("raise", 1)),
    ("lowdown", "9s 7d", LEADING, 0, ("fold", 0)),
    ("lowdown", "9s 5d", LEADING, 0, ("call", 0)),
    ("lowdown", "9s 5d", TRAILING, 2, ("fold", 0)),
    ("lowdown", "9s 5d", TRAILING, 1, ("call", 0)),
    ("hilo", "As 2d", LEADING, 0, ("raise", 3)),
    ("hilo", "As 9d", LEADING, 0, ("raise", 2)),
    ("hilo", "6s 3d", LEADING, 0, ("raise", 2)),
    ("hilo", "9s 7d", LEADING, 2, ("fold", 0)),
    ("hilo", "9s 7d", TRAILING, 1, ("raise", 1)),
    ("hilo", "Ks Kd", LEADING, 0, ("raise", 3)),
    ("foldout", "As 2d", LEADING, 0, ("raise", 3)),
    ("foldout", "As 7d", LEADING, 0, ("raise", 2)),
    ("foldout", "5s 3d", LEADING, 0, ("raise", 2)),
    ("foldout", "Js 6d", LEADING, 0, ("fold", 0)),
    ("foldout", "Qs 3d", LEADING, 0, ("raise", 1)),
    ("checker", "As 2d", LEADING, 0, ("call", 0)),
]

DRAWS = [
    ("highrise", "Ks Kd", ("keep", 0)),
    ("highrise", "Qs 2d", ("keep", 0)),
    ("highrise", "9s 2d", ("discard", 1)),
    ("highrise", "Ks 7d", ("discard", 2)),
    ("pairwise", "Ks 7d", ("discard", 2)),
    ("lowdown", "As 2d", ("keep", 0)),
    ("lowdown", "6s 4d", ("keep", 0)),
    ("lowdown", "9s 4d", ("discard", 1)),
    ("lowdown", "As 9d", ("discard", 1)),
    ("hilo", "As 2d", ("keep", 0)),
    ("hilo", "5s 3d", ("keep", 0)),
    ("hilo", "Js 4d", ("discard", 1)),
    ("hilo", "Ks Qd", ("discard", 2)),
    ("foldout", "Js 4d", ("discard", 1)),
    ("checker", "9s 4d", ("keep", 0)),
]


@pytest.mark.parametrize(("strategy", "hand", "phase", "level", "expected"), BETS)
def test_betting_lines(
    strategy: str, hand: str, phase: str, level: int, expected: tuple[str, int]
) -> None:
    bot = HurricaneBot(strategy, random.Random(0))
    assert bot.intent(view(hand, phase, level)) == expected


@pytest.mark.parametrize(("strategy", "hand", "expected"), DRAWS)
def test_draw_lines(strategy: str, hand: str, expected: tuple[str, int]) -> None:
    bot = HurricaneBot(strategy, random.Random(0))
    assert bot.intent(view(hand, EYE)) == expected


def test_fixed_ai_keeps_the_ace_for_low() -> None:
    bot = HurricaneBot("lowdown", random.Random(0), fixed_ai=True)
    assert bot.intent(view("As 9d", EYE)) == ("discard", 2)
    assert bot.act(view("As 9d", EYE)) == discard(parse_cards("9d")[0])


@pytest.mark.parametrize(
    ("intent", "owed", "capped", "expected"),
    [
        (("raise", 3), 0, False, bet(3)),
        (("raise", 2), 1, False, raise_(2)),
        (("raise", 3), 1, True, CALL),
        (("fold", 0), 0, False, CHECK),
        (("fold", 0), 2, False, FOLD),
        (("call", 0), 0, False, CHECK),
    ],
)
def test_intentions_become_legal_actions(
    intent: tuple[str, int], owed: int, capped: bool, expected: Action
) -> None:
    v = view("9s 5d", LEADING, level=owed, owed=owed, capped=capped)
    action = to_action(intent, v)
    assert action == expected and action in v.legal


def test_random_strategy_draws_k_from_1_to_5_and_each_choice_happens() -> None:
    bot = HurricaneBot("random", random.Random(3))
    seen = {bot.intent(view("9s 5d", LEADING, 1, 1)) for _ in range(200)}
    assert seen == {("raise", 1), ("raise", 2), ("raise", 3), ("fold", 0), ("call", 0)}
    draws = {bot.intent(view("9s 5d", EYE)) for _ in range(100)}
    assert draws == {("keep", 0), ("discard", 1), ("discard", 2)}


def test_lineup_is_seeded_and_uses_the_seven_strategies() -> None:
    a, b = house_lineup("hurricane", 5, 8), house_lineup("hurricane", 5, 8)
    assert a == b and len(a) == 7 and len(set(range(8)) - set(a)) == 1  # one seat is yours
    many = {s for seed in range(40) for s in house_lineup("hurricane", seed, 8).values()}
    assert len(many) == 7
