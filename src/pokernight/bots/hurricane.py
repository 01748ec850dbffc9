"""Hurricane's seven computer strategies (docs/games/hurricane.md), each a first-match decision
list over the seat's view: C1 >= C2 by high value (A = 14 ... 2 = 2), "wild" = C2 is a deuce, "pair"
includes 22, T = the round's bet level, "before draw" = the leading edge.

A decision is an intention ("raise 3", "fold", "call", "keep", "discard C1") turned into a
legal action the way the original did: a raise with no bet is a bet, a raise at the cap is a
call, a fold with nothing owed is a check.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from operator import attrgetter
from typing import NamedTuple

from pokernight.cards import Card
from pokernight.engine.actions import CALL, CHECK, FOLD, KEEP, Action, Kind, discard
from pokernight.engine.protocol import View
from pokernight.games.hurricane.game import EYE, LEADING

STRATEGIES = ("random", "checker", "pairwise", "highrise", "lowdown", "hilo", "foldout")
DESCRIPTIONS = {
    "random": "Make arbitrary choices",
    "checker": "Always Check, Call, Hold",
    "pairwise": "Try for a pair",
    "highrise": "Try for High hand, typically discarding the lowest card",
    "lowdown": "Try for Low hand, typically discarding the highest card",
    "hilo": 'Try for either High or Low hand, typically discarding "middle" cards',
    "foldout": "Fold early if prospects are poor",
    "expert": "Play the solved strategy heads-up, the best rollout at a fuller table",
}


class Facts(NamedTuple):
    """What the decision lists read from a view (a named tuple: made once per decision, its
    every test a plain field rather than a computed property)."""

    c1: int
    c2: int
    before_draw: bool
    level: int
    wild: bool
    pair: bool
    acey_deucy: bool

    def both_in(self, low: int, high: int) -> bool:
        return low <= self.c2 and self.c1 <= high


Intent = tuple[
    str, int
]  # ("raise", k) | ("call", 0) | ("fold", 0) | ("keep", 0) | ("discard", 1|2)
RAISE3, RAISE2, RAISE1 = ("raise", 3), ("raise", 2), ("raise", 1)
CALLS, FOLDS, KEEPS = ("call", 0), ("fold", 0), ("keep", 0)
DISCARD_C1, DISCARD_C2 = ("discard", 1), ("discard", 2)


def facts(view: View) -> Facts:
    first, second = view.cards[view.seat] if view.seat is not None else (None, None)
    a = first.value if isinstance(first, Card) else 0
    b = second.value if isinstance(second, Card) else 0
    c1, c2 = (a, b) if a >= b else (b, a)
    level = view.betting.level if view.betting is not None else 0
    return Facts(c1, c2, view.phase == LEADING, level, c2 == 2, c1 == c2, c1 == 14 and c2 == 2)


def highrise_bet(f: Facts) -> Intent:
    if f.wild or (f.pair and f.c1 >= 12):
        return RAISE3
    if f.pair:
        return RAISE2
    if f.c1 >= 12:
        return RAISE1
    if f.before_draw and not f.pair and f.c1 <= 9:
        return FOLDS
    if not f.before_draw and not f.pair and 6 <= f.c1 <= 11:
        return FOLDS
    if f.before_draw:
        return RAISE1
    if f.level > 6:
        return FOLDS
    return CALLS


def pairwise_bet(f: Facts) -> Intent:
    if f.wild or (f.pair and f.c1 >= 12):
        return RAISE3
    if f.pair:
        return RAISE2
    if f.c1 >= 11 or f.before_draw:
        return RAISE1
    if f.level > 2:
        return FOLDS
    return CALLS


def lowdown_bet(f: Facts) -> Intent:
    if f.acey_deucy:
        return RAISE3
    if f.c1 == 14:
        return RAISE2
    if f.c1 <= 6:
        return RAISE1
    if f.before_draw and not f.pair and f.c2 >= 7:
        return FOLDS
    if not f.before_draw and not f.pair and f.c1 >= 7 and f.level > 1:
        return FOLDS
    return CALLS


def hilo_bet(f: Facts) -> Intent:
    if f.acey_deucy:
        return RAISE3
    if f.c1 == 14 or f.c1 <= 6:
        return RAISE2
    if not f.pair and f.both_in(7, 9) and f.level > 1:
        return FOLDS
    if not f.before_draw and not f.pair and f.both_in(7, 9):
        return RAISE1
    return highrise_bet(f)


def foldout_bet(f: Facts) -> Intent:
    if f.acey_deucy:
        return RAISE3
    if f.c1 == 14 or f.c1 <= 5:
        return RAISE2
    if not f.pair and f.both_in(6, 11):
        return FOLDS
    return hilo_bet(f)


def highrise_draw(f: Facts) -> Intent:
    if f.pair or (f.wild and f.c1 >= 11):
        return KEEPS
    return DISCARD_C1 if f.wild else DISCARD_C2


def lowdown_draw(f: Facts, fixed_ai: bool) -> Intent:
    if f.acey_deucy or f.c1 <= 6:
        return KEEPS
    if fixed_ai and f.c1 == 14:
        return DISCARD_C2  # the original throws the ace away; the fix keeps it
    return DISCARD_C1


def hilo_draw(f: Facts) -> Intent:
    if f.acey_deucy or f.c1 <= 5:
        return KEEPS
    if not f.pair and f.c1 <= 11 and f.c2 <= 5:
        return DISCARD_C1
    return highrise_draw(f)


class HurricaneBot:
    """One of the seven strategies, seated at a table."""

    def __init__(self, strategy: str, rng: random.Random, fixed_ai: bool = False) -> None:
        if strategy not in STRATEGIES:
            raise ValueError(f"unknown strategy {strategy!r}: choose from {', '.join(STRATEGIES)}")
        self.name = strategy
        self.rng = rng
        self.fixed_ai = fixed_ai
        bets: dict[str, Callable[[Facts], Intent]] = {
            "random": self._random_bet,
            "checker": lambda f: CALLS,
            "pairwise": pairwise_bet,
            "highrise": highrise_bet,
            "lowdown": lowdown_bet,
            "hilo": hilo_bet,
            "foldout": foldout_bet,
        }
        draws: dict[str, Callable[[Facts], Intent]] = {
            "random": self._random_draw,
            "checker": lambda f: KEEPS,
            "pairwise": highrise_draw,
            "highrise": highrise_draw,
            "lowdown": lambda f: lowdown_draw(f, self.fixed_ai),
            "hilo": hilo_draw,
            "foldout": hilo_draw,
        }
        self._bet, self._draw = bets[strategy], draws[strategy]

    def _random_bet(self, f: Facts) -> Intent:
        k = self.rng.randint(1, 5)
        return ("raise", k) if k <= 3 else FOLDS if k == 4 else CALLS

    def _random_draw(self, f: Facts) -> Intent:
        return self.rng.choice((DISCARD_C2, DISCARD_C1, KEEPS))

    def intent(self, view: View) -> Intent:
        f = facts(view)
        return self._draw(f) if view.phase == EYE else self._bet(f)

    def act(self, view: View) -> Action:
        return to_action(self.intent(view), view)


_value = attrgetter("value")


def to_action(intent: Intent, view: View) -> Action:
    """The legal action an intention becomes (docs/games/hurricane.md: raise at the cap calls, fold
    with nothing owed checks, raise with no bet bets)."""
    word, n = intent
    legal = view.legal
    if word == "keep":
        return KEEP
    if word == "discard":
        cards = [c for c in view.hole if isinstance(c, Card)]
        cards.sort(key=_value, reverse=True)
        return discard(cards[n - 1])
    owed = view.to_call > 0
    if word == "raise":  # the largest allowed amount up to n, read off legal (no comparing)
        kind = Kind.RAISE if owed else Kind.BET
        best = CALL if owed else CHECK
        for action in legal:
            if action.kind is kind and best.amount < action.amount <= n:
                best = action
        return best
    if word == "fold":
        return FOLD if owed else CHECK
    return CALL if owed else CHECK
